import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/defaults.js';
import type { ClientConfiguration } from '../config/config-types.js';
import { checkVtr, isIdentityVector, VTR_NOT_VALID } from './check-vtr.js';

const client = (patch: Partial<ClientConfiguration> = {}): ClientConfiguration => ({
  ...defaultConfig().clientConfiguration,
  ...patch,
});

const ok = (raw: unknown, c = client()) => {
  const r = checkVtr(raw, c);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(raw)}`);
  return r.value;
};
const refused = (raw: unknown, c = client()) => {
  const r = checkVtr(raw, c);
  expect(r.ok, JSON.stringify(raw)).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe('invalid_request');
    expect(r.error.description).toBe(VTR_NOT_VALID);
    expect(r.error.status).toBe(302);
    expect(r.error.redirectable).toBe(true);
  }
};

describe('checkVtr', () => {
  it.each([undefined, null, '', '[]', []])('%j → default Cl.Cm', (raw) => {
    expect(ok(raw)).toEqual({ credentialTrust: 'Cl.Cm', levelOfConfidence: null });
  });

  it.each([
    ['["Cl.Cm"]', 'Cl.Cm', null],
    ['["Cl"]', 'Cl', null],
    ['["Cl.Cm.P2"]', 'Cl.Cm', 'P2'],
    ['["Cl.Cm.P0"]', 'Cl.Cm', 'P0'],
    ['["Cl.P0"]', 'Cl', 'P0'],
    ['["Cm.Cl.P2"]', 'Cl.Cm', 'P2'],
    ['["P2.Cm.Cl"]', 'Cl.Cm', 'P2'],
    ['["Cl.Cm.X9"]', 'Cl.Cm', null],
    ['["Cl","Cl.Cm"]', 'Cl', null],
  ])('%s → %s %s', (raw, credentialTrust, levelOfConfidence) => {
    expect(ok(raw)).toEqual({ credentialTrust, levelOfConfidence });
  });

  it('accepts an array (request objects) as well as a JSON string', () => {
    expect(ok(['Cl.Cm.P2'])).toEqual({ credentialTrust: 'Cl.Cm', levelOfConfidence: 'P2' });
  });

  it.each([
    'Cl.Cm',
    '"Cl.Cm"',
    '{}',
    'not json',
    '[1]',
    '[null]',
    '[["Cl.Cm"]]',
    '["Cm"]',
    '["P0"]',
    '["Cl.Cl"]',
    '["Cl.Cm.Cm"]',
    '["Cl.Cm.P2.P0"]',
    '["Cl.Cm.P4"]',
    '["Cl.Cm.Pa"]',
    '["Cl.Cm.P22"]',
    '["Cl.P2"]',
    '["Cl.P1"]',
    '[""]',
    JSON.stringify(Array(11).fill('Cl.Cm')),
    42,
    { vtr: 'Cl.Cm' },
  ])('refuses %j', (raw) => refused(raw));

  it('P1 and P3 need clientLoCs', () => {
    refused('["Cl.Cm.P1"]');
    refused('["Cl.Cm.P3"]');
    expect(ok('["Cl.Cm.P1"]', client({ clientLoCs: ['P1'] })).levelOfConfidence).toBe('P1');
    expect(ok('["Cl.Cm.P3"]', client({ clientLoCs: ['P3'] })).levelOfConfidence).toBe('P3');
  });

  it('P0 is not an identity level: allowed without clientLoCs or identity support', () => {
    expect(
      ok('["Cl.Cm.P0"]', client({ clientLoCs: [], identityVerificationSupported: false })),
    ).toEqual({ credentialTrust: 'Cl.Cm', levelOfConfidence: 'P0' });
  });

  it('identity needs identityVerificationSupported and private_key_jwt', () => {
    refused('["Cl.Cm.P2"]', client({ identityVerificationSupported: false }));
    refused('["Cl.Cm.P2"]', client({ token_auth_method: 'client_secret_post' }));
  });

  it('identity and non-identity vectors cannot be mixed; several identity vectors can', () => {
    refused('["Cl.Cm.P2","Cl.Cm"]');
    refused('["Cl.Cm","Cl.Cm.P2"]');
    refused('["Cl.Cm.P0","Cl.Cm.P2"]');
    expect(ok('["Cl.Cm.P2","Cm.Cl.P2"]').levelOfConfidence).toBe('P2');
    refused('["Cl.Cm.P2","Cl.Cm.P1"]');
  });
});

describe('isIdentityVector', () => {
  it.each([
    [null, false],
    ['P0', false],
    ['P1', true],
    ['P2', true],
    ['P3', true],
  ])('%s → %s', (levelOfConfidence, expected) => {
    expect(isIdentityVector({ credentialTrust: 'Cl.Cm', levelOfConfidence })).toBe(expected);
  });
});
