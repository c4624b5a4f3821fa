import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { importPKCS8, type CryptoKey } from 'jose';
import type { Exchange } from '../../src/log/exchange-types.js';
import type { ExchangeDetail, ExchangePage } from '../../src/admin/admin-api-types.js';
import type { TokenAnalysis, TokenCheck } from '../../src/analysis/analysis-types.js';
import type { Simulator } from '../../src/index.js';
import {
  ASSERTION_TYPE,
  DEFAULT_REDIRECT_URI,
  UA,
  assertion,
  authorize,
  configure,
  exchange,
  getCode,
  getUserinfo,
  harness,
  postToken,
  signIn,
  type Harness,
} from '../helpers/protocol.js';
import {
  IDENTITY_CLAIMS_REQUEST,
  redirectParams,
  signRequestObject,
} from '../helpers/relying-party.js';

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

async function list(h: Harness, query = ''): Promise<Exchange[]> {
  const res = await request(h.app).get(`${API}/exchanges?limit=1000${query}`);
  expect(res.status).toBe(200);
  return (res.body as ExchangePage).items;
}

async function latest(h: Harness, endpoint: string): Promise<ExchangeDetail> {
  const [item] = await list(h, `&endpoint=${endpoint}`);
  if (!item) throw new Error(`no ${endpoint} exchange`);
  const res = await request(h.app).get(`${API}/exchanges/${item.id}`);
  expect(res.status).toBe(200);
  return res.body as ExchangeDetail;
}

function analysisOf(detail: ExchangeDetail, role: string): TokenAnalysis {
  const found = detail.analysis.find((a) => a.role === role);
  if (!found) throw new Error(`no ${role} in ${detail.analysis.map((a) => a.role).join(', ')}`);
  return found;
}

const failed = (analysis: TokenAnalysis): TokenCheck[] => analysis.checks.filter((c) => !c.ok);

