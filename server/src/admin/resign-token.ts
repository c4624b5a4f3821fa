import { generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { SignJWT, type JWTPayload } from 'jose';
import type { ResignedToken } from './admin-api-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import { decodeToken } from '../analysis/decode-token.js';
import { coreIdentitySigningKey, idTokenSigningKey, type KeyMaterial } from '../keys/key-store.js';
import { didId } from '../keys/did-document.js';

export const RESIGN_KEYS = ['simulator', 'wrong'] as const;
export type ResignKey = (typeof RESIGN_KEYS)[number];

const generate = promisify(generateKeyPair);
const wrongKeys = new Map<'ES256' | 'RS256', Promise<KeyObject>>();
/** A key the simulator never publishes, made once per process, for deliberately bad signatures. */
function wrongKey(alg: 'ES256' | 'RS256'): Promise<KeyObject> {
  let key = wrongKeys.get(alg);
  if (!key) {
    key = (
      alg === 'ES256'
        ? generate('ec', { namedCurve: 'P-256' })
        : generate('rsa', { modulusLength: 2048, publicExponent: 0x10001 })
    ).then((pair) => pair.privateKey);
    wrongKeys.set(alg, key);
  }
  return key;
}

/**
 * Signs a pasted token's claims (edited or not) again, to hand-craft a case: with the key the
 * simulator signs that kind of token with (the core identity key when the header's kid is a DID
 * URL, else the ID token key for the alg), or with a key it never publishes under the same kid,
 * so the token looks right but fails verification.
 */
export async function resignToken(
  input: { token: string; claims?: Record<string, unknown>; key: ResignKey },
  env: { keys: KeyMaterial; config: Readonly<SimulatorConfig> },
): Promise<Result<ResignedToken, string>> {
  const decoded = decodeToken(input.token);
  if (!decoded.ok) return err(`token: ${decoded.reason}`);
  const { header } = decoded;
  const claims = input.claims ?? decoded.claims;
  const coreIdentity = typeof header.kid === 'string' && header.kid.startsWith('did:');
  const alg: 'ES256' | 'RS256' = coreIdentity
    ? 'ES256'
    : header.alg === 'ES256' || header.alg === 'RS256'
      ? header.alg
      : env.config.clientConfiguration.idTokenSigningAlgorithm;
  const own = coreIdentity
    ? coreIdentitySigningKey(env.keys, env.config)
    : idTokenSigningKey(env.keys, env.config, alg);
  const kid = coreIdentity ? `${didId(env.config.simulatorUrl)}#${own.kid}` : own.kid;
  const signingKey = input.key === 'simulator' ? own.privateKey : await wrongKey(alg);
  const token = await new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ ...header, alg, kid })
    .sign(signingKey);
  const what = coreIdentity ? 'core identity key' : `${alg} ID token key`;
  return ok({
    token,
    signedWith:
      input.key === 'simulator'
        ? `the simulator's ${what} (kid ${kid})`
        : `a key the simulator never publishes, under the kid of its ${what} (${kid}): verification must fail`,
  });
}
