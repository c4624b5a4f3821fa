import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../../server/src/contract.js';
import { compareExchanges } from './compare-exchanges.js';

const exchange = (over: Partial<Exchange> = {}): Exchange => ({
  id: 'a',
  seq: 1,
  endpoint: 'token',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 3,
  request: {
    method: 'POST',
    path: '/token',
    query: {},
    headers: { 'user-agent': 'rp' },
    body: { grant_type: 'authorization_code', code: 'c1' },
  },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: { a: 1 } },
  outcome: { kind: 'success' },
  tokens: [{ role: 'id_token', compact: 'x' }],
  scenarios: [],
  ...over,
});

describe('compareExchanges', () => {
  it('marks equal fields same and names the ones that differ, both sides shown', () => {
    const b = exchange({
      id: 'b',
      request: { ...exchange().request, body: { grant_type: 'authorization_code', code: 'c2' } },
      response: {
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: { error: 'invalid_grant' },
      },
      outcome: { kind: 'error', code: 'invalid_grant', description: 'used' },
      tokens: [],
    });
    const rows = compareExchanges(exchange(), b);
    const differing = rows.filter((r) => !r.same).map((r) => r.name);
    expect(differing).toEqual([
      'body · code',
      'status',
      'outcome',
      'body · a',
      'body · error',
      'tokens',
    ]);
    expect(rows.find((r) => r.name === 'body · code')).toMatchObject({ left: 'c1', right: 'c2' });
    expect(rows.find((r) => r.name === 'body · error')).toMatchObject({
      left: undefined,
      right: 'invalid_grant',
    });
    expect(rows.find((r) => r.name === 'header · user-agent')?.same).toBe(true);
  });

  it('shows a dropped connection as no answer, and a text body as one field', () => {
    const a = exchange({ aborted: true, response: { status: 0, headers: {}, body: 'cut' } });
    const rows = compareExchanges(a, exchange());
    expect(rows.find((r) => r.name === 'status')).toMatchObject({
      left: 'no answer',
      right: '200',
    });
    expect(rows.find((r) => r.name === 'body · (body)')).toMatchObject({
      left: 'cut',
      right: undefined,
    });
  });
});

describe('compareExchanges: tokens claim by claim', () => {
  const b64 = (v: unknown) =>
    btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const jwt = (claims: Record<string, unknown>) =>
    `${b64({ alg: 'ES256', kid: 'k1' })}.${b64(claims)}.c2lnbmF0dXJlLXBhcnQ`;

  it('decodes both sides’ tokens and marks the claims that differ; the JWT strings are not shown', () => {
    const one = jwt({ sub: 'u', nonce: 'n1', aud: 'c' });
    const two = jwt({ sub: 'u', nonce: 'n2', aud: 'c' });
    const a = exchange({
      tokens: [{ role: 'id_token', compact: one }],
      response: { status: 200, headers: {}, body: { id_token: one } },
    });
    const b = exchange({
      id: 'b',
      tokens: [{ role: 'id_token', compact: two }],
      response: { status: 200, headers: {}, body: { id_token: two } },
    });
    const rows = compareExchanges(a, b);
    const nonce = rows.find((r) => r.section === 'Tokens' && r.name.endsWith('· nonce'));
    expect(nonce).toMatchObject({ left: 'n1', right: 'n2', same: false });
    expect(rows.find((r) => r.section === 'Tokens' && r.name.endsWith('· sub'))?.same).toBe(true);
    expect(rows.find((r) => r.name.endsWith('· header · kid'))?.left).toBe('k1');
    const body = rows.find((r) => r.name === 'body · id_token');
    expect(body?.same).toBe(false);
    expect(body?.left).toMatch(/^JWT …/);
    expect(body?.left).not.toContain(one);
  });
});
