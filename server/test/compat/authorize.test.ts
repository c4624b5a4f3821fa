/**
 * docs/compatibility.md section 3 (GET /authorize): the parse stage (3.1), query validation (3.2),
 * request objects (3.3) and vtr rules (3.4), one test per behaviour we keep. Where our rules change
 * a behaviour (state echoed, invalid_scope, fragment, no 500s), the test name says which rule.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { generateKeyPairSync } from 'node:crypto';
import { UnsecuredJWT, base64url, importPKCS8 } from 'jose';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  authorize,
  configure,
  expectErrorPage,
  expectRedirectError,
  expectStillServing,
  harness,
  signIn,
  type Harness,
} from '../helpers/protocol.js';
import { VOCAB, redirectParams, signRequestObject } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const MISSING = 'Request is missing parameters';
const INVALID = 'Invalid Request';
const page = async (query: Record<string, string | undefined>, first: string) =>
  expectErrorPage(await authorize(h, query), first);
const parseRedirect = async (query: Record<string, string | undefined>) =>
  expectRedirectError(await authorize(h, query), {
    error: 'invalid_request',
    description: INVALID,
    state: query.state === undefined && 'state' in query ? null : (query.state ?? 'state-1'),
  });
const codeOf = (res: request.Response) =>
  redirectParams(res.headers.location as string).get('code');
const claimsFor = (...names: string[]) =>
  JSON.stringify({ userinfo: Object.fromEntries(names.map((n) => [`${VOCAB}/${n}`, null])) });

function jarQuery(object: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: 'code',
    scope: 'openid email phone',
    client_id: DEFAULT_CLIENT_ID,
    request: object,
    ...extra,
  }).toString();
}
async function jar(claims: Record<string, unknown> = {}) {
  const object = await signRequestObject(h.baseUrl(), claims);
  return request(h.app).get(`/authorize?${jarQuery(object)}`);
}
const jarError = (error: string, description: string, state: string | null = 'state-jar') => ({
  error,
  description,
  state,
});

describe('compat §3.1 parse stage', () => {
  it('§3.1 step 1: an empty query → 400 "Request is missing parameters"', async () => {
    expectErrorPage(await request(h.app).get('/authorize'), MISSING);
  });

  it('§3.1 step 2: no client_id → 400 "Request is missing parameters"', async () => {
    await page({ client_id: undefined }, MISSING);
  });

  it('§3.1 step 3: an illegal redirect_uri (unparseable, data/javascript/vbscript, code/state/response in its query) → MISSING', async () => {
    for (const redirect_uri of [
      '::',
      'data:x',
      'javascript:x',
      'vbscript:x',
      'http://a/cb?code=1',
      'http://a/cb?state=1',
      'http://a/cb?response=1',
    ])
      await page({ redirect_uri }, MISSING);
  });

  it('§3.1 step 4: a response_type item outside token/code/id_token → PARSE (redirect for a trusted client, our rule: with state)', async () => {
    await parseRedirect({ response_type: 'code foo' });
    await page({ response_type: 'code foo', client_id: 'other' }, INVALID);
  });

  it('§3.1 step 5: an illegal request_uri → PARSE', async () => {
    await parseRedirect({ request_uri: 'javascript:x' });
  });

  it('§3.1 step 6: request with request_uri, or a request that cannot be decoded → PARSE', async () => {
    await parseRedirect({ request: 'a.b.c', request_uri: 'https://rp.example/r' });
    await parseRedirect({ request: 'nodots' });
    await parseRedirect({ request: `${base64url.encode('x')}.e30.c2ln` });
    await parseRedirect({ request: `${base64url.encode('{"typ":"JWT"}')}.e30.c2ln` });
    await parseRedirect({
      request: `${base64url.encode('{"alg":"RS256"}')}.${base64url.encode(`{"sub":"${DEFAULT_CLIENT_ID}"}`)}.c2ln`,
    });
  });

  it('§3.1 step 7: no response_type and no request object → PARSE', async () => {
    await parseRedirect({ response_type: undefined });
  });

  it('§3.1 step 8: a prompt value outside none/login/consent/select_account/create → PARSE', async () => {
    await parseRedirect({ prompt: 'login weird' });
  });

  it('§3.1 step 9: no redirect_uri → MISSING; no scope → PARSE', async () => {
    await page({ redirect_uri: undefined }, MISSING);
    await parseRedirect({ scope: undefined });
  });

  it('§3.1 step 10 (rule 3): a JAR request without a query response_type is refused, not a 500', async () => {
    const object = await signRequestObject(h.baseUrl(), {});
    const q = new URLSearchParams({
      scope: 'openid email phone',
      client_id: DEFAULT_CLIENT_ID,
      request: object,
    });
    expectRedirectError(
      await request(h.app).get(`/authorize?${q}`),
      jarError('unsupported_response_type', 'Unsupported response type'),
    );
  });

  it('§3.1 step 12: a max_age that is not a number → 400 "Invalid Request" even for a trusted client', async () => {
    await page({ max_age: 'abc' }, INVALID);
  });

  it('§3.1 step 13: ui_locales outside en/cy is never rejected', async () => {
    for (const ui_locales of ['fr', 'cy-AR', 'xx yy'])
      expect(codeOf(await authorize(h, { ui_locales }))).toBeTruthy();
  });

  it('§3.1 step 14: claims that are not JSON, or null → PARSE', async () => {
    await parseRedirect({ claims: '{oops' });
    await parseRedirect({ claims: 'null' });
  });

  it('§3.1 step 14: no userinfo member → no claims; id_token members and claim values are ignored', async () => {
    for (const claims of [
      '{}',
      '{"id_token":{"acr":null}}',
      JSON.stringify({ userinfo: { [`${VOCAB}/address`]: { essential: true } } }),
    ])
      expect(codeOf(await authorize(h, { claims, vtr: '["Cl.Cm.P2"]' })), claims).toBeTruthy();
  });

  it('§3.1 then: a client_id other than the configured one → 400 "Invalid Request" (query and JAR)', async () => {
    await page({ client_id: 'someone' }, INVALID);
    const object = await signRequestObject(h.baseUrl(), {});
    expectErrorPage(
      await request(h.app).get(`/authorize?${jarQuery(object, { client_id: 'someone' })}`),
      INVALID,
    );
  });
});

describe('compat §3.2 query validation, in order', () => {
  it('§3.2 #1: redirect_uri not exactly registered (a trailing slash too) → 400 "Invalid Request" (en and cy)', async () => {
    expectErrorPage(
      await authorize(h, { redirect_uri: 'http://localhost:8080/other' }),
      'Invalid Request',
    );
    expectErrorPage(
      await authorize(h, { redirect_uri: 'http://localhost:8080/other', ui_locales: 'cy' }),
      'Invalid Request',
      'cy',
    );
    // A trailing slash is a different URI: exact match only.
    expectErrorPage(
      await authorize(h, { redirect_uri: `${DEFAULT_REDIRECT_URI}/` }),
      'Invalid Request',
    );
  });

  it('§3.2 #2: response_mode other than query/fragment → 400 "Invalid Request"', async () => {
    await page({ response_mode: 'form_post' }, INVALID);
  });

  it('§3.2 #3: state missing or empty → invalid_request "Request is missing state parameter", no state', async () => {
    for (const state of [undefined, ''])
      expectRedirectError(await authorize(h, { state }), {
        error: 'invalid_request',
        description: 'Request is missing state parameter',
        state: null,
      });
  });

  it('§3.2 #4: request_uri → request_uri_not_supported', async () => {
    for (const request_uri of ['https://rp.example/r', 'https://rp.example/req/1'])
      expectRedirectError(await authorize(h, { request_uri }), {
        error: 'request_uri_not_supported',
        description: 'Request URI parameter not supported',
        state: 'state-1',
      });
  });

  it('§3.2 #5: response_type ≠ code → unsupported_response_type', async () => {
    for (const response_type of ['code id_token', 'token', 'id_token'])
      expectRedirectError(await authorize(h, { response_type }), {
        error: 'unsupported_response_type',
        description: 'Unsupported response type',
        state: 'state-1',
      });
  });

  it('§3.2 #6: openid required; a scope outside openid/email/phone or the client scopes, or a double space → invalid_scope with state', async () => {
    for (const scope of ['email', 'email phone', '', 'openid profile', 'openid  email', ' openid'])
      expectRedirectError(await authorize(h, { scope, state: 'sc' }), {
        error: 'invalid_scope',
        description: 'Invalid, unknown or malformed scope',
        state: 'sc',
      });
    configure(h, { clientConfiguration: { scopes: ['openid'] } });
    for (const scope of ['openid email', 'openid phone'])
      expectRedirectError(await authorize(h, { scope, state: 'sc' }), {
        error: 'invalid_scope',
        description: 'Invalid, unknown or malformed scope',
        state: 'sc',
      });
    expect(
      redirectParams((await authorize(h, { scope: 'openid' })).headers.location as string).get(
        'code',
      ),
    ).toBeTruthy();
    await expectStillServing(h.app, h.clock);
  });

  it('§3.2 #7: a claim outside the five known or the client claims → "Request contains invalid claims"', async () => {
    for (const claims of [
      JSON.stringify({ userinfo: { [`${VOCAB}/socialSecurityRecord`]: null } }),
      JSON.stringify({ userinfo: { email: null } }),
      claimsFor('unknownClaim'),
      claimsFor('passport'), // known, but not in the default client's claims
      claimsFor('drivingPermit'),
      JSON.stringify({ userinfo: [] }),
    ])
      expectRedirectError(await authorize(h, { claims, vtr: '["Cl.Cm.P2"]' }), {
        error: 'invalid_request',
        description: 'Request contains invalid claims',
        state: 'state-1',
      });
    configure(h, { clientConfiguration: { claims: [`${VOCAB}/passport`] } });
    expectRedirectError(await authorize(h, { claims: claimsFor('address') }), {
      error: 'invalid_request',
      description: 'Request contains invalid claims',
      state: 'state-1',
    });
    expect(
      redirectParams(
        (await authorize(h, { claims: claimsFor('passport'), vtr: '["Cl.Cm.P2"]' })).headers
          .location as string,
      ).get('code'),
    ).toBeTruthy();
  });

  it('§3.2 #7: claims without a userinfo member, or with values like {essential:true}, are fine', async () => {
    for (const claims of [
      '{}',
      JSON.stringify({ id_token: { auth_time: null } }),
      JSON.stringify({ userinfo: { [`${VOCAB}/address`]: { essential: true } } }),
    ]) {
      const res = await authorize(h, { claims, vtr: '["Cl.Cm.P2"]' });
      expect(redirectParams(res.headers.location as string).get('code'), claims).toBeTruthy();
    }
  });

  it('§3.2 #8: nonce missing or empty → "Request is missing nonce parameter"', async () => {
    for (const nonce of [undefined, ''])
      expectRedirectError(await authorize(h, { nonce }), {
        error: 'invalid_request',
        description: 'Request is missing nonce parameter',
        state: 'state-1',
      });
  });

  it('§3.2 #9: vtr invalid → "Request vtr not valid"', async () => {
    expectRedirectError(await authorize(h, { vtr: '["Cl.P2"]' }), {
      error: 'invalid_request',
      description: 'Request vtr not valid',
      state: 'state-1',
    });
  });

  it('§3.2 #10: negative max_age → "Max age is negative in query params"; 0 and positive pass', async () => {
    for (const max_age of ['-1', '-2', '-100'])
      expectRedirectError(await authorize(h, { max_age }), {
        error: 'invalid_request',
        description: 'Max age is negative in query params',
        state: 'state-1',
      });
    for (const max_age of ['0', '1', '3600'])
      expect((await authorize(h, { max_age })).status).toBe(302);
    expect(
      redirectParams((await authorize(h, { max_age: '0' })).headers.location as string).get('code'),
    ).toBeTruthy();
  });

  it('§3.2 order: each earlier defect wins over a later one', async () => {
    const cases: [Record<string, string | undefined>, string, string][] = [
      [
        { state: undefined, response_type: 'token' },
        'invalid_request',
        'Request is missing state parameter',
      ],
      [
        { request_uri: 'https://rp/x', response_type: 'token' },
        'request_uri_not_supported',
        'Request URI parameter not supported',
      ],
      [
        { response_type: 'token', scope: 'bogus' },
        'unsupported_response_type',
        'Unsupported response type',
      ],
      [
        { scope: 'bogus', claims: claimsFor('passport') },
        'invalid_scope',
        'Invalid, unknown or malformed scope',
      ],
      [
        { claims: claimsFor('passport'), nonce: undefined },
        'invalid_request',
        'Request contains invalid claims',
      ],
      [{ nonce: undefined, vtr: 'bad' }, 'invalid_request', 'Request is missing nonce parameter'],
      [{ vtr: 'bad', max_age: '-5' }, 'invalid_request', 'Request vtr not valid'],
      [
        { max_age: '-5', code_challenge: 'short' },
        'invalid_request',
        'Max age is negative in query params',
      ],
      [
        { code_challenge: 'short', prompt: 'select_account' },
        'invalid_request',
        'Invalid value for code_challenge parameter.',
      ],
    ];
    configure(h, { errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } });
    for (const [overrides, error, description] of cases)
      expectRedirectError(await authorize(h, overrides), {
        error,
        description,
        state: overrides.state === undefined && 'state' in overrides ? null : 'state-1',
      });
  });

  it('§3.2 #11: PKCE errors when enforced (see §8.4)', async () => {
    configure(h, { clientConfiguration: { pkceEnforced: true } });
    expectRedirectError(await authorize(h), {
      error: 'invalid_request',
      description: 'Invalid value for code_challenge parameter.',
      state: 'state-1',
    });
  });

  it('§3.2 then: prompt select_account → unmet_authentication_requirements', async () => {
    expectRedirectError(await authorize(h, { prompt: 'select_account' }), {
      error: 'unmet_authentication_requirements',
      description: 'Unmet authentication requirements',
      state: 'state-1',
    });
  });

  it('§3.2 then: ACCESS_DENIED → access_denied, winning over TEMPORARILY_UNAVAILABLE', async () => {
    configure(h, {
      errorConfiguration: { authoriseErrors: ['TEMPORARILY_UNAVAILABLE', 'ACCESS_DENIED'] },
    });
    expectRedirectError(await authorize(h), {
      error: 'access_denied',
      description: 'Access denied by resource owner or authorization server',
      state: 'state-1',
    });
  });

  it('§3.2 then: TEMPORARILY_UNAVAILABLE → temporarily_unavailable with an empty error_description', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['TEMPORARILY_UNAVAILABLE'] } });
    const res = await authorize(h);
    expectRedirectError(res, {
      error: 'temporarily_unavailable',
      description: '',
      state: 'state-1',
    });
    expect(res.headers.location).toContain('error_description=&');
  });

  it('§3.2 success: 302 to <redirect_uri>?code=…&state=…', async () => {
    const res = await authorize(h, { state: 'xyz' });
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(DEFAULT_REDIRECT_URI);
    expect([...url.searchParams.keys()]).toEqual(['code', 'state']);
    expect(url.searchParams.get('state')).toBe('xyz');
  });

  it('§3.2 auth code: 32 random bytes, base64url (43 characters)', async () => {
    expect(codeOf(await authorize(h))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('§3.2 error redirects omit state only when there is none', async () => {
    expectRedirectError(await authorize(h, { nonce: undefined, state: 's' }), {
      error: 'invalid_request',
      description: 'Request is missing nonce parameter',
      state: 's',
    });
  });
});

describe('compat §3.3 request objects, in order', () => {
  it('§3.3 step 1: RS256 and PS256 objects verify', async () => {
    for (const alg of ['RS256', 'PS256']) {
      const object = await signRequestObject(h.baseUrl(), {}, { alg });
      expect(codeOf(await request(h.app).get(`/authorize?${jarQuery(object)}`)), alg).toBeTruthy();
    }
  });

  it('§3.3 step 1: a failed verification (bad signature, exp past, nbf future) → 400 "Trust chain validation failed"', async () => {
    const now = h.clock.seconds();
    const good = await signRequestObject(h.baseUrl(), {});
    const [head, body] = good.split('.');
    for (const object of [
      `${head}.${body}.${base64url.encode('x'.repeat(256))}`,
      await signRequestObject(h.baseUrl(), { exp: now - 10 }),
      await signRequestObject(h.baseUrl(), { nbf: now + 600 }),
    ])
      expectErrorPage(
        await request(h.app).get(`/authorize?${jarQuery(object)}`),
        'Trust chain validation failed',
      );
  });

  it('§3.3 step 1 (rule 3): alg none and ES256 against the RSA key are refused as 400, never 500', async () => {
    const none = new UnsecuredJWT({ aud: `${h.baseUrl()}/authorize` }).encode();
    expectErrorPage(
      await request(h.app).get(`/authorize?${jarQuery(none)}`),
      'Trust chain validation failed',
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const es256 = await signRequestObject(
      h.baseUrl(),
      {},
      {
        alg: 'ES256',
        key: await importPKCS8(ec.export({ type: 'pkcs8', format: 'pem' }).toString(), 'ES256'),
      },
    );
    expectErrorPage(
      await request(h.app).get(`/authorize?${jarQuery(es256)}`),
      'Trust chain validation failed',
    );
    await expectStillServing(h.app, h.clock);
  });

  it('§3.3 step 1: exp and iat are not required', async () => {
    expect(codeOf(await jar({}))).toBeTruthy();
  });

  it('§3.3 step 2: object redirect_uri missing or not registered → 400 "Invalid Request"', async () => {
    expectErrorPage(await jar({ redirect_uri: undefined }), INVALID);
    expectErrorPage(await jar({ redirect_uri: 'http://localhost:1/x' }), INVALID);
  });

  it('§3.3 step 3: object response_mode not query/fragment → 400', async () => {
    expectErrorPage(await jar({ response_mode: 'jwt' }), INVALID);
  });

  it('§3.3 step 4: object state missing → "Request is missing state parameter", no state', async () => {
    expectRedirectError(
      await jar({ state: undefined }),
      jarError('invalid_request', 'Request is missing state parameter', null),
    );
  });

  it('§3.3 step 5: query response_type ≠ code → unsupported_response_type', async () => {
    const object = await signRequestObject(h.baseUrl(), {});
    expectRedirectError(
      await request(h.app).get(`/authorize?${jarQuery(object, { response_type: 'id_token' })}`),
      jarError('unsupported_response_type', 'Unsupported response type'),
    );
  });

  it('§3.3 step 6: query scopes invalid → invalid_scope', async () => {
    const object = await signRequestObject(h.baseUrl(), { scope: 'openid bogus' });
    expectRedirectError(
      await request(h.app).get(`/authorize?${jarQuery(object, { scope: 'openid bogus' })}`),
      jarError('invalid_scope', 'Invalid, unknown or malformed scope'),
    );
  });

  it('§3.3 step 7: object client_id missing or different → unauthorized_client', async () => {
    expectRedirectError(
      await jar({ client_id: undefined }),
      jarError('unauthorized_client', 'Unauthorized client'),
    );
  });

  it('§3.3 step 8: object carrying request or request_uri → "Invalid request"', async () => {
    expectRedirectError(
      await jar({ request_uri: 'https://x' }),
      jarError('invalid_request', 'Invalid request'),
    );
  });

  it('§3.3 step 9: object aud ≠ <simulatorUrl>/authorize (arrays too) → access_denied', async () => {
    for (const aud of ['http://localhost:3000/', [`${h.baseUrl()}/authorize`]])
      expectRedirectError(
        await jar({ aud }),
        jarError('access_denied', 'Access denied by resource owner or authorization server'),
      );
  });

  it('§3.3 step 10: object iss ≠ client_id → unauthorized_client', async () => {
    expectRedirectError(
      await jar({ iss: 'x' }),
      jarError('unauthorized_client', 'Unauthorized client'),
    );
  });

  it('§3.3 step 11: object response_type ≠ code → unsupported_response_type', async () => {
    expectRedirectError(
      await jar({ response_type: 'token' }),
      jarError('unsupported_response_type', 'Unsupported response type'),
    );
  });

  it('§3.3 step 12: object scope invalid → invalid_scope', async () => {
    const object = await signRequestObject(h.baseUrl(), { scope: 'profile' });
    expectRedirectError(
      await request(h.app).get(`/authorize?${jarQuery(object, { scope: 'profile' })}`),
      jarError('invalid_scope', 'Invalid, unknown or malformed scope'),
    );
  });

  it('§3.3 step 13: object claims unknown or unsupported → "Request contains invalid claims" (rule 3: arrays too, no 500)', async () => {
    for (const claims of [{ userinfo: { [`${VOCAB}/passport`]: null } }, []])
      expectRedirectError(
        await jar({ claims }),
        jarError('invalid_request', 'Request contains invalid claims'),
      );
  });

  it('§3.3 step 14: object nonce missing → "Request is missing nonce parameter"', async () => {
    expectRedirectError(
      await jar({ nonce: undefined }),
      jarError('invalid_request', 'Request is missing nonce parameter'),
    );
  });

  it('§3.3 step 15: vtr as an array or a string; another type → "Request vtr not valid"', async () => {
    expect(codeOf(await jar({ vtr: ['Cl.Cm'] }))).toBeTruthy();
    expect(codeOf(await jar({ vtr: '["Cl.Cm"]' }))).toBeTruthy();
    expectRedirectError(
      await jar({ vtr: 5 }),
      jarError('invalid_request', 'Request vtr not valid'),
    );
  });

  it('§3.3 step 16: object ui_locales is never rejected', async () => {
    expect(codeOf(await jar({ ui_locales: 'zz' }))).toBeTruthy();
  });

  it('§3.3 step 17: max_age < 0 → "Max age is negative in request object"; NaN → "could not be parsed"', async () => {
    expectRedirectError(
      await jar({ max_age: -1 }),
      jarError('invalid_request', 'Max age is negative in request object'),
    );
    expectRedirectError(
      await jar({ max_age: 'x' }),
      jarError('invalid_request', 'Max age could not be parsed to an integer'),
    );
  });

  it('§3.3 step 18: PKCE checks when enforced', async () => {
    configure(h, { clientConfiguration: { pkceEnforced: true } });
    expectRedirectError(
      await jar({}),
      jarError('invalid_request', 'Invalid value for code_challenge parameter.'),
    );
  });

  it('§3.3 step 19: login_hint over 256 characters → "login_hint parameter is invalid"', async () => {
    expectRedirectError(
      await jar({ login_hint: 'x'.repeat(300) }),
      jarError('invalid_request', 'login_hint parameter is invalid'),
    );
  });

  it('§3.3 step 20: channel outside web/generic_app → "Invalid value for channel parameter."', async () => {
    expectRedirectError(
      await jar({ channel: 'x' }),
      jarError('invalid_request', 'Invalid value for channel parameter.'),
    );
    expect(codeOf(await jar({ channel: 'web' }))).toBeTruthy();
  });

  it('§3.3 after (rule 3): a JSON-object claims works end to end', async () => {
    const res = await jar({
      vtr: ['Cl.Cm.P2'],
      claims: { userinfo: { [`${VOCAB}/coreIdentityJWT`]: null } },
    });
    expect(codeOf(res)).toBeTruthy();
  });

  it("§3.3 after: error redirects use the object's redirect_uri and state", async () => {
    configure(h, {
      clientConfiguration: { redirectUrls: [DEFAULT_REDIRECT_URI, 'https://rp.example/jar'] },
    });
    expectRedirectError(
      await jar({ redirect_uri: 'https://rp.example/jar', state: 'obj', nonce: undefined }),
      {
        error: 'invalid_request',
        description: 'Request is missing nonce parameter',
        state: 'obj',
        redirectUri: 'https://rp.example/jar',
      },
    );
  });
});

describe('compat §3.4 vtr rules', () => {
  const invalid = {
    error: 'invalid_request',
    description: 'Request vtr not valid',
    state: 'state-1',
  };

  it('§3.4 absent, empty string or [] → Cl.Cm', async () => {
    for (const vtr of [undefined, '', '[]'])
      expect((await signIn(h, { vtr })).idClaims.vot).toBe('Cl.Cm');
  });

  it('§3.4 must be a JSON array of strings: "Cl.Cm", {} or invalid JSON → invalid', async () => {
    for (const vtr of ['Cl.Cm', '"Cl.Cm"', '{}', '[x'])
      expectRedirectError(await authorize(h, { vtr }), invalid);
  });

  it('§3.4 C components sort to Cl or Cl.Cm; order is free; Cm or P0 alone are invalid', async () => {
    for (const vtr of ['["Cm.Cl.P2"]', '["P2.Cl.Cm"]'])
      expect(codeOf(await authorize(h, { vtr }))).toBeTruthy();
    for (const vtr of ['["Cm"]', '["P0"]'])
      expectRedirectError(await authorize(h, { vtr }), invalid);
  });

  it('§3.4 P components must be P0-P3, at most one', async () => {
    for (const vtr of ['["Cl.Cm.P4"]', '["Cl.Cm.P0.P2"]'])
      expectRedirectError(await authorize(h, { vtr }), invalid);
  });

  it('§3.4 other components are ignored (Cl.Cm.X9)', async () => {
    expect(codeOf(await authorize(h, { vtr: '["Cl.Cm.X9"]' }))).toBeTruthy();
  });

  it('§3.4 P1/P2/P3 with Cl → invalid', async () => {
    expectRedirectError(await authorize(h, { vtr: '["Cl.P2"]' }), invalid);
  });

  it('§3.4 identity vectors cannot be mixed with non-identity vectors', async () => {
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2","Cl.Cm"]' }), invalid);
  });

  it('§3.4 identity LoCs must be in clientLoCs (P1, P3 refused by default)', async () => {
    for (const vtr of ['["Cl.Cm.P1"]', '["Cl.Cm.P3"]'])
      expectRedirectError(await authorize(h, { vtr }), invalid);
  });

  it('§3.4 identity needs identityVerificationSupported', async () => {
    configure(h, { clientConfiguration: { identityVerificationSupported: false } });
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), invalid);
  });

  it('§3.4 identity is impossible with client_secret_post', async () => {
    configure(h, { clientConfiguration: { token_auth_method: 'client_secret_post' } });
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), invalid);
  });

  it('§3.4 several non-identity vectors are allowed; the first drives vot', async () => {
    expect((await signIn(h, { vtr: '["Cl","Cl.Cm"]' })).idClaims.vot).toBe('Cl');
  });
});
