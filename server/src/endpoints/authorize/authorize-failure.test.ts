import { describe, expect, it } from 'vitest';
import { pageFailure, pickLocale, redirectFailure } from './authorize-failure.js';
import { accessDenied } from '../../errors/oauth-error.js';

describe('pickLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['en', 'en'],
    ['cy', 'cy'],
    ['CY', 'cy'],
    ['cy-GB', 'cy'],
    ['fr cy', 'cy'],
    ['fr de', 'en'],
    ['cy en', 'cy'],
    [42, 'en'],
  ])('%j → %s', (raw, lang) => expect(pickLocale(raw)).toBe(lang));
});

describe('failures', () => {
  it('a page failure is a 400 invalid_request, never redirected', () => {
    const f = pageFailure('detail');
    expect(f.target).toBeUndefined();
    expect(f.error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      redirectable: false,
      page: 'Invalid Request',
      cause: 'detail',
    });
  });

  it('a redirect failure carries its target', () => {
    const target = {
      redirectUri: 'https://rp.example/cb',
      state: 's',
      responseMode: 'query' as const,
    };
    expect(redirectFailure(accessDenied('x'), target)).toEqual({
      error: accessDenied('x'),
      target,
    });
  });
});
