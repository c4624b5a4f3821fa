/**
 * The relying-party check API under hostile bodies and parameters: never a 5xx or a stack trace,
 * and a refused start or verdict changes nothing (the run, the configuration).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  FEW_RUNS,
  STACK_TRACE,
  TRANSPORT_LIMITS,
  deepArrayJson,
  deepObjectJson,
  expectFlowStillWorks,
  hostileJson,
  hostileString,
} from './hostile-input.js';

const API = '/_simulator/api/rp-check';
let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());
const api = () => request(sim.running.server);

function expectRefusal(res: request.Response): void {
  expect(res.status, res.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  expect(res.text).not.toMatch(STACK_TRACE);
  if (!TRANSPORT_LIMITS.includes(res.status)) expect(res.headers['content-type']).toMatch(/json/);
}

const post = (path: string, body: string) =>
  api().post(`${API}${path}`).set('Content-Type', 'application/json').send(body);

describe('rp-check API under hostile input', () => {
  it('start: any hostile body is refused and nothing starts or changes', async () => {
    const before = structuredClone(sim.simulator.config.get());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileJson(),
          fc.record({ plan: hostileJson() }),
          fc.record({ plan: hostileString() }),
          fc.record({ plan: fc.constant('default'), timeoutSeconds: hostileJson() }),
          fc.record({ plan: fc.record({ name: hostileString(), steps: hostileJson() }) }),
        ),
        async (body) => {
          // A well-formed start of an existing plan is not hostile: keep only refusals.
          if (
            typeof body === 'object' &&
            body !== null &&
            !Array.isArray(body) &&
            Object.keys(body).length === 1 &&
            (body as { plan?: unknown }).plan === 'default'
          )
            return;
          const res = await post('/start', JSON.stringify(body) ?? 'null');
          if (res.status === 201) {
            // An inline plan that happens to be valid: stop it again.
            await api().post(`${API}/stop`).expect(200);
            return;
          }
          expectRefusal(res);
          expect((await api().get(API)).body.state).not.toBe('running');
        },
      ),
      FEW_RUNS,
    );
    for (const raw of [deepArrayJson(5000), deepObjectJson(5000), '{"plan":', '\u0000', '']) {
      const res = await post('/start', raw);
      expectRefusal(res);
    }
    expect(sim.simulator.config.get()).toEqual(before);
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('verdict, plans and report: hostile input is refused with a JSON error', async () => {
    await post('/start', JSON.stringify({ plan: 'default' })).expect(201);
    const status = (await api().get(API)).body as unknown;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileJson(),
          fc.record({ step: hostileJson(), verdict: hostileJson(), note: hostileJson() }),
          fc.record({ step: fc.constant('identity'), verdict: hostileString() }),
        ),
        async (body) => {
          const res = await post('/verdict', JSON.stringify(body) ?? 'null');
          expectRefusal(res);
        },
      ),
      FEW_RUNS,
    );
    expect((await api().get(API)).body).toEqual(status);
    await fc.assert(
      fc.asyncProperty(hostileString(), async (raw) => {
        // A URL cannot carry a lone surrogate; every other character can.
        const s = raw.replace(/[\ud800-\udfff]/g, '\ufffd');
        const plan = await api().get(`${API}/plans/${encodeURIComponent(s)}`);
        expect(plan.status).toBeLessThan(500);
        expect(plan.text).not.toMatch(STACK_TRACE);
        const report = await api().get(`${API}/report?format=${encodeURIComponent(s)}`);
        expect(report.status).toBeLessThan(500);
      }),
      FEW_RUNS,
    );
    await api().post(`${API}/stop`).expect(200);
    await expectFlowStillWorks(sim.baseUrl);
  });
});
