/**
 * docs/compatibility.md sections 4 (POST /token) and 8 (client authentication and request
 * features): the behaviours we keep, traced row by row. Our rules: invalid_client is 400, an
 * expired assertion is invalid_client, jti required and single use, codes single use, ES256
 * assertions accepted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { base64url, exportJWK, importPKCS8 } from 'jose';
import {
  ASSERTION_TYPE,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_PRIVATE_KEY_PEM,
  DEFAULT_REDIRECT_URI,
  argon2idPhc,
  assertion,
  authorize,
  configure,
  exchange,
  expectRedirectError,
  expectStillServing,
  expectTokenError,
  getCode,
  harness,
  postToken,
  tokenForm,
  type Harness,
} from '../helpers/protocol.js';
import { pkcePair } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const INVALID_SIG = 'Invalid signature in private_key_jwt';
const withAssertion = async (clientAssertion: string, extra: Record<string, string> = {}) =>
  postToken(
    h.app,
    await tokenForm(h, await getCode(h), { client_assertion: clientAssertion, ...extra }),
  );

describe('compat §4 POST /token checks in order', () => {
  it('§4 #1: no grant_type → invalid_request "Request is missing grant_type parameter"', async () => {
    const form = await tokenForm(h, await getCode(h), { grant_type: undefined });
    expectTokenError(
      await postToken(h.app, form),
      'invalid_request',
      'Request is missing grant_type parameter',
    );
    expectTokenError(
      await postToken(h.app, await tokenForm(h, 'c', { grant_type: undefined })),
      'invalid_request',
      'Request is missing grant_type parameter',
    );
    await expectStillServing(h.app, h.clock);
  });

  it('§4 #2: grant_type ≠ authorization_code → unsupported_grant_type "Unsupported grant type" (empty: missing)', async () => {
    for (const grant_type of [
      'implicit',
      'refresh_token',
      'client_credentials',
      'AUTHORIZATION_CODE',
      '',
    ])
      expectTokenError(
        await postToken(h.app, await tokenForm(h, 'c', { grant_type })),
        grant_type === '' ? 'invalid_request' : 'unsupported_grant_type',
        grant_type === '' ? 'Request is missing grant_type parameter' : 'Unsupported grant type',
      );
  });

  it('§4 #3: no redirect_uri → "Request is missing redirect_uri parameter"', async () => {
    expectTokenError(
      await postToken(h.app, await tokenForm(h, 'c', { redirect_uri: undefined })),
      'invalid_request',
      'Request is missing redirect_uri parameter',
    );
  });

  it('§4 #4: no or empty code → "Request is missing code parameter"', async () => {
    for (const code of [undefined, ''])
      expectTokenError(
        await postToken(h.app, await tokenForm(h, 'c', { code })),
        'invalid_request',
        'Request is missing code parameter',
      );
  });

  it('§4 #5: neither assertion pair nor secret pair → "Invalid token authentication method used"', async () => {
    for (const extra of [
      { client_assertion: undefined, client_assertion_type: undefined },
      { client_assertion: undefined },
      { client_assertion: undefined, client_secret: 'x' },
      { client_assertion_type: undefined },
      { client_assertion: undefined, client_assertion_type: undefined, client_secret: 's' },
      {
        client_assertion: undefined,
        client_assertion_type: undefined,
        client_id: DEFAULT_CLIENT_ID,
      },
    ])
      expectTokenError(
        await postToken(h.app, await tokenForm(h, 'c', extra)),
        'invalid_request',
        'Invalid token authentication method used',
      );
  });

  it('§4 order: an earlier check wins over a later one', async () => {
    expectTokenError(
      await postToken(h.app, { grant_type: 'password' }),
      'unsupported_grant_type',
      'Unsupported grant type',
    );
    expectTokenError(
      await postToken(h.app, { grant_type: 'authorization_code' }),
      'invalid_request',
      'Request is missing redirect_uri parameter',
    );
    expectTokenError(
      await postToken(h.app, { grant_type: 'authorization_code', redirect_uri: 'x' }),
      'invalid_request',
      'Request is missing code parameter',
    );
    expectTokenError(
      await postToken(h.app, ''),
      'invalid_request',
      'Request is missing grant_type parameter',
    );
  });

  it('§4 #7: an unknown code → invalid_grant "Invalid grant"', async () => {
    expectTokenError(await exchange(h, 'unknown'), 'invalid_grant', 'Invalid grant');
  });

  it('§4 #8: redirect_uri ≠ the one stored with the code → invalid_grant, the code stays valid', async () => {
    configure(h, {
      clientConfiguration: { redirectUrls: [DEFAULT_REDIRECT_URI, 'https://rp.example/2'] },
    });
    const code = await getCode(h);
    expectTokenError(
      await exchange(h, code, { redirect_uri: 'https://rp.example/2' }),
      'invalid_grant',
      'Invalid grant',
    );
    const corrected = await exchange(h, code);
    expect(corrected.status, corrected.text).toBe(200);
    expect(typeof corrected.body.id_token).toBe('string');
    // Used once: the same code is now refused.
    expectTokenError(await exchange(h, code), 'invalid_grant', 'Invalid grant');
  });

  it('§4 #9: PKCE verification failure → invalid_grant "PKCE code verification failed"', async () => {
    configure(h, { clientConfiguration: { pkceEnforced: true } });
    const { challenge } = pkcePair();
    const code = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expectTokenError(
      await exchange(h, code, { code_verifier: pkcePair().verifier }),
      'invalid_grant',
      'PKCE code verification failed',
    );
  });

  it('§4 (rule 3): an undecodable assertion header is a 400, not a 500', async () => {
    expectTokenError(
      await withAssertion(`${base64url.encode('{')}.e30.c2ln`),
      'invalid_request',
      'Invalid private_key_jwt',
    );
  });

  it('§4 both auth styles present: private_key_jwt takes precedence', async () => {
    const code = await getCode(h);
    const res = await postToken(h.app, {
      ...(await tokenForm(h, code)),
      client_id: DEFAULT_CLIENT_ID,
      client_secret: 'nope',
    });
    expect(res.status).toBe(200);
  });
});

describe('compat §4 private_key_jwt', () => {
  it('§4 a: client_assertion_type other than jwt-bearer → invalid_request "Invalid private_key_jwt"', async () => {
    expectTokenError(
      await exchange(h, await getCode(h), { client_assertion_type: 'x' }),
      'invalid_request',
      'Invalid private_key_jwt',
    );
  });

  it('§4 b: structure (parts, JSON, empty signature, sub/iss/aud/exp, alg, body client_id) → invalid_request', async () => {
    const good = await assertion(h);
    const [head, body] = good.split('.');
    for (const bad of [
      'x.y',
      `${head}.${body}.`,
      await assertion(h, { claims: { aud: undefined } }),
      await assertion(h, { claims: { exp: undefined } }),
    ])
      expectTokenError(await withAssertion(bad), 'invalid_request', 'Invalid private_key_jwt');
    expectTokenError(
      await withAssertion(await assertion(h), { client_id: 'other' }),
      'invalid_request',
      'Invalid private_key_jwt',
    );
  });

  it('§4 b (our rule): exp, nbf or iat that is not a number → invalid_client', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { exp: 'soon' } })),
      'invalid_client',
      'private_key_jwt exp must be a number',
    );
  });

  it('§4 c (our rule: 400): sub ≠ clientId → invalid_client "Client authentication failed"', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { clientId: 'x' })),
      'invalid_client',
      'Client authentication failed',
    );
  });

  it('§4 d (our rule: invalid_client): now > exp → "private_key_jwt has expired"', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { exp: h.clock.seconds() - 1 } })),
      'invalid_client',
      'private_key_jwt has expired',
    );
  });

  it('§4 e: aud is <simulatorUrl>/token or <simulatorUrl>/, or an array of only those', async () => {
    const base = h.baseUrl();
    for (const aud of [`${base}/token`, `${base}/`, [`${base}/token`, `${base}/`]])
      expect((await withAssertion(await assertion(h, { claims: { aud } }))).status).toBe(200);
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { aud: [`${base}/token`, 'x'] } })),
      'invalid_client',
      INVALID_SIG,
    );
  });

  it('§4 f: sub ≠ iss → invalid_client "Invalid signature in private_key_jwt"', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { iss: 'x' } })),
      'invalid_client',
      INVALID_SIG,
    );
  });

  it('§4 g: a failed verification, nbf in the future included → invalid_client', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { nbf: h.clock.seconds() + 100 } })),
      'invalid_client',
      INVALID_SIG,
    );
  });

  it('§4 g: a PEM without its BEGIN/END lines is armoured', async () => {
    const body = h
      .config()
      .clientConfiguration.publicKey.replace(/-----[A-Z ]+-----/g, '')
      .replace(/\s+/g, '');
    configure(h, { clientConfiguration: { publicKey: body } });
    expect((await withAssertion(await assertion(h))).status).toBe(200);
  });

  it('§4 iat in the future is accepted', async () => {
    const now = h.clock.seconds();
    expect(
      (await withAssertion(await assertion(h, { claims: { iat: now + 60, exp: now + 600 } })))
        .status,
    ).toBe(200);
  });

  it('§4 exp however far ahead is accepted (the provider only recommends 5 minutes)', async () => {
    // The public simulator has no maximum lifetime; the provider document recommends 5 minutes,
    // which the request log words as a warning.
    const now = h.clock.seconds();
    expect(
      (await withAssertion(await assertion(h, { claims: { exp: now + 86_400 * 30 } }))).status,
    ).toBe(200);
  });

  it('§4 private_key_jwt is accepted even when the client is configured for client_secret_post', async () => {
    configure(h, { clientConfiguration: { token_auth_method: 'client_secret_post' } });
    expect((await withAssertion(await assertion(h))).status).toBe(200);
  });
});

describe('compat §4 client_secret_post', () => {
  const form = async (extra: Record<string, string> = {}) => ({
    grant_type: 'authorization_code',
    code: await getCode(h),
    redirect_uri: DEFAULT_REDIRECT_URI,
    client_id: DEFAULT_CLIENT_ID,
    client_secret: 'pw',
    ...extra,
  });
  const register = (hash?: string) =>
    configure(h, {
      clientConfiguration: {
        token_auth_method: 'client_secret_post',
        ...(hash ? { client_secret_hash: hash } : {}),
      },
    });

  it('§4 client_id ≠ configured → invalid_client "Client authentication failed"', async () => {
    register(argon2idPhc('pw'));
    expectTokenError(
      await postToken(h.app, await form({ client_id: 'x' })),
      'invalid_client',
      'Client authentication failed',
    );
  });

  it('§4 method ≠ client_secret_post → "Client is not registered to use client_secret_post"', async () => {
    expectTokenError(
      await postToken(h.app, await form()),
      'invalid_client',
      'Client is not registered to use client_secret_post',
    );
  });

  it('§4 no hash → "No client secret registered"', async () => {
    register();
    expectTokenError(
      await postToken(h.app, await form()),
      'invalid_client',
      'No client secret registered',
    );
  });

  it('§4 a mismatch → "Invalid client secret"; the Argon2id PHC hash of the right secret → 200', async () => {
    register(argon2idPhc('pw'));
    expectTokenError(
      await postToken(h.app, await form({ client_secret: 'PW' })),
      'invalid_client',
      'Invalid client secret',
    );
    expect((await postToken(h.app, await form())).status).toBe(200);
  });
});

describe('compat §4 success', () => {
  it('§4 200 JSON: access_token, token_type Bearer, expires_in 180, id_token, in that order', async () => {
    const res = await exchange(h, await getCode(h));
    expect(Object.keys(res.body as object)).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'id_token',
    ]);
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.expires_in).toBe(180);
  });
});

describe('compat §8 client authentication and request features', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('§8.1 accepted algs: RS256/384/512 and PS256/384/512 (and ES256 by our rule)', async () => {
    for (const alg of ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'])
      expect((await withAssertion(await assertion(h, { alg }))).status, alg).toBe(200);
  });

  it('§8.2 publicKeySource JWKS: the key with the requested kid is used', async () => {
    const key = await importPKCS8(DEFAULT_CLIENT_PRIVATE_KEY_PEM, 'RS256', { extractable: true });
    const { kty, n, e } = await exportJWK(key);
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [{ kty, n, e, kid: 'rp-1', use: 'sig', alg: 'RS256' }] }));
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
    configure(h, { clientConfiguration: { publicKeySource: 'JWKS', jwksUrl: url } });
    expect((await withAssertion(await assertion(h, { header: { kid: 'rp-1' } }))).status).toBe(200);
  });

  it('§8.3 redirect_uri exact match; scope in {openid,email,phone} and client scopes; claims known and allowed', async () => {
    expect((await authorize(h, { redirect_uri: `${DEFAULT_REDIRECT_URI}?` })).status).toBe(400);
    expectRedirectError(await authorize(h, { scope: 'openid address' }), {
      error: 'invalid_scope',
      description: 'Invalid, unknown or malformed scope',
      state: 'state-1',
    });
  });

  it('§8.4 PKCE on: challenge, method and S256 required, then the verifier is checked at /token', async () => {
    configure(h, { clientConfiguration: { pkceEnforced: true } });
    const { verifier, challenge } = pkcePair();
    expectRedirectError(await authorize(h, { code_challenge: challenge }), {
      error: 'invalid_request',
      description:
        'Request is missing code_challenge_method parameter. code_challenge_method is required when code_challenge is present.',
      state: 'state-1',
    });
    const code = await getCode(h, { code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await exchange(h, code, { code_verifier: verifier })).status).toBe(200);
  });

  it('§8.4 PKCE off: no verifier needed', async () => {
    expect((await exchange(h, await getCode(h))).status).toBe(200);
  });

  it('§8.5 prompt: only select_account changes the outcome', async () => {
    for (const prompt of ['login', 'consent', 'create'])
      expect((await authorize(h, { prompt })).headers.location).toContain('code=');
  });

  it('§8.5 request_uri is rejected', async () => {
    expect(
      new URL(
        (await authorize(h, { request_uri: 'https://x/r' })).headers.location as string,
      ).searchParams.get('error'),
    ).toBe('request_uri_not_supported');
  });
});

it('compat §4 the token endpoint is a POST form endpoint (supertest sanity)', async () => {
  const res = await request(h.app)
    .post('/token')
    .set('User-Agent', 'x')
    .type('form')
    .send(
      `grant_type=authorization_code&client_assertion_type=${encodeURIComponent(ASSERTION_TYPE)}`,
    );
  expectTokenError(res, 'invalid_request', 'Request is missing redirect_uri parameter');
});
