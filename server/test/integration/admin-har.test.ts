import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/index.js';
import type { Har, HarEntry } from '../../src/admin/build-har.js';
import { getUserinfo, harness, postToken, signIn, type Harness } from '../helpers/protocol.js';

const API = '/_simulator/api';

/**
 * A structural check of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): every
 * required field present with the right type. Returns the problems found.
 */
function validateHar(har: unknown): string[] {
  const problems: string[] = [];
  const isObj = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const need = (
    obj: Record<string, unknown>,
    path: string,
    field: string,
    type: 'string' | 'number' | 'object' | 'array' | 'boolean',
  ) => {
    const v = obj[field];
    const ok =
      type === 'array'
        ? Array.isArray(v)
        : type === 'object'
          ? isObj(v)
          : typeof v === type && !(type === 'number' && !Number.isFinite(v));
    if (!ok) problems.push(`${path}.${field} should be ${type}, is ${JSON.stringify(v)}`);
    return v;
  };
  const nameValues = (list: unknown, path: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      if (!isObj(item)) {
        problems.push(`${path}[${i}] should be an object`);
        return;
      }
      need(item, `${path}[${i}]`, 'name', 'string');
      need(item, `${path}[${i}]`, 'value', 'string');
    });
  };
  if (!isObj(har)) return ['root should be an object'];
  const log = need(har, '', 'log', 'object');
  if (!isObj(log)) return problems;
  if (log.version !== '1.2')
    problems.push(`log.version should be "1.2", is ${JSON.stringify(log.version)}`);
  const creator = need(log, 'log', 'creator', 'object');
  if (isObj(creator)) {
    need(creator, 'log.creator', 'name', 'string');
    need(creator, 'log.creator', 'version', 'string');
  }
  const entries = need(log, 'log', 'entries', 'array');
  if (!Array.isArray(entries)) return problems;
  entries.forEach((entry: unknown, i) => {
    const p = `log.entries[${i}]`;
    if (!isObj(entry)) {
      problems.push(`${p} should be an object`);
      return;
    }
    const started = need(entry, p, 'startedDateTime', 'string');
    if (typeof started === 'string' && Number.isNaN(Date.parse(started)))
      problems.push(`${p}.startedDateTime is not ISO 8601`);
    const time = need(entry, p, 'time', 'number');
    const req = need(entry, p, 'request', 'object');
    if (isObj(req)) {
      for (const f of ['method', 'url', 'httpVersion'] as const)
        need(req, `${p}.request`, f, 'string');
      if (typeof req.url === 'string' && !/^https?:\/\//.test(req.url))
        problems.push(`${p}.request.url is not absolute`);
      for (const f of ['cookies', 'headers', 'queryString'] as const)
        need(req, `${p}.request`, f, 'array');
      nameValues(req.headers, `${p}.request.headers`);
      nameValues(req.queryString, `${p}.request.queryString`);
      nameValues(req.cookies, `${p}.request.cookies`);
      need(req, `${p}.request`, 'headersSize', 'number');
      need(req, `${p}.request`, 'bodySize', 'number');
      if (req.postData !== undefined) {
        const post = need(req, `${p}.request`, 'postData', 'object');
        if (isObj(post)) {
          need(post, `${p}.request.postData`, 'mimeType', 'string');
          need(post, `${p}.request.postData`, 'text', 'string');
          if (post.params !== undefined)
            nameValues(
              need(post, `${p}.request.postData`, 'params', 'array'),
              `${p}.request.postData.params`,
            );
        }
      }
    }
    const res = need(entry, p, 'response', 'object');
    if (isObj(res)) {
      need(res, `${p}.response`, 'status', 'number');
      for (const f of ['statusText', 'httpVersion', 'redirectURL'] as const)
        need(res, `${p}.response`, f, 'string');
      for (const f of ['cookies', 'headers'] as const) need(res, `${p}.response`, f, 'array');
      nameValues(res.headers, `${p}.response.headers`);
      nameValues(res.cookies, `${p}.response.cookies`);
      const content = need(res, `${p}.response`, 'content', 'object');
      if (isObj(content)) {
        need(content, `${p}.response.content`, 'size', 'number');
        need(content, `${p}.response.content`, 'mimeType', 'string');
        if (content.text !== undefined) need(content, `${p}.response.content`, 'text', 'string');
      }
      need(res, `${p}.response`, 'headersSize', 'number');
      need(res, `${p}.response`, 'bodySize', 'number');
    }
    need(entry, p, 'cache', 'object');
    const timings = need(entry, p, 'timings', 'object');
    if (isObj(timings)) {
      for (const f of ['send', 'wait', 'receive'] as const) {
        const v = need(timings, `${p}.timings`, f, 'number');
        if (typeof v === 'number' && v < 0 && v !== -1)
          problems.push(`${p}.timings.${f} is negative`);
      }
      if (typeof time === 'number') {
        const sum = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive', 'ssl']
          .map((k) => timings[k])
          .filter((v): v is number => typeof v === 'number' && v > 0)
          .reduce((a, b) => a + b, 0);
        if (Math.abs(sum - time) > 0.01)
          problems.push(`${p}.time ${time} is not the sum of its timings ${sum}`);
      }
    }
  });
  return problems;
}

