import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import { connect as connectTcp, type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../log/exchange-types.js';
import { defaultConfig } from '../config/defaults.js';
import { SimulatorEvents, type SimulatorNotice } from '../simulator/simulator-events.js';
import { ExchangeBuffer } from '../log/exchange-buffer.js';
import { CONFIG_PUSH_MS } from './event-stream-limits.js';
import { createEventStream } from './event-stream.js';
import { exchangeMessage, parseLastEventId } from './event-stream-wire.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function exchange(seq: number, bodyBytes = 0): Exchange {
  return {
    id: `id-${seq}`,
    seq,
    endpoint: 'trustmark',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: {
      method: 'GET',
      path: '/trustmark',
      query: {},
      headers: {},
      ...(bodyBytes ? { body: 'b'.repeat(bodyBytes) } : {}),
    },
    response: { status: 200, headers: {} },
    outcome: { kind: 'success' },
    tokens: [],
    scenarios: [],
  };
}

async function serve(
  keepAliveMs: number,
  options: { capacity?: number; limits?: Parameters<typeof createEventStream>[0]['limits'] } = {},
) {
  const events = new SimulatorEvents();
  const log = new ExchangeBuffer(options.capacity ?? 10);
  const stream = createEventStream({
    events,
    log,
    currentConfig: () => defaultConfig(),
    keepAliveMs,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const app = express();
  app.get('/events', stream.handle);
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { events, log, stream, port };
}

/** Opens the stream with http.get and collects the raw text. */
function connect(port: number): Promise<{ res: IncomingMessage; text: () => string }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/events' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      resolve({ res, text: () => text });
    });
    req.on('error', reject);
  });
}

describe('event stream', () => {
  it('sends keep-alive comments while a client is connected', async () => {
    const { port } = await serve(20);
    const client = await connect(port);
    await expect.poll(() => client.text(), { timeout: 2000 }).toContain(': keep-alive\n\n');
    client.res.destroy();
  });

  it('counts subscribers and forgets those that leave', async () => {
    const { port, stream } = await serve(1000);
    const a = await connect(port);
    const b = await connect(port);
    await expect.poll(() => stream.clientCount).toBe(2);
    a.res.destroy();
    await expect.poll(() => stream.clientCount).toBe(1);
    stream.close();
    expect(stream.clientCount).toBe(0);
    await expect.poll(() => b.res.complete).toBe(true);
  });

  it('serialises each event once with its seq as id', async () => {
    const { port, events, log } = await serve(1000);
    const client = await connect(port);
    await expect.poll(() => client.text()).toContain('event: config');
    const e = exchange(log.nextSeq());
    log.push(e);
    events.emit('exchange', e);
    await expect.poll(() => client.text()).toContain(exchangeMessage(e));
    expect(exchangeMessage(e).startsWith('id: 1\nevent: exchange\ndata: {')).toBe(true);
    client.res.destroy();
  });

  it('pushes what changed, numbered; the whole configuration only when that is shorter', async () => {
    const { port, events, stream } = await serve(1000);
    const client = await connect(port);
    const messages = () =>
      client
        .text()
        .split('\n\n')
        .filter((m) => m.startsWith('event: config'))
        .map((m) => ({
          event: m.slice(7, m.indexOf('\n')),
          data: JSON.parse(m.slice(m.indexOf('data: ') + 6)) as Record<string, unknown>,
        }));
    await expect.poll(() => messages().length).toBe(1);
    const start = defaultConfig();
    expect(messages()[0]).toEqual({ event: 'config', data: { version: 0, config: start } });

    const c1 = { ...start, clientConfiguration: { ...start.clientConfiguration, clientId: 'c1' } };
    events.emit('config', c1);
    events.emit('config', c1); // nothing new by the next push: nothing is sent
    // Then a list of 2,000 items, each changed: the changes would be longer than the whole.
    const items = (v: number) => Array.from({ length: 2000 }, (_, i) => ({ n: i + v }));
    const c2 = {
      ...c1,
      responseConfiguration: { ...c1.responseConfiguration, passportDetails: items(0) },
    };
    await new Promise((r) => setTimeout(r, CONFIG_PUSH_MS + 50));
    events.emit('config', c2);
    const c3 = {
      ...c2,
      responseConfiguration: { ...c2.responseConfiguration, passportDetails: items(1) },
    };
    await new Promise((r) => setTimeout(r, CONFIG_PUSH_MS + 50));
    events.emit('config', c3);
    await expect.poll(() => messages().length, { timeout: 2000 }).toBe(4);
    expect(messages().map((m) => [m.event, m.data.version])).toEqual([
      ['config', 0],
      ['config-patch', 1],
      ['config-patch', 2],
      ['config', 3],
    ]);
    expect(messages()[1]?.data.changes).toEqual([
      { op: 'replace', path: '/clientConfiguration/clientId', value: 'c1' },
    ]);
    expect(messages()[2]?.data.changes).toEqual([
      { op: 'replace', path: '/responseConfiguration/passportDetails', value: items(0) },
    ]);
    expect(messages()[3]?.data.config).toEqual(c3);
    expect(stream.configSnapshot()).toEqual({ version: 3, config: c3 });
    client.res.destroy();
  });

  it('refuses new subscribers after close', async () => {
    const { port, stream } = await serve(1000);
    stream.close();
    const client = await connect(port);
    expect(client.res.statusCode).toBe(503);
  });
});

/** Fills the log with `count` exchanges of about `bytes` each, as the recorder does. */
function fill(log: ExchangeBuffer, count: number, bytes: number): void {
  for (let i = 0; i < count; i++) log.push(exchange(log.nextSeq(), bytes));
}

