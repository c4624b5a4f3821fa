/**
 * GET /authorize with query parameters: the parse stage and the validation order of
 * docs/compatibility.md 3.1 and 3.2 (with our rules: invalid_scope without openid, state echoed
 * URL-encoded on every error redirect, fragment honoured), vtr rules 3.4, claims, scopes, nonce,
 * state, response_mode, ui_locales, max_age, prompt, configured authorise errors, return codes,
 * methods and sub-paths.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  authorize,
  configure,
  expectErrorPage,
  expectRedirectError,
  expectStillServing,
  getCode,
  harness,
  signIn,
  signInWithUserinfo,
  type Harness,
} from '../helpers/protocol.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB, redirectParams } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const claimsFor = (...names: string[]) =>
  JSON.stringify({ userinfo: Object.fromEntries(names.map((n) => [`${VOCAB}/${n}`, null])) });

describe('success', () => {
  it('302s to the redirect URI with a single-use code and the state, and sets the session cookie', async () => {
    const res = await authorize(h, { state: 'xyz' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(DEFAULT_REDIRECT_URI);
    expect([...url.searchParams.keys()]).toEqual(['code', 'state']);
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe('xyz');
    expect(url.hash).toBe('');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^simulator_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    await expectStillServing(h.app, h.clock);
  });

  it('issues a different code each time', async () => {
    const a = await getCode(h);
    const b = await getCode(h);
    expect(a).not.toBe(b);
  });

  it('keeps the query of a registered redirect URI and appends code and state to it', async () => {
    configure(h, { clientConfiguration: { redirectUrls: ['http://localhost:8080/cb?x=1'] } });
    const res = await authorize(h, { redirect_uri: 'http://localhost:8080/cb?x=1' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.pathname).toBe('/cb');
    expect([...url.searchParams.keys()]).toEqual(['x', 'code', 'state']);
    expect(url.searchParams.get('x')).toBe('1');
  });

  it('echoes a state with reserved characters URL-encoded, so it comes back unchanged', async () => {
    const state = 'a b&c=d#e%f+g';
    const res = await authorize(h, { state });
    const location = res.headers.location as string;
    expect(location).not.toContain('&c=d');
    expect(location).not.toContain('#');
    expect(new URL(location).searchParams.get('state')).toBe(state);
  });

  it('ignores ui_locales it does not support', async () => {
    for (const ui_locales of ['fr', 'de-DE', 'en', 'cy', 'cy-GB fr', '']) {
      const res = await authorize(h, { ui_locales });
      expect(res.status, ui_locales).toBe(302);
      expect(redirectParams(res.headers.location as string).get('code')).toBeTruthy();
    }
  });

  it('treats /authorize/<anything> like /authorize', async () => {
    const res = await request(h.app).get(
      `/authorize/anything/else?${new URLSearchParams({
        response_type: 'code',
        scope: 'openid',
        client_id: DEFAULT_CLIENT_ID,
        redirect_uri: DEFAULT_REDIRECT_URI,
        state: 's',
        nonce: 'n',
      }).toString()}`,
    );
    expect(res.status).toBe(302);
    expect(redirectParams(res.headers.location as string).get('code')).toBeTruthy();
  });

  it('keeps the last value of a repeated query parameter', async () => {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: DEFAULT_CLIENT_ID,
      redirect_uri: DEFAULT_REDIRECT_URI,
      nonce: 'n',
    });
    q.append('scope', 'profile');
    q.append('scope', 'openid');
    q.append('state', 'first');
    q.append('state', 'last');
    const res = await request(h.app).get(`/authorize?${q.toString()}`);
    expect(res.status).toBe(302);
    const params = redirectParams(res.headers.location as string);
    expect(params.get('code')).toBeTruthy();
    expect(params.get('state')).toBe('last');
  });
});

describe('methods other than GET', () => {
  for (const method of ['post', 'put', 'delete', 'patch', 'options'] as const) {
    it(`answers ${method.toUpperCase()} with 405 text/html and Allow: GET`, async () => {
      const res = await request(h.app)[method](`/authorize?${new URLSearchParams({ a: 'b' })}`);
      expect(res.status).toBe(405);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.allow).toBe('GET');
      expect(res.text).toBe(`Method "${method.toUpperCase()}" not allowed`);
    });
  }

  it('answers HEAD with 405 and no body', async () => {
    const res = await request(h.app).head('/authorize');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.text ?? '').toBe('');
  });

  it('answers 405 on sub-paths too, then keeps serving', async () => {
    const res = await request(h.app).post('/authorize/x').send('a=b');
    expect(res.status).toBe(405);
    await expectStillServing(h.app, h.clock);
  });
});

describe('parse stage (compat 3.1): 400 pages, or a redirect once client and redirect URI are trusted', () => {
  const bad = async (query: string, firstLine: string, lang: 'en' | 'cy' = 'en') => {
    const res = await request(h.app).get(`/authorize${query}`);
    expectErrorPage(res, firstLine, lang);
    return res;
  };

  it('empty query → 400 "Request is missing parameters"', async () => {
    await bad('', 'Request is missing parameters');
    await bad('?', 'Request is missing parameters');
    await expectStillServing(h.app, h.clock);
  });

  it('no client_id → 400 "Request is missing parameters"', async () => {
    await bad(`?${authorizeQueryWithout('client_id')}`, 'Request is missing parameters');
    await bad(`?${authorizeQueryWith({ client_id: '' })}`, 'Request is missing parameters');
  });

  it('illegal redirect_uri → 400 "Request is missing parameters"', async () => {
    for (const redirect_uri of [
      'not a url',
      'javascript:alert(1)',
      'data:text/html,hi',
      'vbscript:x',
      'http://localhost:8080/cb?code=1',
      'http://localhost:8080/cb?state=1',
      'http://localhost:8080/cb?response=1',
    ])
      await bad(`?${authorizeQueryWith({ redirect_uri })}`, 'Request is missing parameters');
    await expectStillServing(h.app, h.clock);
  });

  it('missing redirect_uri (no request object) → 400 "Request is missing parameters"', async () => {
    await bad(`?${authorizeQueryWithout('redirect_uri')}`, 'Request is missing parameters');
  });

  it('unknown response_type item → invalid_request "Invalid Request" redirect (state echoed), or 400 when untrusted', async () => {
    expectRedirectError(await authorize(h, { response_type: 'code banana', state: 's 1' }), {
      error: 'invalid_request',
      description: 'Invalid Request',
      state: 's 1',
    });
    await bad(
      `?${authorizeQueryWith({ response_type: 'code banana', client_id: 'someone-else' })}`,
      'Invalid Request',
    );
    await bad(
      `?${authorizeQueryWith({ response_type: 'banana', redirect_uri: 'http://localhost:9/x' })}`,
      'Invalid Request',
    );
  });

  it('parse failures of a trusted client honour response_mode=fragment', async () => {
    expectRedirectError(
      await authorize(h, { response_type: 'banana', response_mode: 'fragment', state: 'f' }),
      { error: 'invalid_request', description: 'Invalid Request', state: 'f', mode: 'fragment' },
    );
  });

  it('no response_type and no request object → invalid_request redirect', async () => {
    expectRedirectError(await authorize(h, { response_type: undefined }), {
      error: 'invalid_request',
      description: 'Invalid Request',
      state: 'state-1',
    });
  });

  it('malformed request_uri, or request with request_uri → invalid_request', async () => {
    expectRedirectError(await authorize(h, { request_uri: 'javascript:x' }), {
      error: 'invalid_request',
      description: 'Invalid Request',
      state: 'state-1',
    });
    expectRedirectError(
      await authorize(h, { request: 'a.b.c', request_uri: 'https://rp.example/req' }),
      { error: 'invalid_request', description: 'Invalid Request', state: 'state-1' },
    );
  });

  it('a request parameter that is not a JWT → invalid_request redirect', async () => {
    for (const requestObject of ['garbage', 'a.b', '!!!.???.***'])
      expectRedirectError(await authorize(h, { request: requestObject }), {
        error: 'invalid_request',
        description: 'Invalid Request',
        state: 'state-1',
      });
    await expectStillServing(h.app, h.clock);
  });

  it('unknown prompt value → invalid_request redirect', async () => {
    expectRedirectError(await authorize(h, { prompt: 'login banana' }), {
      error: 'invalid_request',
      description: 'Invalid Request',
      state: 'state-1',
    });
  });

  it('missing scope → invalid_request redirect', async () => {
    expectRedirectError(await authorize(h, { scope: undefined }), {
      error: 'invalid_request',
      description: 'Invalid Request',
      state: 'state-1',
    });
  });

  it('max_age that is not a whole number → 400 "Invalid Request" even for a trusted client', async () => {
    for (const max_age of ['abc', '12abc', '1.5', ''])
      await bad(`?${authorizeQueryWith({ max_age })}`, 'Invalid Request');
  });

  it('claims that are not a JSON object → invalid_request redirect', async () => {
    for (const claims of ['{not json', 'null', '[]', '"text"', '42'])
      expectRedirectError(await authorize(h, { claims }), {
        error: 'invalid_request',
        description: 'Invalid Request',
        state: 'state-1',
      });
  });

  it('unknown client_id → 400 "Invalid Request" page, in Welsh when ui_locales=cy', async () => {
    await bad(`?${authorizeQueryWith({ client_id: 'unknown' })}`, 'Invalid Request');
    const cy = await bad(
      `?${authorizeQueryWith({ client_id: 'unknown', ui_locales: 'cy' })}`,
      'Invalid Request',
      'cy',
    );
    expect(cy.text).toContain('Mae problem');
    await expectStillServing(h.app, h.clock);
  });

  it('escapes what it echoes on the error page', async () => {
    const res = await request(h.app).get(
      `/authorize?${authorizeQueryWith({ client_id: '<script>alert(1)</script>' })}`,
    );
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('<script>');
  });
});

describe('prompt', () => {
  it('select_account → unmet_authentication_requirements, before configured errors', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } });
    expectRedirectError(await authorize(h, { prompt: 'select_account' }), {
      error: 'unmet_authentication_requirements',
      description: 'Unmet authentication requirements',
      state: 'state-1',
    });
  });

  it('none without a session → login_required', async () => {
    expectRedirectError(await authorize(h, { prompt: 'none' }), {
      error: 'login_required',
      description: 'Login required',
      state: 'state-1',
    });
  });

  it('login, consent and create are accepted', async () => {
    for (const prompt of ['login', 'consent', 'create', 'login consent'])
      expect(
        redirectParams((await authorize(h, { prompt })).headers.location as string).get('code'),
      ).toBeTruthy();
  });
});

describe('response_mode=fragment', () => {
  it('puts code and state in the fragment, nothing in the query', async () => {
    const res = await authorize(h, { response_mode: 'fragment', state: 'a b&c' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.search).toBe('');
    const params = new URLSearchParams(url.hash.slice(1));
    expect([...params.keys()]).toEqual(['code', 'state']);
    expect(params.get('state')).toBe('a b&c');
  });

  it('puts errors in the fragment', async () => {
    expectRedirectError(await authorize(h, { response_mode: 'fragment', nonce: undefined }), {
      error: 'invalid_request',
      description: 'Request is missing nonce parameter',
      state: 'state-1',
      mode: 'fragment',
    });
    expectRedirectError(await authorize(h, { response_mode: 'fragment', state: undefined }), {
      error: 'invalid_request',
      description: 'Request is missing state parameter',
      state: null,
      mode: 'fragment',
    });
  });

  it('response_mode=query is the default behaviour', async () => {
    const res = await authorize(h, { response_mode: 'query' });
    expect(new URL(res.headers.location as string).searchParams.get('code')).toBeTruthy();
  });
});

describe('configured authorise errors', () => {
  it('ACCESS_DENIED → access_denied with state', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } });
    expectRedirectError(await authorize(h, { state: 'x y' }), {
      error: 'access_denied',
      description: 'Access denied by resource owner or authorization server',
      state: 'x y',
    });
    await expectStillServing(h.app, h.clock);
  });

  it('TEMPORARILY_UNAVAILABLE → temporarily_unavailable with an empty description', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['TEMPORARILY_UNAVAILABLE'] } });
    expectRedirectError(await authorize(h), {
      error: 'temporarily_unavailable',
      description: '',
      state: 'state-1',
    });
  });

  it('ACCESS_DENIED wins over TEMPORARILY_UNAVAILABLE, in either order', async () => {
    for (const authoriseErrors of [
      ['TEMPORARILY_UNAVAILABLE', 'ACCESS_DENIED'],
      ['ACCESS_DENIED', 'TEMPORARILY_UNAVAILABLE'],
    ]) {
      configure(h, { errorConfiguration: { authoriseErrors } });
      expectRedirectError(await authorize(h), {
        error: 'access_denied',
        description: 'Access denied by resource owner or authorization server',
        state: 'state-1',
      });
    }
  });

  it('configured errors go in the fragment when asked', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } });
    expectRedirectError(await authorize(h, { response_mode: 'fragment' }), {
      error: 'access_denied',
      description: 'Access denied by resource owner or authorization server',
      state: 'state-1',
      mode: 'fragment',
    });
  });

  it('removing the errors restores codes', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } });
    h.simulator.config.update({});
    expect(
      redirectParams((await authorize(h)).headers.location as string).get('code'),
    ).toBeTruthy();
  });
});

describe('vtr (compat 3.4)', () => {
  const vtrInvalid = {
    error: 'invalid_request',
    description: 'Request vtr not valid',
    state: 'state-1',
  };

  it('absent, empty or [] → Cl.Cm', async () => {
    for (const vtr of [undefined, '', '[]']) {
      const { idClaims } = await signIn(h, { vtr });
      expect(idClaims.vot).toBe('Cl.Cm');
    }
  });

  it('Cl.Cm and Cl are accepted; vot is the credential part', async () => {
    expect((await signIn(h, { vtr: '["Cl.Cm"]' })).idClaims.vot).toBe('Cl.Cm');
    expect((await signIn(h, { vtr: '["Cl"]' })).idClaims.vot).toBe('Cl');
    expect((await signIn(h, { vtr: '["Cl.Cm.P0"]' })).idClaims.vot).toBe('Cl.Cm');
  });

  it('Cl.Cm.P2 is accepted; vot stays Cl.Cm', async () => {
    const { idClaims } = await signIn(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    expect(idClaims.vot).toBe('Cl.Cm');
  });

  it('component order is free and unknown components are ignored', async () => {
    for (const vtr of ['["Cm.Cl.P2"]', '["P2.Cl.Cm"]', '["Cl.Cm.X9"]'])
      expect((await authorize(h, { vtr })).headers.location, vtr).toContain('code=');
  });

  it('several non-identity vectors: the first drives vot', async () => {
    expect((await signIn(h, { vtr: '["Cl","Cl.Cm"]' })).idClaims.vot).toBe('Cl');
  });

  it('malformed vtr values → "Request vtr not valid"', async () => {
    for (const vtr of [
      'Cl.Cm',
      '"Cl.Cm"',
      '{}',
      '{"vtr":"Cl.Cm"}',
      'not json',
      '[1]',
      '[null]',
      '[["Cl.Cm"]]',
      '["Cm"]',
      '["P0"]',
      '["P2"]',
      '["Cl.Cm.P2.P0"]',
      '["Cl.Cm.P4"]',
      '["Cl.Cm.Px"]',
      '["Cl.Cl.Cm"]',
      '[""]',
    ])
      expectRedirectError(await authorize(h, { vtr }), vtrInvalid);
    await expectStillServing(h.app, h.clock);
  });

  it('Cl with an identity level (single-factor + identity) → "Request vtr not valid"', async () => {
    for (const vtr of ['["Cl.P2"]', '["Cl.P1"]', '["P2.Cl"]'])
      expectRedirectError(await authorize(h, { vtr }), vtrInvalid);
  });

  it('P1 and P3 are refused while not in clientLoCs, accepted once they are', async () => {
    for (const vtr of ['["Cl.Cm.P1"]', '["Cl.Cm.P3"]'])
      expectRedirectError(await authorize(h, { vtr }), vtrInvalid);
    configure(h, {
      clientConfiguration: { clientLoCs: ['P1', 'P2', 'P3'] },
      responseConfiguration: { maxLoCAchieved: 'P3' },
    });
    for (const vtr of ['["Cl.Cm.P1"]', '["Cl.Cm.P3"]'])
      expect((await authorize(h, { vtr })).headers.location, vtr).toContain('code=');
  });

  it('P2 is refused when clientLoCs does not hold it', async () => {
    configure(h, { clientConfiguration: { clientLoCs: ['P0'] } });
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), vtrInvalid);
  });

  it('identity is refused when identityVerificationSupported is false; P0 still works', async () => {
    configure(h, { clientConfiguration: { identityVerificationSupported: false } });
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), vtrInvalid);
    expect((await authorize(h, { vtr: '["Cl.Cm.P0"]' })).headers.location).toContain('code=');
    expect((await authorize(h, { vtr: '["Cl.Cm"]' })).headers.location).toContain('code=');
  });

  it('identity and non-identity vectors cannot be mixed', async () => {
    for (const vtr of ['["Cl.Cm.P2","Cl.Cm"]', '["Cl.Cm","Cl.Cm.P2"]', '["Cl.Cm.P0","Cl.Cm.P2"]'])
      expectRedirectError(await authorize(h, { vtr }), vtrInvalid);
  });

  it('identity is refused while the client authenticates with client_secret_post', async () => {
    configure(h, {
      clientConfiguration: {
        token_auth_method: 'client_secret_post',
        identityVerificationSupported: false,
      },
    });
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), vtrInvalid);
    configure(h, { clientConfiguration: { identityVerificationSupported: true } });
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), vtrInvalid);
    expect((await authorize(h, { vtr: '["Cl.Cm"]' })).headers.location).toContain('code=');
  });
});

describe('identity outcome and return codes', () => {
  it('evidence below the requested level without return codes → access_denied', async () => {
    configure(h, { responseConfiguration: { maxLoCAchieved: 'P0' } });
    expectRedirectError(
      await authorize(h, { vtr: '["Cl.Cm.P2"]', claims: claimsFor('coreIdentityJWT') }),
      {
        error: 'access_denied',
        description: 'Access denied by resource owner or authorization server',
        state: 'state-1',
      },
    );
    // Authentication-only requests are not affected.
    expect((await authorize(h, { vtr: '["Cl.Cm"]' })).headers.location).toContain('code=');
  });

  it('evidence below the requested level with returnCode allowed and requested → code; userinfo has returnCode, no core identity', async () => {
    configure(h, {
      responseConfiguration: { maxLoCAchieved: 'P0', returnCodes: [{ code: 'X' }] },
    });
    const { userinfo } = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([{ code: 'X' }]);
    expect(userinfo[`${VOCAB}/coreIdentityJWT`]).toBeUndefined();
    expect(userinfo.sub).toBeDefined();
  });

  it('return codes configured, claim allowed and requested → code, returnCode in /userinfo', async () => {
    configure(h, { responseConfiguration: { returnCodes: [{ code: 'A' }, { code: 'B' }] } });
    const { userinfo } = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: claimsFor('returnCode', 'coreIdentityJWT'),
    });
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([{ code: 'A' }, { code: 'B' }]);
    expect(typeof userinfo[`${VOCAB}/coreIdentityJWT`]).toBe('string');
  });

  it('return codes configured but not requested → access_denied', async () => {
    configure(h, { responseConfiguration: { returnCodes: [{ code: 'A' }] } });
    expectRedirectError(
      await authorize(h, { vtr: '["Cl.Cm.P2"]', claims: claimsFor('coreIdentityJWT') }),
      {
        error: 'access_denied',
        description: 'Access denied by resource owner or authorization server',
        state: 'state-1',
      },
    );
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), {
      error: 'access_denied',
      description: 'Access denied by resource owner or authorization server',
      state: 'state-1',
    });
  });

  it('return codes configured but the claim not allowed for the client → access_denied', async () => {
    configure(h, {
      clientConfiguration: { claims: [`${VOCAB}/coreIdentityJWT`] },
      responseConfiguration: { returnCodes: [{ code: 'A' }] },
    });
    expectRedirectError(
      await authorize(h, { vtr: '["Cl.Cm.P2"]', claims: claimsFor('coreIdentityJWT') }),
      {
        error: 'access_denied',
        description: 'Access denied by resource owner or authorization server',
        state: 'state-1',
      },
    );
  });

  it('an empty returnCodes list is not "configured"', async () => {
    configure(h, { responseConfiguration: { returnCodes: [] } });
    const res = await authorize(h, { vtr: '["Cl.Cm.P2"]', claims: claimsFor('coreIdentityJWT') });
    expect(res.headers.location).toContain('code=');
    configure(h, { responseConfiguration: { returnCodes: null } });
    const res2 = await authorize(h, { vtr: '["Cl.Cm.P2"]', claims: claimsFor('coreIdentityJWT') });
    expect(res2.headers.location).toContain('code=');
  });
});

function authorizeQueryWith(overrides: Record<string, string | undefined>): string {
  return new URLSearchParams(
    Object.entries({
      response_type: 'code',
      scope: 'openid email phone',
      client_id: DEFAULT_CLIENT_ID,
      redirect_uri: DEFAULT_REDIRECT_URI,
      state: 'state-1',
      nonce: 'nonce-1',
      ...overrides,
    }).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
}

function authorizeQueryWithout(name: string): string {
  return authorizeQueryWith({ [name]: undefined });
}
