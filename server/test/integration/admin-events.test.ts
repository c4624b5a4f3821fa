import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigPatch, ConfigSnapshot } from '../../src/admin/admin-api-types.js';
import type { Exchange } from '../../src/log/exchange-types.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';

const API = '/_simulator/api';

interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** Reads a server-sent event stream with fetch, message by message (comments kept apart). */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const body = res.body;
  if (!body) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const comments: string[] = [];
  let ended = false;

  async function next(timeoutMs = 5000): Promise<SseMessage | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: SseMessage = { event: 'message', data: '' };
        let hasData = false;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line);
          else if (line.startsWith('id: ')) message.id = line.slice(4);
          else if (line.startsWith('event: ')) message.event = line.slice(7);
          else if (line.startsWith('data: ')) {
            message.data = line.slice(6);
            hasData = true;
          }
        }
        if (hasData) return message;
        continue;
      }
      if (ended) return undefined;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no event within ${timeoutMs} ms; buffered: ${buffer}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), remaining)),
      ]);
      if (chunk === 'timeout')
        throw new Error(`no event within ${timeoutMs} ms; buffered: ${buffer}`);
      if (chunk.done) ended = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Messages until (and including) the first config message: the replay. */
  async function replay(): Promise<SseMessage[]> {
    const out: SseMessage[] = [];
    for (;;) {
      const message = await next();
      if (!message) throw new Error('stream ended during replay');
      out.push(message);
      if (message.event === 'config') return out;
    }
  }

  return { res, next, replay, comments, close: () => controller.abort() };
}

let sim: ListeningSimulator | undefined;
const streams: { close(): void }[] = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  await sim?.close();
  sim = undefined;
});

async function start(): Promise<ListeningSimulator> {
  sim = await listeningSimulator();
  return sim;
}

async function open(path = `${API}/events`, headers: Record<string, string> = {}) {
  if (!sim) throw new Error('not started');
  const stream = await openStream(`${sim.baseUrl}${path}`, headers);
  streams.push(stream);
  return stream;
}

const hit = (path: string) => fetch(`${sim?.baseUrl}${path}`).then((r) => r.text());
const exchangeOf = (m: SseMessage | undefined) => JSON.parse(m?.data ?? 'null') as Exchange;