describe('the request log', () => {
  it('records exactly one exchange per request, failures and 404s included, each emitted once', async () => {
    const h = await fresh();
    const emitted: Exchange[] = [];
    h.simulator.events.on('exchange', (e) => emitted.push(e));
    const app = h.app;
    const calls: [string, () => PromiseLike<unknown>][] = [
      ['root', () => request(app).get('/')],
      ['discovery', () => request(app).get('/.well-known/openid-configuration')],
      ['jwks', () => request(app).get('/.well-known/jwks.json')],
      ['did', () => request(app).get('/.well-known/did.json').set('User-Agent', UA)],
      ['did', () => request(app).get('/.well-known/did.json').set('User-Agent', '')],
      ['trustmark', () => request(app).get('/trustmark')],
      ['config', () => request(app).get('/config')],
      [
        'config',
        () =>
          request(app)
            .post('/config')
            .send({ clientConfiguration: { scopes: 'nope' } }),
      ],
      ['authorize', () => authorize(h, { client_id: 'unknown' })],
      ['authorize', () => request(app).post('/authorize')],
      ['token', () => postToken(app, {})],
      [
        'token',
        () =>
          request(app)
            .post('/token')
            .set('User-Agent', UA)
            .set('Content-Type', 'application/json')
            .send('{bad'),
      ],
      ['userinfo', () => getUserinfo(app, null)],
      ['logout', () => request(app).get('/logout')],
      ['interactive', () => request(app).post('/form-submit').send({})],
      ['other', () => request(app).get('/no/such/path')],
      ['token', () => request(app).delete('/token')],
    ];
    for (const [, call] of calls) await call();
    const items = (await list(h)).reverse();
    expect(items.map((e) => e.endpoint)).toEqual(calls.map(([endpoint]) => endpoint));
    expect(items.map((e) => e.seq)).toEqual(calls.map((_c, i) => i + 1));
    expect(emitted.map((e) => e.seq)).toEqual(items.map((e) => e.seq));
    expect(new Set(items.map((e) => e.id)).size).toBe(calls.length);
    const byPath = (path: string) => items.find((e) => e.request.path === path);
    expect(byPath('/no/such/path')?.response.status).toBe(404);
    expect(byPath('/no/such/path')?.outcome).toMatchObject({ kind: 'error', code: 'not_found' });
    const badJson = items[11] as Exchange;
    expect(badJson.response.status).toBe(400);
    expect(badJson.outcome).toMatchObject({ kind: 'error', code: 'invalid_request' });
    const noUa = items[4] as Exchange;
    expect(noUa.response.status).toBe(403);
    expect(noUa.outcome).toMatchObject({ kind: 'error' });
    expect(items[0]?.outcome).toEqual({ kind: 'success' });
  });

  it('keeps at most logCapacity exchanges', async () => {
    const h = await fresh({ logCapacity: 5 });
    for (let i = 0; i < 12; i++) await request(h.app).get(`/trustmark?i=${i}`);
    const items = await list(h);
    expect(items).toHaveLength(5);
    expect(items.map((e) => e.request.query.i)).toEqual(['11', '10', '9', '8', '7']);
    const status = (await request(h.app).get(`${API}/status`)).body as {
      exchangeCount: number;
      totalExchanges: number;
    };
    expect(status).toMatchObject({ exchangeCount: 5, totalExchanges: 12 });
  });

  it('records the request and the response', async () => {
    const h = await fresh();
    const code = await getCode(h);
    await exchange(h, code);
    const [token] = await list(h, '&endpoint=token');
    expect(token?.request).toMatchObject({ method: 'POST', path: '/token', query: {} });
    expect(token?.request.headers['user-agent']).toBe(UA);
    expect(token?.request.body).toMatchObject({ grant_type: 'authorization_code', code });
    expect(token?.response.status).toBe(200);
    expect(token?.response.headers['cache-control']).toBe('no-store');
    expect(token?.response.body).toMatchObject({ token_type: 'Bearer', expires_in: 180 });
    expect(token?.durationMs).toBeGreaterThanOrEqual(0);
    expect(token?.startedAt).toBe(new Date(h.clock.ms).toISOString());
  });

  it('ties the exchanges of one sign-in together by journeyId', async () => {
    const h = await fresh();
    const agent = request.agent(h.app);
    const first = await agent.get(
      `/authorize?${new URLSearchParams({
        response_type: 'code',
        scope: 'openid email',
        client_id: h.config().clientConfiguration.clientId,
        redirect_uri: DEFAULT_REDIRECT_URI,
        state: 's',
        nonce: 'n',
      }).toString()}`,
    );
    const code = redirectParams(first.headers.location as string).get('code') as string;
    const token = await postToken(h.app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(h),
    });
    await getUserinfo(h.app, token.body.access_token as string);
    await agent.get(
      `/logout?${new URLSearchParams({ id_token_hint: token.body.id_token as string, state: 'x' }).toString()}`,
    );
    await request(h.app).get('/trustmark');
    const items = (await list(h)).reverse();
    const journeyId = items[0]?.journeyId;
    expect(journeyId).toEqual(expect.any(String));
    expect(items.map((e) => [e.endpoint, e.journeyId === journeyId])).toEqual([
      ['authorize', true],
      ['token', true],
      ['userinfo', true],
      ['logout', true],
      ['trustmark', false],
    ]);
    const journey = await list(h, `&journey=${journeyId}`);
    expect(journey).toHaveLength(4);
  });

  it('names the configured errors applied', async () => {
    const h = await fresh({
      patch: {
        errorConfiguration: {
          authoriseErrors: ['ACCESS_DENIED'],
          idTokenErrors: [],
          coreIdentityErrors: [],
        },
      },
    });
    await authorize(h);
    const [item] = await list(h);
    expect(item?.scenarios).toEqual(['authorize:ACCESS_DENIED']);
    expect(item?.outcome).toMatchObject({ kind: 'error', code: 'access_denied' });
  });
});

