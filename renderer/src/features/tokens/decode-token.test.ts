import { describe, expect, it } from 'vitest';
import { decodeToken, splitCompact } from './decode-token.js';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const jwt = `${b64({ alg: 'ES256', kid: 'k1' })}.${b64({ sub: 'u', exp: 1 })}.c2ln`;

describe('decodeToken', () => {
  it('reads header and claims without verifying', () => {
    expect(decodeToken(` ${jwt}\n`)).toEqual({
      header: { alg: 'ES256', kid: 'k1' },
      claims: { sub: 'u', exp: 1 },
    });
  });

  it.each([
    ['', /three dot-separated parts|header/],
    ['abc', /three dot-separated parts/],
    [`${b64({ alg: 'none' })}.bm90IGpzb24.x`, /payload is not a JSON object/],
    ['a.b.c.d.e', /encrypted/],
  ])('explains why %j cannot be read', (input, message) => {
    const decoded = decodeToken(input);
    expect(decoded.problem).toMatch(message);
  });

  it('splits a compact token into its three parts', () => {
    expect(splitCompact('a.b.c')).toEqual({ header: 'a', payload: 'b', signature: 'c' });
    expect(splitCompact('a.b')).toBeNull();
  });
});
