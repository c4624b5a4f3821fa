import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { argon2id } from '@noble/hashes/argon2.js';
import { computeArgon2id } from './compute-argon2id.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('computeArgon2id', () => {
  it('matches the RFC 9106 test vector for Argon2id', () => {
    // RFC 9106 section 5.3 uses a secret and associated data; @noble/hashes gives the reference
    // for the plain form used by PHC strings, checked here on the same parameters.
    const password = new Uint8Array(32).fill(1);
    const salt = new Uint8Array(16).fill(2);
    expect(hex(computeArgon2id(password, salt, 32, 3, 4, 32))).toBe(
      hex(argon2id(password, salt, { m: 32, t: 3, p: 4, dkLen: 32 })),
    );
  });

  it('matches @noble/hashes for any small parameters', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 70 }),
        fc.uint8Array({ minLength: 8, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 64 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 4, max: 100 }),
        (password, salt, p, extra, t, dkLen) => {
          const m = 8 * p + extra;
          expect(hex(computeArgon2id(password, salt, m, t, p, dkLen))).toBe(
            hex(argon2id(password, salt, { m, t, p, dkLen })),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('matches @noble/hashes on a cost real deployments use (19 MiB, t=2)', () => {
    const password = new TextEncoder().encode('correct horse battery staple');
    const salt = new TextEncoder().encode('saltsaltsaltsalt');
    expect(hex(computeArgon2id(password, salt, 19456, 2, 1, 32))).toBe(
      hex(argon2id(password, salt, { m: 19456, t: 2, p: 1, dkLen: 32 })),
    );
  });

  it('runs from its own source text, as the worker does', () => {
    const rebuilt = new Function(
      `return (${computeArgon2id.toString()})`,
    )() as typeof computeArgon2id;
    const salt = new Uint8Array(8).fill(7);
    expect(hex(rebuilt(new Uint8Array([1, 2, 3]), salt, 64, 1, 2, 16))).toBe(
      hex(argon2id(new Uint8Array([1, 2, 3]), salt, { m: 64, t: 1, p: 2, dkLen: 16 })),
    );
  });
});
