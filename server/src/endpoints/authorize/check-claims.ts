import type { ClientConfiguration } from '../../config/config-types.js';
import { IDENTITY_CLAIMS } from '../../config/defaults.js';
import { invalidRequestRedirect, type OAuthError } from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../shared/result.js';

export const INVALID_CLAIMS = 'Request contains invalid claims';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the claims request ({"userinfo": {<claim>: null, ...}}), given as a JSON string (query)
 * or as an object (request object). Returns the names asked for at /userinfo.
 */
export function parseClaimsRequest(raw: unknown): Result<string[], 'malformed'> {
  if (raw === undefined) return ok([]);
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return err('malformed');
    }
  }
  if (!isObject(value)) return err('malformed');
  const userinfo = value.userinfo;
  if (userinfo === undefined || userinfo === null) return ok([]);
  if (!isObject(userinfo)) return err('malformed');
  return ok(Object.keys(userinfo));
}

/** Each claim must be one of the identity claims and allowed for the client. */
export function checkClaims(
  names: string[],
  client: ClientConfiguration,
): Result<string[], OAuthError> {
  const known = IDENTITY_CLAIMS as readonly string[];
  const valid = names.every((n) => known.includes(n) && client.claims.includes(n));
  return valid ? ok(names) : err(invalidRequestRedirect(INVALID_CLAIMS));
}
