/**
 * The hot lane (http/hot-routes.ts) against the real app: POST /token, GET /userinfo and GET and
 * POST /authorize spelt exactly are served by the lane, every other spelling by the router. Both
 * answer the same (status, security headers, content type, body), record exactly one exchange per
 * request with the same endpoint, keep the body parsers' 400 and 413, the configured faults and
 * the named simulators.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/log/exchange-types.js';
import type { ExchangePage } from '../../src/admin/admin-api-types.js';
import type { Simulator } from '../../src/index.js';
import { defaultConfig, testSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  redirectParams,
  signClientAssertion,
} from '../helpers/relying-party.js';
import { ASSERTION_TYPE, UA } from '../helpers/protocol.js';

const API = '/_simulator/api';
/** An answer that never comes (an error the lane swallowed) fails fast. */
const TIMEOUT = { response: 3000, deadline: 5000 };
const NAMED = 'hot-lane';

let sim: Simulator;
beforeAll(() => {
  sim = testSimulator({ config: defaultConfig() });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.config.setFaults([]);
});

async function clearLog(): Promise<void> {
  const res = await request(sim.app).delete(`${API}/exchanges`);
  expect(res.status).toBe(204);
}

/** The whole log, oldest first. */
async function logged(query = ''): Promise<Exchange[]> {
  const res = await request(sim.app).get(`${API}/exchanges?limit=1000${query}`);
  expect(res.status).toBe(200);
  return (res.body as ExchangePage).items.slice().reverse();
}

/**
 * The exchanges recorded since the log was cleared, once the last one is in: an exchange is
 * recorded when its response closes, which may come just after the client has the answer.
 */
async function recorded(atLeast = 1, query = ''): Promise<Exchange[]> {
  await expect
    .poll(async () => (await logged(query)).length, { timeout: 2000 })
    .toBeGreaterThanOrEqual(atLeast);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return logged(query);
}

/** One request's single exchange. */
async function onlyExchange(): Promise<Exchange> {
  const items = await recorded();
  expect(
    items.map((e) => `${e.request.method} ${e.request.path}`),
    'exactly one exchange per request',
  ).toHaveLength(1);
  return items[0] as Exchange;
}

