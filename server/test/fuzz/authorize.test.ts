/**
 * /authorize under hostile query strings and request objects: never a 5xx, never a redirect to
 * an unregistered URI, always the documented shape (302 with code or error, or a 400 page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { SignJWT, type JWTPayload } from 'jose';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  defaultClientKey,
  redirectParams,
} from '../helpers/relying-party.js';
import {
  FEW_RUNS,
  JWT_BREAKS,
  RUNS,
  STACK_TRACE,
  brokenAssertion,
  expectFlowStillWorks,
  hostileQuery,
  hostileString,
} from './hostile-input.js';

const AUTHORIZE_KEYS = [
  'response_type',
  'scope',
  'client_id',
  'redirect_uri',
  'state',
  'nonce',
  'vtr',
  'claims',
  'prompt',
  'max_age',
  'ui_locales',
  'response_mode',
  'code_challenge',
  'code_challenge_method',
  'request',
  'request_uri',
  'login_hint',
  'channel',
] as const;

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

/** Checks the documented shape of any /authorize answer. */
function expectAuthorizeShape(res: request.Response): void {
  expect(res.status, res.text).toBeLessThan(500);
  if (res.status === 302) {
    const location = String(res.headers.location);
    const target = location.split(/[?#]/)[0];
    // Never an open redirect: only a registered redirect URI receives the browser.
    expect(sim.simulator.config.get().clientConfiguration.redirectUrls).toContain(target);
    const params = redirectParams(location);
    expect(params.has('code') || params.has('error'), location).toBe(true);
    return;
  }
  if (res.status === 200) {
    // Only the interactive form answers 200, and interactive mode is off here.
    throw new Error(`unexpected 200 from /authorize: ${res.text.slice(0, 200)}`);
  }
  expect([400, 405, 414, 431]).toContain(res.status);
  if (res.status === 400) {
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).not.toMatch(STACK_TRACE);
  }
}

describe('/authorize with hostile query strings', () => {
  it('answers every mutation of a valid request with a redirect or a 400 page', async () => {
    const overrides = fc.dictionary(
      fc.constantFrom(...AUTHORIZE_KEYS),
      fc.option(hostileString(), { nil: undefined }),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(
        overrides,
        fc.option(hostileQuery(AUTHORIZE_KEYS)),
        async (changes, extra) => {
          const query = authorizeQuery(changes).toString();
          const res = await request(sim.running.server)
            .get(`/authorize?${query}${extra ? `&${extra}` : ''}`)
            .redirects(0);
          expectAuthorizeShape(res);
        },
      ),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers raw hostile query strings (invalid UTF-8 escapes, brackets, repeats)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(AUTHORIZE_KEYS), async (query) => {
        const res = await request(sim.running.server).get(`/authorize?${query}`).redirects(0);
        expectAuthorizeShape(res);
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('keeps the last of repeated parameters and ignores bracketed ones', async () => {
    const base = authorizeQuery().toString();
    const res = await request(sim.running.server)
      .get(`/authorize?${base}&state=first&state=last&nonce[a]=x&scope[]=openid`)
      .redirects(0);
    expect(res.status).toBe(302);
    expect(redirectParams(String(res.headers.location)).get('state')).toBe('last');
  });

  it('answers invalid UTF-8 in every parameter without a fault', async () => {
    for (const key of AUTHORIZE_KEYS) {
      for (const bad of ['%C3%28', '%FF', '%E0%A4%A', '%ED%A0%80']) {
        const query = `${authorizeQuery({ [key]: undefined })}&${key}=${bad}`;
        const res = await request(sim.running.server).get(`/authorize?${query}`).redirects(0);
        expectAuthorizeShape(res);
      }
    }
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers hostile sub-paths and methods', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('get', 'post', 'put', 'delete', 'patch', 'options', 'head'),
        fc.constantFrom('', '/', '/x', '/%FF', '/%C3%28', '/..%2f..%2f', '/%00', '//a'),
        async (method, sub) => {
          const agent = request(sim.running.server);
          const res = await agent[method](`/authorize${sub}?${authorizeQuery()}`).redirects(0);
          expect(res.status).toBeLessThan(500);
          if (method !== 'get') expect(res.status).toBe(405);
        },
      ),
      FEW_RUNS,
    );
  });
});

describe('/authorize with hostile request objects', () => {
  const objectQuery = (requestObject: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      client_id: DEFAULT_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email phone',
      request: requestObject,
      ...extra,
    });

  it('answers broken JWTs as the request parameter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JWT_BREAKS), async (how) => {
        const jwt = await brokenAssertion(sim.baseUrl, how, {
          aud: `${sim.baseUrl}/authorize`,
          client_id: DEFAULT_CLIENT_ID,
          response_type: 'code',
          scope: 'openid',
          redirect_uri: DEFAULT_REDIRECT_URI,
          state: 's',
          nonce: 'n',
        });
        const res = await request(sim.running.server)
          .get(`/authorize?${objectQuery(jwt)}`)
          .redirects(0);
        expectAuthorizeShape(res);
      }),
      FEW_RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers correctly signed request objects whose claims are hostile', async () => {
    const claimNames = fc.constantFrom(
      'client_id',
      'response_type',
      'scope',
      'redirect_uri',
      'state',
      'nonce',
      'vtr',
      'claims',
      'max_age',
      'prompt',
      'aud',
      'iss',
      'exp',
      'nbf',
      'ui_locales',
      'login_hint',
      'channel',
      'code_challenge',
      'request',
    );
    const hostileValue = fc.oneof(
      hostileString(),
      fc.jsonValue({ maxDepth: 3 }),
      fc.constant(JSON.parse('{"userinfo":{"__proto__":{"polluted":true}}}') as unknown),
      fc.constant([[[[['Cl.Cm']]]]]),
    );
    const key = await defaultClientKey('RS256');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(claimNames, hostileValue, { maxKeys: 4 }), async (claims) => {
        const body = {
          aud: `${sim.baseUrl}/authorize`,
          iss: DEFAULT_CLIENT_ID,
          client_id: DEFAULT_CLIENT_ID,
          response_type: 'code',
          scope: 'openid',
          redirect_uri: DEFAULT_REDIRECT_URI,
          state: 'state-jar',
          nonce: 'nonce-jar',
          ...claims,
        };
        const jwt = await new SignJWT(body as JWTPayload)
          .setProtectedHeader({ alg: 'RS256' })
          .sign(key);
        const res = await request(sim.running.server)
          .get(`/authorize?${objectQuery(jwt)}`)
          .redirects(0);
        expectAuthorizeShape(res);
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });
});
