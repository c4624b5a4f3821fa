import { describe, expect, it } from 'vitest';
import { explainClaim, explainHeader, ROLE_LABELS } from './claim-explanations.js';

describe('explainClaim', () => {
  it('explains ID token claims from the provider document', () => {
    expect(explainClaim('id_token', 'nonce')).toMatch(/nonce sent to \/authorize/);
    expect(explainClaim('id_token', 'vot')).toMatch(/Cl\.Cm/);
    expect(explainClaim('id_token', 'at_hash')).toMatch(/optional/);
    expect(explainClaim('id_token', 'iss')).toMatch(/discovery document/);
    for (const claim of [
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'nonce',
      'vot',
      'vtm',
      'sid',
      'auth_time',
      'at_hash',
    ]) {
      expect(explainClaim('id_token', claim), claim).toBeTruthy();
    }
  });

  it('gives role-specific meanings where the same claim differs', () => {
    expect(explainClaim('core_identity', 'sub')).toMatch(/ID token/);
    expect(explainClaim('core_identity', 'exp')).toMatch(/30 minutes/);
    expect(explainClaim('client_assertion', 'jti')).toMatch(/only once/);
    expect(explainClaim('client_assertion', 'aud')).toMatch(/token endpoint/);
    expect(explainClaim('core_identity', 'vc')).toMatch(/credentialSubject/);
    expect(explainClaim('access_token', 'scope')).toBeTruthy();
    expect(explainClaim('access_token', 'client_id')).toBeTruthy();
  });

  it('names vocab claims and says nothing about unknown ones', () => {
    expect(explainClaim('id_token', 'https://vocab.account.gov.uk/v1/address')).toBe(
      'Identity claim address.',
    );
    expect(explainClaim('id_token', 'x-custom')).toBeUndefined();
  });

  it('explains header members, with the DID form of kid for core identity', () => {
    expect(explainHeader('alg', 'id_token')).toMatch(/ES256/);
    expect(explainHeader('kid', 'core_identity')).toMatch(/did:web/);
    expect(explainHeader('zzz', 'id_token')).toBeUndefined();
    expect(ROLE_LABELS.core_identity).toBe('Core identity JWT');
  });
});
