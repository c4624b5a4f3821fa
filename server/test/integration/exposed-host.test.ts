/**
 * Listening beyond loopback (--host 0.0.0.0): who may use the admin API is decided by the
 * socket's peer address, never by the Host header; other machines need the admin token. And
 * browsers may change the configuration (POST /config) and use the admin API only from the
 * simulator's own origin. Remote callers are real: requests go to this machine's own
 * non-loopback address, so the simulator sees a peer address that is not loopback.
 */
import { networkInterfaces } from 'node:os';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, startSimulator, type RunningSimulator } from '../../src/index.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { testKeys } from '../helpers/test-simulator.js';

const TOKEN = 'test-admin-token-0123456789abcdef';
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

let running: RunningSimulator;
beforeAll(async () => {
  const simulator = createSimulator({
    keys: testKeys(),
    config: defaultConfig('http://localhost:3000'),
    adminToken: TOKEN,
  });
  const started = await startSimulator(simulator, { port: 0, host: '0.0.0.0' });
  if (!started.ok) throw new Error(started.error.detail);
  running = started.value;
});
afterAll(() => running.close());

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw request to `address`, with the headers exactly as given (Host included). */
function send(
  address: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: address, port: running.port, method, path, headers, setHost: !('Host' in headers) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ADMIN_CALLS: [string, string][] = [
  ['GET', '/_simulator/api/exchanges'],
  ['GET', '/_simulator/api/exchanges.har'],
  ['GET', '/_simulator/api/status'],
  ['POST', '/_simulator/api/config/reset'],
  ['DELETE', '/_simulator/api/exchanges'],
  ['POST', '/_simulator/api/personas'],
];

describe.skipIf(!external)(`another machine (this machine's address ${external})`, () => {
  it.each(ADMIN_CALLS)('%s %s without the token → 403, whatever Host it claims', async (m, p) => {
    for (const host of ['localhost', `localhost:${running.port}`, '127.0.0.1', '[::1]']) {
      const res = await send(
        external!,
        m,
        p,
        { Host: host, 'Content-Type': 'application/json' },
        m === 'POST' ? '{}' : undefined,
      );
      expect(res.status, `${m} ${p} Host: ${host}`).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'forbidden' });
    }
  });

  it('with the token (Authorization: Bearer) the admin API answers', async () => {
    const res = await send(external!, 'GET', '/_simulator/api/status', {
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(res.status).toBe(200);
    const wrong = await send(external!, 'GET', '/_simulator/api/status', {
      Authorization: `Bearer ${TOKEN.slice(1)}`,
    });
    expect(wrong.status).toBe(403);
  });

  it('/_simulator/?token= sets an HttpOnly SameSite=Strict cookie that opens the admin API', async () => {
    const login = await send(external!, 'GET', `/_simulator/?token=${TOKEN}`);
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe('/_simulator/');
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/simulator_admin=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie.split(';')[0]!;
    const res = await send(external!, 'GET', '/_simulator/api/exchanges', { Cookie: pair });
    expect(res.status).toBe(200);
    expect((await send(external!, 'GET', '/_simulator/?token=wrong-token')).status).toBe(403);
  });

  it('the provider endpoints and /config (without Origin) serve other machines as before', async () => {
    expect((await send(external!, 'GET', '/.well-known/openid-configuration')).status).toBe(200);
    expect((await send(external!, 'GET', '/config')).status).toBe(200);
    const post = await send(
      external!,
      'POST',
      '/config',
      { 'Content-Type': 'application/json' },
      JSON.stringify({ responseConfiguration: { sub: 'from-another-container' } }),
    );
    expect(post.status).toBe(200);
  });
});

describe('this machine', () => {
  it('uses the admin API without a token, by any loopback name', async () => {
    for (const host of [`localhost:${running.port}`, `127.0.0.1:${running.port}`])
      expect(
        (await send('127.0.0.1', 'GET', '/_simulator/api/status', { Host: host })).status,
      ).toBe(200);
  });

  it('is refused for a name that is not its own (DNS rebinding), unless it shows the token', async () => {
    const res = await send('127.0.0.1', 'GET', '/_simulator/api/status', {
      Host: `rebound.example:${running.port}`,
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /config from browsers: only the simulator’s own origin', () => {
  const post = (headers: Record<string, string>) =>
    send(
      '127.0.0.1',
      'POST',
      '/config',
      { 'Content-Type': 'application/json', ...headers },
      JSON.stringify({ clientConfiguration: { redirectUrls: ['http://attacker.example/cb'] } }),
    );

  it('refuses a foreign Origin, a foreign Host with a matching Origin (DNS rebinding) and Sec-Fetch-Site cross-site; nothing applied', async () => {
    const before = (await send('127.0.0.1', 'GET', '/config')).body;
    for (const headers of [
      { Host: `localhost:${running.port}`, Origin: 'http://evil.example' } as Record<
        string,
        string
      >,
      { Host: `rebound.example:${running.port}`, Origin: `http://rebound.example:${running.port}` },
      { Host: `localhost:${running.port}`, Origin: 'null' },
      { Host: `localhost:${running.port}`, 'Sec-Fetch-Site': 'cross-site' },
      { Host: `localhost:${running.port}`, Origin: `http://localhost:${running.port + 1}` },
    ]) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body)).toEqual({
        error: 'forbidden',
        error_description: 'POST /config refuses requests from pages of another origin',
      });
    }
    expect((await send('127.0.0.1', 'GET', '/config')).body).toBe(before);
  });

  it('accepts its own origin, under localhost and 127.0.0.1 alike, and requests without Origin', async () => {
    for (const headers of [
      {
        Host: `localhost:${running.port}`,
        Origin: `http://localhost:${running.port}`,
      } as Record<string, string>,
      { Host: `127.0.0.1:${running.port}`, Origin: `http://127.0.0.1:${running.port}` },
      { Host: `127.0.0.1:${running.port}`, 'Sec-Fetch-Site': 'same-origin' },
      { Host: `rebound.example:${running.port}` },
      {},
    ]) {
      const res = await send(
        '127.0.0.1',
        'POST',
        '/config',
        { 'Content-Type': 'application/json', ...headers },
        JSON.stringify({ responseConfiguration: { sub: 'ok' } }),
      );
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });
});
