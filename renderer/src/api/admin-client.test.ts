import { describe, expect, it } from 'vitest';
import { createAdminClient, parseFieldIssues } from './admin-client.js';
import { toConfigRequestBody } from './config-body.js';
import { describeApiError } from './result.js';
import { sampleConfig } from '../../test/fake-admin-client.js';

type Call = { url: string; init?: RequestInit };

function fakeFetch(status: number, body: unknown, contentType = 'application/json') {
  const calls: Call[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': contentType },
    });
  };
  return { calls, client: createAdminClient(fetchImpl) };
}

describe('parseFieldIssues', () => {
  it('reads the errors map of a refused POST /config', () => {
    const body = {
      error: 'invalid_request',
      errors: {
        'responseConfiguration.email': {
          type: 'field',
          value: 3,
          msg: 'must be a string or null',
          path: 'responseConfiguration.email',
          location: 'body',
        },
      },
      invalid_fields: [{ field: 'responseConfiguration.email', msg: 'must be a string or null' }],
    };
    expect(parseFieldIssues(body)).toEqual([
      { path: 'responseConfiguration.email', message: 'must be a string or null' },
    ]);
  });

  it('falls back to invalid_fields, then to issues', () => {
    expect(parseFieldIssues({ invalid_fields: [{ field: 'sub', msg: 'required' }] })).toEqual([
      { path: 'sub', message: 'required' },
    ]);
    expect(parseFieldIssues({ ok: false, issues: [{ path: 'a.b', message: 'bad' }] })).toEqual([
      { path: 'a.b', message: 'bad' },
    ]);
  });

  it('answers nothing for bodies of another shape', () => {
    expect(parseFieldIssues(null)).toEqual([]);
    expect(parseFieldIssues('oops')).toEqual([]);
    expect(parseFieldIssues({ errors: { x: 'not an object' }, invalid_fields: [42] })).toEqual([]);
  });
});

