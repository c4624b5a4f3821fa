import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { argon2id } from '@noble/hashes/argon2.js';
import { defaultConfig } from '../../config/defaults.js';
import { authenticateClientSecretPost, verifyArgon2id } from './client-secret-post.js';

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');
function phc(secret: string, { m = 256, t = 1, p = 1, dkLen = 32 } = {}) {
  const salt = randomBytes(16);
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(argon2id(secret, salt, { m, t, p, dkLen }))}`;
}

describe('verifyArgon2id', () => {
  it('accepts the right secret and refuses others', () => {
    const hash = phc('s3cret');
    expect(verifyArgon2id(hash, 's3cret')).toBe(true);
    expect(verifyArgon2id(hash, 's3cret ')).toBe(false);
    expect(verifyArgon2id(hash, '')).toBe(false);
  });

  it('honours the hash length and parameters of the PHC string', () => {
    const hash = phc('pw', { m: 512, t: 2, p: 2, dkLen: 16 });
    expect(verifyArgon2id(hash, 'pw')).toBe(true);
  });

  it('accepts padded base64 in the PHC string', () => {
    const salt = randomBytes(16);
    const out = argon2id('pw', salt, { m: 256, t: 1, p: 1, dkLen: 32 });
    const padded = `$argon2id$v=19$m=256,t=1,p=1$${Buffer.from(salt).toString('base64')}$${Buffer.from(out).toString('base64')}`;
    expect(verifyArgon2id(padded, 'pw')).toBe(true);
  });

  it.each([
    'not a hash',
    '$argon2i$v=19$m=256,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    '$argon2id$v=19$m=999999999,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    '$argon2id$v=19$m=256,t=99,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    '$argon2id$v=19$m=256,t=1,p=99$c2FsdHNhbHQ$aGFzaGhhc2g',
    '$argon2id$v=19$m=256,t=1,p=1$c2FsdHNhbHQ$aGE',
  ])('refuses, without computing, %s', (hash) => {
    expect(verifyArgon2id(hash, 'pw')).toBe(false);
  });
});

describe('authenticateClientSecretPost', () => {
  const base = defaultConfig().clientConfiguration;
  const hash = phc('right');
  const client = {
    ...base,
    token_auth_method: 'client_secret_post' as const,
    client_secret_hash: hash,
  };

  it('authenticates', () => {
    expect(authenticateClientSecretPost(base.clientId, 'right', client)).toEqual({
      ok: true,
      value: { clientId: base.clientId },
    });
  });

  it.each([
    ['another client', 'other', 'right', client, 'Client authentication failed'],
    [
      'method private_key_jwt',
      base.clientId,
      'right',
      base,
      'Client is not registered to use client_secret_post',
    ],
    [
      'no hash',
      base.clientId,
      'right',
      { ...client, client_secret_hash: undefined },
      'No client secret registered',
    ],
    ['wrong secret', base.clientId, 'wrong', client, 'Invalid client secret'],
  ])('%s → invalid_client', (_name, clientId, secret, c, description) => {
    const r = authenticateClientSecretPost(clientId, secret, c);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid_client');
      expect(r.error.status).toBe(400);
      expect(r.error.description).toBe(description);
    }
  });
});
