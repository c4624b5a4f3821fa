import type * as Http from 'node:http';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateKeyMaterial } from '../../server/src/index.js';
import { createProviderHost, type ProviderHost } from './provider-host.js';

// Every HTTP server the provider creates, so a test can stop one behind the host's back.
const servers = vi.hoisted(() => [] as Server[]);
vi.mock('node:http', async (original) => {
  const http = await original<typeof Http>();
  const createServer = ((...args: Parameters<typeof Http.createServer>) => {
    const server = http.createServer(...args);
    servers.push(server);
    return server;
  }) as typeof Http.createServer;
  return { ...http, default: { ...http, createServer }, createServer };
});

const hosts: ProviderHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.stop()));
  servers.length = 0;
});

function host(): ProviderHost {
  const h = createProviderHost({
    version: '9.9.9-test',
    configPort: 3000,
    keys: generateKeyMaterial(),
  });
  hosts.push(h);
  return h;
}

describe('provider host: a provider that stops on its own', () => {
  it('is reported once with the reason, marked not running, and starts again on listen', async () => {
    const h = host();
    const reasons: string[] = [];
    h.onStop((reason) => reasons.push(reason));
    const started = await h.listen(0, '127.0.0.1');
    expect(started.ok).toBe(true);
    const port = h.status().port;
    const server = servers.at(-1) as Server;
    await new Promise((done) => server.close(done));
    expect(reasons).toEqual(['its server closed']);
    expect(h.status()).toMatchObject({ running: false, port });

    const again = await h.listen(port, '127.0.0.1');
    expect(again.ok).toBe(true);
    expect(h.status().running).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)).status).toBe(
      200,
    );
  });

  it('reports an error of the listening server', async () => {
    const h = host();
    const reasons: string[] = [];
    h.onStop((reason) => reasons.push(reason));
    await h.listen(0, '127.0.0.1');
    servers.at(-1)?.emit('error', new Error('accept EMFILE'));
    expect(reasons).toEqual(['its server failed: accept EMFILE']);
    expect(h.status().running).toBe(false);
  });

  it('says nothing when the host itself stops or moves the provider', async () => {
    const h = host();
    const reasons: string[] = [];
    h.onStop((reason) => reasons.push(reason));
    await h.listen(0, '127.0.0.1');
    await h.listen(0, '127.0.0.1'); // a move to another free port
    await h.stop();
    expect(reasons).toEqual([]);
  });
});
