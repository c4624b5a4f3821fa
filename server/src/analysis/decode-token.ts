import { decodeJwt, decodeProtectedHeader } from 'jose';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../rules/json-depth.js';

/** Longer tokens are not read: no token the simulator deals in comes near this. */
export const MAX_TOKEN_CHARS = 64 * 1024;

export type DecodedToken =
  | { ok: true; header: Record<string, unknown>; claims: Record<string, unknown> }
  | { ok: false; header: Record<string, unknown> | null; reason: string };

/**
 * Reads a compact JWT's header and claims without checking anything. Anything that is not a
 * signed JWT comes back as a reason a tester can read, never as an exception.
 */
export function decodeToken(compact: string): DecodedToken {
  if (typeof compact !== 'string' || compact.trim() === '') {
    return { ok: false, header: null, reason: 'Not a JWT: the value is empty.' };
  }
  if (compact.length > MAX_TOKEN_CHARS) {
    return {
      ok: false,
      header: null,
      reason: `Not read: the value is longer than ${MAX_TOKEN_CHARS} characters.`,
    };
  }
  const parts = compact.trim().split('.');
  if (parts.length === 5) {
    return {
      ok: false,
      header: null,
      reason:
        'Not a signed JWT: it has 5 parts, as an encrypted JWT (JWE) has. Only signed JWTs are read.',
    };
  }
  if (parts.length !== 3) {
    return {
      ok: false,
      header: null,
      reason: `Not a JWT: a JWT has 3 base64url parts separated by dots; this value has ${parts.length}.`,
    };
  }
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(compact.trim()) as Record<string, unknown>;
    if (jsonDeeperThan(header, MAX_JSON_DEPTH)) throw new Error('too deep');
  } catch {
    return {
      ok: false,
      header: null,
      reason: 'Not a JWT: the first part (the header) is not base64url-encoded JSON.',
    };
  }
  try {
    const claims = decodeJwt(compact.trim()) as Record<string, unknown>;
    if (jsonDeeperThan(claims, MAX_JSON_DEPTH))
      return {
        ok: false,
        header,
        reason: `Not read: the payload nests more than ${MAX_JSON_DEPTH} levels deep.`,
      };
    return { ok: true, header, claims };
  } catch {
    return {
      ok: false,
      header,
      reason: 'Not a JWT: the second part (the payload) is not a base64url-encoded JSON object.',
    };
  }
}
