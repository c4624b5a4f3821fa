/**
 * One request's cost is not multiplied: a counted fault, used up request by request, copies no
 * configuration (however large), and the event stream pushes the configuration at most every
 * CONFIG_PUSH_MS, the latest state, instead of once per request to every client.
 */
import { get } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorConfig } from '../../src/contract.js';
import { CONFIG_PUSH_MS } from '../../src/admin/event-stream.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

const REQUESTS = 150;
let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

function collectConfigEvents(port: number) {
  const configs: SimulatorConfig[] = [];
  let buffer = '';
  const req = get({ host: '127.0.0.1', port, path: '/_simulator/api/events' }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (d: string) => {
      buffer += d;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.startsWith('event: config\n'))
          configs.push(JSON.parse(message.slice(message.indexOf('data: ') + 6)) as SimulatorConfig);
      }
    });
  });
  return { configs, close: () => req.destroy() };
}

describe('a counted fault on a large configuration', () => {
  it('copies nothing per request and pushes the configuration at most every CONFIG_PUSH_MS', async () => {
    // A large configuration: 80 redirect URLs of about 1 KB each (the body limit is 100 kB).
    const redirectUrls = Array.from(
      { length: 80 },
      (_, i) => `https://rp.example/${i}/${'x'.repeat(1000)}`,
    );
    await request(sim.running.server)
      .post('/config')
      .send({
        clientConfiguration: { redirectUrls },
        errorConfiguration: {
          faults: [{ target: 'trustmark', kind: 'outage', status: 503, requests: REQUESTS }],
        },
      })
      .expect(200);
    const seen: Readonly<SimulatorConfig>[] = [];
    const unwatch = sim.simulator.config.onChange((c) => seen.push(c));
    const stream = collectConfigEvents(sim.running.port);
    await expect.poll(() => stream.configs.length).toBe(1);
    const started = Date.now();
    for (let i = 0; i < REQUESTS; i++)
      await request(sim.running.server).get('/trustmark').expect(503);
    const elapsed = Date.now() - started;
    await new Promise((r) => setTimeout(r, CONFIG_PUSH_MS * 2));
    unwatch();
    stream.close();
    // Every change handed listeners the live configuration, sharing its unchanged parts.
    expect(seen).toHaveLength(REQUESTS);
    for (const c of seen)
      expect(c.clientConfiguration).toBe(sim.simulator.config.get().clientConfiguration);
    // Coalesced pushes: far fewer than one per request, the last one the final state.
    const pushes = stream.configs.length - 1;
    expect(pushes).toBeGreaterThanOrEqual(1);
    expect(pushes).toBeLessThanOrEqual(Math.ceil(elapsed / CONFIG_PUSH_MS) + 2);
    expect(pushes).toBeLessThan(REQUESTS);
    expect(stream.configs.at(-1)?.errorConfiguration.faults).toEqual([]);
    expect(sim.simulator.config.get().errorConfiguration.faults).toEqual([]);
    await request(sim.running.server).post('/config').send({ simulatorUrl: sim.baseUrl });
    await expectStillServing(sim.simulator.app);
  });
});
