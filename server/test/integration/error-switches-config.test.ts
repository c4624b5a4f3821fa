/**
 * The error switches and faults as configuration: POST /config keeps the public simulator's
 * contract (unknown names ignored, an omitted errorConfiguration clears every switch and fault),
 * refuses bad faults and retirement flags with a 400 naming the field, and changes nothing then.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  expectConfigRefused,
  expectStillServing,
  harness,
  type Harness,
} from '../helpers/protocol.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const post = (body: unknown) =>
  request(h.app)
    .post('/config')
    .send(body as object);
const current = async () => (await request(h.app).get('/config')).body as Record<string, unknown>;

describe('the new lists in errorConfiguration', () => {
  it('keeps known names, ignores unknown ones, as for the public lists', async () => {
    const res = await post({
      errorConfiguration: {
        authoriseErrors: ['UNAUTHORIZED_CLIENT', 'bogus'],
        tokenErrors: ['INVALID_GRANT', 'invalid_grant', 'INVALID_GRANT'],
        userInfoErrors: ['SERVER_ERROR', 'NOPE'],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.errorConfiguration).toMatchObject({
      authoriseErrors: ['UNAUTHORIZED_CLIENT'],
      tokenErrors: ['INVALID_GRANT'],
      userInfoErrors: ['SERVER_ERROR'],
      faults: [],
    });
  });

  it('a POST /config without errorConfiguration clears the lists and the faults; retirement stays', async () => {
    await post({
      publishNewIdTokenSigningKeys: true,
      useNewIdTokenSigningKeys: true,
      retireOldIdTokenSigningKeys: true,
      errorConfiguration: {
        tokenErrors: ['SERVER_ERROR'],
        faults: [{ target: 'jwks', kind: 'outage', status: 503 }],
      },
    }).expect(200);
    const res = await post({ responseConfiguration: { email: 'a@b.c' } });
    expect(res.status).toBe(200);
    expect(res.body.errorConfiguration.tokenErrors).toEqual([]);
    expect(res.body.errorConfiguration.faults).toEqual([]);
    expect(res.body.oldIdTokenKeysRetired).toBe(true);
  });

  it('GET /config can be posted back unchanged, faults and retirement included', async () => {
    await post({
      publishNewCoreIdentitySigningKeys: true,
      useNewCoreIdentitySigningKeys: true,
      retireOldCoreIdentitySigningKeys: true,
      errorConfiguration: {
        faults: [
          { target: 'token', kind: 'latency', ms: 10, requests: 3 },
          { target: 'did', kind: 'drop' },
        ],
      },
    }).expect(200);
    const before = await current();
    const again = await post(before);
    expect(again.status, again.text).toBe(200);
    expect(await current()).toEqual(before);
  });
});

describe('bad input: a 400 naming the field, nothing changes, the simulator keeps serving', () => {
  const fault = (f: unknown) => ({ errorConfiguration: { faults: [f] } });
  it.each([
    [
      'unknown target',
      fault({ target: 'nowhere', kind: 'drop' }),
      'errorConfiguration.faults[0].target',
    ],
    [
      'target as a number',
      fault({ target: 3, kind: 'drop' }),
      'errorConfiguration.faults[0].target',
    ],
    [
      'unknown kind',
      fault({ target: 'jwks', kind: 'meltdown' }),
      'errorConfiguration.faults[0].kind',
    ],
    ['kind missing', fault({ target: 'jwks' }), 'errorConfiguration.faults[0].kind'],
    [
      'negative latency',
      fault({ target: 'jwks', kind: 'latency', ms: -1 }),
      'errorConfiguration.faults[0].ms',
    ],
    [
      'latency as a string',
      fault({ target: 'jwks', kind: 'latency', ms: '5' }),
      'errorConfiguration.faults[0].ms',
    ],
    [
      'latency as an object',
      fault({ target: 'jwks', kind: 'latency', ms: {} }),
      'errorConfiguration.faults[0].ms',
    ],
    [
      'latency too long',
      fault({ target: 'jwks', kind: 'latency', ms: 120_001 }),
      'errorConfiguration.faults[0].ms',
    ],
    [
      'status 499',
      fault({ target: 'token', kind: 'outage', status: 499 }),
      'errorConfiguration.faults[0].status',
    ],
    [
      'status 600',
      fault({ target: 'token', kind: 'outage', status: 600 }),
      'errorConfiguration.faults[0].status',
    ],
    [
      'status null',
      fault({ target: 'token', kind: 'outage', status: null }),
      'errorConfiguration.faults[0].status',
    ],
    [
      'status as an array',
      fault({ target: 'token', kind: 'outage', status: [503] }),
      'errorConfiguration.faults[0].status',
    ],
    [
      'status 503.5',
      fault({ target: 'token', kind: 'outage', status: 503.5 }),
      'errorConfiguration.faults[0].status',
    ],
    [
      'requests 0',
      fault({ target: 'token', kind: 'drop', requests: 0 }),
      'errorConfiguration.faults[0].requests',
    ],
    [
      'requests as a string',
      fault({ target: 'token', kind: 'drop', requests: '2' }),
      'errorConfiguration.faults[0].requests',
    ],
    [
      'an unknown field',
      fault({ target: 'token', kind: 'drop', status: 500 }),
      'errorConfiguration.faults[0].status',
    ],
    ['a fault that is null', fault(null), 'errorConfiguration.faults[0]'],
    ['a fault that is an array', fault(['jwks']), 'errorConfiguration.faults[0]'],
    [
      'faults as an object',
      { errorConfiguration: { faults: { jwks: 'outage' } } },
      'errorConfiguration.faults',
    ],
    ['faults as a number', { errorConfiguration: { faults: 5 } }, 'errorConfiguration.faults'],
    [
      'tokenErrors as a string',
      { errorConfiguration: { tokenErrors: 'INVALID_GRANT' } },
      'errorConfiguration.tokenErrors',
    ],
    [
      'userInfoErrors with an object',
      { errorConfiguration: { userInfoErrors: [{}] } },
      'errorConfiguration.userInfoErrors',
    ],
    ['retire flag as a number', { retireOldIdTokenSigningKeys: 1 }, 'retireOldIdTokenSigningKeys'],
    [
      'retire flag as an object',
      { retireOldCoreIdentitySigningKeys: {} },
      'retireOldCoreIdentitySigningKeys',
    ],
    [
      'retiring keys still signing',
      { retireOldIdTokenSigningKeys: true },
      'retireOldIdTokenSigningKeys',
    ],
    [
      'retiring the core key still signing',
      { retireOldCoreIdentitySigningKeys: true },
      'retireOldCoreIdentitySigningKeys',
    ],
  ])('%s', async (_name, body, path) => {
    await post({ errorConfiguration: { tokenErrors: ['INVALID_GRANT'] } }).expect(200);
    const before = await current();
    expectConfigRefused(await post({ ...body, simulatorUrl: 'http://localhost:4000' }), [path]);
    expect(await current()).toEqual(before);
    await post({}).expect(200);
    await expectStillServing(h.app, h.clock);
  });

  it('two outages at one endpoint are refused', async () => {
    expectConfigRefused(
      await post({
        errorConfiguration: {
          faults: [
            { target: 'jwks', kind: 'drop' },
            { target: 'jwks', kind: 'outage', status: 500 },
          ],
        },
      }),
      ['errorConfiguration.faults[1]'],
    );
  });
});