describe('token analysis of real exchanges', () => {
  it('a good sign-in passes every check, nonce, vot and at_hash included', async () => {
    const h = await fresh();
    await signIn(h, { vtr: '["Cl.Cm"]' });
    const detail = await latest(h, 'token');
    for (const analysis of detail.analysis) expect(failed(analysis), analysis.role).toEqual([]);
    const names = analysisOf(detail, 'id_token').checks.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['nonce', 'vot', 'at_hash']));
  });

  it('names each configured ID token error where it shows', async () => {
    const h = await fresh({
      patch: {
        errorConfiguration: {
          authoriseErrors: [],
          coreIdentityErrors: [],
          idTokenErrors: [
            'INVALID_SIGNATURE',
            'NONCE_NOT_MATCHING',
            'INVALID_ISS',
            'TOKEN_EXPIRED',
            'INCORRECT_VOT',
            'INVALID_AUD',
          ],
        },
      },
    });
    await signIn(h);
    const idToken = analysisOf(await latest(h, 'token'), 'id_token');
    expect(Object.fromEntries(failed(idToken).map((c) => [c.name, c.scenario]))).toEqual({
      signature: 'INVALID_SIGNATURE',
      nonce: 'NONCE_NOT_MATCHING',
      iss: 'INVALID_ISS',
      exp: 'TOKEN_EXPIRED',
      vot: 'INCORRECT_VOT',
      aud: 'INVALID_AUD',
    });
    expect(idToken.summary).toMatch(/configured errors: /);
  });

  it('names INVALID_ALG_HEADER and TOKEN_NOT_VALID_YET', async () => {
    const h = await fresh({
      patch: {
        errorConfiguration: {
          authoriseErrors: [],
          coreIdentityErrors: [],
          idTokenErrors: ['INVALID_ALG_HEADER', 'TOKEN_NOT_VALID_YET'],
        },
      },
    });
    await signIn(h);
    const idToken = analysisOf(await latest(h, 'token'), 'id_token');
    const scenarios = Object.fromEntries(failed(idToken).map((c) => [c.name, c.scenario]));
    expect(scenarios).toMatchObject({
      alg: 'INVALID_ALG_HEADER',
      signature: 'INVALID_ALG_HEADER',
      iat: 'TOKEN_NOT_VALID_YET',
    });
  });

  it('checks the core identity JWT against the DID document and the ID token sub', async () => {
    const identity = { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST };
    const h = await fresh();
    const { tokens } = await signIn(h, identity);
    const res = await getUserinfo(h.app, tokens.access_token);
    expect(res.status).toBe(200);
    const detail = await latest(h, 'userinfo');
    expect(detail.analysis.map((a) => a.role)).toEqual(['access_token', 'core_identity']);
    const core = analysisOf(detail, 'core_identity');
    expect(failed(core)).toEqual([]);
    expect(core.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['kid', 'sub', 'signature']),
    );

    configure(h, {
      errorConfiguration: {
        authoriseErrors: [],
        idTokenErrors: [],
        coreIdentityErrors: ['INCORRECT_SUB', 'INVALID_SIGNATURE'],
      },
    });
    const again = await signIn(h, identity);
    await getUserinfo(h.app, again.tokens.access_token);
    const broken = analysisOf(await latest(h, 'userinfo'), 'core_identity');
    expect(Object.fromEntries(failed(broken).map((c) => [c.name, c.scenario]))).toEqual({
      sub: 'INCORRECT_SUB',
      signature: 'INVALID_SIGNATURE',
    });
  });

  it('judges an exchange by the configuration in force at the time', async () => {
    const h = await fresh();
    await signIn(h);
    configure(h, { clientConfiguration: { clientId: 'a-later-client' } });
    const idToken = analysisOf(await latest(h, 'token'), 'id_token');
    expect(failed(idToken)).toEqual([]);
  });

  it('checks a request object sent to /authorize', async () => {
    const h = await fresh();
    const good = await signRequestObject(h.baseUrl(), {});
    const query = {
      response_type: 'code',
      scope: 'openid email phone',
      client_id: h.config().clientConfiguration.clientId,
    };
    await request(h.app).get(
      `/authorize?${new URLSearchParams({ ...query, request: good }).toString()}`,
    );
    expect(failed(analysisOf(await latest(h, 'authorize'), 'request_object'))).toEqual([]);

    const wrongAud = await signRequestObject(h.baseUrl(), { aud: `${h.baseUrl()}/token` });
    await request(h.app).get(
      `/authorize?${new URLSearchParams({ ...query, request: wrongAud }).toString()}`,
    );
    const analysis = analysisOf(await latest(h, 'authorize'), 'request_object');
    expect(failed(analysis).map((c) => c.name)).toEqual(['aud']);
    expect(failed(analysis)[0]?.fix).toBe(`Set aud to "${h.baseUrl()}/authorize".`);
  });

  it('checks the id_token_hint at /logout', async () => {
    const h = await fresh();
    const { tokens } = await signIn(h);
    await request(h.app).get(
      `/logout?${new URLSearchParams({ id_token_hint: tokens.id_token }).toString()}`,
    );
    const hint = analysisOf(await latest(h, 'logout'), 'id_token_hint');
    expect(failed(hint)).toEqual([]);
  });
});

