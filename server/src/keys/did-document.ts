import type { KeyFlags, KeyMaterial } from './key-store.js';
import { publishedCoreIdentityKeys } from './key-store.js';

/** did:web identifier of the simulator's identity host: host[:port], ':' written as %3A. */
export function didId(simulatorUrl: string): string {
  const url = new URL(simulatorUrl);
  return `did:web:${url.host.replace(/:/g, '%3A')}`;
}

export interface DidDocument {
  '@context': string[];
  id: string;
  assertionMethod: {
    type: 'JsonWebKey';
    id: string;
    controller: string;
    publicKeyJwk: Record<string, unknown>;
  }[];
}

export function buildDidDocument(
  simulatorUrl: string,
  keys: KeyMaterial,
  flags: KeyFlags,
): DidDocument {
  const id = didId(simulatorUrl);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
    id,
    assertionMethod: publishedCoreIdentityKeys(keys, flags).map((k) => ({
      type: 'JsonWebKey',
      id: `${id}#${k.kid}`,
      controller: id,
      publicKeyJwk: { kty: 'EC', crv: 'P-256', x: k.publicJwk.x, y: k.publicJwk.y, alg: 'ES256' },
    })),
  };
}
