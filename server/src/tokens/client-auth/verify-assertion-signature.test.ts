import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import jws from 'jws';
import { describe, expect, it } from 'vitest';
import {
  SignJWT,
  base64url,
  compactVerify,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
} from 'jose';
import { verifyAssertionSignature } from './verify-assertion-signature.js';

const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const otherEc = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const weakRsa = generateKeyPairSync('rsa', { modulusLength: 1024 });

const claims = { iss: 'client', sub: 'client', aud: 'http://localhost:3000/token', jti: 'j' };

async function signed(alg: string, key: KeyObject, header: Record<string, unknown> = {}) {
  return new SignJWT(claims).setProtectedHeader({ alg, ...header }).sign(key);
}

/** What jose alone decides: the rule the fast path must never contradict. */
async function joseAccepts(compact: string, alg: string, key: KeyObject): Promise<boolean> {
  return compactVerify(compact, key, { algorithms: [alg] }).then(
    () => true,
    () => false,
  );
}

async function accepts(compact: string, alg: string, key: KeyObject): Promise<boolean> {
  const header = decodeProtectedHeader(compact);
  return verifyAssertionSignature(compact, header, alg, key).then(
    () => true,
    () => false,
  );
}

describe('verifyAssertionSignature', () => {
  it.each([
    ['ES256', ec],
    ['RS256', rsa],
    ['RS384', rsa],
    ['RS512', rsa],
    ['PS256', rsa],
    ['PS384', rsa],
    ['PS512', rsa],
  ] as const)('accepts a %s assertion signed with the configured key', async (alg, pair) => {
    const compact = await signed(alg, pair.privateKey);
    expect(await accepts(compact, alg, pair.publicKey)).toBe(true);
  });

  it('refuses another key, as jose does, with jose error', async () => {
    const compact = await signed('ES256', ec.privateKey);
    await expect(
      verifyAssertionSignature(compact, { alg: 'ES256' }, 'ES256', otherEc.publicKey),
    ).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  const inSignature = (change: (signature: string) => string) => (compact: string) =>
    compact.replace(/[^.]*$/, change);
  it.each([
    [
      'a changed payload',
      (c: string) => c.replace(/\.[^.]+\./, `.${base64url.encode('{"sub":"x"}')}.`),
      false,
    ],
    [
      'a signature with one character changed',
      inSignature((s) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1)),
      false,
    ],
    ['a signature cut short', inSignature((s) => s.slice(0, -4)), false],
    [
      'a character outside base64url in the signature',
      inSignature((s) => `${s.slice(0, 10)}!${s.slice(10)}`),
      false,
    ],
    ['standard base64 characters', (c: string) => c.replace(/-/g, '+').replace(/_/g, '/'), false],
    ['an empty signature', inSignature(() => ''), false],
    // jose reads a padded signature as the same bytes: accepted, by jose itself.
    ['padding after the signature', (c: string) => `${c}==`, true],
  ] as const)('decides on %s as jose does', async (_name, change, accepted) => {
    for (const [alg, pair] of [
      ['ES256', ec],
      ['RS256', rsa],
    ] as const) {
      const compact = change(await signed(alg, pair.privateKey));
      const ours = await accepts(compact, alg, pair.publicKey);
      expect(ours).toBe(await joseAccepts(compact, alg, pair.publicKey));
      expect(ours).toBe(accepted);
    }
  });

  it('refuses a key of the wrong type or strength, as jose does', async () => {
    const es = await signed('ES256', ec.privateKey);
    expect(await accepts(es, 'ES256', rsa.publicKey)).toBe(false);
    const es384Key = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES384' })
      .sign(p384.privateKey);
    expect(await accepts(es384Key, 'ES256', p384.publicKey)).toBe(false);
    // jose will not sign with a 1024-bit RSA key; one signed elsewhere is refused as jose does.
    const weak = jws.sign({
      header: { alg: 'RS256' },
      payload: claims,
      privateKey: weakRsa.privateKey,
    });
    expect(await joseAccepts(weak, 'RS256', weakRsa.publicKey)).toBe(false);
    expect(await accepts(weak, 'RS256', weakRsa.publicKey)).toBe(false);
    const rs = await signed('RS256', rsa.privateKey);
    expect(await accepts(rs, 'RS256', ec.publicKey)).toBe(false);
    expect(await accepts(rs, 'ES256', rsa.publicKey)).toBe(false);
  });

  it.each([
    ['crit naming a member jose does not know', { crit: ['x'], x: 1 }, false],
    ['crit that is not a list', { crit: 'x' }, false],
    // Outside crit, jose ignores b64 and verifies the usual way.
    ['b64 false without crit', { b64: false }, true],
  ])('leaves a header with %s to jose', async (_name, extra, accepted) => {
    // Validly signed (jws does not look at these members); jose refuses the header itself.
    const compact = jws.sign({
      header: { alg: 'ES256', ...extra } as jws.Header,
      payload: claims,
      privateKey: ec.privateKey,
    });
    expect(await joseAccepts(compact, 'ES256', ec.publicKey)).toBe(accepted);
    expect(await accepts(compact, 'ES256', ec.publicKey)).toBe(accepted);
  });

  it('verifies against a key set fetched from a JWKS URL through jose', async () => {
    const jwk = { ...(await exportJWK(ec.publicKey)), kid: 'k1', alg: 'ES256' };
    const getter = createLocalJWKSet({ keys: [jwk] });
    const compact = await signed('ES256', ec.privateKey, { kid: 'k1' });
    await expect(
      verifyAssertionSignature(compact, { alg: 'ES256', kid: 'k1' }, 'ES256', getter as never),
    ).resolves.toBeUndefined();
    await expect(
      verifyAssertionSignature(
        await signed('ES256', otherEc.privateKey, { kid: 'k1' }),
        { alg: 'ES256', kid: 'k1' },
        'ES256',
        getter as never,
      ),
    ).rejects.toThrow();
  });
});