/** What a relying party sees of an answer; a redirect's code (new each time) left out. */
function answerOf(res: request.Response) {
  const location = res.headers.location as string | undefined;
  let redirect: { target: string; params: string[]; state: string | null } | undefined;
  if (location) {
    const url = new URL(location);
    const params = redirectParams(location);
    redirect = {
      target: `${url.origin}${url.pathname}`,
      params: [...params.keys()],
      state: params.get('state'),
    };
  }
  return {
    status: res.status,
    contentType: res.headers['content-type'] as string | undefined,
    nosniff: res.headers['x-content-type-options'] as string | undefined,
    referrerPolicy: res.headers['referrer-policy'] as string | undefined,
    cacheControl: res.headers['cache-control'] as string | undefined,
    wwwAuthenticate: res.headers['www-authenticate'] as string | undefined,
    poweredBy: res.headers['x-powered-by'] as string | undefined,
    redirect,
    // A redirect's body names its Location, code included.
    body: (res.text ?? '').replace(/([?&#]code=)[^&\s"]+/g, '$1<code>'),
  };
}

type Send = (path: string) => request.Test;

interface Case {
  name: string;
  method: 'GET' | 'POST';
  /** The spelling the lane serves. */
  exact: string;
  /** Spellings the router serves: same answer, same endpoint. */
  others: string[];
  send: Send;
  /** The other spellings are sent as HEAD (with a token): GET's answer without its body. */
  head?: boolean;
  endpoint: Exchange['endpoint'];
  status: number;
  /** Checks of the exact spelling's answer of its own, so the comparison is never vacuous. */
  expectAnswer?: (res: request.Response) => void;
}

let accessToken = '';

async function codeAt(prefix = ''): Promise<string> {
  const res = await request(sim.app)
    .get(`${prefix}/authorize?${authorizeQuery().toString()}`)
    .timeout(TIMEOUT);
  expect(res.status, res.text).toBe(302);
  const code = redirectParams(res.headers.location as string).get('code');
  expect(code).toBeTruthy();
  return code as string;
}

async function tokenForm(code: string, prefix = ''): Promise<Record<string, string>> {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: DEFAULT_REDIRECT_URI,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: await signClientAssertion({
      baseUrl: `${sim.config.get().simulatorUrl}${prefix}`,
    }),
  };
}

/** /userinfo (or a spelling of it) with the User-Agent and the access token of the flow above. */
const userinfoWithToken = (path: string) =>
  request(sim.app).get(path).set('User-Agent', UA).set('Authorization', `Bearer ${accessToken}`);

const CASES: Case[] = [
  {
    name: 'GET /userinfo without a token (401)',
    method: 'GET',
    exact: '/userinfo',
    others: ['/userinfo/', '/UserInfo', '/USERINFO/'],
    send: (path) => request(sim.app).get(path).set('User-Agent', UA),
    endpoint: 'userinfo',
    status: 401,
    expectAnswer: (res) => {
      expect(res.text).toBe('');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    },
  },
  {
    name: 'GET /userinfo with a token (200)',
    method: 'GET',
    exact: '/userinfo',
    others: ['/userinfo/', '/UserInfo'],
    send: (path) => userinfoWithToken(path),
    endpoint: 'userinfo',
    status: 200,
    expectAnswer: (res) => {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ sub: expect.any(String) });
    },
  },
  {
    name: 'GET /userinfo without a User-Agent (403)',
    method: 'GET',
    exact: '/userinfo',
    others: ['/userinfo/', '/Userinfo'],
    send: (path) => request(sim.app).get(path).unset('User-Agent'),
    endpoint: 'userinfo',
    status: 403,
  },
  {
    name: 'HEAD /userinfo with a token, against GET',
    method: 'GET',
    exact: '/userinfo',
    others: ['/userinfo', '/userinfo/'],
    head: true,
    send: (path) => userinfoWithToken(path),
    endpoint: 'userinfo',
    status: 200,
  },
  {
    name: 'POST /token with an empty form (400)',
    method: 'POST',
    exact: '/token',
    others: ['/token/', '/TOKEN', '/Token?x=1'],
    send: (path) => request(sim.app).post(path).set('User-Agent', UA).type('form').send(''),
    endpoint: 'token',
    status: 400,
    expectAnswer: (res) => {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.error).toBe('invalid_request');
    },
  },
  {
    name: 'POST /token with a spent code (400 invalid_grant)',
    method: 'POST',
    exact: '/token',
    others: ['/token/', '/TOKEN'],
    send: (path) =>
      request(sim.app)
        .post(path)
        .set('User-Agent', UA)
        .type('form')
        .send({ grant_type: 'authorization_code', code: 'no-such-code' }),
    endpoint: 'token',
    status: 400,
  },
  {
    name: 'POST /token without a User-Agent (403)',
    method: 'POST',
    exact: '/token',
    others: ['/token/', '/tOkEn'],
    send: (path) => request(sim.app).post(path).unset('User-Agent').type('form').send('a=b'),
    endpoint: 'token',
    status: 403,
  },
  {
    name: 'GET /authorize (302 with a code)',
    method: 'GET',
    exact: `/authorize?${authorizeQuery().toString()}`,
    others: [
      `/authorize/?${authorizeQuery().toString()}`,
      `/Authorize?${authorizeQuery().toString()}`,
    ],
    send: (path) => request(sim.app).get(path).redirects(0),
    endpoint: 'authorize',
    status: 302,
    expectAnswer: (res) => {
      const params = redirectParams(res.headers.location as string);
      expect(params.get('code')).toBeTruthy();
      expect(params.get('state')).toBe('state-1');
    },
  },
  {
    name: 'GET /authorize of an unknown client (400 page)',
    method: 'GET',
    exact: `/authorize?${authorizeQuery({ client_id: 'unknown' }).toString()}`,
    others: [
      `/authorize/?${authorizeQuery({ client_id: 'unknown' }).toString()}`,
      `/AUTHORIZE?${authorizeQuery({ client_id: 'unknown' }).toString()}`,
    ],
    send: (path) => request(sim.app).get(path).redirects(0),
    endpoint: 'authorize',
    status: 400,
    expectAnswer: (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<html');
    },
  },
  {
    name: 'GET /authorize with a repeated parameter (the last one kept)',
    method: 'GET',
    exact: `/authorize?${authorizeQuery().toString()}&state=first&state=last`,
    others: [`/authorize/?${authorizeQuery().toString()}&state=first&state=last`],
    send: (path) => request(sim.app).get(path).redirects(0),
    endpoint: 'authorize',
    status: 302,
    expectAnswer: (res) => {
      expect(redirectParams(res.headers.location as string).get('state')).toBe('last');
    },
  },
  {
    name: 'POST /authorize (405)',
    method: 'POST',
    exact: '/authorize',
    others: ['/authorize/', '/Authorize'],
    send: (path) => request(sim.app).post(path).type('form').send('a=b'),
    endpoint: 'authorize',
    status: 405,
  },
];

