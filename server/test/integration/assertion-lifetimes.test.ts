/**
 * /token accepts a client assertion whatever its future exp (the provider only recommends 5
 * minutes), accepts it once, and refuses its jti until it expires, however long that is.
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { ExchangeDetail, ExchangePage } from '../../src/admin/admin-api-types.js';
import type { TokenAnalysis } from '../../src/analysis/analysis-types.js';
import { UsedAssertionIds } from '../../src/tokens/client-auth/used-assertion-ids.js';
import { TOO_MANY_LIVE_ASSERTIONS } from '../../src/tokens/client-auth/private-key-jwt.js';
import { defaultConfig, testSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  redirectParams,
  signClientAssertion,
} from '../helpers/relying-party.js';

const URL_BASE = 'http://localhost:3000';
type App = Parameters<typeof request>[0];

function simulator(now: { t: number }) {
  return testSimulator({ config: defaultConfig(URL_BASE), clock: () => now.t });
}

async function newCode(app: App): Promise<string> {
  const res = await request(app).get(`/authorize?${authorizeQuery()}`);
  return redirectParams(res.headers.location as string).get('code')!;
}

async function redeem(app: App, assertion: string): Promise<request.Response> {
  return request(app)
    .post('/token')
    .type('form')
    .set('User-Agent', 'assertion-lifetime-tests')
    .send({
      grant_type: 'authorization_code',
      code: await newCode(app),
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    });
}

const REPLAYED = {
  error: 'invalid_client',
  error_description: 'private_key_jwt jti has already been used',
};

describe('client assertions of any lifetime', () => {
  for (const lifetime of [60, 300, 3600, 86_400]) {
    it(`an assertion living ${lifetime} s is accepted once, then refused on replay until its exp`, async () => {
      const now = { t: Date.now() };
      const sim = simulator(now);
      const iat = Math.floor(now.t / 1000);
      const assertion = await signClientAssertion({
        baseUrl: URL_BASE,
        claims: { iat, exp: iat + lifetime },
      });
      const first = await redeem(sim.app, assertion);
      expect(first.status).toBe(200);
      expect(first.body.access_token).toEqual(expect.any(String));

      expect((await redeem(sim.app, assertion)).body).toEqual(REPLAYED);
      // A minute before it expires, still refused.
      now.t += (lifetime - 60) * 1000;
      const late = await redeem(sim.app, assertion);
      expect(late.status).toBe(400);
      expect(late.body).toEqual(REPLAYED);
      sim.close();
    });
  }

  it('an hour-long assertion replayed 59 minutes later is refused; a fresh one is accepted', async () => {
    const now = { t: Date.now() };
    const sim = simulator(now);
    const iat = Math.floor(now.t / 1000);
    const hourLong = await signClientAssertion({
      baseUrl: URL_BASE,
      claims: { iat, exp: iat + 3600 },
    });
    expect((await redeem(sim.app, hourLong)).status).toBe(200);
    now.t += 59 * 60_000;
    expect((await redeem(sim.app, hourLong)).body).toEqual(REPLAYED);
    const fresh = await signClientAssertion({
      baseUrl: URL_BASE,
      claims: { iat: iat + 59 * 60, exp: iat + 59 * 60 + 3600 },
    });
    expect((await redeem(sim.app, fresh)).status).toBe(200);
    // Once it has expired, it is refused as expired (not forgotten and accepted again).
    now.t += 2 * 60_000;
    expect((await redeem(sim.app, hourLong)).body).toEqual({
      error: 'invalid_client',
      error_description: 'private_key_jwt has expired',
    });
    sim.close();
  });

  it('an exp however far ahead (beyond 2106, the largest number) is accepted once, then refused', async () => {
    const now = { t: Date.now() };
    const sim = simulator(now);
    for (const exp of [1e12, Number.MAX_VALUE]) {
      const assertion = await signClientAssertion({ baseUrl: URL_BASE, claims: { exp } });
      expect((await redeem(sim.app, assertion)).status).toBe(200);
      expect((await redeem(sim.app, assertion)).body).toEqual(REPLAYED);
    }
    // The request log still analyses them.
    const list = await request(sim.app).get('/_simulator/api/exchanges?endpoint=token');
    const id = (list.body as ExchangePage).items[0]!.id;
    expect((await request(sim.app).get(`/_simulator/api/exchanges/${id}`)).status).toBe(200);
    sim.close();
  });

  it('an assertion whose exp is in the past is refused', async () => {
    const now = { t: Date.now() };
    const sim = simulator(now);
    const iat = Math.floor(now.t / 1000);
    const res = await redeem(
      sim.app,
      await signClientAssertion({ baseUrl: URL_BASE, claims: { iat: iat - 400, exp: iat - 1 } }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_client',
      error_description: 'private_key_jwt has expired',
    });
    sim.close();
  });

  it('when the replay store is full, /token answers 503 temporarily_unavailable and forgets nothing', async () => {
    const now = { t: Date.now() };
    const sim = simulator(now);
    const iat = Math.floor(now.t / 1000);
    // A small store, so filling it is quick; the rule is the same at 5,000,000.
    sim.context.usedAssertionIds = new UsedAssertionIds(3);
    const used = await signClientAssertion({ baseUrl: URL_BASE, claims: { exp: iat + 3600 } });
    expect((await redeem(sim.app, used)).status).toBe(200);
    sim.context.usedAssertionIds.remember(DEFAULT_CLIENT_ID, 'filler-1', iat + 600, iat);
    sim.context.usedAssertionIds.remember(DEFAULT_CLIENT_ID, 'filler-2', iat + 600, iat);

    const refused = await redeem(sim.app, await signClientAssertion({ baseUrl: URL_BASE }));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: 'temporarily_unavailable',
      error_description: TOO_MANY_LIVE_ASSERTIONS,
    });
    expect(TOO_MANY_LIVE_ASSERTIONS).toContain('5,000,000 unexpired client assertions');
    // The used one is still refused, and the simulator keeps serving.
    expect((await redeem(sim.app, used)).body).toEqual(REPLAYED);
    expect((await request(sim.app).get('/.well-known/openid-configuration')).status).toBe(200);
    // Once the fillers have expired (and their minute has passed), there is room again.
    now.t += 700_000;
    const later = await signClientAssertion({
      baseUrl: URL_BASE,
      claims: { iat: iat + 700, exp: iat + 1000 },
    });
    expect((await redeem(sim.app, later)).status).toBe(200);
    sim.close();
  });
});

describe('the request log and the token inspector word the recommendation as a warning', () => {
  it('an hour-long assertion: every check passes, and one warning says its lifetime', async () => {
    const now = { t: Date.now() };
    const sim = simulator(now);
    const iat = Math.floor(now.t / 1000);
    const hourLong = await signClientAssertion({
      baseUrl: URL_BASE,
      claims: { iat, exp: iat + 3600 },
    });
    expect((await redeem(sim.app, hourLong)).status).toBe(200);
    const API = '/_simulator/api';
    const list = await request(sim.app).get(`${API}/exchanges?endpoint=token`);
    const id = (list.body as ExchangePage).items[0]!.id;
    const detail = (await request(sim.app).get(`${API}/exchanges/${id}`)).body as ExchangeDetail;
    const assertion = detail.analysis.find((a) => a.role === 'client_assertion')!;
    expect(assertion.checks.filter((c) => !c.ok)).toEqual([]);
    expect(assertion.warnings).toEqual([
      'this assertion lives 3600 s; the provider recommends 300 s',
    ]);

    const inspected = await request(sim.app)
      .post(`${API}/inspect`)
      .send({ token: hourLong, role: 'client_assertion' });
    expect(inspected.status).toBe(200);
    expect((inspected.body as TokenAnalysis).warnings).toEqual([
      'this assertion lives 3600 s; the provider recommends 300 s',
    ]);
    sim.close();
  });
});
