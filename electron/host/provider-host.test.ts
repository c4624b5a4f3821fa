import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateKeyMaterial, type SimulatorConfig } from '../../server/src/index.js';
import { createProviderHost, type ProviderHost } from './provider-host.js';

const hosts: ProviderHost[] = [];
const blockers: Server[] = [];
const keys = generateKeyMaterial();

function host(configPort = 3000): ProviderHost {
  const h = createProviderHost({ version: '9.9.9-test', configPort, keys });
  hosts.push(h);
  return h;
}

/** Takes a free port with a plain TCP listener, so the provider finds it in use. */
function occupyPort(hostAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, hostAddress, () => {
      blockers.push(s);
      const a = s.address();
      resolve(typeof a === 'object' && a ? a.port : -1);
    });
  });
}

async function getConfig(baseUrl: string): Promise<SimulatorConfig> {
  const res = await fetch(`${baseUrl}/config`);
  expect(res.status).toBe(200);
  return (await res.json()) as SimulatorConfig;
}

async function postConfig(baseUrl: string, body: unknown): Promise<number> {
  const res = await fetch(`${baseUrl}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

async function refused(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/config`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
}

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.stop()));
  await Promise.all(blockers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('createProviderHost', () => {
  it('listens on loopback and serves the configuration, simulatorUrl following the real port', async () => {
    const h = host();
    const r = await h.listen(0, '127.0.0.1');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { port, baseUrl, uiUrl, origin, running } = r.value;
    expect(running).toBe(true);
    expect(port).toBeGreaterThan(0);
    expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
    expect(uiUrl).toBe(`http://127.0.0.1:${port}/_simulator/`);
    expect(origin).toBe(baseUrl);
    expect((await getConfig(baseUrl)).simulatorUrl).toBe(`http://localhost:${port}`);
    expect(h.status()).toEqual(r.value);
  });

  it('moves to another port keeping the configuration; the old port is released', async () => {
    const h = host();
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    const oldUrl = first.value.baseUrl;
    expect(
      await postConfig(oldUrl, { responseConfiguration: { email: 'moved@example.com' } }),
    ).toBe(200);

    const second = await h.listen(0, '127.0.0.1');
    if (!second.ok) throw new Error('did not move');
    expect(second.value.port).not.toBe(first.value.port);
    const config = await getConfig(second.value.baseUrl);
    expect(config.responseConfiguration.email).toBe('moved@example.com');
    expect(config.simulatorUrl).toBe(`http://localhost:${second.value.port}`);
    expect(h.config().responseConfiguration.email).toBe('moved@example.com');
    expect(await refused(oldUrl)).toBe(true);
  });

  it('keeps a simulatorUrl the user set to something else', async () => {
    const h = host();
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    expect(await postConfig(first.value.baseUrl, { simulatorUrl: 'https://sim.example.com' })).toBe(
      200,
    );
    const second = await h.listen(0, '127.0.0.1');
    if (!second.ok) throw new Error('did not move');
    expect((await getConfig(second.value.baseUrl)).simulatorUrl).toBe('https://sim.example.com');
  });

  it('reports a port in use and keeps running where it was', async () => {
    const h = host();
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    const taken = await occupyPort();

    const r = await h.listen(taken, '127.0.0.1');
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'PORT_IN_USE', port: taken, host: '127.0.0.1' },
    });
    expect(h.status()).toEqual(first.value);
    expect((await getConfig(first.value.baseUrl)).simulatorUrl).toBe(
      `http://localhost:${first.value.port}`,
    );
  });

  it('starts after a first attempt on a port in use failed', async () => {
    const taken = await occupyPort();
    const h = host(taken);
    const r = await h.listen(taken, '127.0.0.1');
    expect(r).toMatchObject({ ok: false, error: { code: 'PORT_IN_USE' } });
    expect(h.status()).toMatchObject({ running: false, port: taken, host: '127.0.0.1' });

    const retry = await h.listen(0, '127.0.0.1');
    if (!retry.ok) throw new Error('did not start');
    expect(retry.value.running).toBe(true);
    expect((await getConfig(retry.value.baseUrl)).simulatorUrl).toBe(
      `http://localhost:${retry.value.port}`,
    );
  });

  it.each([70000, -1, 1.5])('refuses the invalid port %d and keeps running', async (bad) => {
    const h = host();
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    const r = await h.listen(bad, '127.0.0.1');
    expect(r).toMatchObject({ ok: false, error: { code: 'PORT_INVALID' } });
    expect(h.status().running).toBe(true);
    expect(await refused(first.value.baseUrl)).toBe(false);
  });

  it('moves to another address on the same port', async () => {
    const h = host();
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    const r = await h.listen(first.value.port, '0.0.0.0');
    if (!r.ok) throw new Error(`did not move: ${r.error.code}`);
    expect(r.value).toMatchObject({ port: first.value.port, host: '0.0.0.0', running: true });
    expect(r.value.uiUrl).toBe(`http://127.0.0.1:${first.value.port}/_simulator/`);
    expect(await refused(r.value.baseUrl)).toBe(false);
  });

  it('does nothing when asked for the address it already has', async () => {
    const h = host();
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    const again = await h.listen(first.value.port, '127.0.0.1');
    expect(again).toEqual(first);
  });

  it('tells listeners about configuration changes, across a move', async () => {
    const h = host();
    const seen: string[] = [];
    h.onConfigChange((c) => seen.push(`${c.responseConfiguration.email} ${c.simulatorUrl}`));
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    await postConfig(first.value.baseUrl, { responseConfiguration: { email: 'a@example.com' } });
    const second = await h.listen(0, '127.0.0.1');
    if (!second.ok) throw new Error('did not move');
    expect(seen).toContain(`a@example.com http://localhost:${first.value.port}`);
    expect(seen.at(-1)).toBe(`a@example.com http://localhost:${second.value.port}`);
  });

  it('runs concurrent moves one after another', async () => {
    const h = host();
    const [a, b] = await Promise.all([h.listen(0, '127.0.0.1'), h.listen(0, '127.0.0.1')]);
    if (!a.ok || !b.ok) throw new Error('did not start');
    expect(h.status()).toEqual(b.value);
    expect(await refused(a.value.baseUrl)).toBe(true);
    expect(await refused(b.value.baseUrl)).toBe(false);
  });

  it('starts with a given configuration and stops', async () => {
    const h = host();
    const first = await h.listen(0, '127.0.0.1');
    if (!first.ok) throw new Error('did not start');
    const saved = { ...h.config(), interactiveMode: true, simulatorUrl: 'http://localhost:4567' };
    const restored = createProviderHost({ version: 't', config: saved, configPort: 4567, keys });
    hosts.push(restored);
    const r = await restored.listen(0, '127.0.0.1');
    if (!r.ok) throw new Error('did not start');
    const config = await getConfig(r.value.baseUrl);
    expect(config.interactiveMode).toBe(true);
    expect(config.simulatorUrl).toBe(`http://localhost:${r.value.port}`);
    await restored.stop();
    expect(restored.status().running).toBe(false);
    expect(await refused(r.value.baseUrl)).toBe(true);
  });

  it('writes the simulator notices to the console (and so to the log file)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const streams: AbortController[] = [];
    try {
      const h = host();
      const r = await h.listen(0, '127.0.0.1');
      if (!r.ok) throw new Error('did not start');
      // One client more than the event stream admits from one address: the refusal is a notice.
      let refusedStatus = 0;
      for (let i = 0; i <= 10; i++) {
        const controller = new AbortController();
        streams.push(controller);
        const res = await fetch(`${r.value.baseUrl}/_simulator/api/events`, {
          signal: controller.signal,
        });
        if (res.status !== 200) refusedStatus = res.status;
      }
      expect(refusedStatus).toBe(503);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(
          /^identity-simulator: event stream: refused a client .*holds 10 streams/,
        ),
      );
    } finally {
      for (const c of streams) c.abort();
      warn.mockRestore();
    }
  });
});