const simulators: Simulator[] = [];
afterEach(() => {
  for (const s of simulators.splice(0)) s.close();
});
async function fresh(): Promise<Harness> {
  const h = await harness();
  simulators.push(h.simulator);
  return h;
}

describe('the HAR validator used here', () => {
  it('catches missing and mistyped fields', () => {
    expect(validateHar({})).toEqual(['.log should be object, is undefined']);
    const problems = validateHar({
      log: {
        version: '1.1',
        creator: { name: 'x' },
        entries: [{ startedDateTime: 'x', time: 'slow', request: {}, response: {} }],
      },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'log.version should be "1.2", is "1.1"',
        'log.creator.version should be string, is undefined',
        'log.entries[0].startedDateTime is not ISO 8601',
        'log.entries[0].time should be number, is "slow"',
        'log.entries[0].request.method should be string, is undefined',
        'log.entries[0].cache should be object, is undefined',
      ]),
    );
  });
});

describe('GET /exchanges.har', () => {
  it('exports the log as a valid HAR 1.2 attachment, oldest first', async () => {
    const h = await fresh();
    const { tokens } = await signIn(h);
    await getUserinfo(h.app, tokens.access_token);
    await request(h.app).get('/missing');
    const res = await request(h.app).get(`${API}/exchanges.har`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="identity-simulator.har"',
    );
    const har = JSON.parse(res.text) as Har;
    expect(validateHar(har)).toEqual([]);
    expect(har.log.creator.name).toBe('Identity Simulator');
    const entries = har.log.entries;
    expect(
      entries.map((e) => [e.request.method, new URL(e.request.url).pathname, e.response.status]),
    ).toEqual([
      ['GET', '/authorize', 302],
      ['POST', '/token', 200],
      ['GET', '/userinfo', 200],
      ['GET', '/missing', 404],
    ]);
    const [authorize, token, userinfo] = entries as [HarEntry, HarEntry, HarEntry];
    expect(authorize.response.redirectURL).toMatch(
      /^http:\/\/localhost:8080\/oidc\/authorization-code\/callback\?code=/,
    );
    expect(authorize.request.queryString).toEqual(
      expect.arrayContaining([{ name: 'nonce', value: 'nonce-1' }]),
    );
    expect(authorize.response.cookies[0]).toMatchObject({
      name: 'simulator_session',
      httpOnly: true,
      path: '/',
    });
    expect(token.request.postData?.mimeType).toBe('application/x-www-form-urlencoded');
    expect(token.request.postData?.params).toEqual(
      expect.arrayContaining([{ name: 'grant_type', value: 'authorization_code' }]),
    );
    expect(JSON.parse(token.response.content.text as string)).toHaveProperty('id_token');
    expect(token._journeyId).toBe(authorize._journeyId);
    // Secrets stay masked in the export.
    const auth = userinfo.request.headers.find((x) => x.name === 'authorization');
    expect(auth?.value).toMatch(/^Bearer .{10}…\(\d+ chars\)$/);
  });

  it('masks client_secret in form params and text', async () => {
    const h = await fresh();
    await postToken(h.app, {
      grant_type: 'authorization_code',
      code: 'c',
      redirect_uri: 'x',
      client_id: 'c',
      client_secret: 'hunter2-hunter2',
    });
    const har = JSON.parse((await request(h.app).get(`${API}/exchanges.har`)).text) as Har;
    expect(validateHar(har)).toEqual([]);
    const text = JSON.stringify(har);
    expect(text).not.toContain('hunter2');
    expect(har.log.entries[0]?.request.postData?.params).toEqual(
      expect.arrayContaining([{ name: 'client_secret', value: '••••••(15 chars)' }]),
    );
  });

  it('exports an empty log as a valid HAR, and takes the list filters', async () => {
    const h = await fresh();
    const empty = JSON.parse((await request(h.app).get(`${API}/exchanges.har`)).text) as unknown;
    expect(validateHar(empty)).toEqual([]);
    await request(h.app).get('/trustmark');
    await request(h.app).get('/missing');
    const errors = JSON.parse(
      (await request(h.app).get(`${API}/exchanges.har?outcome=error`)).text,
    ) as {
      log: { entries: { response: { status: number } }[] };
    };
    expect(errors.log.entries.map((e) => e.response.status)).toEqual([404]);
  });

  it('refuses bad filters and paging parameters', async () => {
    const h = await fresh();
    for (const q of ['outcome=bad', 'limit=5', 'endpoint=nope']) {
      const res = await request(h.app).get(`${API}/exchanges.har?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request' });
    }
    expect((await request(h.app).get(`${API}/status`)).status).toBe(200);
  });
});
