import { createHash, timingSafeEqual } from 'node:crypto';
import { argon2id } from '@noble/hashes/argon2.js';
import type { ClientConfiguration } from '../../contract.js';
import { invalidClient, type OAuthError } from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../errors/result.js';

const PHC =
  /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)={0,2}\$([A-Za-z0-9+/]+)={0,2}$/;

/** Verified (hash, secret digest) pairs: Argon2 is slow on purpose, so each pair is checked once. */
const verified = new Map<string, boolean>();

/** Checks a secret against an Argon2id PHC string, in constant time. */
export function verifyArgon2id(hash: string, secret: string): boolean {
  const cacheKey = `${hash}|${createHash('sha256').update(secret).digest('hex')}`;
  const cached = verified.get(cacheKey);
  if (cached !== undefined) return cached;
  const m = PHC.exec(hash);
  let result = false;
  if (m) {
    const [, mem, time, par, salt, expected] = m;
    const expectedBytes = Buffer.from(expected as string, 'base64');
    const memory = Number(mem);
    // Refuse absurd cost parameters rather than freeze the simulator.
    if (
      memory <= 256 * 1024 &&
      Number(time) <= 20 &&
      Number(par) <= 16 &&
      expectedBytes.length >= 4
    ) {
      const actual = argon2id(Buffer.from(secret, 'utf8'), Buffer.from(salt as string, 'base64'), {
        m: memory,
        t: Number(time),
        p: Number(par),
        dkLen: expectedBytes.length,
      });
      result = timingSafeEqual(Buffer.from(actual), expectedBytes);
    }
  }
  if (verified.size > 1000) verified.clear();
  verified.set(cacheKey, result);
  return result;
}

/** Authenticates the client by client_id and client_secret in the form body. */
export function authenticateClientSecretPost(
  clientId: string,
  secret: string,
  client: ClientConfiguration,
): Result<{ clientId: string }, OAuthError> {
  if (clientId !== client.clientId) return err(invalidClient('Client authentication failed'));
  if (client.token_auth_method !== 'client_secret_post')
    return err(invalidClient('Client is not registered to use client_secret_post'));
  if (!client.client_secret_hash) return err(invalidClient('No client secret registered'));
  if (!verifyArgon2id(client.client_secret_hash, secret))
    return err(invalidClient('Invalid client secret'));
  return ok({ clientId });
}
