/**
 * The error switches under hostile input: faults, the new lists and the retirement flags over
 * POST /config and /_simulator/api/switches. Every answer is 200 or a 400 listing the problem
 * (then nothing changed), never a 5xx, and a sign-in still works afterwards.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import type { SimulatorConfig } from '../../src/index.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { SOME_RUNS, expectFlowStillWorks, hostileJson, hostileString } from './hostile-input.js';

let sim: ListeningSimulator;
let saved: SimulatorConfig;
beforeAll(async () => {
  sim = await listeningSimulator();
  saved = structuredClone(sim.simulator.config.get()) as SimulatorConfig;
});
afterEach(async () => {
  const restored = sim.simulator.config.update(saved);
  if (!restored.ok) throw new Error(JSON.stringify(restored.error));
  await expectFlowStillWorks(sim.baseUrl);
});
afterAll(() => sim.close());

const TARGETS = [
  'discovery',
  'jwks',
  'did',
  'trustmark',
  'authorize',
  'token',
  'userinfo',
  'logout',
];

/** Faults that are nearly right: known and unknown fields, values of every type. */
const hostileFault = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    hostileJson(),
    fc.record(
      {
        target: fc.oneof(fc.constantFrom(...TARGETS), hostileString(), hostileJson()),
        kind: fc.oneof(fc.constantFrom('outage', 'drop', 'latency'), hostileJson()),
        status: fc.oneof(fc.integer({ min: 400, max: 700 }), hostileJson()),
        // Small latencies only: a valid one is applied and the flow check waits for it.
        ms: fc.oneof(fc.integer({ min: -10, max: 5 }), hostileJson()),
        requests: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double(), hostileJson()),
      },
      { requiredKeys: [] },
    ),
  );

/** 200, or a refusal (400, or 413 for a body over the limit) that changed nothing. */
async function expectAnswered(res: request.Response, before: unknown): Promise<void> {
  expect([200, 400, 413], res.text.slice(0, 300)).toContain(res.status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  if (res.status !== 200) {
    const now = (await request(sim.running.server).get('/config')).body as unknown;
    expect(now).toEqual(before);
  }
}

describe('error switches under hostile input', () => {
  it('POST /config: hostile faults, lists and retirement flags', async () => {
    const body = fc.record(
      {
        errorConfiguration: fc.record(
          {
            faults: fc.oneof(fc.array(hostileFault(), { maxLength: 4 }), hostileJson()),
            tokenErrors: fc.oneof(fc.array(hostileString(), { maxLength: 3 }), hostileJson()),
            userInfoErrors: fc.oneof(fc.array(hostileString(), { maxLength: 3 }), hostileJson()),
          },
          { requiredKeys: [] },
        ),
        retireOldIdTokenSigningKeys: fc.oneof(fc.boolean(), hostileJson()),
        retireOldCoreIdentitySigningKeys: fc.oneof(fc.boolean(), hostileJson()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const before = (await request(sim.running.server).get('/config')).body as unknown;
        const res = await request(sim.running.server)
          .post('/config')
          .type('application/json')
          .send(JSON.stringify(b));
        await expectAnswered(res, before);
        sim.simulator.config.update(saved);
      }),
      SOME_RUNS,
    );
  });

  it('/_simulator/api/switches: hostile bodies', async () => {
    const body = fc.oneof(
      hostileJson(),
      fc.record(
        {
          group: fc.oneof(fc.constantFrom('tokenErrors', 'authoriseErrors'), hostileJson()),
          name: fc.oneof(fc.constantFrom('INVALID_GRANT', 'LOGIN_REQUIRED'), hostileJson()),
          fault: hostileFault(),
          on: fc.oneof(fc.boolean(), hostileJson()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const before = (await request(sim.running.server).get('/config')).body as unknown;
        const res = await request(sim.running.server)
          .post('/_simulator/api/switches')
          .type('application/json')
          .send(JSON.stringify(b) ?? 'null');
        await expectAnswered(res, before);
        sim.simulator.config.update(saved);
      }),
      SOME_RUNS,
    );
  });
});