beforeAll(async () => {
  const token = await request(sim.app)
    .post('/token')
    .set('User-Agent', UA)
    .type('form')
    .timeout(TIMEOUT)
    .send(await tokenForm(await codeAt()));
  expect(token.status, token.text).toBe(200);
  accessToken = token.body.access_token as string;
});

describe('the exact spelling (the lane) and the router answer alike', () => {
  it.each(CASES)('$name', async (c) => {
    await clearLog();
    const exactRes = await c.send(c.exact);
    const exact = answerOf(exactRes);
    expect(exact.status, exact.body).toBe(c.status);
    expect(exact.nosniff).toBe('nosniff');
    expect(exact.referrerPolicy).toBe('no-referrer');
    expect(exact.poweredBy).toBeUndefined();
    c.expectAnswer?.(exactRes);
    const first = await onlyExchange();
    const exactPath = c.exact.split('?')[0] as string;
    expect(first.request).toMatchObject({ method: c.method, path: exactPath });
    expect(first.endpoint).toBe(c.endpoint);
    expect(first.response.status).toBe(c.status);

    for (const other of c.others) {
      await clearLog();
      if (c.head) {
        // The router answers HEAD with the GET route: GET's answer without its body.
        const res = await request(sim.app)
          .head(other)
          .set('User-Agent', UA)
          .set('Authorization', `Bearer ${accessToken}`);
        const { body: _getBody, ...getAnswer } = exact;
        const { body, ...headAnswer } = answerOf(res);
        expect(body).toBe('');
        expect(headAnswer, `HEAD ${other}`).toEqual(getAnswer);
      } else {
        expect(answerOf(await c.send(other)), other).toEqual(exact);
      }
      const e = await onlyExchange();
      expect(e.request.method).toBe(c.head ? 'HEAD' : c.method);
      expect(e.request.path).toBe(other.split('?')[0]);
      expect(e.endpoint, other).toBe(first.endpoint);
      expect(e.response.status).toBe(first.response.status);
      expect(e.outcome).toEqual(first.outcome);
    }
  });
});

describe('bodies the parsers refuse', () => {
  it.each(['/token', '/token/', '/TOKEN'])(
    'POST %s with malformed JSON: the documented 400, one exchange',
    async (path) => {
      await clearLog();
      const res = await request(sim.app)
        .post(path)
        .set('User-Agent', UA)
        .set('Content-Type', 'application/json')
        .timeout(TIMEOUT)
        .send('{"grant_type": bad');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.text).toBe(
        '{"error":"invalid_request","error_description":"Malformed request body"}',
      );
      const e = await onlyExchange();
      expect(e.endpoint).toBe('token');
      expect(e.request.path).toBe(path);
      expect(e.response.status).toBe(400);
      expect(e.outcome).toEqual({
        kind: 'error',
        code: 'invalid_request',
        description: 'Malformed request body',
      });
      expect(e.fault).toBeUndefined();
    },
  );

  it.each([
    ['/token', 'form'],
    ['/token', 'json'],
    ['/token/', 'form'],
  ])('POST %s with a %s body over 100 kB: 413, one exchange', async (path, type) => {
    await clearLog();
    const big = 'b'.repeat(150_000);
    const res = await request(sim.app)
      .post(path)
      .set('User-Agent', UA)
      .type(type)
      .timeout(TIMEOUT)
      .send(type === 'form' ? `a=${big}` : JSON.stringify({ a: big }));
    expect(res.status).toBe(413);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: 'Request body too large',
    });
    const e = await onlyExchange();
    expect(e.endpoint).toBe('token');
    expect(e.response.status).toBe(413);
  });

  it('POST /authorize with malformed JSON: the same 400 as the router gives /authorize/', async () => {
    const answers = [];
    for (const path of ['/authorize', '/authorize/']) {
      await clearLog();
      const res = await request(sim.app)
        .post(path)
        .set('Content-Type', 'application/json')
        .timeout(TIMEOUT)
        .send('{nope');
      answers.push(answerOf(res));
      const e = await onlyExchange();
      expect(e.endpoint).toBe('authorize');
      expect(e.response.status).toBe(400);
    }
    expect(answers[0]?.status).toBe(400);
    expect(answers[0]?.body).toBe(
      '{"error":"invalid_request","error_description":"Malformed request body"}',
    );
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('configured faults', () => {
  it('an outage on /token applies on the exact path, counted once per request', async () => {
    sim.config.setFaults([{ target: 'token', kind: 'outage', status: 503, requests: 2 }]);
    for (const path of ['/token', '/TOKEN']) {
      await clearLog();
      const res = await request(sim.app)
        .post(path)
        .set('User-Agent', UA)
        .type('form')
        .send(await tokenForm(await codeAt()));
      expect(res.status).toBe(503);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        error: 'server_error',
        error_description: 'Service unavailable (injected token outage)',
      });
      const items = await recorded(2);
      expect(items.map((e) => e.endpoint)).toEqual(['authorize', 'token']);
      const e = items[1] as Exchange;
      expect(e.request.path).toBe(path);
      expect(e.response.status).toBe(503);
      expect(e.scenarios).toEqual(['fault:token:outage']);
    }
    // Two requests, two counted down: the fault is gone and /token answers again.
    expect(sim.config.get().errorConfiguration.faults).toEqual([]);
    const res = await request(sim.app)
      .post('/token')
      .set('User-Agent', UA)
      .type('form')
      .send(await tokenForm(await codeAt()));
    expect(res.status, res.text).toBe(200);
  });

  it('a fault on /userinfo applies on the exact path, not on /token', async () => {
    sim.config.setFaults([{ target: 'userinfo', kind: 'outage', status: 500 }]);
    await clearLog();
    const res = await request(sim.app)
      .get('/userinfo')
      .set('User-Agent', UA)
      .set('Authorization', `Bearer ${accessToken}`);
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('server_error');
    const e = await onlyExchange();
    expect(e.scenarios).toEqual(['fault:userinfo:outage']);
    const token = await request(sim.app)
      .post('/token')
      .set('User-Agent', UA)
      .type('form')
      .send(await tokenForm(await codeAt()));
    expect(token.status, token.text).toBe(200);
  });
});

