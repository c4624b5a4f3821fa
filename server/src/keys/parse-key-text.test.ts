import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_PUBLIC_KEY } from '../config/defaults.js';
import { DEFAULT_CLIENT_PRIVATE_KEY_PEM } from '../test-client/default-client-key.js';
import { parsePrivateKeyText, parseVerificationKeyText } from './parse-key-text.js';

describe('the default client private key', () => {
  it('is the file in server/keys and the private half of the default public key', () => {
    const file = readFileSync(
      new URL('../../keys/default-client-private-key.pem', import.meta.url),
    );
    expect(DEFAULT_CLIENT_PRIVATE_KEY_PEM.trim()).toBe(file.toString().trim());
    const derived = createPublicKey(DEFAULT_CLIENT_PRIVATE_KEY_PEM).export({
      format: 'pem',
      type: 'spki',
    });
    expect(derived.toString().trim()).toBe(DEFAULT_CLIENT_PUBLIC_KEY.trim());
  });
});

describe('parsePrivateKeyText', () => {
  it('reads PEM (RSA → RS256) and a private JWK (P-256 → ES256, kid kept)', () => {
    const pem = parsePrivateKeyText(DEFAULT_CLIENT_PRIVATE_KEY_PEM);
    expect(pem.ok && pem.value.alg).toBe('RS256');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'k1' };
    const parsed = parsePrivateKeyText(JSON.stringify(jwk));
    expect(parsed.ok && [parsed.value.alg, parsed.value.kid]).toEqual(['ES256', 'k1']);
  });

  it.each([
    ['', /empty/],
    ['hello', /neither PEM/],
    [DEFAULT_CLIENT_PUBLIC_KEY, /public key/],
    ['{"keys":[]}', /key set/],
    ['{"kty":"RSA","n":"x","e":"AQAB"}', /public key/],
    ['{"kty":"EC","d":"x"}', /could not be read/],
    ['-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', /could not be read/],
  ])('refuses %j in one line', (text, message) => {
    const parsed = parsePrivateKeyText(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('refuses a P-384 key: the provider takes RS256 and ES256 only', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const parsed = parsePrivateKeyText(
      privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/RS256 \(RSA\) or ES256/);
  });
});

describe('parseVerificationKeyText', () => {
  it('reads a PEM public key, a JWK and a JWKS', () => {
    expect(parseVerificationKeyText(DEFAULT_CLIENT_PUBLIC_KEY)).toMatchObject({
      ok: true,
      value: { description: 'an RSA key' },
    });
    const jwk = createPublicKey(DEFAULT_CLIENT_PUBLIC_KEY).export({ format: 'jwk' });
    expect(parseVerificationKeyText(JSON.stringify(jwk)).ok).toBe(true);
    expect(parseVerificationKeyText(JSON.stringify({ keys: [jwk] }))).toMatchObject({
      ok: true,
      value: { description: 'a key set of 1 key' },
    });
  });

  it.each(['', 'nope', '{"kty":"RSA"}', '{"keys":"x"}'])('refuses %j', (text) => {
    expect(parseVerificationKeyText(text).ok).toBe(false);
  });
});
