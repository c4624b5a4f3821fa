import { randomUUID, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'jose';
import type { IdTokenSigningAlgorithm } from '../config/config-types.js';

const generate = promisify(generateKeyPair);

export interface SigningKey {
  kid: string;
  alg: 'ES256' | 'RS256';
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public JWK without kid/alg/use (each document adds its own members). */
  publicJwk: JWK;
}

export interface IdTokenKeyPair {
  ES256: SigningKey;
  RS256: SigningKey;
}

/** Every key the simulator signs with. Generated once per process (or injected by tests). */
export interface KeyMaterial {
  idToken: { primary: IdTokenKeyPair; secondary: IdTokenKeyPair };
  coreIdentity: { primary: SigningKey; secondary: SigningKey };
}

async function makeKey(alg: 'ES256' | 'RS256'): Promise<SigningKey> {
  const { privateKey, publicKey } =
    alg === 'ES256'
      ? await generate('ec', { namedCurve: 'P-256' })
      : await generate('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
  return { kid: randomUUID(), alg, privateKey, publicKey, publicJwk };
}

/** Generates fresh key material; the RSA keys take the longest, so all run in parallel. */
export async function generateKeyMaterial(): Promise<KeyMaterial> {
  const [es1, rs1, es2, rs2, ci1, ci2] = await Promise.all([
    makeKey('ES256'),
    makeKey('RS256'),
    makeKey('ES256'),
    makeKey('RS256'),
    makeKey('ES256'),
    makeKey('ES256'),
  ]);
  return {
    idToken: { primary: { ES256: es1, RS256: rs1 }, secondary: { ES256: es2, RS256: rs2 } },
    coreIdentity: { primary: ci1, secondary: ci2 },
  };
}

export interface KeyFlags {
  publishNewIdTokenKeysEnabled: boolean;
  usingNewIdTokenSigningKeys: boolean;
  publishNewCoreIdentityKeysEnabled: boolean;
  usingNewCoreIdentitySigningKeys: boolean;
  oldIdTokenKeysRetired: boolean;
  oldCoreIdentityKeysRetired: boolean;
}

/** The key that signs ID and access tokens for the configured algorithm. */
export function idTokenSigningKey(
  keys: KeyMaterial,
  flags: KeyFlags,
  alg: IdTokenSigningAlgorithm,
): SigningKey {
  return flags.usingNewIdTokenSigningKeys ? keys.idToken.secondary[alg] : keys.idToken.primary[alg];
}

/**
 * The keys published in the JWKS: the primary pair until it is retired (the third step of a
 * rotation), plus the new pair while it is published.
 */
export function publishedIdTokenKeys(keys: KeyMaterial, flags: KeyFlags): SigningKey[] {
  const out: SigningKey[] = [];
  if (!flags.oldIdTokenKeysRetired)
    out.push(keys.idToken.primary.ES256, keys.idToken.primary.RS256);
  if (flags.publishNewIdTokenKeysEnabled)
    out.push(keys.idToken.secondary.ES256, keys.idToken.secondary.RS256);
  return out;
}

export function coreIdentitySigningKey(keys: KeyMaterial, flags: KeyFlags): SigningKey {
  return flags.usingNewCoreIdentitySigningKeys
    ? keys.coreIdentity.secondary
    : keys.coreIdentity.primary;
}

export function publishedCoreIdentityKeys(keys: KeyMaterial, flags: KeyFlags): SigningKey[] {
  const out: SigningKey[] = [];
  if (!flags.oldCoreIdentityKeysRetired) out.push(keys.coreIdentity.primary);
  if (flags.publishNewCoreIdentityKeysEnabled) out.push(keys.coreIdentity.secondary);
  return out;
}
