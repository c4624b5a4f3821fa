import { SignJWT, type JWTPayload } from 'jose';
import type { SigningKey } from '../keys/key-store.js';

/** Signs claims (in the given order) with a simulator key; the header is {alg, kid}. */
export function signJwt(claims: JWTPayload, key: SigningKey, kid = key.kid): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid }).sign(key.privateKey);
}
