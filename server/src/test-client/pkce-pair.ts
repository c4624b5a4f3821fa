import { createHash, randomBytes } from 'node:crypto';
import { base64url } from 'jose';

/** A code_verifier and its S256 code_challenge (RFC 7636), as a careful client sends. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url.encode(randomBytes(32));
  return { verifier, challenge: base64url.encode(createHash('sha256').update(verifier).digest()) };
}
