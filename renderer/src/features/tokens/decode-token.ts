import { decodeJwt, decodeProtectedHeader } from 'jose';

export interface DecodedToken {
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  /** Why it could not be decoded, when it could not. */
  problem?: string;
}

/**
 * Reads a compact JWT's header and claims without verifying anything (jose does the base64url
 * and JSON work). Verification is the simulator's job: its analysis carries the checks.
 */
export function decodeToken(compact: string): DecodedToken {
  const token = compact.trim();
  let header: Record<string, unknown> | null = null;
  let claims: Record<string, unknown> | null = null;
  const problems: string[] = [];
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>;
  } catch {
    problems.push('the header is not base64url JSON');
  }
  try {
    claims = decodeJwt(token) as Record<string, unknown>;
  } catch {
    if (token.split('.').length === 5) problems.push('it is encrypted (JWE)');
    else if (token.split('.').length !== 3)
      problems.push('it does not have three dot-separated parts');
    else problems.push('the payload is not a JSON object');
  }
  return problems.length === 0
    ? { header, claims }
    : { header, claims, problem: `Not a readable JWT: ${problems.join('; ')}.` };
}

/** The three parts of a compact JWT, for colouring. */
export function splitCompact(
  compact: string,
): { header: string; payload: string; signature: string } | null {
  const parts = compact.trim().split('.');
  if (parts.length !== 3) return null;
  const [header = '', payload = '', signature = ''] = parts;
  return { header, payload, signature };
}
