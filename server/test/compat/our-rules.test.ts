/**
 * The rules at the top of docs/compatibility.md and the departures of its section 13: where the two
 * documents are explicit we follow them, and where the public simulator has a bug we do the sane
 * thing. Each test names the §13 item (or the rule) it traces.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateKeyPairSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { decodeJwt, importPKCS8 } from 'jose';
import { configFromEnv } from '../../src/config/from-env.js';
import { STORE_LIMITS } from '../../src/state/lifetimes.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  argon2idPhc,
  assertion,
  authorize,
  configure,
  exchange,
  expectConfigRefused,
  expectErrorPage,
  expectRedirectError,
  expectStillServing,
  expectTokenError,
  getCode,
  getUserinfo,
  harness,
  postToken,
  signIn,
  signInWithUserinfo,
  tokenForm,
  type Harness,
} from '../helpers/protocol.js';
import {
  IDENTITY_CLAIMS_REQUEST,
  VOCAB,
  pkcePair,
  redirectParams,
  signRequestObject,
} from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

describe('compat §13: where we follow the provider document', () => {
  it('§13 #1: User-Agent missing or empty → 403 on /token, /userinfo and /.well-known/did.json', async () => {
    for (const [method, path] of [
      ['post', '/token'],
      ['get', '/userinfo'],
      ['get', '/.well-known/did.json'],
    ] as const) {
      expect((await request(h.app)[method](path).unset('User-Agent')).status, path).toBe(403);
      expect((await request(h.app)[method](path).set('User-Agent', '')).status, path).toBe(403);
    }
  });

  it('§13 #2: authorisation codes are single use and expire after 60 s', async () => {
    const code = await getCode(h);
    expect((await exchange(h, code)).status).toBe(200);
    expectTokenError(await exchange(h, code), 'invalid_grant', 'Invalid grant');
    const late = await getCode(h);
    h.clock.advance(60);
    expectTokenError(await exchange(h, late), 'invalid_grant', 'Invalid grant');
  });

  it('§13 #3: the client assertion jti is required and single use; the stores are bounded', async () => {
    expectTokenError(
      await exchange(h, await getCode(h), {
        client_assertion: await assertion(h, { claims: { jti: undefined } }),
      }),
      'invalid_client',
      'private_key_jwt must carry a jti',
    );
    const once = await assertion(h);
    expect((await exchange(h, await getCode(h), { client_assertion: once })).status).toBe(200);
    expectTokenError(
      await exchange(h, await getCode(h), { client_assertion: once }),
      'invalid_client',
      'private_key_jwt jti has already been used',
    );
    expect(STORE_LIMITS.codes).toBeGreaterThan(0);
  });

  it('§13 #4: response_mode=fragment puts the response in the fragment', async () => {
    const url = new URL(
      (await authorize(h, { response_mode: 'fragment' })).headers.location as string,
    );
    expect(url.search).toBe('');
    expect(new URLSearchParams(url.hash.slice(1)).get('code')).toBeTruthy();
  });

  it('§13 #5: a scope without openid → invalid_scope, with state', async () => {
    expectRedirectError(await authorize(h, { scope: 'email phone', state: 'kept' }), {
      error: 'invalid_scope',
      description: 'Invalid, unknown or malformed scope',
      state: 'kept',
    });
  });

  it('rule: state is URL-encoded and echoed on every error redirect after the redirect URI is validated', async () => {
    const state = 'a b&c=d';
    for (const overrides of [
      { response_type: 'weird' },
      { nonce: undefined },
      { vtr: 'x' },
      { prompt: 'select_account' },
    ]) {
      const res = await authorize(h, { ...overrides, state });
      expect(res.headers.location).not.toContain('&c=d');
      expect(redirectParams(res.headers.location as string).get('state')).toBe(state);
    }
  });

  it('§13 #6: ui_locales en and cy only; anything else ignored; the error page follows cy', async () => {
    expect((await authorize(h, { ui_locales: 'de' })).status).toBe(302);
    expectErrorPage(
      await authorize(h, { client_id: 'x', ui_locales: 'cy' }),
      'Invalid Request',
      'cy',
    );
    expectErrorPage(
      await authorize(h, { client_id: 'x', ui_locales: 'de' }),
      'Invalid Request',
      'en',
    );
  });

  it('§13 #8: login_required is produced (prompt=none without a session)', async () => {
    expectRedirectError(await authorize(h, { prompt: 'none' }), {
      error: 'login_required',
      description: 'Login required',
      state: 'state-1',
    });
  });

  it('§13 #9: return codes configured but not requested → access_denied', async () => {
    configure(h, { responseConfiguration: { returnCodes: [{ code: 'A' }] } });
    expectRedirectError(
      await authorize(h, {
        vtr: '["Cl.Cm.P2"]',
        claims: JSON.stringify({ userinfo: { [`${VOCAB}/address`]: null } }),
      }),
      {
        error: 'access_denied',
        description: 'Access denied by resource owner or authorization server',
        state: 'state-1',
      },
    );
    const ok = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    expect(ok.userinfo[`${VOCAB}/returnCode`]).toEqual([{ code: 'A' }]);
  });

  it('§13 #10: sid identifies the session; auth_time is the time of authentication', async () => {
    const browser = request.agent(h.app);
    const first = redirectParams(
      (
        await browser.get(
          `/authorize?${new URLSearchParams({ response_type: 'code', scope: 'openid', client_id: DEFAULT_CLIENT_ID, redirect_uri: DEFAULT_REDIRECT_URI, state: 's', nonce: 'n' })}`,
        )
      ).headers.location as string,
    ).get('code') as string;
    const a = decodeJwt((await exchange(h, first)).body.id_token as string);
    h.clock.advance(30);
    const second = redirectParams(
      (
        await browser.get(
          `/authorize?${new URLSearchParams({ response_type: 'code', scope: 'openid', client_id: DEFAULT_CLIENT_ID, redirect_uri: DEFAULT_REDIRECT_URI, state: 's', nonce: 'n' })}`,
        )
      ).headers.location as string,
    ).get('code') as string;
    const b = decodeJwt((await exchange(h, second)).body.id_token as string);
    expect(b.sid).toBe(a.sid);
    expect(b.auth_time).toBe(a.auth_time);
    const other = await signIn(h);
    expect(other.idClaims.sid).not.toBe(a.sid);
  });

  it('§13 #11 (rule): the access token is a JWT bound to a record: tampered, expired or foreign tokens are refused', async () => {
    const { tokens } = await signIn(h);
    const [head, , sig] = tokens.access_token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(tokens.access_token), scope: ['openid'] }),
    ).toString('base64url');
    expect((await getUserinfo(h.app, `${head}.${payload}.${sig}`)).status).toBe(401);
    const other = await harness();
    expect((await getUserinfo(other.app, tokens.access_token)).status).toBe(401);
  });

  it('§13 #12: the core identity JWT lives 30 minutes; vc.type defaults to VerifiableIdentityCredential', async () => {
    const { userinfo } = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    const core = decodeJwt(userinfo[`${VOCAB}/coreIdentityJWT`] as string);
    expect((core.exp as number) - (core.iat as number)).toBe(1800);
    expect((core.vc as { type: string[] }).type).toEqual([
      'VerifiableCredential',
      'VerifiableIdentityCredential',
    ]);
  });

  it('§13 #13: JWKS keys carry use=sig', async () => {
    for (const key of (await request(h.app).get('/.well-known/jwks.json')).body.keys)
      expect(key.use).toBe('sig');
  });

  it('§13 #15: /token invalid_client is 400, also for an unknown client', async () => {
    expectTokenError(
      await exchange(h, await getCode(h), {
        client_assertion: await assertion(h, { clientId: 'x' }),
      }),
      'invalid_client',
      'Client authentication failed',
      400,
    );
  });

  it('§13 #16: a repeated /token form parameter → invalid_request', async () => {
    const form = await tokenForm(h, await getCode(h));
    expectTokenError(
      await postToken(h.app, { ...form, code: [form.code as string, 'x'] }),
      'invalid_request',
      'Request contains repeated parameter: code',
    );
  });

  it('§13 #17: redirect URIs must be http or https', async () => {
    expectConfigRefused(
      await request(h.app)
        .post('/config')
        .send({ clientConfiguration: { redirectUrls: ['myapp://cb'] } }),
      ['clientConfiguration.redirectUrls'],
    );
  });

  it('§13 #18: with PKCE off, a challenge still needs S256 and its verifier is checked', async () => {
    const { verifier, challenge } = pkcePair();
    expect((await authorize(h, { code_challenge: challenge })).headers.location).toContain(
      'error=invalid_request',
    );
    const code = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expectTokenError(await exchange(h, code), 'invalid_grant', 'PKCE code verification failed');
    const again = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await exchange(h, again, { code_verifier: verifier })).status).toBe(200);
  });

  it('§13 #19: JAR: object or string claims; query and object agree; other OIDC params refused in the query', async () => {
    const object = await signRequestObject(h.baseUrl(), {
      vtr: ['Cl.Cm.P2'],
      claims: { userinfo: { [`${VOCAB}/address`]: null } },
    });
    const q = (extra: Record<string, string>) =>
      new URLSearchParams({
        response_type: 'code',
        scope: 'openid email phone',
        client_id: DEFAULT_CLIENT_ID,
        request: object,
        ...extra,
      });
    expect((await request(h.app).get(`/authorize?${q({})}`)).headers.location).toContain('code=');
    expect(
      (await request(h.app).get(`/authorize?${q({ scope: 'openid' })}`)).headers.location,
    ).toContain('error=invalid_request');
    expect(
      (await request(h.app).get(`/authorize?${q({ nonce: 'x' })}`)).headers.location,
    ).toContain('error=invalid_request');
  });

  it('§13 #21: email_verified and phone_number_verified are configurable', async () => {
    configure(h, { responseConfiguration: { emailVerified: false } });
    expect((await signInWithUserinfo(h)).userinfo.email_verified).toBe(false);
  });

  it('§13 #22: client assertions may be ES256 (with an EC key registered), and aud may be the issuer', async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    configure(h, {
      clientConfiguration: {
        publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      },
    });
    const key = await importPKCS8(
      pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'ES256',
    );
    const res = await exchange(h, await getCode(h), {
      client_assertion: await assertion(h, {
        alg: 'ES256',
        key,
        claims: { aud: `${h.baseUrl()}/` },
      }),
    });
    expect(res.status).toBe(200);
  });

  it('rule: NumericDates may be fractional; a non-number is invalid_client; issued times are whole seconds, rounded down', async () => {
    h.clock.ms = 1_800_000_000_999;
    const res = await exchange(h, await getCode(h), {
      client_assertion: await assertion(h, { claims: { exp: 1_800_000_100.094 } }),
    });
    expect(res.status).toBe(200);
    const id = decodeJwt(res.body.id_token as string);
    expect(id.iat).toBe(1_800_000_000);
    expect(id.auth_time).toBe(1_800_000_000);
    expectTokenError(
      await exchange(h, await getCode(h), {
        client_assertion: await assertion(h, { claims: { exp: '1800000100' } }),
      }),
      'invalid_client',
      'private_key_jwt exp must be a number',
    );
  });

  it('§13 #23: logout answers POST too and uses error_code', async () => {
    const res = await request(h.app).post('/logout').type('form').send('id_token_hint=bad&state=s');
    expect(res.status).toBe(302);
    expect(res.headers.location).toContain('error_code=invalid_request');
  });

  it('§13 #24: max_age is enforced for permitted clients (auth_time refreshed)', async () => {
    configure(h, { clientConfiguration: { maxAgeEnabled: true } });
    const browser = request.agent(h.app);
    const q = (extra: Record<string, string> = {}) =>
      `/authorize?${new URLSearchParams({ response_type: 'code', scope: 'openid', client_id: DEFAULT_CLIENT_ID, redirect_uri: DEFAULT_REDIRECT_URI, state: 's', nonce: 'n', ...extra })}`;
    const first = decodeJwt(
      (
        await exchange(
          h,
          redirectParams((await browser.get(q())).headers.location as string).get('code') as string,
        )
      ).body.id_token as string,
    );
    h.clock.advance(100);
    const second = decodeJwt(
      (
        await exchange(
          h,
          redirectParams((await browser.get(q({ max_age: '60' }))).headers.location as string).get(
            'code',
          ) as string,
        )
      ).body.id_token as string,
    );
    expect(second.auth_time).toBe((first.auth_time as number) + 100);
  });
});

describe('compat §13: against the simulator document', () => {
  it('§13 #25: TEMPORARILY_UNAVAILABLE is a valid authoriseErrors value', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({ errorConfiguration: { authoriseErrors: ['TEMPORARILY_UNAVAILABLE'] } });
    expect(res.body.errorConfiguration.authoriseErrors).toEqual(['TEMPORARILY_UNAVAILABLE']);
  });

  it('§13 #26: clientLoCs accepts P3', async () => {
    expect(
      (
        await request(h.app)
          .post('/config')
          .send({ clientConfiguration: { clientLoCs: ['P3'] } })
      ).status,
    ).toBe(200);
  });

  it('§13 #27: the extra environment variables are supported', () => {
    const r = configFromEnv({
      PUBLIC_KEY_SOURCE: 'JWKS',
      JWKS_URL: 'https://rp.example/jwks',
      TOKEN_AUTH_METHOD: 'client_secret_post',
      CLIENT_SECRET_HASH: argon2idPhc('x'),
      POST_LOGOUT_REDIRECT_URLS: 'https://rp.example/out',
      PKCE_ENABLED: 'true',
      PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
      USE_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
    });
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.value.config).toMatchObject({
        clientConfiguration: {
          publicKeySource: 'JWKS',
          token_auth_method: 'client_secret_post',
          pkceEnforced: true,
        },
        publishNewIdTokenKeysEnabled: true,
        usingNewIdTokenSigningKeys: true,
      });
  });

  it('§13 #28: the extra config keys are supported', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({
        clientConfiguration: { publicKeySource: 'JWKS', jwksUrl: 'https://rp.example/jwks' },
        publishNewIdTokenSigningKeys: true,
        useNewIdTokenSigningKeys: true,
      });
    expect(res.status).toBe(200);
    expect(res.body.clientConfiguration.jwksUrl).toBe('https://rp.example/jwks');
  });

  it('§13 #29: POST /config validates every section, 400 with nothing applied; 200 with the new configuration; localhost accepted', async () => {
    const before = (await request(h.app).get('/config')).body;
    expectConfigRefused(
      await request(h.app)
        .post('/config')
        .send({ clientConfiguration: { clientId: 5 } }),
      ['clientConfiguration.clientId'],
    );
    expect((await request(h.app).get('/config')).body).toEqual(before);
    const ok = await request(h.app).post('/config').send({ simulatorUrl: 'http://localhost:4000' });
    expect(ok.status).toBe(200);
    expect(ok.body.simulatorUrl).toBe('http://localhost:4000');
  });

  it('§13 #33: client_secret_post with identity enabled never crashes', async () => {
    configure(h, {
      clientConfiguration: {
        token_auth_method: 'client_secret_post',
        client_secret_hash: argon2idPhc('pw'),
      },
    });
    expect((await authorize(h, { vtr: '["Cl.Cm.P2"]' })).status).toBe(302);
    await expectStillServing(h.app, h.clock);
  });

  it('rule: the default client public key is the published one; its private half signs for the default client', async () => {
    const shipped = readFileSync(
      fileURLToPath(new URL('../../keys/default-client-public-key.pem', import.meta.url)),
      'utf8',
    );
    expect(h.config().clientConfiguration.publicKey.replace(/\s/g, '')).toBe(
      shipped.replace(/\s/g, ''),
    );
    expect((await exchange(h, await getCode(h))).status).toBe(200);
  });
});
