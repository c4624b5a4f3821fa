/**
 * /token under hostile form and JSON bodies and broken client assertions: never a 5xx, always
 * JSON {error, error_description}, and a valid flow still succeeds afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  redirectParams,
  signClientAssertion,
} from '../helpers/relying-party.js';
import {
  ASSERTION_TYPE,
  FEW_RUNS,
  JWT_BREAKS,
  RUNS,
  STACK_TRACE,
  brokenAssertion,
  deepArrayJson,
  expectFlowStillWorks,
  hostileJson,
  hostileQuery,
  hostileString,
} from './hostile-input.js';

const TOKEN_KEYS = [
  'grant_type',
  'code',
  'redirect_uri',
  'client_assertion_type',
  'client_assertion',
  'client_id',
  'client_secret',
  'code_verifier',
] as const;
const UA = 'identity-simulator-fuzz';

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

/** A fresh, unused authorization code for the default client. */
async function freshCode(): Promise<string> {
  const res = await request(sim.running.server).get(`/authorize?${authorizeQuery()}`).redirects(0);
  const code = redirectParams(String(res.headers.location)).get('code');
  if (!code) throw new Error(`no code: ${res.status} ${res.text}`);
  return code;
}

/** Checks the documented error shape of /token. */
function expectTokenError(res: request.Response): void {
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.status).not.toBe(200);
  if (res.status === 403) return; // no User-Agent: an empty 403, as the provider does
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof res.body.error).toBe('string');
  expect(typeof res.body.error_description).toBe('string');
  expect(res.text).not.toMatch(STACK_TRACE);
}

const post = (body: string | object, type = 'application/x-www-form-urlencoded') =>
  request(sim.running.server).post('/token').set('user-agent', UA).type(type).send(body);

describe('/token with hostile bodies', () => {
  it('answers hostile form bodies (repeated keys, invalid escapes, brackets) with a JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(TOKEN_KEYS), async (form) => {
        expectTokenError(await post(form));
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers every JSON value as a body with a JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson(), async (value) => {
        expectTokenError(await post(JSON.stringify(value) ?? 'null', 'application/json'));
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers objects of hostile parameter values with a JSON error', async () => {
    const value = fc.oneof(hostileString(), hostileJson());
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...TOKEN_KEYS), value, { maxKeys: 8 }),
        fc.boolean(),
        async (body, asJson) => {
          const res = asJson
            ? await post(JSON.stringify(body), 'application/json')
            : await post(
                Object.entries(body)
                  .map(
                    ([k, v]) =>
                      `${k}=${encodeURIComponent(typeof v === 'string' ? v.replace(/[\ud800-\udfff]/g, '') : (JSON.stringify(v) ?? ''))}`,
                  )
                  .join('&'),
              );
          expectTokenError(res);
        },
      ),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers malformed JSON, odd content types and charsets with a 4xx JSON error', async () => {
    const cases: [string, string][] = [
      ['{"grant_type":', 'application/json'],
      ['{"a":1}}', 'application/json'],
      [deepArrayJson(30_000), 'application/json'],
      ['grant_type=authorization_code', 'text/plain'],
      ['grant_type=authorization_code', 'application/x-www-form-urlencoded; charset=utf-16'],
      ['grant_type=authorization_code', 'application/x-www-form-urlencoded; charset=bogus'],
      ['{"grant_type":"authorization_code"}', 'application/json; charset=latin1'],
      [
        '--x\r\nContent-Disposition: form-data; name="code"\r\n\r\nabc\r\n--x--',
        'multipart/form-data; boundary=x',
      ],
      ['eyJhbGciOiJub25lIn0.e30.', 'application/jwt'],
    ];
    for (const [body, type] of cases) {
      const res = await post(body, type);
      expectTokenError(res);
    }
  });

  it('answers an oversized body with 413 and JSON', async () => {
    const res = await post(`grant_type=authorization_code&code=${'a'.repeat(200_000)}`);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('invalid_request');
  });

  it('answers a missing or empty User-Agent with an empty 403', async () => {
    for (const ua of [undefined, '', '   ']) {
      const req = request(sim.running.server).post('/token').type('form').send('grant_type=x');
      const res = await (ua === undefined ? req.unset('User-Agent') : req.set('user-agent', ua));
      expect(res.status).toBe(403);
      expect(res.text).toBe('');
    }
  });
});

/** Well-formed and correctly signed, however large: these must be accepted. */
const VALID_JWTS: readonly string[] = ['valid-shape', 'huge-claims'];

describe('/token with broken client assertions', () => {
  it('accepts a correctly signed assertion carrying 60 kB of extra claims', async () => {
    const res = await post({
      grant_type: 'authorization_code',
      code: await freshCode(),
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await brokenAssertion(sim.baseUrl, 'huge-claims'),
    });
    expect(res.status, res.text).toBe(200);
    expect(typeof res.body.id_token).toBe('string');
  });

  it('refuses every broken assertion with invalid_request or invalid_client, code intact', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JWT_BREAKS.filter((b) => !VALID_JWTS.includes(b))),
        async (how) => {
          const code = await freshCode();
          const assertion = await brokenAssertion(sim.baseUrl, how);
          const res = await post({
            grant_type: 'authorization_code',
            code,
            redirect_uri: DEFAULT_REDIRECT_URI,
            client_assertion_type: ASSERTION_TYPE,
            client_assertion: assertion,
          });
          expectTokenError(res);
          if (res.status !== 413)
            expect(['invalid_request', 'invalid_client']).toContain(res.body.error);
        },
      ),
      FEW_RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('never accepts a signed assertion whose claims are hostile', async () => {
    const claim = fc.constantFrom('iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti');
    const value = fc.oneof(
      hostileString(),
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(-1, 0, 1e308, Number.MAX_SAFE_INTEGER, 1.5, [], {}, null),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(claim, value, { minKeys: 1, maxKeys: 3 }), async (claims) => {
        const code = await freshCode();
        const assertion = await signClientAssertion({ baseUrl: sim.baseUrl, claims });
        const res = await post({
          grant_type: 'authorization_code',
          code,
          redirect_uri: DEFAULT_REDIRECT_URI,
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: assertion,
        });
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status === 200) {
          // Only claims that a valid assertion could carry get through.
          expect(typeof res.body.id_token).toBe('string');
          expect(claims.sub ?? DEFAULT_CLIENT_ID).toBe(DEFAULT_CLIENT_ID);
          expect(claims.iss ?? DEFAULT_CLIENT_ID).toBe(DEFAULT_CLIENT_ID);
        } else expectTokenError(res);
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('refuses hostile codes and redirect URIs with a valid assertion', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString(), hostileString(), async (code, redirectUri) => {
        const res = await post({
          grant_type: 'authorization_code',
          code: code || 'x',
          redirect_uri: redirectUri || 'x',
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: await signClientAssertion({ baseUrl: sim.baseUrl }),
          client_id: DEFAULT_CLIENT_ID,
        });
        expectTokenError(res);
      }),
      FEW_RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });
});
