import { describe, expect, it } from 'vitest';
import { deriveOutcome, errorFromChallenge, errorFromLocation } from './derive-outcome.js';

describe('deriveOutcome', () => {
  it('a status below 400 without an error redirect is a success', () => {
    expect(deriveOutcome({ status: 200, body: { ok: true } })).toEqual({ kind: 'success' });
    expect(deriveOutcome({ status: 302, location: 'https://rp/cb?code=abc&state=s' })).toEqual({
      kind: 'success',
    });
  });

  it('a redirect with error in the query is an error', () => {
    expect(
      deriveOutcome({
        status: 302,
        location: 'https://rp/cb?error=access_denied&error_description=Access%20denied&state=s',
      }),
    ).toEqual({ kind: 'error', code: 'access_denied', description: 'Access denied' });
  });

  it('a redirect with error in the fragment is an error', () => {
    expect(
      deriveOutcome({ status: 302, location: 'https://rp/cb#error=invalid_request&state=s' }),
    ).toEqual({ kind: 'error', code: 'invalid_request', description: '' });
  });

  it('takes the JSON body error first', () => {
    expect(
      deriveOutcome({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Invalid grant' },
      }),
    ).toEqual({ kind: 'error', code: 'invalid_grant', description: 'Invalid grant' });
  });

  it('reads the WWW-Authenticate challenge', () => {
    expect(
      deriveOutcome({
        status: 401,
        wwwAuthenticate: 'Bearer error="invalid_token", error_description="Invalid access token"',
      }),
    ).toEqual({ kind: 'error', code: 'invalid_token', description: 'Invalid access token' });
  });

  it('falls back to the status', () => {
    expect(deriveOutcome({ status: 404, body: 'Cannot GET /x' })).toEqual({
      kind: 'error',
      code: 'http_404',
      description: 'Not Found',
    });
    expect(deriveOutcome({ status: 401, wwwAuthenticate: 'Bearer' })).toMatchObject({
      code: 'http_401',
    });
  });

  it('ignores bodies whose error is not a string', () => {
    expect(deriveOutcome({ status: 500, body: { error: 42 } })).toMatchObject({ code: 'http_500' });
  });
});

describe('errorFromLocation / errorFromChallenge, bad input', () => {
  it('returns nothing for locations without an error or that do not parse', () => {
    expect(errorFromLocation('https://rp/cb?code=1')).toBeUndefined();
    expect(errorFromLocation('http://[bad?error=x')).toBeUndefined();
    expect(errorFromLocation('https://rp/cb?not_error=x')).toBeUndefined();
  });
  it('returns nothing for a challenge without error', () => {
    expect(errorFromChallenge('Bearer realm="x"')).toBeUndefined();
  });
});
