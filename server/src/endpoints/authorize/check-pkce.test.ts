import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import { checkPkce, PKCE_MESSAGES } from './check-pkce.js';

const loose = defaultConfig().clientConfiguration;
const strict = { ...loose, pkceEnforced: true };
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const refusedWith = (r: ReturnType<typeof checkPkce>, description: string) => {
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe('invalid_request');
    expect(r.error.description).toBe(description);
    expect(r.error.redirectable).toBe(true);
  }
};

describe('checkPkce', () => {
  it('not enforced, nothing sent → nothing stored', () => {
    expect(checkPkce(undefined, undefined, loose)).toEqual({ ok: true, value: {} });
    expect(checkPkce(undefined, 'S256', loose)).toEqual({ ok: true, value: {} });
  });

  it('a valid S256 challenge is kept, enforced or not', () => {
    for (const client of [loose, strict])
      expect(checkPkce(CHALLENGE, 'S256', client)).toEqual({
        ok: true,
        value: { codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' },
      });
  });

  it('enforced: a challenge is required', () => {
    refusedWith(checkPkce(undefined, undefined, strict), PKCE_MESSAGES.challenge);
    refusedWith(checkPkce(null, 'S256', strict), PKCE_MESSAGES.challenge);
  });

  it.each([
    '',
    'short',
    'x'.repeat(42),
    'x'.repeat(129),
    `${'a'.repeat(43)} `,
    `${'a'.repeat(43)}=`,
    42,
  ])('a malformed challenge %j is refused', (challenge) => {
    refusedWith(checkPkce(challenge, 'S256', loose), PKCE_MESSAGES.challenge);
  });

  it('43 and 128 characters of the unreserved set are fine', () => {
    expect(checkPkce('a'.repeat(43), 'S256', loose).ok).toBe(true);
    expect(checkPkce('-._~'.repeat(32), 'S256', loose).ok).toBe(true);
  });

  it.each([undefined, null, ''])('a challenge without a method (%j) is refused', (method) => {
    refusedWith(checkPkce(CHALLENGE, method, loose), PKCE_MESSAGES.missingMethod);
    refusedWith(checkPkce(CHALLENGE, method, strict), PKCE_MESSAGES.missingMethod);
  });

  it.each(['plain', 's256', 'S384', 5])('method %j is refused', (method) => {
    refusedWith(checkPkce(CHALLENGE, method, loose), PKCE_MESSAGES.method);
  });
});
