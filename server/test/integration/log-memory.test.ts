/**
 * The request log under bodies that inflate: gzip and chunked JSON that decodes to tens of
 * thousands of objects is kept as bounded text, and the whole log stays within its byte budget,
 * pinned exchanges included.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import zlib, { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CAPTURED_BODY } from '../../src/log/stored-body.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

/** 33,000 empty objects: about 99 KB of JSON, 137 bytes once gzipped. */
const INFLATING = `[${Array.from({ length: 33_000 }, () => '{}').join(',')}]`;
const GZIPPED = gzipSync(INFLATING);

/** Text that deflate cannot shrink by a quarter: random printable characters, none escaped in JSON. */
function randomText(length: number): string {
  const alphabet =
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&()*+,-./:;<=>?@[]^_{|}~ ';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

function send(sim: ListeningSimulator, body: Buffer | string[], headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      `${sim.baseUrl}/token`,
      { method: 'POST', headers: { 'User-Agent': 'log-memory', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    if (Array.isArray(body)) for (const part of body) req.write(part);
    else req.write(body);
    req.end();
  });
}

function post(sim: ListeningSimulator, body: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      `${sim.baseUrl}/token`,
      { method: 'POST', headers: { 'User-Agent': 'log-memory', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let sim: ListeningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('request log memory', () => {
  it('a gzip body that inflates to 33,000 objects is kept as text cut at the capture limit', async () => {
    expect(GZIPPED.length).toBeLessThan(200);
    sim = await listeningSimulator({ logCapacity: 5000 });
    const status = await send(sim, GZIPPED, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    expect(status).toBe(400);
    const e = sim.simulator.log.list().at(-1);
    expect(e?.request.bodyTruncated).toBe(true);
    expect(typeof e?.request.body).toBe('string');
    expect((e?.request.body as string).length).toBe(MAX_CAPTURED_BODY);
    expect(sim.simulator.log.bytes).toBeLessThan(MAX_CAPTURED_BODY + 16 * 1024);
  });

  it('a chunked body (no Content-Length) is cut the same way', async () => {
    sim = await listeningSimulator({ logCapacity: 5000 });
    const parts = INFLATING.match(/.{1,4096}/gs) as string[];
    const status = await send(sim, parts, { 'Content-Type': 'application/json' });
    expect(status).toBe(400);
    const e = sim.simulator.log.list().at(-1);
    expect(e?.request.headers['transfer-encoding']).toBe('chunked');
    expect(e?.request.bodyTruncated).toBe(true);
    expect((e?.request.body as string).length).toBe(MAX_CAPTURED_BODY);
  });

  it('the log keeps the text the parser read, as sent, not the parsed value serialised again', async () => {
    sim = await listeningSimulator({ logCapacity: 5000 });
    const spaced = `[ ${Array.from({ length: 15_000 }, () => '{ }').join(' , ')} ]`;
    const status = await send(sim, gzipSync(spaced), {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    expect(status).toBe(400);
    const e = sim.simulator.log.list().at(-1);
    expect(e?.request.bodyTruncated).toBe(true);
    expect(e?.request.body).toBe(spaced.slice(0, MAX_CAPTURED_BODY));
  });

  it('a gzip body inflating to 10 MB is decoded only to the body limit, refused, and kept out of the log', async () => {
    sim = await listeningSimulator({ logCapacity: 5000 });
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(20_000);
    let inflated = 0;
    const createGunzip = zlib.createGunzip.bind(zlib);
    const spy = vi.spyOn(zlib, 'createGunzip').mockImplementation((options) => {
      const stream = createGunzip(options);
      stream.on('data', (chunk: Buffer) => (inflated += chunk.length));
      return stream;
    });
    try {
      const res = await post(sim, bomb, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        error: 'invalid_request',
        error_description: 'Request body too large',
      });
    } finally {
      spy.mockRestore();
    }
    expect(inflated).toBeGreaterThan(100 * 1024);
    expect(inflated).toBeLessThan(512 * 1024);
    const e = sim.simulator.log.list().at(-1);
    expect(e?.response.status).toBe(413);
    expect(e?.request.body).toBeUndefined();
    expect(sim.simulator.log.bytes).toBeLessThan(16 * 1024);
    await expectStillServing(sim.simulator.app);
  });

  it('a small JSON body is kept as text and read back as the value it was', async () => {
    sim = await listeningSimulator();
    await send(sim, Buffer.from('{"grant_type":["a",{"b":1}]}'), {
      'Content-Type': 'application/json',
    });
    const e = sim.simulator.log.list().at(-1);
    expect(e?.request.body).toEqual({ grant_type: ['a', { b: 1 }] });
    expect(e?.request.bodyTruncated).toBeUndefined();
  });

  it('300 bodies that do not compress keep the log within its byte budget, pinned exchanges counted', async () => {
    const budget = 2 * 1024 * 1024;
    sim = await listeningSimulator({ logCapacity: 5000, logBytes: budget });
    const noise = () => Buffer.from(JSON.stringify([randomText(90_000)]));
    await send(sim, noise(), { 'Content-Type': 'application/json' });
    const first = sim.simulator.log.list().at(-1);
    expect(sim.simulator.log.pinExchange(first?.id as string, true)).toBe(true);
    for (let i = 0; i < 300; i++) await send(sim, noise(), { 'Content-Type': 'application/json' });
    const log = sim.simulator.log;
    expect(log.bytes).toBeLessThanOrEqual(budget);
    // About 64 KiB each: the budget holds some 30 of the 301, the pinned one among them.
    expect(log.size).toBeGreaterThan(10);
    expect(log.size).toBeLessThan(40);
    expect(log.get(first?.id as string)).toBeDefined();
    expect(log.totalRecorded).toBe(301);
    await expectStillServing(sim.simulator.app);
  });

  it('300 inflating bodies are kept deflated: all stay within the budget and read back whole', async () => {
    const budget = 2 * 1024 * 1024;
    sim = await listeningSimulator({ logCapacity: 5000, logBytes: budget });
    for (let i = 0; i < 301; i++)
      await send(sim, GZIPPED, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    const log = sim.simulator.log;
    expect(log.size).toBe(301);
    expect(log.bytes).toBeLessThan(budget / 4);
    const kept = log.list().at(0);
    expect(kept?.request.bodyTruncated).toBe(true);
    expect(kept?.request.body).toBe(INFLATING.slice(0, MAX_CAPTURED_BODY));
    await expectStillServing(sim.simulator.app);
  });
});
