import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { err, ok, type Result } from '../../shared/result.js';

/** The members of a client assertion the simulator reads, each of the type it expects. */
export interface ClientAssertionParts {
  header: { alg?: string; kid?: string; typ?: string };
  claims: JWTPayload & { iss?: string; sub?: string; jti?: string; aud?: string | string[] };
}

/** Why a client assertion could not be read: its shape, or a member of the wrong type. */
export type ClientAssertionProblem =
  | { kind: 'shape'; cause: string }
  | { kind: 'header'; member: string }
  | { kind: 'claim'; member: string };

const isText = (v: unknown): v is string => typeof v === 'string';
const absentOr = (v: unknown, test: (v: unknown) => boolean) => v === undefined || test(v);

/**
 * Decodes a client assertion without verifying it and checks the types of the members read
 * before verification: alg, kid and typ in the header; iss, sub, jti (text) and aud (text or a
 * list of text) in the claims. Time claims are judged by the caller.
 */
export function parseClientAssertion(
  compact: string,
): Result<ClientAssertionParts, ClientAssertionProblem> {
  const parts = compact.split('.');
  if (parts.length !== 3 || parts[2] === '')
    return err({ kind: 'shape', cause: 'not a signed JWT' });
  let header: Record<string, unknown>;
  let claims: JWTPayload;
  try {
    header = decodeProtectedHeader(compact) as Record<string, unknown>;
    claims = decodeJwt(compact);
  } catch {
    return err({ kind: 'shape', cause: 'header or payload is not JSON' });
  }
  for (const member of ['alg', 'kid', 'typ'])
    if (!absentOr(header[member], isText)) return err({ kind: 'header', member });
  for (const member of ['iss', 'sub', 'jti'])
    if (!absentOr(claims[member], isText)) return err({ kind: 'claim', member });
  const aud = claims.aud;
  if (!absentOr(aud, (v) => isText(v) || (Array.isArray(v) && v.every(isText))))
    return err({ kind: 'claim', member: 'aud' });
  return ok({
    header: header as ClientAssertionParts['header'],
    claims: claims as ClientAssertionParts['claims'],
  });
}