/** A client that sends the request and never reads a byte: its receive window fills and stays full. */
function stalledClient(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host: '127.0.0.1', port }, () => {
      socket.pause();
      socket.write('GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n');
      resolve(socket);
    });
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** Reads a whole stream with http.get until `until` appears, returning the text. */
async function readUntil(port: number, until: string): Promise<string> {
  const client = await connect(port);
  await expect.poll(() => client.text().includes(until), { timeout: 10_000 }).toBe(true);
  client.res.destroy();
  return client.text();
}

describe('event stream under clients that do not read', () => {
  it('replays a large log with back-pressure: a stalled client holds a bounded buffer', async () => {
    // 200 exchanges of 50 kB: a 10 MB log. Written in one go, each stalled client held all of it.
    // All from this machine's one address: the per-address cap is raised to let them in.
    const { port, stream, log } = await serve(60_000, {
      capacity: 200,
      limits: { maxClientsPerAddress: 20 },
    });
    fill(log, 200, 50_000);
    const sockets = await Promise.all(Array.from({ length: 10 }, () => stalledClient(port)));
    await expect.poll(() => stream.clientCount).toBe(10);
    await new Promise((r) => setTimeout(r, 300));
    // Each holds at most what the socket accepted before asking to wait, plus one message.
    expect(stream.bufferedBytes).toBeLessThan(10 * 200_000);
    // A client that reads gets the whole log, in order, then the configuration.
    const text = await readUntil(port, 'event: config');
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const s of sockets) s.destroy();
  });

  it('drops a client that falls more than the limit behind on live events, with a notice', async () => {
    const { port, stream, log, events } = await serve(60_000, {
      capacity: 50,
      limits: { maxBufferedBytes: 256 * 1024 },
    });
    const notices: SimulatorNotice[] = [];
    events.on('notice', (n) => notices.push(n));
    const stalled = await stalledClient(port);
    const reader = await connect(port);
    await expect.poll(() => stream.clientCount).toBe(2);
    await expect.poll(() => reader.text()).toContain('event: config');
    for (let i = 0; i < 200 && stream.clientCount === 2; i++) {
      const e = exchange(log.nextSeq(), 50_000);
      log.push(e);
      events.emit('exchange', e);
      await new Promise((r) => setImmediate(r));
    }
    expect(stream.clientCount).toBe(1);
    expect(stream.bufferedBytes).toBeLessThan(256 * 1024 + 100_000);
    expect(notices[0]?.code).toBe('EVENT_STREAM_CLIENT_DROPPED');
    expect(notices[0]?.message).toMatch(
      /dropped a slow client .*bytes waiting, more than the 262144 allowed; it may reconnect with Last-Event-ID \d+/,
    );
    // The reader kept everything.
    await expect.poll(() => reader.text()).toContain(`id: ${log.lastSeq}\n`);
    reader.res.destroy();
    stalled.destroy();
  });

  it('drops a client that has not read for the stall limit, with a notice', async () => {
    const { port, stream, log, events } = await serve(20, {
      capacity: 100,
      limits: { maxStallMs: 200 },
    });
    fill(log, 100, 50_000);
    const notices: SimulatorNotice[] = [];
    events.on('notice', (n) => notices.push(n));
    const stalled = await stalledClient(port);
    await expect.poll(() => notices.length, { timeout: 5000 }).toBe(1);
    expect(stream.clientCount).toBe(0);
    expect(notices[0]?.message).toMatch(/it has not read for \d+ s/);
    stalled.destroy();
  });

  it('refuses clients beyond the limit with 503 and a notice, and admits one when another leaves', async () => {
    const { port, stream, events } = await serve(60_000, { limits: { maxClients: 2 } });
    const notices: SimulatorNotice[] = [];
    events.on('notice', (n) => notices.push(n));
    const a = await connect(port);
    await connect(port);
    await expect.poll(() => stream.clientCount).toBe(2);
    const refused = await connect(port);
    expect(refused.res.statusCode).toBe(503);
    expect(refused.res.headers['retry-after']).toBe('5');
    await expect.poll(() => refused.text()).toContain('Too many event-stream clients');
    expect(notices.map((n) => n.code)).toEqual(['EVENT_STREAM_CLIENT_REFUSED']);
    a.res.destroy();
    await expect.poll(() => stream.clientCount).toBe(1);
    expect((await connect(port)).res.statusCode).toBe(200);
    stream.close();
  });

  it('live events reach a client only after its replay, in sequence order', async () => {
    const { port, log, events } = await serve(60_000, { capacity: 300 });
    fill(log, 100, 20_000);
    const client = await connect(port);
    for (let i = 0; i < 20; i++) {
      const e = exchange(log.nextSeq(), 20_000);
      log.push(e);
      events.emit('exchange', e);
    }
    await expect.poll(() => client.text().includes(`id: 120\n`), { timeout: 10_000 }).toBe(true);
    const ids = [...client.text().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    client.res.destroy();
  });
});

describe('parseLastEventId', () => {
  const req = (header?: string, query?: unknown) =>
    ({
      headers: header === undefined ? {} : { 'last-event-id': header },
      query: query === undefined ? {} : { lastEventId: query },
    }) as never;
  it('reads the header first, then the query', () => {
    expect(parseLastEventId(req('5', '7'))).toBe(5);
    expect(parseLastEventId(req(undefined, '7'))).toBe(7);
    expect(parseLastEventId(req())).toBeUndefined();
    expect(parseLastEventId(req(''))).toBeUndefined();
  });
  it.each(['abc', '-1', '1.5', '1e3'])('refuses %s', (value) => {
    expect(parseLastEventId(req(value))).toBe('invalid');
  });
  it('refuses a repeated query value', () => {
    expect(parseLastEventId(req(undefined, ['1', '2']))).toBe('invalid');
  });
});
