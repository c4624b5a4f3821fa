/**
 * /logout (GET and POST): the redirect rules of docs/compatibility.md section 11, without its crash
 * on a malformed id_token_hint, and with the session cookie cleared.
 */
import { generateKeyPairSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { SignJWT } from 'jose';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_SUB,
  authorize,
  configure,
  expectRedirectError,
  expectStillServing,
  harness,
  signAsSimulator,
  signIn,
  type Harness,
} from '../helpers/protocol.js';
import { authorizeQuery } from '../helpers/relying-party.js';

const SIGNED_OUT = 'http://localhost:8080/signed-out';
let h: Harness;
beforeEach(async () => {
  h = await harness();
});

type Method = 'get' | 'post';
function logout(method: Method, params: Record<string, string | undefined> = {}, cookie?: string) {
  const clean = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const body = new URLSearchParams(clean).toString();
  let req =
    method === 'get'
      ? request(h.app).get(`/logout${body ? `?${body}` : ''}`)
      : request(h.app).post('/logout').type('form').send(body);
  if (cookie) req = req.set('Cookie', cookie);
  return req;
}

function expectLogoutRedirect(
  res: request.Response,
  target: string,
  params: [string, string][] = [],
): void {
  expect(res.status, res.text).toBe(302);
  const location = res.headers.location as string;
  if (params.length === 0) {
    expect(location).toBe(target);
    return;
  }
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`.replace(/\/$/, '')).toBe(target.replace(/\/$/, ''));
  expect([...url.searchParams.entries()]).toEqual(params);
}

const idTokenHint = async () => (await signIn(h)).tokens.id_token;

for (const method of ['get', 'post'] as const) {
  describe(`${method.toUpperCase()} /logout`, () => {
    it('no parameters → 302 https://gov.uk exactly', async () => {
      expectLogoutRedirect(await logout(method), 'https://gov.uk');
    });

    it('only state → https://gov.uk?state=…', async () => {
      expectLogoutRedirect(await logout(method, { state: 'a b&c' }), 'https://gov.uk', [
        ['state', 'a b&c'],
      ]);
    });

    it('valid hint + registered post_logout_redirect_uri + state → there, with state', async () => {
      const res = await logout(method, {
        id_token_hint: await idTokenHint(),
        post_logout_redirect_uri: SIGNED_OUT,
        state: 'bye',
      });
      expectLogoutRedirect(res, SIGNED_OUT, [['state', 'bye']]);
    });

    it('valid hint without state → the post-logout URI with nothing added', async () => {
      const res = await logout(method, {
        id_token_hint: await idTokenHint(),
        post_logout_redirect_uri: SIGNED_OUT,
      });
      expect(res.headers.location).toBe(SIGNED_OUT);
    });

    it('valid hint without post_logout_redirect_uri → https://gov.uk?state', async () => {
      expectLogoutRedirect(
        await logout(method, { id_token_hint: await idTokenHint(), state: 's' }),
        'https://gov.uk',
        [['state', 's']],
      );
    });

    it('unregistered post_logout_redirect_uri → gov.uk with error_code invalid_request', async () => {
      for (const uri of ['http://localhost:8080/elsewhere', `${SIGNED_OUT}/`, 'not a url'])
        expectLogoutRedirect(
          await logout(method, {
            id_token_hint: await idTokenHint(),
            post_logout_redirect_uri: uri,
            state: 's',
          }),
          'https://gov.uk',
          [
            ['error_code', 'invalid_request'],
            ['error_description', 'client registry does not contain post_logout_redirect_uri'],
            ['state', 's'],
          ],
        );
    });

    it('a malformed hint → a clear error redirect, never a crash', async () => {
      const real = await idTokenHint();
      for (const hint of [
        'not-a-jwt',
        'garbage.garbage.garbage',
        real.slice(0, real.length - 10),
        real.split('.').slice(0, 2).join('.'),
        `${real}.extra`,
        'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      ])
        expectLogoutRedirect(
          await logout(method, {
            id_token_hint: hint,
            post_logout_redirect_uri: SIGNED_OUT,
            state: 's',
          }),
          'https://gov.uk',
          [
            ['error_code', 'invalid_request'],
            ['error_description', 'unable to validate id_token_hint'],
            ['state', 's'],
          ],
        );
      await expectStillServing(h.app, h.clock);
    });

    it('a hint signed by another key → unable to validate', async () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const hint = await new SignJWT({ aud: DEFAULT_CLIENT_ID, sub: DEFAULT_SUB })
        .setProtectedHeader({ alg: 'ES256', kid: h.keys.idToken.primary.ES256.kid })
        .sign(privateKey);
      expectLogoutRedirect(await logout(method, { id_token_hint: hint }), 'https://gov.uk', [
        ['error_code', 'invalid_request'],
        ['error_description', 'unable to validate id_token_hint'],
      ]);
    });

    it('an expired hint is accepted', async () => {
      const hint = await idTokenHint();
      h.clock.advance(2 * 86_400);
      expectLogoutRedirect(
        await logout(method, {
          id_token_hint: hint,
          post_logout_redirect_uri: SIGNED_OUT,
          state: 'old',
        }),
        SIGNED_OUT,
        [['state', 'old']],
      );
    });

    it('a hint for another audience → unauthorized_client "client not found"', async () => {
      const hint = await signAsSimulator(h, { aud: 'another-client', sub: DEFAULT_SUB });
      expectLogoutRedirect(
        await logout(method, {
          id_token_hint: hint,
          post_logout_redirect_uri: SIGNED_OUT,
          state: 's',
        }),
        'https://gov.uk',
        [
          ['error_code', 'unauthorized_client'],
          ['error_description', 'client not found'],
          ['state', 's'],
        ],
      );
      // An array aud: the first element counts.
      const array = await signAsSimulator(h, { aud: [DEFAULT_CLIENT_ID, 'x'], sub: DEFAULT_SUB });
      expectLogoutRedirect(
        await logout(method, { id_token_hint: array, post_logout_redirect_uri: SIGNED_OUT }),
        SIGNED_OUT,
      );
    });

    it('a hint without aud or sub → https://gov.uk?state, no error', async () => {
      for (const claims of [{ sub: DEFAULT_SUB }, { aud: DEFAULT_CLIENT_ID }])
        expectLogoutRedirect(
          await logout(method, {
            id_token_hint: await signAsSimulator(h, claims),
            post_logout_redirect_uri: SIGNED_OUT,
            state: 's',
          }),
          'https://gov.uk',
          [['state', 's']],
        );
    });

    it('an RS256 hint verifies against the RSA key', async () => {
      const hint = await signAsSimulator(h, { aud: DEFAULT_CLIENT_ID, sub: DEFAULT_SUB }, 'RS256');
      expectLogoutRedirect(
        await logout(method, { id_token_hint: hint, post_logout_redirect_uri: SIGNED_OUT }),
        SIGNED_OUT,
      );
    });

    it('a hint signed by the new keys is accepted only while they are published', async () => {
      const hint = await signAsSimulator(
        h,
        { aud: DEFAULT_CLIENT_ID, sub: DEFAULT_SUB },
        'ES256',
        'secondary',
      );
      const params = { id_token_hint: hint, post_logout_redirect_uri: SIGNED_OUT };
      expect((await logout(method, params)).headers.location).toContain('unable+to+validate');
      configure(h, { publishNewIdTokenSigningKeys: true });
      expectLogoutRedirect(await logout(method, params), SIGNED_OUT);
    });

    it('a registered URI with a query keeps it and gets state appended', async () => {
      configure(h, {
        clientConfiguration: { postLogoutRedirectUrls: ['http://localhost:8080/out?x=1'] },
      });
      const res = await logout(method, {
        id_token_hint: await idTokenHint(),
        post_logout_redirect_uri: 'http://localhost:8080/out?x=1',
        state: 's',
      });
      expectLogoutRedirect(res, 'http://localhost:8080/out', [
        ['x', '1'],
        ['state', 's'],
      ]);
    });

    it('ends the session and clears the cookie', async () => {
      const agent = request.agent(h.app);
      const signInRes = await agent.get(`/authorize?${authorizeQuery().toString()}`);
      const cookie = String(signInRes.headers['set-cookie']).split(';')[0] as string;
      expect(cookie).toMatch(/^simulator_session=.+/);
      const res = await logout(method, {}, cookie);
      expect(res.status).toBe(302);
      expect(String(res.headers['set-cookie'])).toMatch(
        /simulator_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/,
      );
      // The session is gone even for a client that keeps the old cookie.
      const again = await request(h.app)
        .get(`/authorize?${authorizeQuery({ prompt: 'none' }).toString()}`)
        .set('Cookie', cookie);
      expectRedirectError(again, {
        error: 'login_required',
        description: 'Login required',
        state: 'state-1',
      });
    });
  });
}

describe('other methods', () => {
  it('PUT and DELETE /logout → 404, and the simulator keeps serving', async () => {
    expect((await request(h.app).put('/logout')).status).toBe(404);
    expect((await request(h.app).delete('/logout')).status).toBe(404);
    expect((await authorize(h)).status).toBe(302);
    await expectStillServing(h.app, h.clock);
  });

  it('POST with a JSON body works like the form', async () => {
    const res = await request(h.app)
      .post('/logout')
      .send({
        id_token_hint: await idTokenHint(),
        post_logout_redirect_uri: SIGNED_OUT,
        state: 'j',
      });
    expectLogoutRedirect(res, SIGNED_OUT, [['state', 'j']]);
  });

  it('a POST body over 8 kB → 413 JSON, as its state could not travel back in a Location header', async () => {
    const hint = await idTokenHint();
    const ok = await request(h.app)
      .post('/logout')
      .type('form')
      .send({ id_token_hint: hint, post_logout_redirect_uri: SIGNED_OUT, state: 's'.repeat(6000) });
    expectLogoutRedirect(ok, SIGNED_OUT, [['state', 's'.repeat(6000)]]);

    for (const send of [
      (r: request.Test) => r.type('form').send({ id_token_hint: hint, state: 's'.repeat(9000) }),
      (r: request.Test) => r.send({ id_token_hint: hint, state: 's'.repeat(9000) }),
    ]) {
      const res = await send(request(h.app).post('/logout'));
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        error: 'invalid_request',
        error_description: 'Request body too large',
      });
    }
    await expectStillServing(h.app, h.clock);
  });
});
