/**
 * Lock-outs: idle event-stream clients are ended after the idle timeout (so the UI gets a place),
 * and one address cannot hold every connection: past the per-address cap its new connections are
 * closed, with one log line, while other addresses are still served.
 */
import { createServer, get, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { SimulatorEvents, type SimulatorNotice } from '../../src/simulator/simulator-events.js';
import { ExchangeBuffer } from '../../src/log/exchange-buffer.js';
import { createEventStream } from '../../src/admin/event-stream.js';
import { startSimulator, type RunningSimulator } from '../../src/start-simulator.js';
import { testSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function openStream(port: number): Promise<{ ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/events' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      const ended = new Promise<string>((done) => res.on('close', () => done(text)));
      resolve({ ended });
    });
    req.on('error', reject);
  });
}

describe('idle event-stream clients', () => {
  it('50 idle clients are ended after the idle timeout, with a notice, and a new client gets in', async () => {
    const events = new SimulatorEvents();
    const notices: SimulatorNotice[] = [];
    events.on('notice', (n) => notices.push(n));
    const stream = createEventStream({
      events,
      log: new ExchangeBuffer(10),
      currentConfig: () => defaultConfig(),
      keepAliveMs: 100,
      limits: { maxIdleMs: 600, maxClientsPerAddress: 50 },
    });
    const app = express();
    app.get('/events', stream.handle);
    const server: Server = createServer(app);
    cleanup.push(
      () =>
        new Promise<void>((r) => {
          stream.close();
          server.closeAllConnections();
          server.close(() => r());
        }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const idle = await Promise.all(Array.from({ length: 50 }, () => openStream(port)));
    await expect.poll(() => stream.clientCount).toBe(50);
    const refused = await request(server).get('/events');
    expect(refused.status).toBe(503);
    const texts = await Promise.all(idle.map((c) => c.ended));
    for (const t of texts) expect(t).toContain(': idle: reconnect');
    expect(stream.clientCount).toBe(0);
    expect(notices.filter((n) => /ended an idle client/.test(n.message))).toHaveLength(50);
    const next = await openStream(port);
    await expect.poll(() => stream.clientCount).toBe(1);
    void next;
  });
});

describe('per-address connection cap', () => {
  it('slow-body connections past the cap are closed with one log line; other addresses are served', async () => {
    const sim = testSimulator();
    const notices: SimulatorNotice[] = [];
    sim.events.on('notice', (n) => notices.push(n));
    const started = await startSimulator(sim, { port: 0, maxConnectionsPerAddress: 20 });
    if (!started.ok) throw new Error(started.error.detail);
    const running: RunningSimulator = started.value;
    cleanup.push(() => running.close());
    const sockets: Socket[] = [];
    cleanup.push(() => sockets.forEach((s) => s.destroy()));
    const closed: boolean[] = [];
    for (let i = 0; i < 60; i++) {
      const s = connect(running.port, '127.0.0.1');
      sockets.push(s);
      closed[i] = false;
      s.on('close', () => (closed[i] = true));
      s.on('error', () => undefined);
      s.on('connect', () =>
        s.write('POST /token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\nx'),
      );
    }
    await expect.poll(() => closed.filter(Boolean).length, { timeout: 5000 }).toBe(40);
    expect(closed.slice(0, 20).some(Boolean)).toBe(false);
    const cap = notices.filter((n) => n.code === 'CONNECTION_CAP');
    expect(cap).toHaveLength(1);
    expect(cap[0]?.message).toMatch(
      /^connections: refused new connections from 127\.0\.0\.1: it already holds 20, the most one address may \(20\)$/,
    );
    // Another address of this machine is served meanwhile.
    const other = await new Promise<string>((resolve, reject) => {
      const s = connect({ port: running.port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () =>
        s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      );
      let out = '';
      s.on('data', (d) => (out += d.toString()));
      s.on('end', () => resolve(out));
      s.on('error', reject);
    });
    expect(other).toMatch(/^HTTP\/1\.1 200/);
    // Once they go, the address is served again.
    for (const s of sockets) s.destroy();
    await wait(100);
    await expectStillServing(sim.app);
    const again = await fetch(`http://127.0.0.1:${running.port}/`);
    expect(again.status).toBe(200);
  });
});
