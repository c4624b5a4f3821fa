import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  DRIVE_FIELD_FLAG,
  inWindowWords,
  instructionFor,
  unreachableIn,
} from '../src/features/rp-check/rp-check-format.js';

describe('the check in the window’s words', () => {
  it('knows every flag the server quotes (read from its source: the window talks HTTP only)', () => {
    const source = readFileSync(
      new URL('../../server/src/rp-check/drive/drive-settings.ts', import.meta.url),
      'utf8',
    );
    const block = source.slice(source.indexOf('DRIVE_FLAGS'));
    const flags = Object.fromEntries(
      [...block.slice(0, block.indexOf('};')).matchAll(/(\w+): '(--drive-[a-z-]+)'/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(Object.keys(flags)).toHaveLength(7);
    expect(DRIVE_FIELD_FLAG).toEqual(flags);
  });

  it('names the field on screen instead of the flag (and the plan file key beside it)', () => {
    expect(
      inWindowWords(
        'Not judged: the step asks for identity and no identity sign-in address was given (--drive-identity-sign-in, or identitySignIn in the plan\'s "service" section).',
      ),
    ).toBe(
      'Not judged: the step asks for identity and no identity sign-in address was given (“Identity sign-in address” under Drive my service for me).',
    );
    expect(inWindowWords('without --drive-reauthenticate, login_required is not judged')).toBe(
      'without “Re-authentication address”, login_required is not judged',
    );
    // Anything else is left as it is.
    expect(inWindowWords('(--drive-something-new) and --verbose')).toBe(
      '(--drive-something-new) and --verbose',
    );
  });

  it('says what the check does in drive mode, never "Sign in on your service now"', () => {
    const text = 'Sign in on your service now (authentication only, no identity).';
    expect(instructionFor(text, false)).toBe(text);
    expect(instructionFor(text, true)).toBe(
      'The check does this for you: sign in on your service (authentication only, no identity).',
    );
    expect(instructionFor(text, true)).not.toContain('Sign in on your service now');
  });

  it('finds where the service did not answer', () => {
    expect(
      unreachableIn([
        undefined,
        'Not judged: the check could not drive the service: the signed-in page: could not reach http://127.0.0.1:9/account (ECONNREFUSED).',
      ]),
    ).toBe('http://127.0.0.1:9/account (ECONNREFUSED)');
    expect(unreachableIn(['Failed: the ID token was accepted'])).toBeUndefined();
  });
});

describe('the service settings panel', () => {
  it('knows the default client key, and no other', async () => {
    const { isDefaultClientKey } = await import('../src/features/rp-check/ServiceSettings.js');
    const pem = readFileSync(
      new URL('../../server/keys/default-client-public-key.pem', import.meta.url),
      'utf8',
    );
    expect(isDefaultClientKey(pem)).toBe(true);
    expect(isDefaultClientKey(pem.replace(/-----[^-]+-----/g, ''))).toBe(true);
    expect(isDefaultClientKey(pem.replace('mXXR3', 'AAAAA'))).toBe(false);
    expect(isDefaultClientKey('')).toBe(false);
  });
});
