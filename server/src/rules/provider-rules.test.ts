import { describe, expect, it } from 'vitest';
import {
  acceptedAssertionAudiences,
  assertionLifetimeFinding,
  RECOMMENDED_ASSERTION_LIFETIME_SECONDS,
  reusedSignInValueFinding,
} from './provider-rules.js';

describe('reusedSignInValueFinding', () => {
  it('a reused nonce is a violation, a reused state a warning', () => {
    expect(
      reusedSignInValueFinding('nonce', '/authorize #5 reuses the nonce of /authorize #1'),
    ).toEqual({
      level: 'violation',
      rule: 'nonce-reused',
      message:
        '/authorize #5 reuses the nonce of /authorize #1: each sign-in must send a fresh nonce',
    });
    expect(reusedSignInValueFinding('state', 'x')).toMatchObject({
      level: 'warning',
      rule: 'state-reused',
    });
  });
});

describe('acceptedAssertionAudiences', () => {
  it('is the token endpoint and the issuer', () => {
    expect(
      acceptedAssertionAudiences('http://localhost:3000/', 'http://localhost:3000/token'),
    ).toEqual(['http://localhost:3000/token', 'http://localhost:3000/']);
  });
});

describe('assertionLifetimeFinding', () => {
  const now = 1_800_000_000;

  it('warns, in words, about an hour-long assertion measured from iat', () => {
    expect(assertionLifetimeFinding({ iat: now - 10, exp: now - 10 + 3600 }, now)).toEqual({
      level: 'warning',
      rule: 'assertion-lifetime',
      message: 'this assertion lives 3600 s; the provider recommends 300 s',
    });
  });

  it('says nothing at or under the recommendation', () => {
    expect(RECOMMENDED_ASSERTION_LIFETIME_SECONDS).toBe(300);
    expect(assertionLifetimeFinding({ iat: now, exp: now + 300 }, now)).toBeNull();
    expect(assertionLifetimeFinding({ iat: now, exp: now + 60 }, now)).toBeNull();
    expect(assertionLifetimeFinding({ iat: now, exp: now + 301 }, now)?.level).toBe('warning');
  });

  it('measures from now when iat is absent or not a number', () => {
    expect(assertionLifetimeFinding({ exp: now + 900 }, now)?.message).toBe(
      'this assertion lives 900 s; the provider recommends 300 s',
    );
    for (const iat of ['1', null, {}, [], Number.NaN]) {
      expect(assertionLifetimeFinding({ iat, exp: now + 900 }, now)?.message).toContain('900 s');
      expect(assertionLifetimeFinding({ iat, exp: now + 200 }, now)).toBeNull();
    }
  });

  it('says nothing when exp is missing or not a number', () => {
    for (const exp of [undefined, '9999999999', null, {}, [now + 3600], Number.POSITIVE_INFINITY])
      expect(assertionLifetimeFinding({ iat: now, exp }, now)).toBeNull();
  });
});
