/**
 * The simulated user's session: a browser keeping the simulator_session cookie signs in again
 * with the same sid and auth_time; max_age (for permitted clients) and prompt=login refresh
 * auth_time; prompt=none needs a session.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { decodeJwt } from 'jose';
import {
  configure,
  exchange,
  expectRedirectError,
  expectStillServing,
  harness,
  type Harness,
} from '../helpers/protocol.js';
import {
  authorizeQuery,
  redirectParams,
  signRequestObject,
  type AuthorizeParams,
} from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

type Agent = ReturnType<typeof request.agent>;

async function signInWith(agent: Agent, overrides: AuthorizeParams = {}) {
  const res = await agent.get(`/authorize?${authorizeQuery(overrides).toString()}`);
  expect(res.status, res.text).toBe(302);
  const code = redirectParams(res.headers.location as string).get('code');
  expect(code, res.headers.location as string).toBeTruthy();
  const token = await exchange(h, code as string);
  expect(token.status).toBe(200);
  const claims = decodeJwt(token.body.id_token as string);
  return {
    sid: claims.sid as string,
    authTime: claims.auth_time as number,
    iat: claims.iat as number,
  };
}

describe('a browser keeping the cookie', () => {
  it('gets the same sid and auth_time on a second /authorize', async () => {
    const browser = request.agent(h.app);
    const first = await signInWith(browser);
    h.clock.advance(300);
    const second = await signInWith(browser);
    expect(second.sid).toBe(first.sid);
    expect(second.authTime).toBe(first.authTime);
    expect(second.iat).toBe(first.iat + 300);
  });

  it('another browser gets another sid', async () => {
    const a = await signInWith(request.agent(h.app));
    const b = await signInWith(request.agent(h.app));
    expect(a.sid).not.toBe(b.sid);
  });

  it('an unknown or undecodable cookie starts a new session, without failing', async () => {
    for (const cookie of [
      'simulator_session=unknown',
      'simulator_session=%E0%A4%A',
      'other=1; simulator_session=',
    ])
      expect(
        (
          await request(h.app)
            .get(`/authorize?${authorizeQuery().toString()}`)
            .set('Cookie', cookie)
        ).status,
      ).toBe(302);
    await expectStillServing(h.app, h.clock);
  });

  it('sessions last 12 hours', async () => {
    const browser = request.agent(h.app);
    await signInWith(browser);
    h.clock.advance(12 * 3600 + 1);
    expectRedirectError(await browser.get(`/authorize?${authorizeQuery({ prompt: 'none' })}`), {
      error: 'login_required',
      description: 'Login required',
      state: 'state-1',
    });
  });
});

describe('max_age', () => {
  it('with maxAgeEnabled and elapsed > max_age, auth_time is refreshed (same sid)', async () => {
    configure(h, { clientConfiguration: { maxAgeEnabled: true } });
    const browser = request.agent(h.app);
    const first = await signInWith(browser);
    h.clock.advance(100);
    const second = await signInWith(browser, { max_age: '10' });
    expect(second.sid).toBe(first.sid);
    expect(second.authTime).toBe(first.authTime + 100);
    expect(second.authTime).toBe(second.iat);
  });

  it('with maxAgeEnabled and max_age=0, auth_time is refreshed', async () => {
    configure(h, { clientConfiguration: { maxAgeEnabled: true } });
    const browser = request.agent(h.app);
    const first = await signInWith(browser);
    h.clock.advance(5);
    const second = await signInWith(browser, { max_age: '0' });
    expect(second.authTime).toBe(first.authTime + 5);
  });

  it('elapsed within max_age keeps auth_time', async () => {
    configure(h, { clientConfiguration: { maxAgeEnabled: true } });
    const browser = request.agent(h.app);
    const first = await signInWith(browser);
    h.clock.advance(100);
    const second = await signInWith(browser, { max_age: '1000' });
    expect(second.authTime).toBe(first.authTime);
  });

  it('without maxAgeEnabled, max_age is validated but not applied', async () => {
    const browser = request.agent(h.app);
    const first = await signInWith(browser);
    h.clock.advance(100);
    const second = await signInWith(browser, { max_age: '0' });
    expect(second.authTime).toBe(first.authTime);
  });

  it('max_age in a request object is applied the same way', async () => {
    configure(h, { clientConfiguration: { maxAgeEnabled: true } });
    const browser = request.agent(h.app);
    const first = await signInWith(browser);
    h.clock.advance(50);
    const now = h.clock.seconds();
    const object = await signRequestObject(h.baseUrl(), { max_age: 10, iat: now, exp: now + 60 });
    const res = await browser.get(
      `/authorize?${new URLSearchParams({
        response_type: 'code',
        scope: 'openid email phone',
        client_id: h.config().clientConfiguration.clientId,
        request: object,
      }).toString()}`,
    );
    const code = redirectParams(res.headers.location as string).get('code') as string;
    const token = await exchange(h, code);
    expect(decodeJwt(token.body.id_token as string).auth_time).toBe(first.authTime + 50);
  });
});

describe('prompt', () => {
  it('login refreshes auth_time', async () => {
    const browser = request.agent(h.app);
    const first = await signInWith(browser);
    h.clock.advance(30);
    const second = await signInWith(browser, { prompt: 'login' });
    expect(second.sid).toBe(first.sid);
    expect(second.authTime).toBe(first.authTime + 30);
  });

  it('none without a session → login_required; with one → a code', async () => {
    const browser = request.agent(h.app);
    expectRedirectError(await browser.get(`/authorize?${authorizeQuery({ prompt: 'none' })}`), {
      error: 'login_required',
      description: 'Login required',
      state: 'state-1',
    });
    const first = await signInWith(browser);
    const second = await signInWith(browser, { prompt: 'none' });
    expect(second.sid).toBe(first.sid);
  });

  it('none without a session, in fragment mode → login_required in the fragment', async () => {
    expectRedirectError(
      await request(h.app).get(
        `/authorize?${authorizeQuery({ prompt: 'none', response_mode: 'fragment' })}`,
      ),
      {
        error: 'login_required',
        description: 'Login required',
        state: 'state-1',
        mode: 'fragment',
      },
    );
  });
});
