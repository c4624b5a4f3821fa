import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../contract.js';
import { defaultConfig } from '../config/defaults.js';
import { SimulatorEvents } from '../simulator-events.js';
import { ExchangeBuffer } from '../log/exchange-buffer.js';
import { createEventStream, exchangeMessage, parseLastEventId } from './event-stream.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function exchange(seq: number): Exchange {
  return {
    id: `id-${seq}`,
    seq,
    endpoint: 'trustmark',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method: 'GET', path: '/trustmark', query: {}, headers: {} },
    response: { status: 200, headers: {} },
    outcome: { kind: 'success' },
    tokens: [],
    scenarios: [],
  };
}

async function serve(keepAliveMs: number) {
  const events = new SimulatorEvents();
  const log = new ExchangeBuffer(10);
  const stream = createEventStream({
    events,
    log,
    currentConfig: () => defaultConfig(),
    keepAliveMs,
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

  it('refuses new subscribers after close', async () => {
    const { port, stream } = await serve(1000);
    stream.close();
    const client = await connect(port);
    expect(client.res.statusCode).toBe(503);
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
