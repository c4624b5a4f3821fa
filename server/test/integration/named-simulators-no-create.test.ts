import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Simulator } from '../../src/index.js';
import {
  listeningSimulator,
  testSimulator,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';

const API = '/_simulator/api/simulators';
const EVENTS = '/_simulator/api/events';
const HEADER = 'X-Simulator-Create';
let open: Simulator[] = [];
let listening: ListeningSimulator | undefined;

function simulator(): Simulator {
  const sim = testSimulator();
  open.push(sim);
  return sim;
}
afterEach(async () => {
  for (const s of open) s.close();
  open = [];
  await listening?.close();
  listening = undefined;
});

async function names(sim: Simulator): Promise<string[]> {
  const res = await request(sim.app).get(API).expect(200);
  return (res.body as { simulators: { name: string }[] }).simulators.map((s) => s.name);
}

function expectNotCreated(res: request.Response, name: string): void {
  expect(res.status, res.text).toBe(404);
  expect(res.body).toEqual({
    error: 'not_found',
    error_description: expect.stringContaining(`No named simulator "${name}"; it was not created`),
    simulator: name,
  });
  expect(res.body.error_description).toContain('X-Simulator-Create: never');
}

describe('X-Simulator-Create: never', () => {
  it('a request for a missing simulator answers 404 and creates nothing, whatever the path and method', async () => {
    const sim = simulator();
    const requests = [
      request(sim.app).get('/sim/gone/config'),
      request(sim.app).post('/sim/gone/config').send({ responseConfiguration: {} }),
      request(sim.app).get('/sim/gone/.well-known/openid-configuration'),
      request(sim.app).get('/sim/gone/'),
      request(sim.app).get('/sim/gone'),
      request(sim.app).get('/sim/gone/_simulator/api/switches'),
      request(sim.app).get(`/sim/gone${EVENTS}`),
    ];
    for (const req of requests) expectNotCreated(await req.set(HEADER, 'never'), 'gone');
    // Repeated (two header lines; superagent sends an array so), the last one counts.
    const twice = ['always', 'never'] as unknown as string;
    expectNotCreated(await request(sim.app).get('/sim/gone/config').set(HEADER, twice), 'gone');
    expect(await names(sim)).toEqual([]);
  });

  it('without it, first use creates the simulator as before', async () => {
    const sim = simulator();
    await request(sim.app).get('/sim/made/config').expect(200);
    await request(sim.app).get(`/sim/made${EVENTS}?create=sometimes`).expect(400);
    expect(await names(sim)).toEqual(['made']);
  });

  it('an existing simulator answers as usual (the header is read only when it is missing)', async () => {
    const sim = simulator();
    await request(sim.app).post(API).send({ name: 'here' }).expect(201);
    const res = await request(sim.app).get('/sim/here/config').set(HEADER, 'never').expect(200);
    expect(res.body.simulatorUrl).toMatch(/\/sim\/here$/);
    await request(sim.app)
      .post('/sim/here/config')
      .set(HEADER, 'never')
      .send({ responseConfiguration: { email: 'here@example.com' } })
      .expect(200);
    // The root is not under the prefix: the header changes nothing there.
    await request(sim.app).get('/config').set(HEADER, 'never').expect(200);
    expect(await names(sim)).toEqual(['here']);
  });

  it('after a deletion, a request carrying it does not bring the simulator back', async () => {
    const sim = simulator();
    await request(sim.app).post(API).send({ name: 'w1' }).expect(201);
    await request(sim.app).delete(`${API}/w1`).expect(204);
    expectNotCreated(await request(sim.app).get('/sim/w1/config').set(HEADER, 'never'), 'w1');
    expect(await names(sim)).toEqual([]);
  });

  it.each([['Never'], ['NEVER'], ['1'], [''], ['never, never'], ['always']])(
    'a bad value %j answers 400 naming the header, and creates nothing',
    async (value) => {
      const sim = simulator();
      const res = await request(sim.app).get('/sim/w2/config').set(HEADER, value);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.error_description).toBe(
        `X-Simulator-Create must be never (its only value) or absent; ${JSON.stringify(value)} is not`,
      );
      // The process keeps answering.
      await request(sim.app).get('/config').expect(200);
      expect(await names(sim)).toEqual([]);
    },
  );

  it('a bad name is still a 400 about the name', async () => {
    const sim = simulator();
    const res = await request(sim.app).get('/sim/Upper/config').set(HEADER, 'never');
    expect(res.status).toBe(400);
    expect(res.body.error_description).toContain('a-z, 0-9 and -');
    expect(await names(sim)).toEqual([]);
  });

  it("the simulators API's own 404s carry the same shape", async () => {
    const sim = simulator();
    const res = await request(sim.app).delete(`${API}/none`).expect(404);
    expect(res.body).toEqual({
      error: 'not_found',
      error_description: 'No named simulator "none"',
      simulator: 'none',
    });
  });
});

describe('?create=never on the event stream', () => {
  it('a missing simulator answers 404 and creates nothing; repeated, the last value counts', async () => {
    const sim = simulator();
    for (const query of ['create=never', 'create=never&create=never', 'create=1&create=never'])
      expectNotCreated(await request(sim.app).get(`/sim/gone${EVENTS}?${query}`), 'gone');
    expectNotCreated(
      await request(sim.app).get(`/sim/gone${EVENTS}?lastEventId=4&create=never`),
      'gone',
    );
    expect(await names(sim)).toEqual([]);
  });

  it.each([
    ['create=Never', 'Never'],
    ['create=1', '1'],
    ['create=', ''],
    ['create=never&create=true', 'true'],
    ['create[]=never&create=%7B%7D', '{}'],
  ])('%s answers 400 naming the parameter, and creates nothing', async (query, value) => {
    const sim = simulator();
    const res = await request(sim.app).get(`/sim/gone${EVENTS}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: `create must be never (its only value) or absent; ${JSON.stringify(value)} is not`,
    });
    expect(await names(sim)).toEqual([]);
  });

  it('the stream as the router matches it (any case, a trailing slash) reads it too', async () => {
    const sim = simulator();
    for (const path of [`${EVENTS}/`, EVENTS.toUpperCase(), '/_Simulator/Api/Events/'])
      expectNotCreated(await request(sim.app).get(`/sim/gone${path}?create=never`), 'gone');
    expect(await names(sim)).toEqual([]);
  });

  it('on any other path the parameter is the endpoint’s own: first use still creates', async () => {
    const sim = simulator();
    await request(sim.app).get('/sim/rp/.well-known/openid-configuration?create=never').expect(200);
    expect(await names(sim)).toEqual(['rp']);
  });

  it('an existing simulator (and the root) streams with it, and refuses a bad value with the same 400', async () => {
    listening = await listeningSimulator();
    const { baseUrl } = listening;
    const made = await fetch(`${baseUrl}${API}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'live' }),
    });
    expect(made.status).toBe(201);
    for (const path of [`/sim/live${EVENTS}`, EVENTS]) {
      const controller = new AbortController();
      const res = await fetch(`${baseUrl}${path}?create=never`, { signal: controller.signal });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      controller.abort();
      const bad = await fetch(`${baseUrl}${path}?create=Never`);
      expect(bad.status, path).toBe(400);
      expect(((await bad.json()) as { error_description: string }).error_description).toBe(
        'create must be never (its only value) or absent; "Never" is not',
      );
    }
    const list = (await (await fetch(`${baseUrl}${API}`)).json()) as {
      simulators: { name: string }[];
    };
    expect(list.simulators.map((s) => s.name)).toEqual(['live']);
  });
});
