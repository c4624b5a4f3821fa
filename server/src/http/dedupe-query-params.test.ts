import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { dedupeQueryParams } from './dedupe-query-params.js';

function app() {
  const a = express();
  a.set('query parser', 'simple');
  a.use(dedupeQueryParams);
  a.use((req, res) => {
    const query = req.query as Record<string, unknown>;
    res.json({ query, again: req.query === query, proto: Object.getPrototypeOf(query) === null });
  });
  return a;
}

describe('dedupeQueryParams', () => {
  it('keeps the last value of a repeated parameter, and every single one as sent', async () => {
    const res = await request(app()).get('/x?scope=openid&scope=email&state=s%20t&empty=');
    expect(res.body).toEqual({
      query: { scope: 'email', state: 's t', empty: '' },
      again: true,
      proto: false,
    });
  });

  it('answers no parameters for a path without a query string, or with an empty one', async () => {
    for (const path of ['/x', '/x?', '/x?&'])
      expect((await request(app()).get(path)).body.query).toEqual({});
  });

  it('takes __proto__ and constructor as no more than odd names', async () => {
    const res = await request(app()).get('/x?__proto__=a&constructor=b&toString=c');
    expect(res.body.query).toEqual({ constructor: 'b', toString: 'c' });
    expect(res.body.again).toBe(true);
  });
});
