import type { ClientConfiguration } from '../../config/config-types.js';
import { invalidRequestRedirect, type OAuthError } from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../shared/result.js';

export const PKCE_MESSAGES = {
  challenge: 'Invalid value for code_challenge parameter.',
  missingMethod:
    'Request is missing code_challenge_method parameter. code_challenge_method is required when code_challenge is present.',
  method: 'Invalid value for code_challenge_method parameter.',
} as const;

/** RFC 7636: 43 to 128 characters of the unreserved set. */
const CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface PkceRequest {
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

/**
 * PKCE at /authorize: required when the client enforces it; whenever a challenge is sent the
 * method must be S256, enforced or not, and /token then checks the verifier.
 */
export function checkPkce(
  challenge: unknown,
  method: unknown,
  client: ClientConfiguration,
): Result<PkceRequest, OAuthError> {
  const sent = challenge !== undefined && challenge !== null;
  if (!sent) {
    return client.pkceEnforced ? err(invalidRequestRedirect(PKCE_MESSAGES.challenge)) : ok({});
  }
  if (typeof challenge !== 'string' || !CHALLENGE.test(challenge))
    return err(invalidRequestRedirect(PKCE_MESSAGES.challenge));
  if (method === undefined || method === null || method === '')
    return err(invalidRequestRedirect(PKCE_MESSAGES.missingMethod));
  if (method !== 'S256') return err(invalidRequestRedirect(PKCE_MESSAGES.method));
  return ok({ codeChallenge: challenge, codeChallengeMethod: 'S256' });
}
