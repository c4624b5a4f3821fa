import { createHash } from 'node:crypto';
import { base64url } from 'jose';
import { invalidGrant, type OAuthError } from '../../errors/oauth-error.js';

export const PKCE_FAILED = 'PKCE code verification failed';

/** /token side of PKCE: BASE64URL(SHA256(code_verifier)) must equal the stored challenge. */
export function checkPkceVerifier(
  challenge: string | undefined,
  verifier: unknown,
): OAuthError | null {
  if (challenge === undefined) {
    return verifier === undefined
      ? null
      : invalidGrant(PKCE_FAILED, { cause: 'code_verifier sent but no code_challenge was' });
  }
  if (typeof verifier !== 'string' || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier))
    return invalidGrant(PKCE_FAILED, { cause: 'code_verifier missing or malformed' });
  const computed = base64url.encode(createHash('sha256').update(verifier, 'ascii').digest());
  return computed === challenge ? null : invalidGrant(PKCE_FAILED);
}