describe('diagnosis of a rejected client assertion', () => {
  async function rejected(h: Harness, clientAssertion: string) {
    const res = await postToken(h.app, {
      grant_type: 'authorization_code',
      code: 'some-code',
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: clientAssertion,
    });
    const detail = await latest(h, 'token');
    return { res, detail, analysis: analysisOf(detail, 'client_assertion') };
  }

  it('wrong aud: says the expected value', async () => {
    const h = await fresh();
    const { res, analysis } = await rejected(
      h,
      await assertion(h, { claims: { aud: 'https://oidc.account.gov.uk/token' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_client' });
    expect(failed(analysis).map((c) => c.name)).toEqual(['aud']);
    expect(failed(analysis)[0]?.detail).toContain(`expected "${h.baseUrl()}/token"`);
    expect(failed(analysis)[0]?.fix).toContain(`Set aud to "${h.baseUrl()}/token"`);
  });

  it('PEM that does not match: the signature fails with the configured public key', async () => {
    const h = await fresh();
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    const key: CryptoKey = await importPKCS8(pem, 'RS256');
    const { res, analysis } = await rejected(h, await assertion(h, { key }));
    expect(res.body).toMatchObject({
      error: 'invalid_client',
      error_description: 'Invalid signature in private_key_jwt',
    });
    expect(failed(analysis).map((c) => c.name)).toEqual(['signature']);
    expect(failed(analysis)[0]?.fix).toMatch(
      /Register the public half of the key your client signs with/,
    );
  });

  it('jti reused: points at the earlier exchange that used it', async () => {
    const h = await fresh();
    const code = await getCode(h);
    const reused = await assertion(h);
    const first = await exchange(h, code, { client_assertion: reused });
    expect(first.status).toBe(200);
    const { res, analysis } = await rejected(h, reused);
    expect(res.body).toMatchObject({ error: 'invalid_client' });
    const [tokenFirst] = (await list(h, '&endpoint=token')).slice(-1);
    expect(failed(analysis).map((c) => c.name)).toEqual(['jti']);
    expect(failed(analysis)[0]?.detail).toContain(`exchange #${tokenFirst?.seq}`);
    expect(failed(analysis)[0]?.fix).toMatch(/new random jti/);
  });

  it('jti reused after a bad code: the first use still counts', async () => {
    const h = await fresh();
    const reused = await assertion(h);
    const first = await rejected(h, reused);
    expect(first.res.body).toMatchObject({ error: 'invalid_grant' });
    expect(failed(first.analysis)).toEqual([]);
    const second = await rejected(h, reused);
    expect(second.res.body).toMatchObject({ error: 'invalid_client' });
    expect(failed(second.analysis).map((c) => c.name)).toEqual(['jti']);
  });

  it('expired: says by how many seconds', async () => {
    const h = await fresh();
    const now = h.clock.seconds();
    const { res, analysis } = await rejected(
      h,
      await assertion(h, { claims: { exp: now - 90, iat: now - 400 } }),
    );
    expect(res.body).toMatchObject({
      error: 'invalid_client',
      error_description: 'private_key_jwt has expired',
    });
    expect(failed(analysis).map((c) => c.name)).toEqual(['exp']);
    expect(failed(analysis)[0]?.fix).toMatch(/expired 90 s before it reached the simulator/);
  });

  it('alg not accepted, and iss/sub not the client_id', async () => {
    const h = await fresh();
    const wrongSubject = await rejected(
      h,
      await assertion(h, { claims: { iss: 'me', sub: 'me' } }),
    );
    expect(failed(wrongSubject.analysis).map((c) => c.name)).toEqual(['iss', 'sub']);
    const hs = await rejected(
      h,
      await assertion(h, {
        alg: 'HS256',
        key: new TextEncoder().encode('x'.repeat(32)) as unknown as CryptoKey,
      }),
    );
    expect(hs.res.body).toMatchObject({ error: 'invalid_request' });
    const alg = failed(hs.analysis).find((c) => c.name === 'alg');
    expect(alg?.fix).toMatch(/RS256, RS384, RS512, PS256, PS384, PS512, ES256/);
  });
});
