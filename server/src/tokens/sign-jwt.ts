import jws from 'jws';
import type { JWTPayload } from 'jose';
import type { SigningKey } from '../keys/key-store.js';

/**
 * Signs claims (in the given order) with a simulator key; the header is exactly the members
 * given, in their order ({alg, kid} unless told otherwise). jws signs with the key object through
 * node:crypto in one synchronous call: a fifth of the CPU of WebCrypto's asynchronous job (a
 * thread-pool round trip for every signature), which jose 6 uses, and three signatures are made
 * for every sign-in.
 */
export function signJwt(
  claims: JWTPayload,
  key: SigningKey,
  header: Readonly<Record<string, string>> = { alg: key.alg, kid: key.kid },
): string {
  return jws.sign({ header: header as jws.Header, payload: claims, privateKey: key.privateKey });
}
