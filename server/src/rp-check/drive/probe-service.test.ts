import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeService } from './probe-service.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const port = await serve(() => undefined);
  const s = servers.pop()!;
  await new Promise((r) => s.close(r));
  return port;
}

const drive = (signIn: string) => ({ signIn, signedIn: signIn });

describe('probeService', () => {
  it('calls a refused port unreachable, naming the address and the cause', async () => {
    const port = await closedPort();
    const r = await probeService(drive(`http://127.0.0.1:${port}/login?next=x`));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.cause).toBe('ECONNREFUSED');
    expect(r.error.address).toBe(`http://127.0.0.1:${port}/login`);
    expect(r.error.message).toContain(`http://127.0.0.1:${port}/login (ECONNREFUSED)`);
  });

  it('counts any HTTP answer, even a 500, as reachable, with a browser-like GET', async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const port = await serve((req, res) => {
      seen.push({ method: req.method, ...req.headers });
      res.writeHead(500).end('broken');
    });
    const r = await probeService(drive(`http://127.0.0.1:${port}/login`));
    expect(r).toEqual({
      ok: true,
      value: { address: `http://127.0.0.1:${port}/login`, status: 500 },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', 'sec-fetch-mode': 'navigate' });
    expect(seen[0]!['user-agent']).toMatch(/Chrome/);
  });

  it('does not follow a redirect and does not wait for a body that never ends', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://elsewhere.invalid/' });
      res.write('partial');
    });
    const started = Date.now();
    const r = await probeService(drive(`http://127.0.0.1:${port}/`), 2000);
    expect(r.ok && r.value.status).toBe(302);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('calls a server that never answers unreachable after the time limit', async () => {
    const port = await serve(() => undefined);
    const started = Date.now();
    const r = await probeService(drive(`http://127.0.0.1:${port}/login`), 300);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.cause).toBe('no answer within 0.3 s');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('calls a bad address unreachable without requesting anything', async () => {
    for (const bad of ['not a url', 'ftp://127.0.0.1/x', '', 42 as unknown as string]) {
      const r = await probeService(drive(bad));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/did not answer at .*the address must/);
    }
  });

  it('calls an unknown host name unreachable', async () => {
    const r = await probeService(drive('http://no-such-host.invalid/login'), 2000);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.cause).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});
