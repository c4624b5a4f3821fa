import type { ClientConfiguration } from '../../config/config-types.js';
import { SUPPORTED_SCOPES } from '../../config/defaults.js';
import { invalidScope, type OAuthError } from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../shared/result.js';

export const INVALID_SCOPE = 'Invalid, unknown or malformed scope';

/** Space-separated scopes: openid required; each known and allowed for the client. */
export function checkScopes(
  raw: unknown,
  client: ClientConfiguration,
): Result<string[], OAuthError> {
  if (typeof raw !== 'string' || raw === '') return err(invalidScope(INVALID_SCOPE));
  const scopes = raw.split(' ');
  const known = SUPPORTED_SCOPES as readonly string[];
  const valid =
    scopes.includes('openid') &&
    scopes.every((s) => known.includes(s) && client.scopes.includes(s));
  return valid ? ok([...new Set(scopes)]) : err(invalidScope(INVALID_SCOPE));
}
