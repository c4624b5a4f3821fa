import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import {
  applyCoreIdentityClaimScenarios,
  applyCoreIdentitySignatureScenarios,
} from './apply-core-identity-scenarios.js';
import { CORE_IDENTITY_ERRORS, type CoreIdentityError } from './names.js';

const NOW = 1_700_000_000;
const CLEAN = {
  vot: 'P2',
  vc: { type: ['VerifiableCredential'] },
  vtm: 'http://localhost:3000/trustmark',
  iss: 'http://localhost:3000/',
  sub: 'urn:sub',
  nbf: NOW,
  exp: NOW + 1800,
  aud: 'client',
  iat: NOW,
};
const KID = 'did:web:localhost%3A3000#k1';

const changed = (out: Record<string, unknown>) =>
  Object.keys(CLEAN).filter(
    (k) => JSON.stringify(out[k]) !== JSON.stringify(CLEAN[k as keyof typeof CLEAN]),
  );

describe('applyCoreIdentityClaimScenarios', () => {
  it.each([
    ['INCORRECT_SUB', ['sub']],
    ['INVALID_AUD', ['aud']],
    ['INVALID_ISS', ['iss']],
    ['TOKEN_EXPIRED', ['exp']],
    ['INVALID_ALG_HEADER', []],
    ['INVALID_SIGNATURE', []],
  ] as [CoreIdentityError, string[]][])('%s changes exactly %j', (scenario, claims) => {
    const out = applyCoreIdentityClaimScenarios(CLEAN, [scenario], NOW);
    expect(changed(out)).toEqual(claims);
    expect(Object.keys(out)).toEqual(Object.keys(CLEAN));
  });

  it('all at once', () => {
    const out = applyCoreIdentityClaimScenarios(CLEAN, [...CORE_IDENTITY_ERRORS], NOW);
    expect(changed(out)).toEqual(['iss', 'sub', 'exp', 'aud']);
    expect(out.exp).toBe(NOW - 86_400);
    expect(out.nbf).toBe(NOW);
    expect(out.iat).toBe(NOW);
  });
});

describe('applyCoreIdentitySignatureScenarios', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sign = () =>
    new SignJWT(CLEAN).setProtectedHeader({ kid: KID, alg: 'ES256' }).sign(privateKey);

  it('INVALID_ALG_HEADER: {kid, alg: HS256}, the rest kept', async () => {
    const jwt = await sign();
    const out = applyCoreIdentitySignatureScenarios(jwt, ['INVALID_ALG_HEADER'], KID);
    const header = decodeProtectedHeader(out);
    expect(Object.keys(header)).toEqual(['kid', 'alg']);
    expect(header).toEqual({ kid: KID, alg: 'HS256' });
    expect(out.split('.').slice(1)).toEqual(jwt.split('.').slice(1));
  });

  it('INVALID_SIGNATURE: signature fails, claims intact', async () => {
    const jwt = await sign();
    const out = applyCoreIdentitySignatureScenarios(jwt, ['INVALID_SIGNATURE'], KID);
    await expect(compactVerify(out, publicKey)).rejects.toThrow();
    expect(decodeJwt(out)).toEqual(CLEAN);
  });

  it('claim-only scenarios leave the compact token untouched', async () => {
    const jwt = await sign();
    expect(applyCoreIdentitySignatureScenarios(jwt, ['INCORRECT_SUB', 'TOKEN_EXPIRED'], KID)).toBe(
      jwt,
    );
  });
});
