/**
 * /_simulator/api/switches: one error switch or fault at a time, the others left as they are;
 * bad input is a 400 naming the field, and nothing changes.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import { harness, type Harness } from '../helpers/protocol.js';

const API = '/_simulator/api/switches';
const open: Harness[] = [];
afterEach(() => {
  for (const h of open.splice(0)) h.simulator.close();
});

async function fresh(): Promise<Harness> {
  const h = await harness();
  open.push(h);
  return h;
}

const errorsOf = (res: request.Response) => (res.body as SimulatorConfig).errorConfiguration;

describe('switches, one at a time', () => {
  it('lists what can be switched, with variables, and what is on', async () => {
    const h = await fresh();
    const res = await request(h.app).get(API);
    expect(res.status).toBe(200);
    expect(res.body.lists.tokenErrors).toEqual({
      names: ['INVALID_GRANT', 'INVALID_CLIENT', 'UNAUTHORIZED_CLIENT', 'SERVER_ERROR'],
      env: 'TOKEN_ERRORS',
    });
    expect(res.body.faults.targets).toContain('jwks');
    expect(res.body.errorConfiguration.faults).toEqual([]);
  });

  it('turns a named switch and a fault on and off, keeping the rest', async () => {
    const h = await fresh();
    await request(h.app).post(API).send({ group: 'tokenErrors', name: 'INVALID_GRANT', on: true });
    const on = await request(h.app)
      .post(API)
      .send({ fault: { target: 'jwks', kind: 'outage', status: 503, requests: 2 }, on: true });
    expect(on.status, on.text).toBe(200);
    expect(errorsOf(on)).toMatchObject({
      tokenErrors: ['INVALID_GRANT'],
      faults: [{ target: 'jwks', kind: 'outage', status: 503, requests: 2 }],
    });
    expect((await request(h.app).get('/.well-known/jwks.json')).status).toBe(503);

    // A drop replaces the outage at the same endpoint; latency sits beside it.
    await request(h.app)
      .post(API)
      .send({ fault: { target: 'jwks', kind: 'drop' }, on: true });
    const both = await request(h.app)
      .post(API)
      .send({ fault: { target: 'jwks', kind: 'latency', ms: 5 }, on: true });
    expect(errorsOf(both).faults).toEqual([
      { target: 'jwks', kind: 'drop' },
      { target: 'jwks', kind: 'latency', ms: 5 },
    ]);

    const off = await request(h.app)
      .post(API)
      .send({ fault: { target: 'jwks', kind: 'drop' }, on: false });
    expect(errorsOf(off).faults).toEqual([{ target: 'jwks', kind: 'latency', ms: 5 }]);
    expect(errorsOf(off).tokenErrors).toEqual(['INVALID_GRANT']);

    const cleared = await request(h.app).delete(API);
    expect(cleared.status).toBe(200);
    expect(errorsOf(cleared).faults).toEqual([]);
    expect(errorsOf(cleared).tokenErrors).toEqual([]);
    expect((await request(h.app).get('/.well-known/jwks.json')).status).toBe(200);
  });

  it.each([
    ['a body that is an array', [], ''],
    ['on missing', { group: 'tokenErrors', name: 'INVALID_GRANT' }, 'on'],
    ['on as a string', { group: 'tokenErrors', name: 'INVALID_GRANT', on: 'true' }, 'on'],
    ['an unknown group', { group: 'nope', name: 'X', on: true }, 'group'],
    ['a group as an object', { group: {}, name: 'X', on: true }, 'group'],
    ['an unknown name', { group: 'tokenErrors', name: 'INVALID_ISS', on: true }, 'name'],
    ['a name as null', { group: 'tokenErrors', name: null, on: true }, 'name'],
    [
      'an unknown fault target',
      { fault: { target: 'moon', kind: 'drop' }, on: true },
      'fault.target',
    ],
    [
      'a negative latency',
      { fault: { target: 'jwks', kind: 'latency', ms: -1 }, on: true },
      'fault.ms',
    ],
    [
      'a status outside 5xx',
      { fault: { target: 'jwks', kind: 'outage', status: 404 }, on: true },
      'fault.status',
    ],
    ['a fault as an array', { fault: ['jwks'], on: true }, 'fault'],
    [
      'switching off an unknown target',
      { fault: { target: 1, kind: 'drop' }, on: false },
      'fault.target',
    ],
    ['an extra field', { group: 'tokenErrors', name: 'INVALID_GRANT', on: true, x: 1 }, 'x'],
  ])('%s → 400 naming the field, nothing changes', async (_name, body, path) => {
    const h = await fresh();
    await request(h.app)
      .post(API)
      .send({ group: 'userInfoErrors', name: 'INVALID_TOKEN', on: true });
    const before = (await request(h.app).get('/config')).body as SimulatorConfig;
    const res = await request(h.app)
      .post(API)
      .set('content-type', 'application/json')
      .send(JSON.stringify(body));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
    expect((await request(h.app).get('/config')).body).toEqual(before);
    expect((await request(h.app).get(API)).status).toBe(200);
  });

  it('malformed, bare or deeply nested JSON → 400, the simulator keeps serving', async () => {
    const h = await fresh();
    const deep = `{"fault":${'{"a":'.repeat(100)}1${'}'.repeat(100)},"on":true}`;
    for (const text of ['{"group":', '5', 'null', deep]) {
      const res = await request(h.app).post(API).set('content-type', 'application/json').send(text);
      expect(res.status, text).toBe(400);
    }
    expect((await request(h.app).get(API)).status).toBe(200);
  });
});
