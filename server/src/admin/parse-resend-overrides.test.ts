import { describe, expect, it } from 'vitest';
import { parseResendOverrides } from './parse-resend-overrides.js';

describe('parseResendOverrides', () => {
  it('keeps string maps and a string body', () => {
    expect(
      parseResendOverrides({ query: { a: 'b' }, headers: { accept: 'x' }, body: 'c=d' }, undefined),
    ).toEqual({ query: { a: 'b' }, headers: { accept: 'x' }, body: 'c=d' });
    expect(parseResendOverrides({}, undefined)).toEqual({});
  });

  it('refuses the admin token as a bearer, but not another bearer token', () => {
    expect(parseResendOverrides({ headers: { Authorization: 'Bearer s3cret' } }, 's3cret')).toMatch(
      /admin token/,
    );
    expect(parseResendOverrides({ headers: { Authorization: 'Bearer other' } }, 's3cret')).toEqual({
      headers: { Authorization: 'Bearer other' },
    });
  });

  it.each([
    [{ query: 1 }, /query must be an object/],
    [{ headers: null }, /headers must be an object/],
    [{ headers: { Host: 'x' } }, /Host is set by the simulator/],
    [{ headers: { 'x-simulator-resend-of': 'x' } }, /set by the simulator/],
    [{ body: [] }, /body must be a string/],
  ])('refuses %j', (body, message) => {
    expect(parseResendOverrides(body, undefined)).toMatch(message);
  });
});
