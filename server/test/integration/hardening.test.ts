/**
 * Defaults that keep a laptop safe: loopback-only listening, an admin API that refuses other
 * Host names (DNS rebinding) and other origins, nosniff everywhere, no stack traces on the wire,
 * and a UI folder nobody can climb out of.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startSimulator } from '../../src/index.js';
import {
  listeningSimulator,
  testSimulator,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import { authorizeQuery, runFlow } from '../helpers/relying-party.js';
import { STACK_TRACE, deepArrayJson, rawRequest } from '../fuzz/hostile-input.js';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-UI-FOLDER';
const INDEX_MARKER = 'identity-simulator-ui-index';

let sim: ListeningSimulator;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'simulator-hardening-'));
  mkdirSync(join(dir, 'ui', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'ui', 'index.html'), `<!doctype html><title>${INDEX_MARKER}</title>`);
  writeFileSync(join(dir, 'ui', 'assets', 'app.js'), 'console.log("ui");');
  writeFileSync(join(dir, 'ui', '.env'), SECRET);
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: SECRET }));
  sim = await listeningSimulator({ uiDir: join(dir, 'ui') });
  await runFlow(sim.baseUrl);
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A non-loopback IPv4 address of this machine, if it has one. */
function externalAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

function connectOutcome(host: string, port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('listening', () => {
  it('binds 127.0.0.1 when no host is given', async () => {
    const started = await startSimulator(testSimulator(), { port: 0 });
    if (!started.ok) throw new Error(started.error.detail);
    try {
      expect(started.value.host).toBe('127.0.0.1');
      expect((started.value.server.address() as AddressInfo).address).toBe('127.0.0.1');
      expect(started.value.url).toBe(`http://127.0.0.1:${started.value.port}`);
      const external = externalAddress();
      if (external) expect(await connectOutcome(external, started.value.port)).toBe('ECONNREFUSED');
      expect(await connectOutcome('127.0.0.1', started.value.port)).toBe('connected');
    } finally {
      await started.value.close();
    }
  });
});

describe('admin API against DNS rebinding and other origins', () => {
  const ADMIN_REQUESTS: [string, string][] = [
    ['get', '/_simulator/api/status'],
    ['get', '/_simulator/api/exchanges'],
    ['get', '/_simulator/api/exchanges.har'],
    ['get', '/_simulator/api/keys'],
    ['get', '/_simulator/api/defaults'],
    ['get', '/_simulator/api/events'],
    ['delete', '/_simulator/api/exchanges'],
    ['post', '/_simulator/api/inspect'],
    ['post', '/_simulator/api/config/reset'],
    ['post', '/_simulator/api/config/validate'],
  ];
  const FOREIGN_HOSTS = [
    'evil.example',
    'evil.example:{port}',
    'localhost.evil.example:{port}',
    '127.0.0.1.nip.io:{port}',
    '127.0.0.1.evil.example',
    '0.0.0.0:{port}',
    '192.168.1.10:{port}',
    '[::2]:{port}',
    'localhost:abc',
    'localhost:{port}@evil.example',
  ];

  it.each(ADMIN_REQUESTS)('%s %s refuses a non-loopback Host with 403', async (method, path) => {
    for (const host of FOREIGN_HOSTS) {
      const raw = [
        `${method.toUpperCase()} ${path} HTTP/1.1`,
        `Host: ${host.replace('{port}', String(sim.running.port))}`,
        'Content-Type: application/json',
        'Content-Length: 2',
        'Connection: close',
        '',
        '{}',
      ].join('\r\n');
      const res = await rawRequest(sim.running.port, raw, 1500);
      expect(res.status, `${host}: ${res.text.slice(0, 200)}`).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers loopback Host names', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'LOCALHOST', '127.0.0.2']) {
      const res = await request(sim.running.server)
        .get('/_simulator/api/status')
        .set('host', `${host}:${sim.running.port}`);
      expect(res.status, host).toBe(200);
    }
  });

  it('sends no CORS headers and refuses changes from another origin', async () => {
    const read = await request(sim.running.server)
      .get('/_simulator/api/status')
      .set('origin', 'http://evil.example');
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(sim.running.server)
      .options('/_simulator/api/exchanges')
      .set('origin', 'http://evil.example')
      .set('access-control-request-method', 'DELETE');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const clear = await request(sim.running.server)
      .delete('/_simulator/api/exchanges')
      .set('origin', 'http://evil.example');
    expect(clear.status).toBe(403);
    const reset = await request(sim.running.server)
      .post('/_simulator/api/config/reset')
      .set('sec-fetch-site', 'cross-site');
    expect(reset.status).toBe(403);
  });
});

describe('headers and error bodies', () => {
  const REQUESTS: [string, (r: ReturnType<typeof request>) => request.Test][] = [
    ['GET /', (r) => r.get('/')],
    ['GET discovery', (r) => r.get('/.well-known/openid-configuration')],
    ['GET jwks', (r) => r.get('/.well-known/jwks.json')],
    ['GET did', (r) => r.get('/.well-known/did.json').set('user-agent', 'x')],
    ['GET did without UA', (r) => r.get('/.well-known/did.json').unset('User-Agent')],
    ['GET trustmark', (r) => r.get('/trustmark')],
    ['GET /authorize (302)', (r) => r.get(`/authorize?${authorizeQuery()}`).redirects(0)],
    ['GET /authorize (400 page)', (r) => r.get('/authorize')],
    ['POST /authorize (405)', (r) => r.post('/authorize')],
    ['POST /token (400)', (r) => r.post('/token').set('user-agent', 'x').type('form').send('a=b')],
    [
      'POST /token (413)',
      (r) =>
        r
          .post('/token')
          .type('form')
          .send(`a=${'b'.repeat(200_000)}`),
    ],
    ['GET /userinfo (401)', (r) => r.get('/userinfo').set('user-agent', 'x')],
    ['GET /logout (302)', (r) => r.get('/logout').redirects(0)],
    ['GET /config', (r) => r.get('/config')],
    ['POST /config (400)', (r) => r.post('/config').type('json').send('{"x":1}')],
    ['POST /config (415)', (r) => r.post('/config').type('form').send('x=1')],
    ['POST /form-submit', (r) => r.post('/form-submit').type('form').send('x=1')],
    ['GET unknown (404)', (r) => r.get('/nope')],
    ['GET bad escape (400)', (r) => r.get('/%E0%A4%A')],
    ['GET UI', (r) => r.get('/_simulator/')],
    ['GET UI asset', (r) => r.get('/_simulator/assets/app.js')],
    ['GET UI missing file', (r) => r.get('/_simulator/nope.js')],
    ['GET admin status', (r) => r.get('/_simulator/api/status')],
    [
      'GET admin foreign host (403)',
      (r) => r.get('/_simulator/api/status').set('host', 'evil.example'),
    ],
  ];

  it.each(REQUESTS)('%s carries nosniff and no X-Powered-By', async (_name, send) => {
    const res = await send(request(sim.running.server));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.text ?? '').not.toMatch(STACK_TRACE);
  });

  const JSON_ROUTES = [
    '/config',
    '/token',
    '/logout',
    '/form-submit',
    '/_simulator/api/inspect',
    '/_simulator/api/config/validate',
  ];

  it.each(JSON_ROUTES)(
    'POST %s with malformed JSON answers 400 JSON without a stack trace',
    async (path) => {
      for (const body of ['{"a":', '{"a":1}}', "{'a':1}", '[1,]']) {
        const res = await request(sim.running.server)
          .post(path)
          .set('user-agent', 'x')
          .type('json')
          .send(body);
        expect(res.status, `${body}: ${res.text}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(typeof res.body.error).toBe('string');
        expect(res.text).not.toMatch(STACK_TRACE);
        expect(res.text).not.toContain('SyntaxError');
      }
    },
  );

  it('keeps the fault of an unexpected failure off the wire', async () => {
    // Whatever the answer to a body this deep, it carries no internals.
    const res = await request(sim.running.server)
      .post('/config')
      .type('json')
      .send(deepArrayJson(20_000));
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).not.toMatch(STACK_TRACE);
    expect(res.text).not.toMatch(/RangeError|call stack/i);
  });

  it('sets the session cookie HttpOnly and SameSite', async () => {
    const res = await request(sim.running.server)
      .get(`/authorize?${authorizeQuery()}`)
      .redirects(0);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('UI files', () => {
  it('serves the UI and its assets', async () => {
    const index = await request(sim.running.server).get('/_simulator/');
    expect(index.status).toBe(200);
    expect(index.text).toContain(INDEX_MARKER);
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = await request(sim.running.server).get('/_simulator/assets/app.js');
    expect(asset.status).toBe(200);
  });

  const TRAVERSALS = [
    '/_simulator/../secret.txt',
    '/_simulator/../../package.json',
    '/_simulator/..%2fsecret.txt',
    '/_simulator/..%2f..%2fpackage.json',
    '/_simulator/%2e%2e/secret.txt',
    '/_simulator/%2e%2e%2fsecret.txt',
    '/_simulator/%252e%252e%252fsecret.txt',
    '/_simulator/..%5csecret.txt',
    '/_simulator/..\\secret.txt',
    '/_simulator/assets/../../secret.txt',
    '/_simulator/assets/%2e%2e/%2e%2e/secret.txt',
    '/_simulator//../secret.txt',
    '/_simulator/....//secret.txt',
    '/_simulator/%c0%ae%c0%ae/secret.txt',
    '/_simulator/secret.txt%00.html',
    '/_simulator/.env',
    '/_simulator/%2eenv',
    '/_simulator/assets/..;/..;/secret.txt',
    '/_simulator/file:///etc/passwd',
    '/_simulator/%2fetc%2fpasswd',
  ];

  it.each(TRAVERSALS)('never serves a file outside the UI folder: %s', async (path) => {
    const res = await rawRequest(
      sim.running.port,
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${sim.running.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.text).not.toContain(SECRET);
    expect(res.text).not.toContain('root:x:0:0');
    expect(res.status).not.toBeNull();
    const status = res.status as number;
    // Refused, or the client-side route fallback (the UI's own index page).
    if (status === 200) expect(res.body).toContain(INDEX_MARKER);
    else expect([400, 403, 404]).toContain(status);
  });
});
