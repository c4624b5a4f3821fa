/**
 * Replay protection that holds under load: a client assertion is accepted once until its exp
 * (however long it lives), and a code waiting to be redeemed survives any number of
 * unauthenticated /authorize calls (the store refuses new codes when full; it never evicts).
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { ExpiringStore } from '../../src/state/expiring-store.js';
import { TOO_MANY_PENDING_CODES } from '../../src/state/pending-limits.js';
import { defaultConfig, testSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  redirectParams,
  signClientAssertion,
} from '../helpers/relying-party.js';

const URL_BASE = 'http://localhost:3000';
const UA = 'replay-tests';

function simulator(now: { t: number }) {
  return testSimulator({ config: defaultConfig(URL_BASE), clock: () => now.t });
}

async function code(app: Parameters<typeof request>[0]): Promise<request.Response> {
  return request(app).get(`/authorize?${authorizeQuery()}`);
}

function redeem(app: Parameters<typeof request>[0], c: string, assertion: string) {
  return request(app).post('/token').type('form').set('User-Agent', UA).send({
    grant_type: 'authorization_code',
    code: c,
    redirect_uri: DEFAULT_REDIRECT_URI,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  });
}

describe('client assertion single use', () => {
  it('an assertion used once is refused until its exp, however many others came between', async () => {
    const now = { t: Date.now() };
    const sim = simulator(now);
    const once = await signClientAssertion({ baseUrl: URL_BASE });
    const first = redirectParams((await code(sim.app)).headers.location as string).get('code')!;
    expect((await redeem(sim.app, first, once)).status).toBe(200);
    // Others fill the store the old way would have evicted from (at the store, which is what
    // the endpoint calls; signing 20,000 assertions over HTTP would take minutes).
    const seconds = Math.floor(now.t / 1000);
    for (let i = 0; i < 25_000; i++)
      sim.context.usedAssertionIds.remember(
        'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
        `filler-${i}`,
        seconds + 300,
        seconds,
      );
    now.t += 290_000;
    const again = redirectParams((await code(sim.app)).headers.location as string).get('code')!;
    const res = await redeem(sim.app, again, once);
    expect(res.body).toEqual({
      error: 'invalid_client',
      error_description: 'private_key_jwt jti has already been used',
    });
    sim.close();
  });
});

describe('a pending code under an /authorize flood', () => {
  it('is never evicted: once the store is full, /authorize says temporarily_unavailable', async () => {
    const now = { t: Date.now() };
    const sim = simulator(now);
    // A small store, so the flood is short; the rule is the same at 20,000.
    sim.context.codes = new ExpiringStore(() => now.t, 50);
    const pending = redirectParams((await code(sim.app)).headers.location as string).get('code')!;
    let refused: URLSearchParams | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const params = redirectParams((await code(sim.app)).headers.location as string);
      if (params.get('error')) refused = params;
    }
    expect(refused?.get('error')).toBe('temporarily_unavailable');
    expect(refused?.get('error_description')).toBe(TOO_MANY_PENDING_CODES);
    expect(refused?.get('state')).toBe('state-1');
    expect(sim.context.codes.size).toBe(50);

    // The tester's code still works.
    const res = await redeem(sim.app, pending, await signClientAssertion({ baseUrl: URL_BASE }));
    expect(res.status).toBe(200);

    // A minute later the unredeemed codes have expired and sign-ins go on.
    now.t += 61_000;
    expect(
      redirectParams((await code(sim.app)).headers.location as string).get('code'),
    ).toBeTruthy();
    sim.close();
  });
});
