import { createHash } from 'node:crypto';
import { base64url } from 'jose';

/** OIDC at_hash for ES256/RS256: left half of SHA-256 of the access token, base64url. */
export function atHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken, 'ascii').digest();
  return base64url.encode(digest.subarray(0, 16));
}
