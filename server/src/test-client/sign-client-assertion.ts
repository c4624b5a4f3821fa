import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { DEFAULT_CLIENT_PRIVATE_KEY_PEM } from './default-client-key.js';

/** How long the built-in client's assertions live (the provider allows up to ten minutes). */
export const ASSERTION_LIFETIME_SECONDS = 300;

let defaultKey: KeyObject | undefined;
/** The default client's private key, read once. */
export function defaultClientPrivateKey(): KeyObject {
  defaultKey ??= createPrivateKey(DEFAULT_CLIENT_PRIVATE_KEY_PEM);
  return defaultKey;
}

export interface ClientAssertionInput {
  clientId: string;
  /** The token endpoint, as the discovery document names it (the assertion's aud). */
  audience: string;
  key: KeyObject;
  alg: 'RS256' | 'ES256';
  kid?: string;
  /** Seconds since the epoch. */
  now: number;
  lifetimeSeconds?: number;
}

/** A private_key_jwt client assertion as a careful client signs it: fresh jti, short life. */
export function signClientAssertion(input: ClientAssertionInput): Promise<string> {
  const claims: JWTPayload = {
    iss: input.clientId,
    sub: input.clientId,
    aud: input.audience,
    iat: input.now,
    exp: input.now + (input.lifetimeSeconds ?? ASSERTION_LIFETIME_SECONDS),
    jti: randomUUID(),
  };
  return new SignJWT(claims)
    .setProtectedHeader(input.kid ? { alg: input.alg, kid: input.kid } : { alg: input.alg })
    .sign(input.key);
}
