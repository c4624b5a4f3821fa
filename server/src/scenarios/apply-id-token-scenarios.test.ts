import { describe, expect, it } from 'vitest';
import { SignJWT, base64url, compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import {
  BOGUS_ISSUER,
  applyIdTokenClaimScenarios,
  applyIdTokenSignatureScenarios,
} from './apply-id-token-scenarios.js';
import { ID_TOKEN_ERRORS, type IdTokenError } from './names.js';

const NOW = 1_700_000_000;
const CLEAN = {
  iat: NOW,
  exp: NOW + 120,
  at_hash: 'h',
  sub: 'urn:sub',
  aud: 'client',
  iss: 'http://localhost:3000/',
  sid: 'sid',
  vot: 'Cl.Cm',
  nonce: 'nonce',
  vtm: 'http://localhost:3000/trustmark',
  auth_time: NOW,
};

const changed = (out: Record<string, unknown>) =>
  Object.keys(CLEAN).filter(
    (k) => JSON.stringify(out[k]) !== JSON.stringify(CLEAN[k as keyof typeof CLEAN]),
  );

describe('applyIdTokenClaimScenarios', () => {
  it('no scenario: the claims are unchanged and keep their order', () => {
    const out = applyIdTokenClaimScenarios(CLEAN, [], NOW);
    expect(out).toEqual(CLEAN);
    expect(Object.keys(out)).toEqual(Object.keys(CLEAN));
  });

  it.each([
    ['INVALID_ISS', ['iss']],
    ['INVALID_AUD', ['aud']],
    ['NONCE_NOT_MATCHING', ['nonce']],
    ['TOKEN_EXPIRED', ['exp']],
    ['TOKEN_NOT_VALID_YET', ['iat']],
    ['INCORRECT_VOT', ['vot']],
    ['INVALID_ALG_HEADER', []],
    ['INVALID_SIGNATURE', []],
  ] as [IdTokenError, string[]][])('%s changes exactly %j', (scenario, claims) => {
    const out = applyIdTokenClaimScenarios(CLEAN, [scenario], NOW);
    expect(changed(out)).toEqual(claims);
    expect(Object.keys(out)).toEqual(Object.keys(CLEAN));
  });

  it('gives the documented values', () => {
    const out = applyIdTokenClaimScenarios(CLEAN, [...ID_TOKEN_ERRORS], NOW);
    expect(out.iss).toBe(BOGUS_ISSUER);
    expect(out.exp).toBe(NOW - 86_400);
    expect(out.iat).toBe(NOW + 86_400);
    expect(out.vot).toBe('Cl');
    expect(typeof out.aud).toBe('string');
    expect(out.aud).not.toBe('client');
    expect(out.nonce).not.toBe('nonce');
  });

  it('INCORRECT_VOT: Cl → Cl.Cm', () => {
    expect(applyIdTokenClaimScenarios({ ...CLEAN, vot: 'Cl' }, ['INCORRECT_VOT'], NOW).vot).toBe(
      'Cl.Cm',
    );
  });

  it('does not touch its input', () => {
    const input = { ...CLEAN };
    applyIdTokenClaimScenarios(input, [...ID_TOKEN_ERRORS], NOW);
    expect(input).toEqual(CLEAN);
  });

  it('wrong values differ between tokens', () => {
    const a = applyIdTokenClaimScenarios(CLEAN, ['INVALID_AUD', 'NONCE_NOT_MATCHING'], NOW);
    const b = applyIdTokenClaimScenarios(CLEAN, ['INVALID_AUD', 'NONCE_NOT_MATCHING'], NOW);
    expect(a.aud).not.toBe(b.aud);
    expect(a.nonce).not.toBe(b.nonce);
  });
});

describe('applyIdTokenSignatureScenarios', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sign = () =>
    new SignJWT(CLEAN).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(privateKey);

  it('no scenario: unchanged', async () => {
    const jwt = await sign();
    expect(applyIdTokenSignatureScenarios(jwt, ['INVALID_ISS'], 'k1')).toBe(jwt);
  });

  it('INVALID_ALG_HEADER: header {alg: HS256, kid}, payload and signature kept', async () => {
    const jwt = await sign();
    const out = applyIdTokenSignatureScenarios(jwt, ['INVALID_ALG_HEADER'], 'k1');
    expect(decodeProtectedHeader(out)).toEqual({ alg: 'HS256', kid: 'k1' });
    expect(out.split('.').slice(1)).toEqual(jwt.split('.').slice(1));
  });

  it('INVALID_SIGNATURE: header and payload kept, signature replaced and failing', async () => {
    const jwt = await sign();
    const out = applyIdTokenSignatureScenarios(jwt, ['INVALID_SIGNATURE'], 'k1');
    expect(out.split('.').slice(0, 2)).toEqual(jwt.split('.').slice(0, 2));
    expect(out.split('.')[2]).not.toBe(jwt.split('.')[2]);
    expect(base64url.decode(out.split('.')[2] as string).length).toBeGreaterThan(0);
    await expect(compactVerify(out, publicKey)).rejects.toThrow();
    await expect(compactVerify(jwt, publicKey)).resolves.toBeDefined();
    expect(decodeJwt(out)).toEqual(CLEAN);
  });

  it('both together', async () => {
    const jwt = await sign();
    const out = applyIdTokenSignatureScenarios(
      jwt,
      ['INVALID_SIGNATURE', 'INVALID_ALG_HEADER'],
      'k1',
    );
    expect(decodeProtectedHeader(out).alg).toBe('HS256');
    expect(out.split('.')[1]).toBe(jwt.split('.')[1]);
    expect(out.split('.')[2]).not.toBe(jwt.split('.')[2]);
  });
});
