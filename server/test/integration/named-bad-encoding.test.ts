/**
 * A simulator name that is not valid percent-encoding answers 400 of the documented shape on
 * reset and delete (the router's decoding failed with a 500), and nothing changes.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
  await request(sim.running.server).post('/_simulator/api/simulators').send({ name: 'keep' });
});
afterAll(() => sim.close());

describe('bad percent-encoding in a simulator name', () => {
  it.each([
    ['POST', '/_simulator/api/simulators/%E0%A4%A/reset'],
    ['POST', '/_simulator/api/simulators/%ZZ/reset'],
    ['DELETE', '/_simulator/api/simulators/%E0%A4%A'],
    ['DELETE', '/_simulator/api/simulators/%'],
    ['DELETE', '/_simulator/api/simulators/keep%C0'],
  ])('%s %s → 400 invalid_request, nothing changes', async (method, path) => {
    const before = sim.simulator.simulators.list();
    const res = await request(sim.running.server)[method === 'POST' ? 'post' : 'delete'](path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request' });
    expect(typeof (res.body as { error_description: unknown }).error_description).toBe('string');
    expect(sim.simulator.simulators.list()).toEqual(before);
    await expectStillServing(sim.simulator.app);
  });

  it('a bad percent-encoding in a provider path parameter is a 400 too, not a 500', async () => {
    const res = await request(sim.running.server).get('/_simulator/api/exchanges/%E0%A4%A');
    expect(res.status).toBe(400);
  });
});
