import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/log/exchange-types.js';
import type {
  ExchangeDetail,
  ExchangePage,
  PublicKeysView,
  SimulatorStatus,
} from '../../src/admin/admin-api-types.js';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import type { TokenAnalysis } from '../../src/analysis/analysis-types.js';
import type { Simulator } from '../../src/index.js';
import { testSimulator } from '../helpers/test-simulator.js';
import { getUserinfo, harness, postToken, signIn, UA, type Harness } from '../helpers/protocol.js';

const API = '/_simulator/api';
const simulators: Simulator[] = [];
afterEach(() => {
  for (const s of simulators.splice(0)) s.close();
});

async function fresh(options: Parameters<typeof harness>[0] = {}): Promise<Harness> {
  const h = await harness(options);
  simulators.push(h.simulator);
  return h;
}

/** The bad-input tests end here: the simulator still answers. */
async function expectStillServing(h: Harness): Promise<void> {
  const res = await request(h.app).get(`${API}/status`);
  expect(res.status).toBe(200);
  const discovery = await request(h.app).get('/.well-known/openid-configuration');
  expect(discovery.status).toBe(200);
}

const page = (res: request.Response) => res.body as ExchangePage;

describe('GET /status', () => {
  it('reports version, base URL, counts, capacity and where it listens', async () => {
    const h = await fresh({ version: '9.9.9', logCapacity: 50 });
    await request(h.app).get('/.well-known/jwks.json');
    const res = await request(h.app).get(`${API}/status`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const status = res.body as SimulatorStatus;
    expect(status).toMatchObject({
      version: '9.9.9',
      baseUrl: 'http://localhost:3000',
      exchangeCount: 1,
      totalExchanges: 1,
      logCapacity: 50,
      uptimeSeconds: 0,
    });
    expect(new Date(status.startedAt).getTime()).toBe(h.clock.ms);
    expect(status.listeningUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status.port).toBeGreaterThan(0);
    h.clock.advance(90);
    expect(
      ((await request(h.app).get(`${API}/status`)).body as SimulatorStatus).uptimeSeconds,
    ).toBe(90);
  });
});

describe('GET /exchanges', () => {
  it('lists exchanges newest first, failures and 404s included, admin calls excluded', async () => {
    const h = await fresh();
    await request(h.app).get('/.well-known/openid-configuration');
    await request(h.app).get('/no-such-path');
    await postToken(h.app, { grant_type: 'nope' });
    await request(h.app).get(`${API}/status`);
    const res = await request(h.app).get(`${API}/exchanges`);
    expect(res.status).toBe(200);
    const { items, total, nextBefore } = page(res);
    expect(total).toBe(3);
    expect(nextBefore).toBeUndefined();
    expect(items.map((e) => [e.seq, e.endpoint, e.response.status])).toEqual([
      [3, 'token', 400],
      [2, 'other', 404],
      [1, 'discovery', 200],
    ]);
    expect(items[0]?.outcome).toEqual({
      kind: 'error',
      code: 'unsupported_grant_type',
      description: 'Unsupported grant type',
    });
    expect(items[1]?.outcome).toMatchObject({ kind: 'error', code: 'not_found' });
  });

  it('pages with limit and before', async () => {
    const h = await fresh();
    for (let i = 0; i < 5; i++) await request(h.app).get(`/trustmark?i=${i}`);
    const first = page(await request(h.app).get(`${API}/exchanges?limit=2`));
    expect(first.items.map((e) => e.seq)).toEqual([5, 4]);
    expect(first.total).toBe(5);
    expect(first.nextBefore).toBe(4);
    const second = page(await request(h.app).get(`${API}/exchanges?limit=2&before=4`));
    expect(second.items.map((e) => e.seq)).toEqual([3, 2]);
    expect(second.nextBefore).toBe(2);
    const last = page(await request(h.app).get(`${API}/exchanges?limit=2&before=2`));
    expect(last.items.map((e) => e.seq)).toEqual([1]);
    expect(last.nextBefore).toBeUndefined();
  });

  it('filters by endpoint, outcome, journey and text', async () => {
    const h = await fresh();
    const { tokens } = await signIn(h);
    await getUserinfo(h.app, tokens.access_token);
    await getUserinfo(h.app, 'not-a-token');
    await request(h.app).get('/trustmark');
    const all = page(await request(h.app).get(`${API}/exchanges`)).items;
    const journeyId = all.find((e) => e.endpoint === 'token')?.journeyId;
    expect(journeyId).toBeTruthy();

    const tokenOnly = page(await request(h.app).get(`${API}/exchanges?endpoint=token`));
    expect(tokenOnly.items.map((e) => e.endpoint)).toEqual(['token']);
    const several = page(await request(h.app).get(`${API}/exchanges?endpoint=token,trustmark`));
    expect(several.items.map((e) => e.endpoint)).toEqual(['trustmark', 'token']);
    const errors = page(await request(h.app).get(`${API}/exchanges?outcome=error`));
    expect(errors.items.map((e) => e.endpoint)).toEqual(['userinfo']);
    const successes = page(await request(h.app).get(`${API}/exchanges?outcome=success`));
    expect(successes.total).toBe(4);
    const journey = page(await request(h.app).get(`${API}/exchanges?journey=${journeyId}`));
    expect(journey.items.map((e) => e.endpoint)).toEqual(['userinfo', 'token', 'authorize']);
    const text = page(await request(h.app).get(`${API}/exchanges?q=INVALID%20ACCESS`));
    expect(text.items).toHaveLength(1);
    expect(text.items[0]?.outcome).toMatchObject({ code: 'invalid_token' });
  });

  it.each([
    ['limit=0'],
    ['limit=abc'],
    ['limit=100000'],
    ['before=-3'],
    ['endpoint=tokens'],
    ['outcome=maybe'],
    ['unknown=1'],
    [`q=${'x'.repeat(300)}`],
  ])('refuses ?%s with 400 invalid_request', async (query) => {
    const h = await fresh();
    const res = await request(h.app).get(`${API}/exchanges?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request' });
    expect(typeof res.body.error_description).toBe('string');
    await expectStillServing(h);
  });
});

describe('masking and reveal', () => {
  async function userinfoWithToken(h: Harness): Promise<{ token: string; exchange: Exchange }> {
    const { tokens } = await signIn(h);
    await getUserinfo(h.app, tokens.access_token);
    const items = page(await request(h.app).get(`${API}/exchanges?endpoint=userinfo`)).items;
    return { token: tokens.access_token, exchange: items[0] as Exchange };
  }

  it('shows Authorization shortened in the list, and in full only on reveal', async () => {
    const h = await fresh();
    const { token, exchange } = await userinfoWithToken(h);
    expect(exchange.masked).toBe(true);
    expect(exchange.request.headers.authorization).toBe(
      `Bearer ${token.slice(0, 10)}…(${token.length} chars)`,
    );
    const masked = (await request(h.app).get(`${API}/exchanges/${exchange.id}`))
      .body as ExchangeDetail;
    expect(masked.exchange.request.headers.authorization).toBe(
      exchange.request.headers.authorization,
    );
    const revealed = (await request(h.app).get(`${API}/exchanges/${exchange.id}?reveal=true`))
      .body as ExchangeDetail;
    expect(revealed.exchange.request.headers.authorization).toBe(`Bearer ${token}`);
    expect(revealed.exchange.masked).toBeUndefined();
    // Revealing one exchange changes nothing for the others.
    const again = page(await request(h.app).get(`${API}/exchanges?endpoint=userinfo`)).items[0];
    expect(again?.request.headers.authorization).toBe(exchange.request.headers.authorization);
  });

  it('hides client_secret and code_verifier in the form', async () => {
    const h = await fresh();
    await postToken(h.app, {
      grant_type: 'authorization_code',
      code: 'c',
      redirect_uri: 'http://localhost:8080/cb',
      client_id: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
      client_secret: 'my-client-secret',
      code_verifier: 'a-pkce-verifier',
    });
    const listed = page(await request(h.app).get(`${API}/exchanges`)).items[0] as Exchange;
    expect(listed.request.body).toMatchObject({
      client_secret: '••••••(16 chars)',
      code_verifier: '••••••(15 chars)',
      code: 'c',
    });
    const revealed = (await request(h.app).get(`${API}/exchanges/${listed.id}?reveal=true`))
      .body as ExchangeDetail;
    expect(revealed.exchange.request.body).toMatchObject({
      client_secret: 'my-client-secret',
      code_verifier: 'a-pkce-verifier',
    });
  });

  it('refuses a bad reveal value or unknown parameter', async () => {
    const h = await fresh();
    await request(h.app).get('/trustmark');
    const id = page(await request(h.app).get(`${API}/exchanges`)).items[0]?.id as string;
    for (const query of ['reveal=yes', 'reveal=1', 'other=true']) {
      const res = await request(h.app).get(`${API}/exchanges/${id}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request' });
    }
    await expectStillServing(h);
  });
});

describe('GET /exchanges/:id', () => {
  it('gives the exchange and the analysis of its tokens', async () => {
    const h = await fresh();
    await signIn(h);
    const tokenExchange = page(await request(h.app).get(`${API}/exchanges?endpoint=token`))
      .items[0] as Exchange;
    const res = await request(h.app).get(`${API}/exchanges/${tokenExchange.id}`);
    expect(res.status).toBe(200);
    const detail = res.body as ExchangeDetail;
    expect(detail.exchange.id).toBe(tokenExchange.id);
    expect(detail.analysis.map((a) => a.role)).toEqual([
      'client_assertion',
      'id_token',
      'access_token',
    ]);
    for (const analysis of detail.analysis) {
      expect(
        analysis.checks.filter((c) => !c.ok),
        analysis.role,
      ).toEqual([]);
    }
    const idToken = detail.analysis[1] as TokenAnalysis;
    expect(idToken.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['nonce', 'vot', 'at_hash', 'signature', 'kid']),
    );
  });

  it('gives the same (cached) analysis twice', async () => {
    const h = await fresh();
    await signIn(h);
    const id = page(await request(h.app).get(`${API}/exchanges?endpoint=token`)).items[0]
      ?.id as string;
    const a = (await request(h.app).get(`${API}/exchanges/${id}`)).body as ExchangeDetail;
    const b = (await request(h.app).get(`${API}/exchanges/${id}`)).body as ExchangeDetail;
    expect(b.analysis).toEqual(a.analysis);
  });

  it('refuses an id that is not valid URL encoding with 400', async () => {
    const h = await fresh();
    const res = await request(h.app).get(`${API}/exchanges/%ZZ`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request' });
    await expectStillServing(h);
  });

  it('answers 404 JSON for an unknown id', async () => {
    const h = await fresh();
    const res = await request(h.app).get(`${API}/exchanges/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
    await expectStillServing(h);
  });
});

describe('DELETE /exchanges', () => {
  it('clears the log and emits reset', async () => {
    const h = await fresh();
    await request(h.app).get('/trustmark');
    let resets = 0;
    h.simulator.events.on('reset', () => resets++);
    const res = await request(h.app).delete(`${API}/exchanges`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(resets).toBe(1);
    expect(page(await request(h.app).get(`${API}/exchanges`)).total).toBe(0);
    await request(h.app).get('/trustmark');
    const after = page(await request(h.app).get(`${API}/exchanges`)).items;
    expect(after.map((e) => e.seq)).toEqual([2]);
  });

  it('refuses a DELETE from another origin', async () => {
    const h = await fresh();
    await request(h.app).get('/trustmark');
    const res = await request(h.app)
      .delete(`${API}/exchanges`)
      .set('Origin', 'http://localhost:8080');
    expect(res.status).toBe(403);
    expect(page(await request(h.app).get(`${API}/exchanges`)).total).toBe(1);
  });
});

describe('GET /keys', () => {
  it('shows the JWKS, the DID document and which keys sign now', async () => {
    const h = await fresh();
    const res = await request(h.app).get(`${API}/keys`);
    expect(res.status).toBe(200);
    const view = res.body as PublicKeysView;
    expect(view.idToken.jwks.keys.map((k) => k.kid)).toEqual([
      h.keys.idToken.primary.ES256.kid,
      h.keys.idToken.primary.RS256.kid,
    ]);
    expect(view.idToken.signingKid).toEqual({
      ES256: h.keys.idToken.primary.ES256.kid,
      RS256: h.keys.idToken.primary.RS256.kid,
    });
    expect(view.coreIdentity.did.id).toBe('did:web:localhost%3A3000');
    expect(view.coreIdentity.signingKid).toBe(
      `did:web:localhost%3A3000#${h.keys.coreIdentity.primary.kid}`,
    );
    const discoveryJwks = await request(h.app).get('/.well-known/jwks.json');
    expect(view.idToken.jwks).toEqual(discoveryJwks.body);
  });

  it('follows key rotation', async () => {
    const h = await fresh({
      patch: { publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true },
    });
    const view = (await request(h.app).get(`${API}/keys`)).body as PublicKeysView;
    expect(view.idToken.jwks.keys).toHaveLength(4);
    expect(view.idToken.signingKid.ES256).toBe(h.keys.idToken.secondary.ES256.kid);
  });
});

describe('POST /inspect', () => {
  it('analyses a pasted token against the current keys, guessing its role', async () => {
    const h = await fresh();
    const { tokens } = await signIn(h);
    const res = await request(h.app).post(`${API}/inspect`).send({ token: tokens.id_token });
    expect(res.status).toBe(200);
    const analysis = res.body as TokenAnalysis;
    expect(analysis.role).toBe('id_token');
    expect(analysis.checks.filter((c) => !c.ok)).toEqual([]);
    expect(analysis.notes?.[0]).toMatch(/guessed from its claims/);
    const asAccess = (
      await request(h.app)
        .post(`${API}/inspect`)
        .send({ token: tokens.access_token, role: 'access_token' })
    ).body as TokenAnalysis;
    expect(asAccess.role).toBe('access_token');
    expect(asAccess.notes).toBeUndefined();
  });

  it('says garbage is not a JWT (200: the token is the subject, not the request)', async () => {
    const h = await fresh();
    const res = await request(h.app).post(`${API}/inspect`).send({ token: 'hello' });
    expect(res.status).toBe(200);
    expect((res.body as TokenAnalysis).checks[0]).toMatchObject({ name: 'format', ok: false });
    // Said in words too: it is no ID token, whatever role its checks fell back to.
    expect((res.body as TokenAnalysis).notes?.[0]).toMatch(/^This is not a JWT .*it has no role/);
  });

  it.each([
    ['no body', undefined],
    ['an array', [1]],
    ['no token', { role: 'id_token' }],
    ['an empty token', { token: '  ' }],
    ['a number token', { token: 42 }],
    ['an unknown role', { token: 'a.b.c', role: 'refresh_token' }],
    ['an unknown field', { token: 'a.b.c', extra: 1 }],
    ['a huge token', { token: 'x'.repeat(70_000) }],
  ])('refuses %s with 400', async (_label, body) => {
    const h = await fresh();
    const req = request(h.app).post(`${API}/inspect`);
    const res = body === undefined ? await req : await req.send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request' });
    await expectStillServing(h);
  });

  it('refuses malformed JSON and oversize bodies', async () => {
    const h = await fresh();
    const malformed = await request(h.app)
      .post(`${API}/inspect`)
      .set('Content-Type', 'application/json')
      .send('{"token":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'invalid_request' });
    const huge = await request(h.app)
      .post(`${API}/inspect`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ token: 'x'.repeat(300_000) }));
    expect(huge.status).toBe(413);
    await expectStillServing(h);
  });
});