describe('a full sign-in', () => {
  it('authorize → token → userinfo works and records 3 exchanges', async () => {
    await clearLog();
    const code = await codeAt();
    const token = await request(sim.app)
      .post('/token')
      .set('User-Agent', UA)
      .type('form')
      .send(await tokenForm(code));
    expect(token.status, token.text).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', id_token: expect.any(String) });
    const userinfo = await request(sim.app)
      .get('/userinfo')
      .set('User-Agent', UA)
      .set('Authorization', `Bearer ${token.body.access_token as string}`);
    expect(userinfo.status, userinfo.text).toBe(200);
    expect(userinfo.body.sub).toEqual(expect.any(String));
    const items = await recorded(3);
    expect(items.map((e) => [e.endpoint, e.request.path, e.response.status])).toEqual([
      ['authorize', '/authorize', 302],
      ['token', '/token', 200],
      ['userinfo', '/userinfo', 200],
    ]);
    expect(items.map((e) => e.seq)).toEqual([items[0]!.seq, items[0]!.seq + 1, items[0]!.seq + 2]);
    expect(new Set(items.map((e) => e.journeyId)).size).toBe(1);
    for (const e of items) expect(e.simulator).toBeUndefined();
  });

  it(`a named simulator (/sim/${NAMED}/) serves the same flow and records it under its name`, async () => {
    await clearLog();
    const prefix = `/sim/${NAMED}`;
    const code = await codeAt(prefix);
    const token = await request(sim.app)
      .post(`${prefix}/token`)
      .set('User-Agent', UA)
      .type('form')
      .send(await tokenForm(code, prefix));
    expect(token.status, token.text).toBe(200);
    expect(token.headers['x-content-type-options']).toBe('nosniff');
    expect(token.headers['referrer-policy']).toBe('no-referrer');
    const userinfo = await request(sim.app)
      .get(`${prefix}/userinfo`)
      .set('User-Agent', UA)
      .set('Authorization', `Bearer ${token.body.access_token as string}`);
    expect(userinfo.status, userinfo.text).toBe(200);
    const bad = await request(sim.app)
      .post(`${prefix}/token`)
      .set('User-Agent', UA)
      .set('Content-Type', 'application/json')
      .timeout(TIMEOUT)
      .send('{bad');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'invalid_request',
      error_description: 'Malformed request body',
    });
    const items = await recorded(4);
    expect(items.map((e) => [e.endpoint, e.request.path, e.response.status, e.simulator])).toEqual([
      ['authorize', `${prefix}/authorize`, 302, NAMED],
      ['token', `${prefix}/token`, 200, NAMED],
      ['userinfo', `${prefix}/userinfo`, 200, NAMED],
      ['token', `${prefix}/token`, 400, NAMED],
    ]);
    expect(await logged(`&simulator=${NAMED}`)).toHaveLength(4);
    expect(await logged('&simulator=/')).toEqual([]);
  });
});
