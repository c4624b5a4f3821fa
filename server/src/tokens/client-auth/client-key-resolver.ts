import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet } from 'jose';
import type { ClientConfiguration } from '../../config/config-types.js';
import { normalisePem } from '../../config/field-rules.js';

export type KeyGetter = ReturnType<typeof createRemoteJWKSet>;

/**
 * Finds the key that verifies what the client signed (client assertions, request objects): the
 * configured PEM, or a key from the configured JWKS URL chosen by kid. Parsed keys and remote key
 * sets are cached, so nothing is parsed or fetched per request.
 */
export interface ClientKeyResolver {
  keyFor(client: ClientConfiguration): KeyObject | KeyGetter;
}

export function createClientKeyResolver(): ClientKeyResolver {
  let pemCache: { pem: string; key: KeyObject } | undefined;
  let jwksCache: { url: string; getter: KeyGetter } | undefined;
  return {
    keyFor(client) {
      if (client.publicKeySource === 'JWKS' && client.jwksUrl) {
        if (jwksCache?.url !== client.jwksUrl) {
          const remote = createRemoteJWKSet(new URL(client.jwksUrl), {
            timeoutDuration: 5000,
            cooldownDuration: 5000,
            cacheMaxAge: 10 * 60 * 1000,
          });
          jwksCache = { url: client.jwksUrl, getter: remote };
        }
        return jwksCache.getter;
      }
      if (pemCache?.pem !== client.publicKey) {
        pemCache = { pem: client.publicKey, key: createPublicKey(normalisePem(client.publicKey)) };
      }
      return pemCache.key;
    },
  };
}
