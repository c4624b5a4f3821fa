import { createHash } from 'node:crypto';

/** The store key of an access token: a SHA-256 digest, so the store holds 43 characters a token. */
export function accessTokenKey(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest('base64url');
}
