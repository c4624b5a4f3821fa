import type { KeyObject } from 'node:crypto';
import { compactVerify, type CompactVerifyGetKey } from 'jose';
import type { KeyGetter } from '../tokens/client-auth/client-key-resolver.js';

export type SignatureResult = { ok: true } | { ok: false; code: string; reason: string };

/** Whether a key of this type can check a signature made with alg. */
export function keyFitsAlg(key: KeyObject, alg: string): boolean {
  const type = key.asymmetricKeyType;
  if (/^RS(256|384|512)$/.test(alg)) return type === 'rsa';
  if (/^PS(256|384|512)$/.test(alg)) return type === 'rsa' || type === 'rsa-pss';
  if (alg === 'ES256')
    return type === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  if (alg === 'ES384') return type === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'secp384r1';
  if (alg === 'ES512') return type === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'secp521r1';
  if (alg === 'EdDSA' || alg === 'Ed25519') return type === 'ed25519';
  return false;
}

/**
 * Checks the signature only (claims are checked separately), with jose. Failures come back as a
 * stable code and words, chosen by jose's error code.
 */
export async function verifySignature(
  compact: string,
  key: KeyObject | KeyGetter | CompactVerifyGetKey,
): Promise<SignatureResult> {
  try {
    await compactVerify(compact, key);
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    switch (code) {
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
        return { ok: false, code, reason: 'the signature does not match the key' };
      case 'ERR_JWS_INVALID':
        return { ok: false, code, reason: 'it is not a well-formed signed JWT' };
      case 'ERR_JOSE_ALG_NOT_ALLOWED':
      case 'ERR_JOSE_NOT_SUPPORTED':
        return { ok: false, code, reason: 'its alg cannot be used with this key' };
      case 'ERR_JWKS_NO_MATCHING_KEY':
        return { ok: false, code, reason: "no key in the client's JWKS matches the header kid" };
      case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
        return {
          ok: false,
          code,
          reason: "several keys in the client's JWKS match and none verifies the signature",
        };
      case 'ERR_JWKS_TIMEOUT':
        return { ok: false, code, reason: "the client's JWKS URL did not answer in time" };
      case 'ERR_JWKS_INVALID':
        return { ok: false, code, reason: "the client's JWKS URL did not return a valid key set" };
      default:
        if (typeof code === 'string')
          return { ok: false, code, reason: `jose refused it (${code})` };
        return {
          ok: false,
          code: 'ERR_KEY_UNUSABLE',
          reason: `the key cannot check it: ${error instanceof Error ? error.message : String(error)}`,
        };
    }
  }
}
