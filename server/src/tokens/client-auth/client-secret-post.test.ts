import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { argon2id } from '@noble/hashes/argon2.js';
import { defaultConfig } from '../../config/defaults.js';
import { authenticateClientSecretPost } from './client-secret-post.js';
import { createSecretVerifier } from './create-secret-verifier.js';
import {
  ARGON2_LIMITS,
  parseArgon2idHash,
  type Argon2idHash,
} from '../../config/parse-argon2id-hash.js';

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');
function phc(secret: string, { m = 256, t = 1, p = 1, dkLen = 32 } = {}) {
  const salt = randomBytes(16);
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(argon2id(secret, salt, { m, t, p, dkLen }))}`;
}
const parsed = (text: string): Argon2idHash => {
  const r = parseArgon2idHash(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

const verifier = createSecretVerifier();
afterAll(() => verifier.close());

describe('parseArgon2idHash', () => {
  it('reads the parameters, salt and hash', () => {
    const r = parseArgon2idHash('$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g');
    expect(r.ok && { m: r.value.m, t: r.value.t, p: r.value.p }).toEqual({ m: 65536, t: 3, p: 4 });
  });

  it.each([
    ['$argon2id$v=19$m=65536,t=4,p=8$c2FsdHNhbHQ$aGFzaGhhc2g', 'the largest accepted'],
    ['$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', 'OWASP'],
    ['$argon2id$v=19$m=7168,t=5,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', 'OWASP, more passes'],
  ])('accepts %s (%s)', (text) => {
    expect(parseArgon2idHash(text).ok).toBe(true);
  });

  it.each([
    ['$argon2id$v=19$m=262144,t=20,p=16$c2FsdHNhbHQ$aGFzaGhhc2g', /m=262144 costs more memory/],
    ['$argon2id$v=19$m=65537,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', /65536 KiB \(64 MiB\)/],
    ['$argon2id$v=19$m=1024,t=11,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', /t=11 is more passes/],
    ['$argon2id$v=19$m=1024,t=1,p=9$c2FsdHNhbHQ$aGFzaGhhc2g', /p=9 is more lanes/],
    ['$argon2id$v=19$m=65536,t=5,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', /m × t = 327680 is more work/],
    ['$argon2id$v=19$m=8,t=1,p=2$c2FsdHNhbHQ$aGFzaGhhc2g', /at least 8 × p/],
    ['$argon2id$v=19$m=256,t=0,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', /at least 1/],
    ['$argon2id$v=19$m=256,t=1,p=1$c2FsdA$aGFzaGhhc2g', /salt must be at least 8 bytes/],
    ['$argon2id$v=19$m=256,t=1,p=1$c2FsdHNhbHQ$aGE', /hash must be 4 to 1024 bytes/],
    ['$argon2i$v=19$m=256,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', /Argon2id PHC string/],
    ['$argon2id$v=19$m=99999999999,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', /Argon2id PHC string/],
  ])('refuses %s', (text, message) => {
    const r = parseArgon2idHash(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it.each<[unknown]>([[null], [1], [{}], [[]], [{ toString: 'x' }]])(
    'refuses %j: must be a string',
    (v) => {
      expect(parseArgon2idHash(v)).toEqual({ ok: false, error: 'must be a string' });
    },
  );
});

describe('createSecretVerifier', () => {
  it('still checks secrets, on the event loop in 10 ms slices, where no worker can start', async () => {
    const noWorker = createSecretVerifier({
      workerEntry: () => ({ url: new URL('./no-such-worker.js', import.meta.url), execArgv: [] }),
    });
    try {
      const hash = parsed(phc('s3cret', { m: 1024, t: 2 }));
      expect(await noWorker.verify(hash, 's3cret')).toBe('match');
      expect(await noWorker.verify(hash, 'other')).toBe('mismatch');
      expect(await noWorker.verify(parsed(phc('pw', { m: 512, dkLen: 16 })), 'pw')).toBe('match');
    } finally {
      noWorker.close();
    }
  });

  it('accepts the right secret and refuses others', async () => {
    const hash = parsed(phc('s3cret'));
    expect(await verifier.verify(hash, 's3cret')).toBe('match');
    expect(await verifier.verify(hash, 's3cret ')).toBe('mismatch');
    expect(await verifier.verify(hash, '')).toBe('mismatch');
  });

  it('honours the hash length and parameters of the PHC string', async () => {
    expect(await verifier.verify(parsed(phc('pw', { m: 512, t: 2, p: 2, dkLen: 16 })), 'pw')).toBe(
      'match',
    );
  });

  it('accepts padded base64 in the PHC string', async () => {
    const salt = randomBytes(16);
    const out = argon2id('pw', salt, { m: 256, t: 1, p: 1, dkLen: 32 });
    const padded = `$argon2id$v=19$m=256,t=1,p=1$${Buffer.from(salt).toString('base64')}$${Buffer.from(out).toString('base64')}`;
    expect(await verifier.verify(parsed(padded), 'pw')).toBe('match');
  });

  it('answers busy beyond its queue, and serves again once the queue drains', async () => {
    const small = createSecretVerifier({ maxPending: 2 });
    try {
      const hash = parsed(phc('pw', { m: 8192, t: 2 }));
      const checks = ['a', 'b', 'c', 'd'].map((s) => small.verify(hash, s));
      expect(small.pending).toBe(2);
      expect(await Promise.all(checks)).toEqual(['mismatch', 'mismatch', 'busy', 'busy']);
      expect(await small.verify(hash, 'pw')).toBe('match');
    } finally {
      small.close();
    }
  });

  it('stops a check that overruns its time and keeps working', async () => {
    const impatient = createSecretVerifier({ timeoutMs: 400 });
    try {
      const costly = parsed(phc('pw', { m: 65536, t: 4 }));
      expect(await impatient.verify(costly, 'pw')).toBe('busy');
      // A fresh worker answers the next check.
      expect(await impatient.verify(parsed(phc('pw')), 'pw')).toBe('match');
    } finally {
      impatient.close();
    }
  });

  it(`hashes at the largest accepted cost without blocking the event loop for 50 ms`, async () => {
    const { maxMemoryKiB: m } = ARGON2_LIMITS;
    const salt = randomBytes(16);
    const hash: Argon2idHash = { m, t: 4, p: 1, salt, hash: randomBytes(32) };
    await verifier.verify(parsed(phc('warm-up')), 'warm-up'); // the worker is started
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const started = performance.now();
    expect(await verifier.verify(hash, 'pw')).toBe('mismatch');
    const elapsed = performance.now() - started;
    histogram.disable();
    // The hash took a long time, and the event loop never waited for it. On a machine with more
    // runnable threads than cores the loop also waits for the CPU, whatever runs on it: the bound
    // is then "far less than the hash".
    expect(elapsed).toBeGreaterThan(200);
    const oversubscribed = loadavg()[0]! / availableParallelism() > 1.5;
    expect(histogram.max / 1e6).toBeLessThan(oversubscribed ? elapsed / 10 : 50);
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

  it('authenticates', async () => {
    expect(await authenticateClientSecretPost(base.clientId, 'right', client, verifier)).toEqual({
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
    [
      'a hash beyond the limits (never computed)',
      base.clientId,
      'right',
      { ...client, client_secret_hash: '$argon2id$v=19$m=999999,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g' },
      'Invalid client secret',
    ],
  ])('%s → invalid_client', async (_name, clientId, secret, c, description) => {
    const r = await authenticateClientSecretPost(clientId, secret, c, verifier);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid_client');
      expect(r.error.status).toBe(400);
      expect(r.error.description).toBe(description);
    }
  });

  it('a full queue → temporarily_unavailable (503)', async () => {
    const none = createSecretVerifier({ maxPending: 0 });
    const r = await authenticateClientSecretPost(base.clientId, 'fresh', client, none);
    expect(r.ok ? null : [r.error.code, r.error.status]).toEqual(['temporarily_unavailable', 503]);
    none.close();
  });
});
