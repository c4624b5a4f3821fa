import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange-types.js';
import { hideSecret, maskAuthorization, maskExchange, shortenToken } from './mask-exchange.js';
import { storeBody } from './stored-body.js';

const base: Exchange = {
  id: 'x',
  seq: 1,
  endpoint: 'token',
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
  request: { method: 'POST', path: '/token', query: {}, headers: { host: 'localhost' } },
  response: { status: 200, headers: {} },
  outcome: { kind: 'success' },
  tokens: [],
  scenarios: [],
};

describe('masking', () => {
  it('shortens a bearer token to its first characters and length', () => {
    const token = `eyJhbGciOiJFUzI1NiJ9.${'a'.repeat(790)}`;
    expect(maskAuthorization(`Bearer ${token}`)).toBe(`Bearer eyJhbGciOi…(${token.length} chars)`);
  });

  it('hides other schemes entirely (Basic carries a password)', () => {
    expect(maskAuthorization('Basic dXNlcjpwYXNz')).toBe('Basic ••••••(12 chars)');
    expect(maskAuthorization('garbage')).toBe('••••••(7 chars)');
  });

  it('hides very short tokens rather than show them whole', () => {
    expect(shortenToken('abc')).toBe(hideSecret('abc'));
  });

  it('masks client_secret, code_verifier and Authorization, leaving the original untouched', () => {
    const exchange: Exchange = {
      ...base,
      request: {
        ...base.request,
        headers: { host: 'localhost', authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' },
        body: { client_secret: 'super-secret', code_verifier: 'verifier-value', code: 'c' },
      },
    };
    const masked = maskExchange(exchange);
    expect(masked.masked).toBe(true);
    expect(masked.request.headers.authorization).toBe('Bearer abcdefghij…(26 chars)');
    expect(masked.request.body).toEqual({
      client_secret: '••••••(12 chars)',
      code_verifier: '••••••(14 chars)',
      code: 'c',
    });
    expect(exchange.request.headers.authorization).toBe('Bearer abcdefghijklmnopqrstuvwxyz');
    expect((exchange.request.body as Record<string, string>).client_secret).toBe('super-secret');
  });

  it('returns an exchange without secrets as it is (no copy)', () => {
    expect(maskExchange(base)).toBe(base);
    const withBody = { ...base, request: { ...base.request, body: 'plain text' } };
    expect(maskExchange(withBody)).toBe(withBody);
  });

  it('masks non-string secret values too', () => {
    const exchange = { ...base, request: { ...base.request, body: { client_secret: ['a', 'b'] } } };
    expect((maskExchange(exchange).request.body as Record<string, unknown>).client_secret).toBe(
      '••••••(9 chars)',
    );
  });

  it('masks stored bodies as it masks plain ones, escaped keys included', () => {
    const stored = (text: string, json = true): Exchange => ({
      ...base,
      request: storeBody({ ...base.request }, text, json),
    });
    const plain = stored('{"code":"c","client_assertion":"a.b.c"}');
    expect(maskExchange(plain)).toBe(plain);
    const notJson = stored('client_secret=s', false);
    expect(maskExchange(notJson)).toBe(notJson);
    const secret = stored('{"client_secret":"super-secret","code":"c"}');
    expect(maskExchange(secret).request.body).toEqual({
      client_secret: '••••••(12 chars)',
      code: 'c',
    });
    const escaped = stored('{"client\\u005fsecret":"super-secret"}');
    expect(maskExchange(escaped).request.body).toEqual({ client_secret: '••••••(12 chars)' });
    const named = stored('{"note":"no client_secret here"}');
    expect(maskExchange(named).request.body).toEqual({ note: 'no client_secret here' });
  });
});
