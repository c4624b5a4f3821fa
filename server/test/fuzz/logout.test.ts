/**
 * /logout (GET query and POST form or JSON) under hostile input: always a 302, only to gov.uk or
 * a registered post-logout URI, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { runFlow } from '../helpers/relying-party.js';
import {
  JWT_BREAKS,
  RUNS,
  TRANSPORT_LIMITS,
  brokenAssertion,
  expectFlowStillWorks,
  hostileJson,
  hostileQuery,
  hostileString,
  jsonDepth,
} from './hostile-input.js';

const LOGOUT_KEYS = ['id_token_hint', 'post_logout_redirect_uri', 'state', 'ui_locales'] as const;
const REGISTERED = 'http://localhost:8080/signed-out';

let sim: ListeningSimulator;
let idToken: string;
beforeAll(async () => {
  sim = await listeningSimulator();
  idToken = String((await runFlow(sim.baseUrl)).tokenBody.id_token);
});
afterAll(() => sim.close());

function expectLogoutRedirect(res: request.Response): void {
  expect(res.status, res.text).toBe(302);
  const location = new URL(String(res.headers.location));
  const target = `${location.origin}${location.pathname}`;
  expect(['https://gov.uk', 'https://gov.uk/', REGISTERED]).toContain(target);
}

describe('/logout with hostile input', () => {
  it('redirects for any query string', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(LOGOUT_KEYS), async (query) => {
        const res = await request(sim.running.server).get(`/logout?${query}`).redirects(0);
        if (TRANSPORT_LIMITS.includes(res.status)) return;
        expectLogoutRedirect(res);
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('redirects for any form or JSON body', async () => {
    const body = fc.oneof(
      hostileQuery(LOGOUT_KEYS).map((form) => ({ form })),
      hostileJson().map((json) => ({ json })),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const req = request(sim.running.server).post('/logout').redirects(0);
        const res =
          'form' in b
            ? await req.type('form').send(b.form)
            : await req.type('json').send(JSON.stringify(b.json) ?? 'null');
        if (TRANSPORT_LIMITS.includes(res.status)) return;
        if ('json' in b) {
          // The JSON parser takes objects and arrays only, nested to a sane depth (64 levels);
          // anything else is a malformed body, refused before the route with 400 JSON.
          const depth = jsonDepth(b.json);
          const refused = typeof b.json !== 'object' || b.json === null || depth > 70;
          if (refused || (depth >= 60 && res.status === 400)) {
            expect(res.status).toBe(400);
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expect(res.body.error).toBe('invalid_request');
            return;
          }
        }
        expectLogoutRedirect(res);
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('redirects for broken, foreign and hostile id_token_hint values', async () => {
    const hint = fc.oneof(
      hostileString(),
      fc.constantFrom(...JWT_BREAKS).map((how) => ({ how })),
      fc.nat().map((i) => idToken.slice(0, i % idToken.length)),
    );
    await fc.assert(
      fc.asyncProperty(
        hint,
        fc.option(fc.oneof(hostileString(), fc.constant(REGISTERED))),
        async (h, uri) => {
          const value =
            typeof h === 'string'
              ? h
              : await brokenAssertion(sim.baseUrl, h.how, {
                  aud: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
                });
          const query = new URLSearchParams({
            id_token_hint: value.replace(/[\ud800-\udfff]/g, ''),
            state: 's',
          });
          if (uri !== null)
            query.set('post_logout_redirect_uri', uri.replace(/[\ud800-\udfff]/g, ''));
          const res = await request(sim.running.server).get(`/logout?${query}`).redirects(0);
          if (TRANSPORT_LIMITS.includes(res.status)) return;
          expectLogoutRedirect(res);
        },
      ),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('sends a valid hint to the registered URI with the state', async () => {
    const query = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: REGISTERED,
      state: 'a b&c',
    });
    const res = await request(sim.running.server).get(`/logout?${query}`).redirects(0);
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REGISTERED);
    expect(location.searchParams.get('state')).toBe('a b&c');
  });
});
