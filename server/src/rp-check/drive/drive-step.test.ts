import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import { buildDefaultPlan } from '../default-plan.js';
import { stepWantsIdentity, verifiedFamilyName } from './drive-step.js';

const withName = (name: unknown) => {
  const config = defaultConfig();
  config.responseConfiguration.coreIdentityVerifiableCredentials = {
    type: ['VerifiableCredential'],
    credentialSubject: { name },
  };
  return config;
};

describe('verifiedFamilyName', () => {
  it('is the family name of the current name (the one without validUntil)', () => {
    expect(verifiedFamilyName(defaultConfig())).toBe('HEARNSHAW');
    const config = withName([
      { validUntil: '2020-01-01', nameParts: [{ type: 'FamilyName', value: 'OLD' }] },
      {
        nameParts: [
          { type: 'GivenName', value: 'Sarah' },
          { type: 'FamilyName', value: 'DE' },
          { type: 'FamilyName', value: 'SILVA' },
        ],
      },
    ]);
    expect(verifiedFamilyName(config)).toBe('DE SILVA');
  });

  it('is undefined when the identity has no usable name, whatever its shape', () => {
    for (const name of [
      null,
      'PATEL',
      42,
      [],
      [null],
      [{ nameParts: 'x' }],
      [{ nameParts: [{ type: 'FamilyName', value: 7 }] }],
      [{ nameParts: [{ type: 'FamilyName', value: '  ' }] }],
    ])
      expect(verifiedFamilyName(withName(name)), JSON.stringify(name)).toBeUndefined();
    const none = defaultConfig();
    none.responseConfiguration.coreIdentityVerifiableCredentials = null;
    expect(verifiedFamilyName(none)).toBeUndefined();
  });
});

describe('stepWantsIdentity', () => {
  it('identity, return code and core identity steps, and identity-only /authorize errors', () => {
    const plan = buildDefaultPlan();
    const wants = plan.steps
      .filter((s) => {
        const config = defaultConfig();
        const errors =
          typeof s.scenario === 'object'
            ? (s.scenario.errorConfiguration?.authoriseErrors ?? [])
            : [];
        config.errorConfiguration.authoriseErrors =
          errors as typeof config.errorConfiguration.authoriseErrors;
        return stepWantsIdentity(s, config);
      })
      .map((s) => s.id);
    expect(wants).toEqual([
      'identity',
      'return-code',
      'authorize-temporarily-unavailable-identity',
      'authorize-access-denied-evidence',
      ...plan.steps.filter((s) => s.kind === 'core-identity-defect').map((s) => s.id),
    ]);
  });
});
