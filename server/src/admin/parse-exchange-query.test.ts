import { describe, expect, it } from 'vitest';
import type { Exchange } from '../log/exchange-types.js';
import {
  matchesFilter,
  parseExchangeQuery,
  SEARCH_CACHE_CHARS,
  searchCacheChars,
} from './parse-exchange-query.js';

describe('parseExchangeQuery', () => {
  it('defaults', () => {
    expect(parseExchangeQuery({}, { paging: true })).toEqual({ ok: true, value: { limit: 100 } });
  });

  it('reads every parameter', () => {
    const parsed = parseExchangeQuery(
      {
        limit: '5',
        before: '10',
        endpoint: 'token,userinfo',
        outcome: 'error',
        journey: 'j',
        q: 'Invalid',
      },
      { paging: true },
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toMatchObject({
      limit: 5,
      before: 10,
      outcome: 'error',
      journey: 'j',
      q: 'invalid',
    });
    expect([...(parsed.value.endpoints ?? [])]).toEqual(['token', 'userinfo']);
  });

  it('treats empty filters as absent', () => {
    expect(
      parseExchangeQuery({ endpoint: '', outcome: '', q: '', journey: '' }, { paging: true }),
    ).toEqual({
      ok: true,
      value: { limit: 100 },
    });
  });

  it.each([
    [{ limit: '0' }, /limit must be a whole number from 1 to 1000/],
    [{ limit: '1001' }, /limit/],
    [{ limit: 'ten' }, /limit/],
    [{ limit: '-1' }, /limit/],
    [{ limit: '1.5' }, /limit/],
    [{ limit: '' }, /limit/],
    [{ before: '0' }, /before/],
    [{ before: 'x' }, /before/],
    [{ endpoint: 'tokens' }, /endpoint "tokens" is not one of/],
    [{ endpoint: 'token,' }, /endpoint "" is not one of/],
    [{ outcome: 'failed' }, /outcome must be success or error/],
    [{ q: 'x'.repeat(201) }, /q must be at most 200/],
    [{ journey: 'x'.repeat(201) }, /journey/],
    [{ sort: 'asc' }, /Unknown parameter sort/],
    [{ limit: ['1', '2'] }, /limit must be given once/],
    [{ q: { a: 'b' } }, /q must be given once/],
    [{ simulator: 'Upper' }, /simulator must be a simulator name/],
    [{ simulator: '..' }, /simulator must be a simulator name/],
    [{ simulator: 'a'.repeat(65) }, /simulator must be a simulator name/],
    [{ simulator: ['a', 'b'] }, /simulator must be given once/],
    [{ simulator: { a: 'b' } }, /simulator must be given once/],
  ])('refuses %j', (query, message) => {
    const parsed = parseExchangeQuery(query as Record<string, unknown>, { paging: true });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('refuses paging parameters where there is no paging', () => {
    const parsed = parseExchangeQuery({ limit: '5' }, { paging: false });
    expect(parsed).toEqual({
      ok: false,
      error: 'Unknown parameter limit; known parameters: endpoint, outcome, journey, q, simulator',
    });
  });
});

describe('matchesFilter', () => {
  const exchange: Exchange = {
    id: 'abc',
    seq: 1,
    endpoint: 'userinfo',
    journeyId: 'j-1',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: {
      method: 'GET',
      path: '/userinfo',
      query: {},
      headers: { authorization: 'Bearer secret-token-value-here' },
    },
    response: { status: 401, headers: {} },
    outcome: { kind: 'error', code: 'invalid_token', description: 'Invalid access token' },
    tokens: [],
    scenarios: [],
  };

  it('filters by endpoint, outcome, journey and text', () => {
    expect(matchesFilter(exchange, { endpoints: new Set(['userinfo']) })).toBe(true);
    expect(matchesFilter(exchange, { endpoints: new Set(['token']) })).toBe(false);
    expect(matchesFilter(exchange, { outcome: 'error' })).toBe(true);
    expect(matchesFilter(exchange, { outcome: 'success' })).toBe(false);
    expect(matchesFilter(exchange, { journey: 'j-1' })).toBe(true);
    expect(matchesFilter(exchange, { journey: 'j-2' })).toBe(false);
    expect(matchesFilter(exchange, { q: 'invalid access' })).toBe(true);
    expect(matchesFilter(exchange, { q: 'nothing like it' })).toBe(false);
  });

  it('does not find secrets by text', () => {
    expect(matchesFilter(exchange, { q: 'token-value-here' })).toBe(false);
    expect(matchesFilter(exchange, { q: 'bearer secret-tok' })).toBe(true);
  });

  it('keeps the search texts it made within SEARCH_CACHE_CHARS, and still finds what it let go', () => {
    const body = (n: number) => `needle-${n} ${'x'.repeat(60_000)}`;
    const many = Array.from({ length: 300 }, (_, n) => ({
      ...exchange,
      id: `big-${n}`,
      response: { status: 200, headers: {}, body: body(n) },
    }));
    for (const e of many) expect(matchesFilter(e, { q: 'needle-' })).toBe(true);
    expect(searchCacheChars()).toBeGreaterThan(0);
    expect(searchCacheChars()).toBeLessThanOrEqual(SEARCH_CACHE_CHARS);
    // The first ones were let go from the cache: searched again, they are found all the same.
    expect(matchesFilter(many[0] as Exchange, { q: 'needle-0 ' })).toBe(true);
    expect(matchesFilter(many[0] as Exchange, { q: 'needle-1 ' })).toBe(false);
    expect(searchCacheChars()).toBeLessThanOrEqual(SEARCH_CACHE_CHARS);
  });

  it('searches an exchange by its own content, not a text cached for another of the same id', () => {
    const first: Exchange = {
      ...exchange,
      id: 'same',
      request: { ...exchange.request, path: '/one' },
    };
    const second: Exchange = {
      ...exchange,
      id: 'same',
      request: { ...exchange.request, path: '/two' },
    };
    expect(matchesFilter(first, { q: '/one' })).toBe(true);
    expect(matchesFilter(second, { q: '/one' })).toBe(false);
    expect(matchesFilter(second, { q: '/two' })).toBe(true);
  });
});
