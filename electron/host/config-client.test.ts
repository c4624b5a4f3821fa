import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchConfigJson, postConfigJson, summariseRefusal } from './config-client.js';

let server: Server | undefined;
const received: { method: string; body: string; type: string | undefined }[] = [];

/** A tiny stand-in for the provider's /config route. */
function serve(status: number, body: string): Promise<string> {
  return new Promise((resolve) => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method ?? '', body: data, type: req.headers['content-type'] });
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server?.address() as AddressInfo).port}`),
    );
  });
}

afterEach(async () => {
  received.length = 0;
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

describe('fetchConfigJson', () => {
  it('formats the configuration for a file', async () => {
    const base = await serve(200, '{"simulatorUrl":"http://localhost:3000"}');
    expect(await fetchConfigJson(base)).toEqual({
      ok: true,
      value: '{\n  "simulatorUrl": "http://localhost:3000"\n}\n',
    });
  });

  it('reports a non-200 answer and a non-JSON body', async () => {
    const base = await serve(500, 'oops');
    expect(await fetchConfigJson(base)).toEqual({
      ok: false,
      error: 'The simulator answered 500 to GET /config.',
    });
  });

  it('reports a provider that is not there', async () => {
    const base = await serve(200, '{}');
    await new Promise((r) => server?.close(r));
    server = undefined;
    const r = await fetchConfigJson(base);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('did not answer');
  });
});

describe('postConfigJson', () => {
  it('posts the JSON as it is', async () => {
    const base = await serve(200, '');
    expect(await postConfigJson(base, '{"a":1}')).toEqual({ ok: true, value: undefined });
    expect(received).toEqual([{ method: 'POST', body: '{"a":1}', type: 'application/json' }]);
  });

  it('lists the refused fields', async () => {
    const base = await serve(
      400,
      JSON.stringify({
        errors: {
          'responseConfiguration.sub': { msg: 'Invalid value', path: 'responseConfiguration.sub' },
        },
      }),
    );
    const r = await postConfigJson(base, '{}');
    expect(r).toEqual({
      ok: false,
      error:
        'The simulator refused the configuration (400).\nresponseConfiguration.sub: Invalid value',
    });
  });
});

describe('summariseRefusal', () => {
  it('names unknown fields', () => {
    const body = JSON.stringify({
      errors: {
        _unknown_fields: { msg: 'Unknown field(s)', fields: [{ path: 'foo' }, { path: 'bar' }] },
      },
    });
    expect(summariseRefusal(body)).toBe('Unknown field(s): foo, bar');
  });

  it('reads an OAuth-style error and strips HTML from text bodies', () => {
    expect(
      summariseRefusal('{"error":"invalid_request","error_description":"Malformed request body"}'),
    ).toBe('Malformed request body');
    expect(summariseRefusal('<pre>Cannot enabled useNewIdTokenSigningKeys</pre>')).toBe(
      'Cannot enabled useNewIdTokenSigningKeys',
    );
  });

  it('falls back to the body for unknown JSON shapes', () => {
    expect(summariseRefusal('[1,2]')).toBe('[1,2]');
  });
});
