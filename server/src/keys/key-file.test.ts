import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { generateKeyMaterial } from './key-store.js';
import { keyFileText, parseKeyFile } from './key-file.js';

const keys = await generateKeyMaterial();
/** A key file as JSON, to break one member at a time. */
interface Key {
  kid: unknown;
  alg: unknown;
  jwk: unknown;
}
interface Doc {
  version: unknown;
  idToken: { primary: { ES256: Key; RS256: Key }; secondary: { ES256: Key; RS256: Key } };
  coreIdentity: { primary: Key; secondary: Key };
}
const good = () => JSON.parse(keyFileText(keys)) as Doc;

describe('key file', () => {
  it('keeps every key, its kid and its public half', () => {
    const read = parseKeyFile(keyFileText(keys));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.idToken.primary.ES256.kid).toBe(keys.idToken.primary.ES256.kid);
    expect(read.value.idToken.secondary.RS256.publicJwk).toEqual(
      keys.idToken.secondary.RS256.publicJwk,
    );
    expect(read.value.coreIdentity.primary.publicJwk).toEqual(keys.coreIdentity.primary.publicJwk);
    expect(read.value.coreIdentity.secondary.alg).toBe('ES256');
  });

  it('refuses what is not a key file, naming the place and never quoting it', () => {
    const secret = 'do-not-quote-me';
    const rsaSmall = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'jwk',
    });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({
      format: 'jwk',
    });
    const cases: [unknown, RegExp][] = [
      [`{${secret}`, /^is not JSON$/],
      [null, /^must be a JSON object$/],
      [[1, 2], /^must be a JSON object$/],
      [42, /^must be a JSON object$/],
      [{ ...good(), version: 2 }, /^must have "version": 1$/],
      [{ ...good(), version: '1' }, /^must have "version": 1$/],
      [{ ...good(), idToken: [] }, /^idToken\.primary\.ES256 must be an object/],
      [{ ...good(), idToken: null }, /^idToken\.primary\.ES256 must be an object/],
    ];
    const edit = (fn: (d: Doc) => void) => {
      const d = good();
      fn(d);
      return d;
    };
    cases.push(
      [
        edit((d) => (d.idToken.primary.ES256.kid = { secret })),
        /^idToken\.primary\.ES256\.kid must be/,
      ],
      [edit((d) => (d.idToken.primary.ES256.kid = 'a b')), /^idToken\.primary\.ES256\.kid must be/],
      [
        edit((d) => (d.idToken.primary.RS256.alg = 'ES256')),
        /^idToken\.primary\.RS256\.alg must be RS256$/,
      ],
      [
        edit((d) => (d.idToken.secondary.ES256.jwk = 'x')),
        /^idToken\.secondary\.ES256\.jwk must be a JWK object$/,
      ],
      [
        edit((d) => delete (d.coreIdentity.primary.jwk as Record<string, unknown>).d),
        /^coreIdentity\.primary\.jwk is not a private key$/,
      ],
      [
        edit((d) => (d.coreIdentity.primary.jwk = { kty: 'oct', k: secret })),
        /^coreIdentity\.primary\.jwk is not a private key$/,
      ],
      [
        edit((d) => (d.idToken.primary.RS256.jwk = rsaSmall)),
        /^idToken\.primary\.RS256\.jwk must be an RSA private key of at least 2048 bits$/,
      ],
      [
        edit((d) => (d.idToken.primary.ES256.jwk = p384)),
        /^idToken\.primary\.ES256\.jwk must be an EC P-256 private key$/,
      ],
      [
        edit((d) => (d.coreIdentity.secondary.kid = d.coreIdentity.primary.kid)),
        /^names a kid twice$/,
      ],
    );
    for (const [doc, message] of cases) {
      const r = parseKeyFile(typeof doc === 'string' ? doc : JSON.stringify(doc));
      expect(r.ok, JSON.stringify(doc).slice(0, 80)).toBe(false);
      if (!r.ok) {
        expect(r.error).toMatch(message);
        expect(r.error).not.toContain(secret);
      }
    }
  });
});
