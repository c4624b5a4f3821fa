import { describe, expect, it } from 'vitest';
import { UnsecuredJWT, base64url } from 'jose';
import { decodeToken } from './decode-token.js';

describe('decodeToken', () => {
  it('reads the header and claims of a JWT', () => {
    const token = new UnsecuredJWT({ sub: 'me' }).encode();
    const decoded = decodeToken(token);
    expect(decoded).toMatchObject({ ok: true, header: { alg: 'none' }, claims: { sub: 'me' } });
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['abc', /3 base64url parts.*has 1/],
    ['a.b.c.d.e', /encrypted JWT/],
    ['!!!.e30.sig', /header/],
    [`${base64url.encode('{"alg":"ES256"}')}.bm90IGpzb24.sig`, /payload/],
    [`${base64url.encode('{"alg":"ES256"}')}.${base64url.encode('[1,2]')}.sig`, /payload/],
  ])('%j is not a JWT', (value, reason) => {
    const decoded = decodeToken(value);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason).toMatch(reason);
  });

  it('keeps the header when only the payload is broken', () => {
    const decoded = decodeToken(`${base64url.encode('{"alg":"ES256"}')}.bm90IGpzb24.sig`);
    expect(decoded.header).toEqual({ alg: 'ES256' });
  });
});