describe('GET /defaults and POST /config/reset', () => {
  it('gives the initial configuration and resets to it', async () => {
    const h = await fresh();
    const initial = (await request(h.app).get(`${API}/defaults`)).body as SimulatorConfig;
    expect(initial.clientConfiguration.clientId).toBe('HGIOgho9HIRhgoepdIOPFdIUWgewi0jw');
    const changed = await request(h.app)
      .post('/config')
      .send({ clientConfiguration: { clientId: 'another-client' } });
    expect(changed.status).toBe(200);
    expect(h.config().clientConfiguration.clientId).toBe('another-client');
    expect(
      ((await request(h.app).get(`${API}/defaults`)).body as SimulatorConfig).clientConfiguration
        .clientId,
    ).toBe('HGIOgho9HIRhgoepdIOPFdIUWgewi0jw');
    const configEvents: SimulatorConfig[] = [];
    h.simulator.events.on('config', (c) => configEvents.push(c));
    const reset = await request(h.app).post(`${API}/config/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual(initial);
    expect(h.config()).toEqual(initial);
    expect(configEvents).toHaveLength(1);
  });

  it('refuses a reset from another origin', async () => {
    const h = await fresh();
    const res = await request(h.app)
      .post(`${API}/config/reset`)
      .set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
  });
});

describe('the admin API is locked down', () => {
  it.each(['/status', '/exchanges', '/keys', '/events', '/exchanges.har', '/defaults'])(
    'refuses %s for a non-loopback Host with 403 JSON',
    async (path) => {
      const h = await fresh();
      const res = await request(h.app)
        .get(`${API}${path}`)
        .set('Host', 'rebound.attacker.example:3000');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'forbidden' });
      expect(res.body.error_description).toEqual(expect.any(String));
    },
  );

  it('accepts localhost, *.localhost and [::1]', async () => {
    const h = await fresh();
    for (const host of ['localhost:3000', 'ui.localhost:3000', '[::1]:3000', '127.0.0.2']) {
      expect((await request(h.app).get(`${API}/status`).set('Host', host)).status, host).toBe(200);
    }
  });

  it('never sends CORS headers, preflight included', async () => {
    const h = await fresh();
    const get = await request(h.app).get(`${API}/status`).set('Origin', 'https://evil.example');
    const preflight = await request(h.app)
      .options(`${API}/exchanges`)
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'DELETE');
    for (const res of [get, preflight]) {
      expect(Object.keys(res.headers).filter((k) => k.startsWith('access-control-'))).toEqual([]);
    }
    expect(preflight.status).toBe(403);
  });

  it('answers unknown paths with 404 JSON and wrong methods with 405', async () => {
    const h = await fresh();
    const missing = await request(h.app).get(`${API}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not_found' });
    const wrong = await request(h.app).put(`${API}/status`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.body).toMatchObject({ error: 'method_not_allowed' });
  });

  it('GET /events/config: the numbered configuration; odd queries ignored, other methods 405', async () => {
    const h = await fresh();
    const config = (await request(h.app).get('/config')).body as unknown;
    const first = await request(h.app).get(`${API}/events/config`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ version: expect.any(Number), config });
    for (const query of ['?version=abc', '?version[]=1', '?config[a]=b', '?version=-1&version=2']) {
      const res = await request(h.app).get(`${API}/events/config${query}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first.body);
    }
    for (const method of ['post', 'put', 'delete'] as const) {
      const res = await request(h.app)[method](`${API}/events/config`).send({ version: 9 });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
    const foreign = await request(h.app).get(`${API}/events/config`).set('Host', 'evil.example');
    expect(foreign.status).toBe(403);
    expect((await request(h.app).get('/config')).body).toEqual(config);
    await expectStillServing(h);
  });

  it('records none of its own requests', async () => {
    const h = await fresh();
    await request(h.app).get(`${API}/status`);
    await request(h.app).get(`${API}/nope`);
    await request(h.app).get(`${API}/status`).set('Host', 'evil.example');
    expect(h.simulator.log.size).toBe(0);
  });
});

describe('with the real log behind it', () => {
  it('uses a standalone simulator with its own defaults', async () => {
    const simulator = testSimulator();
    simulators.push(simulator);
    const res = await request(simulator.app).get(`${API}/status`).set('User-Agent', UA);
    expect((res.body as SimulatorStatus).logCapacity).toBe(1000);
  });
});
