import type { KeyFlags, KeyMaterial } from './key-store.js';
import { publishedIdTokenKeys } from './key-store.js';

export interface Jwks {
  keys: Record<string, unknown>[];
}

/** The ID token key set: each key with kty, use, kid, alg and its public members. */
export function buildJwks(keys: KeyMaterial, flags: KeyFlags): Jwks {
  return {
    keys: publishedIdTokenKeys(keys, flags).map((k) => ({
      ...k.publicJwk,
      use: 'sig',
      kid: k.kid,
      alg: k.alg,
    })),
  };
}