describe('createAdminClient', () => {
  it('posts the configuration as JSON to /config', async () => {
    const config = sampleConfig();
    const { client, calls } = fakeFetch(200, config);
    const result = await client.postConfig(toConfigRequestBody(config));
    expect(result.ok).toBe(true);
    expect(calls[0]?.url).toBe('/config');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body)).errorConfiguration).toEqual(
      config.errorConfiguration,
    );
  });

  it('turns a 400 with fields into an invalid result', async () => {
    const { client } = fakeFetch(400, {
      error: 'invalid_request',
      invalid_fields: [{ field: 'responseConfiguration.sub', msg: 'must not be empty' }],
    });
    const result = await client.postConfig(toConfigRequestBody(sampleConfig()));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        status: 400,
        message: 'invalid_request',
        issues: [{ path: 'responseConfiguration.sub', message: 'must not be empty' }],
      },
    });
  });

  it('turns a 422 with fields into an invalid result too (a service that does not answer)', async () => {
    const { client } = fakeFetch(422, {
      error: 'service_unreachable',
      error_description: 'the service did not answer at http://127.0.0.1:1/login (ECONNREFUSED)',
      issues: [{ path: 'drive.signIn', message: 'could not be reached: ECONNREFUSED' }],
    });
    const result = await client.postConfig(toConfigRequestBody(sampleConfig()));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        status: 422,
        message: 'the service did not answer at http://127.0.0.1:1/login (ECONNREFUSED)',
        issues: [{ path: 'drive.signIn', message: 'could not be reached: ECONNREFUSED' }],
      },
    });
  });

  it('reads validation answers', async () => {
    const good = fakeFetch(200, { ok: true });
    expect(await good.client.validateConfig(toConfigRequestBody(sampleConfig()))).toEqual({
      ok: true,
      value: { ok: true, warnings: [] },
    });
    expect(good.calls[0]?.url).toBe('/_simulator/api/config/validate');
    const bad = fakeFetch(200, {
      ok: false,
      issues: [{ path: 'simulatorUrl', message: 'must be an absolute URL' }],
    });
    expect(await bad.client.validateConfig(toConfigRequestBody(sampleConfig()))).toEqual({
      ok: true,
      value: {
        ok: false,
        issues: [{ path: 'simulatorUrl', message: 'must be an absolute URL' }],
        warnings: [],
      },
    });
    // Warnings come with either verdict; malformed ones are left out.
    const warned = fakeFetch(200, {
      ok: true,
      warnings: [
        { path: 'responseConfiguration.phoneNumber', message: 'is not an E.164 number' },
        { path: 5, message: 'x' },
        'text',
        null,
      ],
    });
    expect(await warned.client.validateConfig(toConfigRequestBody(sampleConfig()))).toEqual({
      ok: true,
      value: {
        ok: true,
        warnings: [
          { path: 'responseConfiguration.phoneNumber', message: 'is not an E.164 number' },
        ],
      },
    });
    for (const warnings of [null, 5, 'x', { path: 'a', message: 'b' }]) {
      const odd = fakeFetch(200, { ok: true, warnings });
      expect(await odd.client.validateConfig(toConfigRequestBody(sampleConfig()))).toEqual({
        ok: true,
        value: { ok: true, warnings: [] },
      });
    }
  });

  it('pins and unpins exchanges and journeys, and reads the pins', async () => {
    const pins = { exchanges: ['a b'], journeys: ['j'] };
    const put = fakeFetch(200, pins);
    expect(await put.client.setPin('exchange', 'a b', true)).toEqual({ ok: true, value: pins });
    expect(put.calls[0]?.url).toBe('/_simulator/api/pins/exchanges/a%20b');
    expect(put.calls[0]?.init?.method).toBe('PUT');
    const del = fakeFetch(200, pins);
    await del.client.setPin('journey', 'j', false);
    expect(del.calls[0]?.url).toBe('/_simulator/api/pins/journeys/j');
    expect(del.calls[0]?.init?.method).toBe('DELETE');
    for (const body of [{ exchanges: [1], journeys: [] }, { exchanges: [] }, [], 'x']) {
      const odd = fakeFetch(200, body);
      expect((await odd.client.getPins()).ok, JSON.stringify(body)).toBe(false);
    }
  });

  it('reports a network failure and an unexpected body as values', async () => {
    const offline = createAdminClient(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await offline.getStatus();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(describeApiError(result.error)).toContain('Failed to fetch');
    const odd = fakeFetch(200, '<html>', 'text/html');
    const r2 = await odd.client.getConfig();
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error.kind).toBe('unexpected');
  });

  it('builds exchange queries and accepts an empty 204 on clear', async () => {
    const list = fakeFetch(200, { items: [], total: 0 });
    await list.client.listExchanges({ limit: 50, outcome: 'error', q: '' });
    expect(list.calls[0]?.url).toBe('/_simulator/api/exchanges?limit=50&outcome=error');
    const clear = fakeFetch(204, undefined);
    expect(await clear.client.clearExchanges()).toEqual({ ok: true, value: undefined });
    expect(clear.calls[0]?.init?.method).toBe('DELETE');
  });

  it('encodes ids and sends the role only when given', async () => {
    const one = fakeFetch(200, { exchange: {}, analysis: [] });
    await one.client.getExchange('a/b');
    expect(one.calls[0]?.url).toBe('/_simulator/api/exchanges/a%2Fb');
    const ins = fakeFetch(200, {
      role: 'id_token',
      compact: 'x',
      header: null,
      claims: null,
      checks: [],
    });
    await ins.client.inspectToken('x');
    expect(JSON.parse(String(ins.calls[0]?.init?.body))).toEqual({ token: 'x' });
  });
});

describe('toConfigRequestBody', () => {
  it('always carries the error configuration and maps the flags to their POST names', () => {
    const config = sampleConfig();
    config.usingNewCoreIdentitySigningKeys = true;
    const body = toConfigRequestBody(config, {
      authoriseErrors: ['ACCESS_DENIED'],
      idTokenErrors: [],
      coreIdentityErrors: [],
      tokenErrors: [],
      userInfoErrors: [],
      faults: [],
    });
    expect(body.errorConfiguration.authoriseErrors).toEqual(['ACCESS_DENIED']);
    expect(body.useNewCoreIdentitySigningKeys).toBe(true);
    expect(body.publishNewIdTokenSigningKeys).toBe(false);
    expect('usingNewCoreIdentitySigningKeys' in body).toBe(false);
  });

  it('leaves out an empty JWKS URL and secret hash', () => {
    const config = sampleConfig();
    config.clientConfiguration.jwksUrl = '';
    config.clientConfiguration.client_secret_hash = '';
    const body = toConfigRequestBody(config);
    expect('jwksUrl' in body.clientConfiguration).toBe(false);
    expect('client_secret_hash' in body.clientConfiguration).toBe(false);
    expect(config.clientConfiguration.jwksUrl).toBe('');
  });
});
