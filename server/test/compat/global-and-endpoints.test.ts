/**
 * docs/compatibility.md sections 1 (global behaviour) and 2 (endpoint list): the behaviours we
 * keep. Where our rules differ (User-Agent, malformed JSON, no X-Powered-By), the test says so.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  authorize,
  expectRedirectError,
  expectStillServing,
  getCode,
  harness,
  postToken,
  tokenForm,
  type Harness,
} from '../helpers/protocol.js';
import { authorizeQuery, redirectParams } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

describe('compat §1 global behaviour', () => {
  it('§1 JSON bodies are accepted where form bodies are (POST /token)', async () => {
    const code = await getCode(h);
    const res = await request(h.app)
      .post('/token')
      .set('User-Agent', 'ua')
      .send(await tokenForm(h, code));
    expect(res.status).toBe(200);
  });

  it('§1 the body limit is 100 kB: 120 kB → 413', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({ responseConfiguration: { sub: 'x'.repeat(120 * 1024) } });
    expect(res.status).toBe(413);
    await expectStillServing(h.app, h.clock);
  });

  it('§1 malformed JSON → 400 (rule 3: a JSON error, no stack trace)', async () => {
    const res = await request(h.app)
      .post('/config')
      .set('Content-Type', 'application/json')
      .send('{');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).not.toMatch(/at .*\.js/);
  });

  it('§1 a repeated query key keeps its last value (scope=openid&scope=email → email → invalid_scope)', async () => {
    const q = authorizeQuery({ scope: 'openid' });
    q.append('scope', 'email');
    expectRedirectError(await request(h.app).get(`/authorize?${q}`), {
      error: 'invalid_scope',
      description: 'Invalid, unknown or malformed scope',
      state: 'state-1',
    });
  });

  it('§1 a repeated query key: the last value wins for state too', async () => {
    const q = authorizeQuery({ state: 'first' });
    q.append('state', 'last');
    const res = await request(h.app).get(`/authorize?${q}`);
    expect(redirectParams(res.headers.location as string).get('state')).toBe('last');
  });

  it('§1 JSON responses carry application/json; charset=utf-8', async () => {
    const res = await request(h.app).get('/config');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('§1 redirects are 302 with Location, Vary: Accept and a "Found. Redirecting to" body', async () => {
    const res = await authorize(h);
    expect(res.status).toBe(302);
    expect(res.headers.vary).toBe('Accept');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(`Found. Redirecting to ${res.headers.location as string}`);
    const html = await authorize(h).set('Accept', 'text/html');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.text).toContain('<p>Found. Redirecting to ');
  });

  it('§1 an unknown route or a wrong method → 404 (POST /userinfo, GET /token, PUT /config)', async () => {
    for (const [method, path] of [
      ['get', '/x'],
      ['post', '/userinfo'],
      ['get', '/token'],
      ['put', '/config'],
    ] as const)
      expect((await request(h.app)[method](path).set('User-Agent', 'ua')).status, path).toBe(404);
  });

  it('§1 HEAD works on GET routes', async () => {
    for (const path of ['/', '/trustmark', '/.well-known/jwks.json', '/config'])
      expect((await request(h.app).head(path)).status, path).toBe(200);
  });

  it('§1 /authorize answers every other method with 405 text/html (rule 3: the quote is closed)', async () => {
    for (const method of ['post', 'put', 'delete', 'patch', 'options'] as const) {
      const res = await request(h.app)[method]('/authorize');
      expect(res.status).toBe(405);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(`Method "${method.toUpperCase()}" not allowed`);
    }
    expect((await request(h.app).head('/authorize')).status).toBe(405);
  });

  it('§1 /authorize/anything behaves like /authorize', async () => {
    const res = await request(h.app).get(`/authorize/anything?${authorizeQuery()}`);
    expect(redirectParams(res.headers.location as string).get('code')).toBeTruthy();
  });

  it('§1 crash condition 1 (rule 3): a malformed id_token_hint is answered, not fatal', async () => {
    const res = await request(h.app).get('/logout?id_token_hint=not-a-jwt');
    expect(res.status).toBe(302);
    await expectStillServing(h.app, h.clock);
  });

  it('§1 crash condition 2 (rule 3): client_secret_post with identity enabled keeps serving', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({
        clientConfiguration: {
          token_auth_method: 'client_secret_post',
          identityVerificationSupported: true,
        },
      });
    expect(res.status).toBe(200);
    expect((await authorize(h)).status).toBe(302);
    expect((await request(h.app).get('/config')).status).toBe(200);
  });
});

describe('compat §2 endpoint list', () => {
  it('§2 GET / → 200 text/html "GOV.UK One Login Simulator"', async () => {
    const res = await request(h.app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe('GOV.UK One Login Simulator');
  });

  it('§2 discovery and JWKS carry Cache-Control: max-age=86400', async () => {
    for (const path of ['/.well-known/openid-configuration', '/.well-known/jwks.json']) {
      const res = await request(h.app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('max-age=86400');
    }
  });

  it('§2 did.json carries Cache-Control: max-age=3600, private', async () => {
    const res = await request(h.app).get('/.well-known/did.json').set('User-Agent', 'rp');
    expect(res.headers['cache-control']).toBe('max-age=3600, private');
  });

  it('§2 /trustmark is JSON without Cache-Control', async () => {
    const res = await request(h.app).get('/trustmark');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('§2 GET /logout always answers 302', async () => {
    for (const q of ['', '?state=x', '?id_token_hint=x', '?post_logout_redirect_uri=http://x'])
      expect((await request(h.app).get(`/logout${q}`)).status, q).toBe(302);
  });

  it('§2 GET /config is JSON; POST /config answers 400 JSON on bad input', async () => {
    expect((await request(h.app).get('/config')).headers['content-type']).toMatch(
      /^application\/json/,
    );
    const bad = await request(h.app).post('/config').send({ simulatorUrl: 5 });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
  });

  it('§2 POST /token and GET /userinfo answer JSON', async () => {
    const token = await postToken(h.app, {});
    expect(token.headers['content-type']).toMatch(/^application\/json/);
  });
});
