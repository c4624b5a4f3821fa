import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { createLocalJWKSet, type CompactVerifyGetKey, type JSONWebKeySet } from 'jose';
import { err, ok, type Result } from '../shared/result.js';
import { describeKey } from './describe-key.js';

/** The longest key text read (a 4096-bit RSA private key in PEM is about 3.3 kB). */
export const MAX_KEY_TEXT = 64 * 1024;

/** A private key a tester pasted, ready to sign with. */
export interface PastedPrivateKey {
  key: KeyObject;
  /** The algorithm the key signs with: RS256 for RSA, ES256 for P-256. */
  alg: 'RS256' | 'ES256';
  /** "an RSA key"… */
  description: string;
  /** The kid of a pasted JWK, when it has one. */
  kid?: string;
}

/** A key (or key set) a tester pasted to check a signature with. */
export interface PastedPublicKey {
  key: KeyObject | CompactVerifyGetKey;
  description: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON of a pasted JWK or JWKS, or undefined when the text is not JSON. */
function jsonOf(text: string): unknown {
  if (!text.startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function algFor(key: KeyObject): 'RS256' | 'ES256' | undefined {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1')
    return 'ES256';
  return undefined;
}

/**
 * Reads a private key pasted as PEM (PKCS#8, PKCS#1 or SEC1) or as a JWK (JSON with "d"). Only
 * RSA and EC P-256 keys are taken: the provider accepts RS256 and ES256 client assertions.
 */
export function parsePrivateKeyText(text: string): Result<PastedPrivateKey, string> {
  const trimmed = text.trim();
  if (trimmed === '') return err('The key is empty: paste a PEM private key or a private JWK.');
  if (trimmed.length > MAX_KEY_TEXT)
    return err(`The key is longer than ${MAX_KEY_TEXT} characters.`);
  const json = jsonOf(trimmed);
  let key: KeyObject;
  let kid: string | undefined;
  try {
    if (isRecord(json)) {
      if (Array.isArray(json.keys))
        return err('That is a key set (JWKS): paste one private JWK, not the set.');
      if (typeof json.d !== 'string')
        return err('That JWK is a public key (it has no "d"): paste the private key.');
      key = createPrivateKey({
        key: json as JsonWebKey,
        format: 'jwk',
      });
      if (typeof json.kid === 'string') kid = json.kid;
    } else if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(trimmed)) {
      key = createPrivateKey(trimmed);
    } else if (/-----BEGIN (PUBLIC KEY|CERTIFICATE|RSA PUBLIC KEY)-----/.test(trimmed)) {
      return err('That is a public key or certificate: paste the private key.');
    } else {
      return err(
        'The key is neither PEM ("-----BEGIN PRIVATE KEY-----…") nor a JWK (JSON object).',
      );
    }
  } catch {
    return err('The key could not be read: it is not a well-formed PEM private key or JWK.');
  }
  const alg = algFor(key);
  if (!alg)
    return err(
      `That is ${describeKey(key)}; the provider takes RS256 (RSA) or ES256 (P-256) keys.`,
    );
  const pasted: PastedPrivateKey = { key, alg, description: describeKey(key) };
  if (kid !== undefined) pasted.kid = kid;
  return ok(pasted);
}

/**
 * Reads a key to verify with: PEM (public key, certificate or private key), a JWK, or a JWKS
 * (JSON with "keys", matched by the token header's kid and alg, as jose does).
 */
export function parseVerificationKeyText(text: string): Result<PastedPublicKey, string> {
  const trimmed = text.trim();
  if (trimmed === '') return err('The key is empty: paste a PEM key, a JWK or a JWKS.');
  if (trimmed.length > MAX_KEY_TEXT)
    return err(`The key is longer than ${MAX_KEY_TEXT} characters.`);
  const json = jsonOf(trimmed);
  try {
    if (isRecord(json)) {
      if (Array.isArray(json.keys)) {
        const count = json.keys.length;
        return ok({
          key: createLocalJWKSet(json as unknown as JSONWebKeySet),
          description: `a key set of ${count} key${count === 1 ? '' : 's'}`,
        });
      }
      const key = createPublicKey({
        key: json as JsonWebKey,
        format: 'jwk',
      });
      return ok({ key, description: describeKey(key) });
    }
    if (/-----BEGIN [A-Z ]*(PUBLIC KEY|CERTIFICATE|PRIVATE KEY)-----/.test(trimmed)) {
      const key = createPublicKey(trimmed);
      return ok({ key, description: describeKey(key) });
    }
  } catch {
    return err('The key could not be read: it is not a well-formed PEM key, JWK or JWKS.');
  }
  return err('The key is neither PEM ("-----BEGIN PUBLIC KEY-----…"), a JWK nor a JWKS (JSON).');
}
