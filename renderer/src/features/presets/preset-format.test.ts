import { describe, expect, it } from 'vitest';
import { sampleConfig } from '../../../test/fake-admin-client.js';
import { persona, scenario } from '../../../test/fake-presets-client.js';
import {
  activeSummary,
  diffSideLabel,
  diffValue,
  exportFileName,
  identityOf,
  inlineValue,
  personaRows,
  scenarioRows,
} from './preset-format.js';

const personas = [persona('no-phone', { name: 'No phone' })];

describe('activeSummary', () => {
  it('names the scenario and the persona, and says when the configuration changed since', () => {
    expect(
      activeSummary({
        scenario: { id: 's', name: 'PKCE enforced' },
        persona: { id: 'p', name: 'No phone' },
        modifiedSinceApplied: true,
      }),
    ).toEqual({
      label: 'PKCE enforced · No phone',
      scenario: 'PKCE enforced',
      persona: 'No phone',
      modified: true,
    });
    expect(
      activeSummary({ persona: { id: 'p', name: 'No phone' }, modifiedSinceApplied: false }),
    ).toEqual({ label: 'No phone', persona: 'No phone', modified: false });
  });

  it('has nothing to say when nothing was applied', () => {
    expect(activeSummary(null)).toBeNull();
    expect(activeSummary({ modifiedSinceApplied: true })).toBeNull();
  });
});

describe('values', () => {
  it('writes strings as they are and the rest as JSON in one line', () => {
    expect(inlineValue('ES256')).toBe('ES256');
    expect(inlineValue(['openid', 'email'])).toBe('["openid","email"]');
    expect(inlineValue(true)).toBe('true');
    expect(inlineValue(undefined)).toBe('');
  });

  it('marks a diff side that does not exist, and quotes strings so "" and null differ', () => {
    expect(diffValue(undefined, false)).toEqual({ text: 'absent', absent: true });
    expect(diffValue('', true)).toEqual({ text: '""', absent: false });
    expect(diffValue(null, true)).toEqual({ text: 'null', absent: false });
    expect(diffValue(['TOKEN_EXPIRED'], true).text).toBe('["TOKEN_EXPIRED"]');
    const long = {
      nameParts: [{ value: 'GEOFFREY', type: 'GivenName' }, { value: 'X'.repeat(40) }],
    };
    expect(diffValue(long, true).text).toBe(JSON.stringify(long, null, 2));
  });
});

describe('scenarioRows', () => {
  it('says what a scenario changes', () => {
    const rows = scenarioRows(
      scenario('x', {
        persona: 'no-phone',
        clientConfiguration: { pkceEnforced: true, scopes: ['openid'] },
        errorConfiguration: {
          authoriseErrors: [],
          idTokenErrors: ['INVALID_SIGNATURE'],
          coreIdentityErrors: ['TOKEN_EXPIRED'],
          tokenErrors: [],
          userInfoErrors: [],
          faults: [],
        },
        flags: { interactiveMode: true, useNewIdTokenSigningKeys: false },
      }),
      personas,
    );
    expect(Object.fromEntries(rows)).toEqual({
      Persona: 'No phone',
      Client: 'pkceEnforced: true; scopes: ["openid"]',
      Errors: 'ID token INVALID_SIGNATURE, core identity TOKEN_EXPIRED',
      'Keys & mode': 'Sign ID tokens with the new keys: off; Interactive mode: on',
    });
  });

  it('says what stays, and names a missing or inline persona', () => {
    expect(Object.fromEntries(scenarioRows(scenario('x'), personas))).toEqual({
      Persona: 'Keeps the current one',
      Client: 'As the simulator started',
      Errors: 'None',
      'Keys & mode': 'As the simulator started',
    });
    expect(scenarioRows(scenario('x', { persona: 'gone' }), personas)[0]).toEqual([
      'Persona',
      'gone (not found)',
    ]);
    const inline = {
      name: 'Inline one',
      responseConfiguration: sampleConfig().responseConfiguration,
    };
    expect(scenarioRows(scenario('x', { persona: inline }), personas)[0]).toEqual([
      'Persona',
      'Inline one (written in the scenario)',
    ]);
  });
});

describe('personaRows and identityOf', () => {
  it('summarises who the persona is', () => {
    const p = persona('p', {
      responseConfiguration: {
        ...sampleConfig().responseConfiguration,
        phoneNumber: null,
        emailVerified: false,
        passportDetails: [{ documentNumber: '1' }],
        drivingPermitDetails: null,
        postalAddressDetails: [
          { postalCode: 'OLD 1', validUntil: '2019-01-01' },
          { postalCode: 'NEW 2' },
        ],
        returnCodes: [{ code: 'D' }],
      },
    });
    const rows = Object.fromEntries(personaRows(p));
    expect(rows.Name).toBe('GEOFFREY HEARNSHAW');
    expect(rows['Birth date']).toBe('1955-04-19');
    expect(rows.Email).toBe(`${p.responseConfiguration.email} (unverified)`);
    expect(rows.Phone).toBe('None (no phone_number claim)');
    expect(rows.Addresses).toBe('2 addresses, current NEW 2');
    expect(rows.Documents).toBe('1 passport');
    expect(rows['Return codes']).toBe('D');
  });

  it('copes with a persona without identity, and with odd credential shapes', () => {
    const bare = persona('p', {
      responseConfiguration: {
        ...sampleConfig().responseConfiguration,
        coreIdentityVerifiableCredentials: null,
        postalAddressDetails: null,
        returnCodes: null,
      },
    });
    const rows = Object.fromEntries(personaRows(bare));
    expect(rows.Name).toBe('No core identity');
    expect(rows.Addresses).toBe('None');
    expect(rows['Return codes']).toBe('None');
    expect(
      identityOf({
        ...bare.responseConfiguration,
        coreIdentityVerifiableCredentials: { credentialSubject: { name: 'not a list' } },
      }),
    ).toEqual({ name: null, birthDate: null });
  });
});

describe('diffSideLabel and exportFileName', () => {
  it('names each side of a comparison', () => {
    const scenarios = [scenario('pkce-enforced', { name: 'PKCE enforced' })];
    expect(diffSideLabel('defaults', personas, scenarios)).toBe('Defaults');
    expect(diffSideLabel('initial', personas, scenarios)).toBe('As the simulator started');
    expect(diffSideLabel('active', personas, scenarios)).toBe('Active configuration');
    expect(diffSideLabel('scenario:pkce-enforced', personas, scenarios)).toBe(
      'Scenario: PKCE enforced',
    );
    expect(diffSideLabel('persona:no-phone', personas, scenarios)).toBe('Persona: No phone');
    expect(diffSideLabel('persona:gone', personas, scenarios)).toBe('Persona: gone');
  });

  it('names export files as the simulator does', () => {
    expect(exportFileName('x', 'json')).toBe('x.json');
    expect(exportFileName('x', 'env')).toBe('x.env');
    expect(exportFileName('x', 'config')).toBe('x.config.json');
    expect(exportFileName('x', 'compose')).toBe('x.compose.yml');
  });
});
