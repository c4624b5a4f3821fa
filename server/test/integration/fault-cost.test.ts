/**
 * One request's cost is not multiplied: a counted fault, used up request by request, copies no
 * configuration (however large), and the event stream pushes at most every CONFIG_PUSH_MS only
 * what changed, instead of the whole configuration once per request to every client. A client
 * that applies the stream holds exactly what GET /config answers.
 */
import { get } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigPatch, ConfigSnapshot } from '../../src/admin/admin-api-types.js';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import { CONFIG_PUSH_MS } from '../../src/admin/event-stream-limits.js';
import { applyJsonChanges } from '../../src/shared/json-changes.js';
import {
  defaultConfig,
  listeningSimulator,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

const REQUESTS = 150;

/** A configuration of about 500 KB: 1,700 passports. */
function largeConfig(): SimulatorConfig {
  const config = defaultConfig();
  config.responseConfiguration.passportDetails = Array.from({ length: 1700 }, (_, i) => ({
    documentNumber: String(100_000_000 + i),
    icaoIssuerCode: 'GBR',
    expiryDate: '2031-08-01',
    names: [{ type: 'GivenName', value: `Person number ${i} with a long given name` }],
    note: 'x'.repeat(120),
  }));
  return config;
}

/** An event-stream client that applies what it is sent, as the UI does. */
function followStream(port: number) {
  const state = {
    held: undefined as SimulatorConfig | undefined,
    version: -1,
    wholeBytes: [] as number[],
    patchBytes: [] as number[],
    problems: [] as string[],
  };
  let buffer = '';
  const req = get({ host: '127.0.0.1', port, path: '/_simulator/api/events' }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (d: string) => {
      buffer += d;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const message = buffer.slice(0, end + 2);
        buffer = buffer.slice(end + 2);
        const data = message.slice(message.indexOf('data: ') + 6, -2);
        const bytes = Buffer.byteLength(message);
        if (message.startsWith('event: config\n')) {
          const snapshot = JSON.parse(data) as ConfigSnapshot;
          state.held = snapshot.config;
          state.version = snapshot.version;
          state.wholeBytes.push(bytes);
        } else if (message.startsWith('event: config-patch\n')) {
          const patch = JSON.parse(data) as ConfigPatch;
          state.patchBytes.push(bytes);
          if (patch.version !== state.version + 1)
            state.problems.push(`patch ${patch.version} after ${state.version}`);
          const applied = applyJsonChanges(state.held, patch.changes);
          if (!applied.ok) state.problems.push(applied.reason);
          else state.held = applied.value as SimulatorConfig;
          state.version = patch.version;
        }
      }
    });
  });
  return { state, close: () => req.destroy() };
}

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator({ config: largeConfig() });
});
afterAll(() => sim.close());

const post = (body: object) => request(sim.running.server).post('/config').send(body).expect(200);
const streamed = () =>
  request(sim.running.server)
    .get('/_simulator/api/events/config')
    .then((r) => r.body as ConfigSnapshot);

/** Waits for the last push (at most CONFIG_PUSH_MS away); the version it carries. */
async function lastPushed(): Promise<number> {
  await expect
    .poll(async () => (await streamed()).config, { timeout: 2000 })
    .toEqual((await request(sim.running.server).get('/config')).body);
  return (await streamed()).version;
}

describe('a counted fault on a large configuration', () => {
  it('copies nothing per request and pushes small changes at most every CONFIG_PUSH_MS', async () => {
    const size = Buffer.byteLength(JSON.stringify(sim.simulator.config.get()));
    expect(size).toBeGreaterThan(450_000);
    await post({
      errorConfiguration: {
        faults: [{ target: 'trustmark', kind: 'outage', status: 503, requests: REQUESTS }],
      },
    });
    const seen: Readonly<SimulatorConfig>[] = [];
    const unwatch = sim.simulator.config.onChange((c) => seen.push(c));
    const stream = followStream(sim.running.port);
    await expect.poll(() => stream.state.wholeBytes.length).toBe(1);
    const started = Date.now();
    for (let i = 0; i < REQUESTS; i++)
      await request(sim.running.server).get('/trustmark').expect(503);
    const elapsed = Date.now() - started;
    const last = await lastPushed();
    await expect.poll(() => stream.state.version, { timeout: 2000 }).toBe(last);
    unwatch();
    stream.close();

    // Every change handed listeners the live configuration, sharing its unchanged parts.
    expect(seen).toHaveLength(REQUESTS);
    for (const c of seen)
      expect(c.responseConfiguration).toBe(sim.simulator.config.get().responseConfiguration);
    // The whole configuration went out once (the client's base); then only changes, coalesced.
    expect(stream.state.wholeBytes).toHaveLength(1);
    expect(stream.state.wholeBytes[0]).toBeGreaterThan(size);
    const pushes = stream.state.patchBytes.length;
    expect(pushes).toBeGreaterThanOrEqual(1);
    expect(pushes).toBeLessThanOrEqual(Math.ceil(elapsed / CONFIG_PUSH_MS) + 2);
    for (const bytes of stream.state.patchBytes) expect(bytes).toBeLessThan(size / 1000);
    expect(stream.state.problems).toEqual([]);
    expect(stream.state.held?.errorConfiguration.faults).toEqual([]);
    expect(stream.state.held).toEqual(sim.simulator.config.get());
    await expectStillServing(sim.simulator.app);
  });

  it('a client applying the stream ends with exactly what GET /config answers', async () => {
    const stream = followStream(sim.running.port);
    await expect.poll(() => stream.state.wholeBytes.length).toBe(1);
    await post({
      errorConfiguration: {
        faults: [
          { target: 'trustmark', kind: 'latency', ms: 1, requests: 40 },
          { target: 'jwks', kind: 'outage', status: 500, requests: 30 },
        ],
      },
    });
    // Many changes of every kind, some within one push interval, some apart: values set to
    // null and back, keys added and removed, lists grown and cut, the counted faults used up.
    for (let i = 0; i < 60; i++) {
      const step = i % 6;
      if (step === 0) await post({ responseConfiguration: { email: null, phoneNumber: null } });
      if (step === 1)
        await post({
          responseConfiguration: { email: `u${i}@example.com`, phoneNumber: '+447700900000' },
        });
      if (step === 2)
        await post({
          clientConfiguration: {
            redirectUrls: Array.from(
              { length: 1 + (i % 4) },
              (_, k) => `https://rp.example/${i}/${k}`,
            ),
          },
        });
      if (step === 3) await post({ interactiveMode: i % 2 === 0 });
      if (step === 4) await request(sim.running.server).get('/trustmark');
      if (step === 5) await request(sim.running.server).get('/.well-known/jwks.json');
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, CONFIG_PUSH_MS));
    }
    const last = await lastPushed();
    await expect.poll(() => stream.state.version, { timeout: 2000 }).toBe(last);
    stream.close();
    const size = Buffer.byteLength(JSON.stringify(sim.simulator.config.get()));
    expect(stream.state.problems).toEqual([]);
    expect(stream.state.patchBytes.length).toBeGreaterThan(5);
    for (const bytes of stream.state.patchBytes) expect(bytes).toBeLessThan(size / 100);
    const answered = (await request(sim.running.server).get('/config')).body as SimulatorConfig;
    expect(answered.responseConfiguration.passportDetails).toHaveLength(1700);
    expect(stream.state.held).toEqual(answered);
    expect(stream.state.wholeBytes).toHaveLength(1);
  });
});
