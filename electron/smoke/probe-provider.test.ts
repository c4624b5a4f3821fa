import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeProvider } from './probe-provider.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server answering the discovery path with `status` and `body`. */
async function answering(status: number, body: string): Promise<string> {
  server = createServer((req, res) => {
    res.writeHead(req.url === '/.well-known/openid-configuration' ? status : 404, {
      'content-type': 'application/json',
    });
    res.end(body);
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('probeProvider', () => {
  it('answers with the issuer of a discovery document', async () => {
    const origin = await answering(200, JSON.stringify({ issuer: 'http://localhost:3000/' }));
    expect(await probeProvider(origin)).toEqual({
      ok: true,
      value: `provider answered at ${origin}/.well-known/openid-configuration (issuer http://localhost:3000/)`,
    });
  });

  it.each([
    ['a 500', 500, '{"issuer":"x"}', /answered 500/],
    ['no JSON', 200, 'not json', /did not name an issuer/],
    ['null', 200, 'null', /did not name an issuer/],
    ['an array', 200, '[{"issuer":"x"}]', /did not name an issuer/],
    ['a number issuer', 200, '{"issuer":42}', /did not name an issuer/],
    ['an object issuer', 200, '{"issuer":{}}', /did not name an issuer/],
  ])('fails on %s', async (_name, status, body, reason) => {
    const probed = await probeProvider(await answering(status, body));
    expect(probed.ok).toBe(false);
    expect(!probed.ok && probed.error).toMatch(reason);
  });

  it('fails with the reason when nothing listens', async () => {
    const origin = await answering(200, '{}');
    await new Promise<void>((done) => server?.close(() => done()));
    server = undefined;
    const probed = await probeProvider(origin);
    expect(!probed.ok && probed.error).toMatch(/could not be reached/);
  });
});
