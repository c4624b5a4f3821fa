import type { KeyObject } from 'node:crypto';
import jws from 'jws';
import { compactVerify, errors as joseErrors } from 'jose';
import type { KeyGetter } from './client-key-resolver.js';

/** A JWS segment in base64url's alphabet alone (no padding, nothing jose's decoder would refuse). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * True when jose would take this assertion through its plain path: a protected header without
 * the members it processes itself (crit, b64), strict base64url segments, and a key of the
 * algorithm's type and strength (P-256 for ES256; RSA of 2048 bits or more for RS* and PS*).
 * Anything else goes to jose, which decides as it always has.
 */
function isPlainCase(
  compact: string,
  header: Readonly<Record<string, unknown>>,
  alg: string,
  key: KeyObject,
): boolean {
  if ('crit' in header || 'b64' in header || key.type !== 'public') return false;
  const dots = compact.split('.');
  if (dots.length !== 3 || !dots.every((segment) => BASE64URL.test(segment))) return false;
  const details = key.asymmetricKeyDetails;
  if (alg === 'ES256')
    return key.asymmetricKeyType === 'ec' && details?.namedCurve === 'prime256v1';
  if (/^(RS|PS)(256|384|512)$/.test(alg))
    return key.asymmetricKeyType === 'rsa' && (details?.modulusLength ?? 0) >= 2048;
  return false;
}

/**
 * Verifies a client assertion's signature with the client's key, throwing as jose's
 * compactVerify does when it does not verify. A configured key (a key object) in the plain case
 * is checked synchronously by jws on node:crypto: a fraction of the CPU of WebCrypto's
 * asynchronous job, on the path of every /token request. A key set fetched from the client's
 * JWKS URL, or any unusual header or key, goes through jose.
 */
export async function verifyAssertionSignature(
  compact: string,
  header: Readonly<Record<string, unknown>>,
  alg: string,
  key: KeyObject | KeyGetter,
): Promise<void> {
  if (typeof key === 'function') {
    await compactVerify(compact, key, { algorithms: [alg] });
    return;
  }
  if (!isPlainCase(compact, header, alg, key)) {
    await compactVerify(compact, key, { algorithms: [alg] });
    return;
  }
  let verified: boolean;
  try {
    verified = jws.verify(compact, alg as jws.Algorithm, key as unknown as Buffer);
  } catch {
    verified = false;
  }
  if (!verified) throw new joseErrors.JWSSignatureVerificationFailed();
}