describe('GET /events', () => {
  it('answers as an event stream', async () => {
    await start();
    const stream = await open();
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('replays the log to a newcomer, oldest first, then the config, then live events', async () => {
    const s = await start();
    await hit('/trustmark');
    await hit('/.well-known/jwks.json');
    const stream = await open();
    const replay = await stream.replay();
    expect(replay.map((m) => [m.event, m.id])).toEqual([
      ['exchange', '1'],
      ['exchange', '2'],
      ['config', undefined],
    ]);
    expect(exchangeOf(replay[0]).endpoint).toBe('trustmark');
    const snapshot = JSON.parse(replay[2]?.data ?? '{}') as ConfigSnapshot;
    expect(snapshot.config.simulatorUrl).toBe(s.baseUrl);
    expect(snapshot.config).toEqual(s.simulator.config.get());
    expect(Number.isSafeInteger(snapshot.version)).toBe(true);

    await hit('/.well-known/did.json');
    const live = await stream.next();
    expect(live?.event).toBe('exchange');
    expect(live?.id).toBe('3');
    expect(exchangeOf(live).endpoint).toBe('did');
  });

  it("sends a newcomer's replay to that subscriber only", async () => {
    await start();
    await hit('/trustmark');
    await hit('/trustmark');
    const first = await open();
    expect((await first.replay()).filter((m) => m.event === 'exchange')).toHaveLength(2);

    const second = await open();
    expect((await second.replay()).filter((m) => m.event === 'exchange')).toHaveLength(2);

    await hit('/.well-known/openid-configuration');
    // The first subscriber sees the new exchange next: nothing of the second one's replay.
    const next = await first.next();
    expect([next?.event, next?.id]).toEqual(['exchange', '3']);
    const other = await second.next();
    expect([other?.event, other?.id]).toEqual(['exchange', '3']);
  });

  it('resumes after Last-Event-ID', async () => {
    await start();
    for (let i = 0; i < 4; i++) await hit(`/trustmark?i=${i}`);
    const stream = await open(`${API}/events`, { 'Last-Event-ID': '2' });
    const replay = await stream.replay();
    expect(replay.map((m) => m.id)).toEqual(['3', '4', undefined]);
    expect(exchangeOf(replay[0]).request.query.i).toBe('2');
  });

  it('resumes after ?lastEventId= (for clients that cannot set headers)', async () => {
    await start();
    for (let i = 0; i < 3; i++) await hit('/trustmark');
    const stream = await open(`${API}/events?lastEventId=3`);
    const replay = await stream.replay();
    expect(replay.map((m) => m.event)).toEqual(['config']);
    await hit('/trustmark');
    expect((await stream.next())?.id).toBe('4');
  });

  it('replays everything for a Last-Event-ID from an earlier run', async () => {
    await start();
    await hit('/trustmark');
    const stream = await open(`${API}/events`, { 'Last-Event-ID': '9999' });
    expect((await stream.replay()).map((m) => m.id)).toEqual(['1', undefined]);
  });

  it('refuses a Last-Event-ID that is not a number', async () => {
    const s = await start();
    const res = await fetch(`${s.baseUrl}${API}/events`, { headers: { 'Last-Event-ID': 'abc' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    const query = await fetch(`${s.baseUrl}${API}/events?lastEventId=-1`);
    expect(query.status).toBe(400);
    expect((await fetch(`${s.baseUrl}${API}/status`)).status).toBe(200);
  });

  it('streams config changes (what changed, numbered) and resets', async () => {
    const s = await start();
    const stream = await open();
    const replay = await stream.replay();
    const { version } = JSON.parse(replay.at(-1)?.data ?? '{}') as ConfigSnapshot;
    const post = await fetch(`${s.baseUrl}/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientConfiguration: { clientId: 'changed-client' },
        responseConfiguration: { email: null },
      }),
    });
    expect(post.status).toBe(200);
    const messages = [await stream.next(), await stream.next()];
    const patch = messages.find((m) => m?.event === 'config-patch');
    expect(JSON.parse(patch?.data ?? '{}') as ConfigPatch).toEqual({
      version: version + 1,
      changes: [
        { op: 'replace', path: '/clientConfiguration/clientId', value: 'changed-client' },
        { op: 'replace', path: '/responseConfiguration/email', value: null },
      ],
    });
    // The configuration the stream numbers, for a client that missed a patch.
    const fetched = await fetch(`${s.baseUrl}${API}/events/config`);
    expect(fetched.headers.get('cache-control')).toBe('no-store');
    expect(await fetched.json()).toEqual({
      version: version + 1,
      config: s.simulator.config.get(),
    });
    expect(messages.find((m) => m?.event === 'exchange')).toBeDefined();

    const cleared = await fetch(`${s.baseUrl}${API}/exchanges`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    const reset = await stream.next();
    expect(reset).toEqual({ event: 'reset', data: '{"cleared":true}' });
  });

  it('sends masked exchanges', async () => {
    const s = await start();
    const stream = await open();
    await stream.replay();
    await fetch(`${s.baseUrl}/userinfo`, {
      headers: {
        authorization: 'Bearer abcdefghijklmnopqrstuvwxyz0123456789',
        'user-agent': 'test',
      },
    });
    const message = exchangeOf(await stream.next());
    expect(message.request.headers.authorization).toBe('Bearer abcdefghij…(36 chars)');
    expect(message.masked).toBe(true);
  });

  it('closes every stream when the simulator closes', async () => {
    const s = await start();
    const a = await open();
    const b = await open();
    await a.replay();
    await b.replay();
    await s.close();
    sim = undefined;
    expect(await a.next()).toBeUndefined();
    expect(await b.next()).toBeUndefined();
  });
});

describe('GET /events: named simulators created, reset and deleted', () => {
  const SIMS = `${API}/simulators`;
  const post = (path: string, body?: unknown) =>
    fetch(`${sim?.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("the root's stream tells each change; a deleted one's stream tells it, then ends", async () => {
    await start();
    const root = await open();
    await root.replay();
    expect((await post(SIMS, { name: 'w1' })).status).toBe(201);
    const created = await root.next();
    expect(created?.event).toBe('simulators');
    expect(JSON.parse(created?.data ?? '')).toEqual({ action: 'created', name: 'w1' });

    const named = await open(`/sim/w1${API}/events`);
    await named.replay();
    expect((await post(`${SIMS}/w1/reset`)).status).toBe(200);
    for (const stream of [root, named]) {
      const m = await stream.next();
      expect([m?.event, JSON.parse(m?.data ?? '')]).toEqual([
        'simulators',
        { action: 'reset', name: 'w1' },
      ]);
    }
    // The reset one's stream ended with its old simulator; a new one reaches the fresh simulator.
    expect(await named.next()).toBeUndefined();
    const again = await open(`/sim/w1${API}/events`);
    await again.replay();

    const del = await fetch(`${sim?.baseUrl}${SIMS}/w1`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    for (const stream of [root, again]) {
      const m = await stream.next();
      expect([m?.event, JSON.parse(m?.data ?? '')]).toEqual([
        'simulators',
        { action: 'deleted', name: 'w1' },
      ]);
    }
    expect(await again.next()).toBeUndefined();
    // Deleting one that does not exist tells nobody anything.
    expect((await fetch(`${sim?.baseUrl}${SIMS}/w1`, { method: 'DELETE' })).status).toBe(404);
    await hit('/trustmark');
    expect((await root.next())?.event).toBe('exchange');
  });
});
