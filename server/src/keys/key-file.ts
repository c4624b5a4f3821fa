import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';
import { err, ok, type Result } from '../shared/result.js';
import type { KeyMaterial, SigningKey } from './key-store.js';

/**
 * The signing keys as a file of the data folder, so a restarted simulator signs with the keys a
 * relying party has cached (the public simulator's keys are the same at every start). The file
 * holds the private keys as JWKs with their kids; reading it checks every key (type, curve or
 * size, kid) and never quotes the file in a message.
 */

export const KEY_FILE_VERSION = 1;
/** A kid as the simulator makes them (a UUID), or any short plain identifier. */
const KID = /^[A-Za-z0-9._:-]{1,100}$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function keyOf(key: SigningKey) {
  return { kid: key.kid, alg: key.alg, jwk: key.privateKey.export({ format: 'jwk' }) };
}

export function keyFileText(keys: KeyMaterial): string {
  const pair = (p: KeyMaterial['idToken']['primary']) => ({
    ES256: keyOf(p.ES256),
    RS256: keyOf(p.RS256),
  });
  return `${JSON.stringify(
    {
      version: KEY_FILE_VERSION,
      idToken: { primary: pair(keys.idToken.primary), secondary: pair(keys.idToken.secondary) },
      coreIdentity: {
        primary: keyOf(keys.coreIdentity.primary),
        secondary: keyOf(keys.coreIdentity.secondary),
      },
    },
    null,
    2,
  )}\n`;
}

function readKey(value: unknown, alg: 'ES256' | 'RS256', path: string): Result<SigningKey, string> {
  if (!isRecord(value)) return err(`${path} must be an object {kid, alg, jwk}`);
  if (typeof value.kid !== 'string' || !KID.test(value.kid))
    return err(`${path}.kid must be 1 to 100 letters, digits or . _ : -`);
  if (value.alg !== alg) return err(`${path}.alg must be ${alg}`);
  if (!isRecord(value.jwk)) return err(`${path}.jwk must be a JWK object`);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: value.jwk as JsonWebKey, format: 'jwk' });
  } catch {
    return err(`${path}.jwk is not a private key`);
  }
  const details = privateKey.asymmetricKeyDetails ?? {};
  if (
    alg === 'ES256' &&
    (privateKey.asymmetricKeyType !== 'ec' || details.namedCurve !== 'prime256v1')
  )
    return err(`${path}.jwk must be an EC P-256 private key`);
  if (
    alg === 'RS256' &&
    (privateKey.asymmetricKeyType !== 'rsa' || (details.modulusLength ?? 0) < 2048)
  )
    return err(`${path}.jwk must be an RSA private key of at least 2048 bits`);
  const publicKey = createPublicKey(privateKey);
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
  return ok({ kid: value.kid, alg, privateKey, publicKey, publicJwk });
}

/** The keys a key file holds, or why it cannot be used (never quoting it). */
export function parseKeyFile(text: string): Result<KeyMaterial, string> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return err('is not JSON');
  }
  if (!isRecord(doc)) return err('must be a JSON object');
  if (doc.version !== KEY_FILE_VERSION) return err(`must have "version": ${KEY_FILE_VERSION}`);
  const id = isRecord(doc.idToken) ? doc.idToken : {};
  const core = isRecord(doc.coreIdentity) ? doc.coreIdentity : {};
  const pair = (v: unknown, path: string) => {
    const p = isRecord(v) ? v : {};
    const es = readKey(p.ES256, 'ES256', `${path}.ES256`);
    if (!es.ok) return es;
    const rs = readKey(p.RS256, 'RS256', `${path}.RS256`);
    if (!rs.ok) return rs;
    return ok({ ES256: es.value, RS256: rs.value });
  };
  const primary = pair(id.primary, 'idToken.primary');
  if (!primary.ok) return primary;
  const secondary = pair(id.secondary, 'idToken.secondary');
  if (!secondary.ok) return secondary;
  const ci1 = readKey(core.primary, 'ES256', 'coreIdentity.primary');
  if (!ci1.ok) return ci1;
  const ci2 = readKey(core.secondary, 'ES256', 'coreIdentity.secondary');
  if (!ci2.ok) return ci2;
  const kids = [
    primary.value.ES256,
    primary.value.RS256,
    secondary.value.ES256,
    secondary.value.RS256,
    ci1.value,
    ci2.value,
  ].map((k) => k.kid);
  if (new Set(kids).size !== kids.length) return err('names a kid twice');
  return ok({
    idToken: { primary: primary.value, secondary: secondary.value },
    coreIdentity: { primary: ci1.value, secondary: ci2.value },
  });
}
