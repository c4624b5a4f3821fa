/**
 * POST /token: every row of docs/compatibility.md section 4 under our rules (invalid_client is 400,
 * repeated parameters are invalid_request, codes single use with a 60 s lifetime, jti required and
 * single use, ES256 assertions accepted), client_secret_post with an Argon2id hash, the User-Agent
 * rule, and the token response and ID token shapes of docs/compatibility.md 6.1 to 6.3.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  SignJWT,
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  importPKCS8,
  type CryptoKey,
} from 'jose';
import { configFromEnv } from '../../src/config/from-env.js';
import {
  ASSERTION_TYPE,
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  DEFAULT_SUB,
  argon2idPhc,
  assertion,
  configure,
  encodeForm,
  exchange,
  expectStillServing,
  expectTokenError,
  getCode,
  getUserinfo,
  harness,
  postToken,
  signIn,
  tokenForm,
  verifyWithPublishedKeys,
  type Harness,
} from '../helpers/protocol.js';
import {
  DEFAULT_CLIENT_PRIVATE_KEY_PEM,
  IDENTITY_CLAIMS_REQUEST,
} from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const INVALID_JWT = 'Invalid private_key_jwt';
const INVALID_SIGNATURE = 'Invalid signature in private_key_jwt';

function pemPair(type: 'rsa' | 'ec') {
  const pair =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
const ecPair = pemPair('ec');
let otherRsa: Promise<CryptoKey> | undefined;
const otherRsaKey = () => (otherRsa ??= importPKCS8(pemPair('rsa').privatePem, 'RS256'));

describe('success', () => {
  it('200 JSON, no-store, keys in order, expires_in 180, Bearer', async () => {
    const code = await getCode(h);
    const res = await exchange(h, code);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    expect(Object.keys(res.body as object)).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'id_token',
    ]);
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.expires_in).toBe(180);
  });

  it('accepts a JSON body too', async () => {
    const code = await getCode(h);
    const res = await request(h.app)
      .post('/token')
      .set('User-Agent', 'ua')
      .send(await tokenForm(h, code));
    expect(res.status).toBe(200);
  });

  it('the ID token carries the claims of compat 6.1, in order, with whole-second times', async () => {
    h.clock.ms = 1_700_000_000_750;
    const { tokens, idClaims, idHeader } = await signIn(h, { nonce: 'n-123' });
    expect(Object.keys(idHeader)).toEqual(['alg', 'kid']);
    expect(idHeader.alg).toBe('ES256');
    expect(Object.keys(idClaims)).toEqual([
      'iat',
      'exp',
      'at_hash',
      'sub',
      'aud',
      'iss',
      'sid',
      'vot',
      'nonce',
      'vtm',
      'auth_time',
    ]);
    expect(idClaims.iat).toBe(1_700_000_000);
    expect(idClaims.exp).toBe(1_700_000_120);
    expect(idClaims.auth_time).toBeLessThanOrEqual(idClaims.iat as number);
    expect(idClaims.sub).toBe(DEFAULT_SUB);
    expect(idClaims.aud).toBe(DEFAULT_CLIENT_ID);
    expect(idClaims.iss).toBe('http://localhost:3000/');
    expect(idClaims.sid).toMatch(/^[0-9a-f]{32}$/);
    expect(idClaims.vot).toBe('Cl.Cm');
    expect(idClaims.nonce).toBe('n-123');
    expect(idClaims.vtm).toBe('http://localhost:3000/trustmark');
    const hash = createHash('sha256').update(tokens.access_token).digest();
    expect(idClaims.at_hash).toBe(base64url.encode(hash.subarray(0, 16)));
    await verifyWithPublishedKeys(h, tokens.id_token);
  });

  it('the ID token header kid and alg match a key of the JWKS', async () => {
    const { idHeader } = await signIn(h);
    const jwks = (await request(h.app).get('/.well-known/jwks.json')).body as {
      keys: { kid: string; alg: string }[];
    };
    expect(jwks.keys.find((k) => k.kid === idHeader.kid)?.alg).toBe(idHeader.alg);
  });

  it('signs with RS256 when configured', async () => {
    configure(h, { clientConfiguration: { idTokenSigningAlgorithm: 'RS256' } });
    const { tokens, idHeader } = await signIn(h);
    expect(idHeader.alg).toBe('RS256');
    expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
    await verifyWithPublishedKeys(h, tokens.id_token);
    await verifyWithPublishedKeys(h, tokens.access_token);
  });

  it('vot is the credential part even for identity requests', async () => {
    const { idClaims } = await signIn(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    expect(idClaims.vot).toBe('Cl.Cm');
  });

  it('the access token is a JWT bound to the sign-in (compat 6.2)', async () => {
    h.clock.ms = 1_700_000_000_000;
    const plain = await signIn(h, { scope: 'openid email' });
    const at = decodeJwt(plain.tokens.access_token);
    expect(Object.keys(at)).toEqual([
      'exp',
      'iat',
      'iss',
      'jti',
      'client_id',
      'sub',
      'sid',
      'scope',
    ]);
    expect(at.exp).toBe(1_700_000_180);
    expect(at.scope).toEqual(['openid', 'email']);
    expect(at.sid).toBe(plain.idClaims.sid);
    const identity = await signIn(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    expect(decodeJwt(identity.tokens.access_token).claims).toHaveLength(3);
    const notIdentity = await signIn(h, { claims: IDENTITY_CLAIMS_REQUEST });
    expect(decodeJwt(notIdentity.tokens.access_token)).not.toHaveProperty('claims');
  });

  it('the sub and data are those at sign-in time', async () => {
    const code = await getCode(h);
    configure(h, { responseConfiguration: { sub: 'urn:changed' } });
    const res = await exchange(h, code);
    expect(decodeJwt(res.body.id_token as string).sub).toBe(DEFAULT_SUB);
  });
});

describe('request parameters', () => {
  it('a repeated parameter → invalid_request naming it', async () => {
    for (const name of ['grant_type', 'code', 'redirect_uri', 'client_assertion']) {
      const form = await tokenForm(h, await getCode(h));
      const value = form[name] as string;
      form[name] = [value, value];
      expectTokenError(
        await postToken(h.app, form),
        'invalid_request',
        `Request contains repeated parameter: ${name}`,
      );
    }
    await expectStillServing(h.app, h.clock);
  });

  it('a JSON body with non-string values → invalid_request', async () => {
    const res = await request(h.app)
      .post('/token')
      .set('User-Agent', 'ua')
      .send({ ...(await tokenForm(h, 'c')), code: 42 });
    expectTokenError(res, 'invalid_request', 'Parameters must be strings: code');
  });

  it('malformed JSON or an oversized body → 400 / 413 JSON, then keeps serving', async () => {
    const bad = await request(h.app)
      .post('/token')
      .set('User-Agent', 'ua')
      .set('Content-Type', 'application/json')
      .send('{"grant_type":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'invalid_request',
      error_description: 'Malformed request body',
    });
    const big = await postToken(h.app, { grant_type: 'x'.repeat(120 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('invalid_request');
    await expectStillServing(h.app, h.clock);
  });
});

describe('User-Agent', () => {
  it('missing or empty → 403 with an empty body, checked before anything else', async () => {
    for (const ua of [null, '', '   ']) {
      const res = await postToken(h.app, await tokenForm(h, await getCode(h)), ua);
      expect(res.status).toBe(403);
      expect(res.text).toBe('');
    }
    const res = await postToken(h.app, {}, null);
    expect(res.status).toBe(403);
    await expectStillServing(h.app, h.clock);
  });
});

describe('the code', () => {
  it('is single use: the second exchange → invalid_grant', async () => {
    const code = await getCode(h);
    expect((await exchange(h, code)).status).toBe(200);
    expectTokenError(await exchange(h, code), 'invalid_grant', 'Invalid grant');
  });

  it('an unknown code → invalid_grant', async () => {
    expectTokenError(await exchange(h, 'not-a-code'), 'invalid_grant', 'Invalid grant');
  });

  it('lives 60 seconds', async () => {
    const fresh = await getCode(h);
    h.clock.advance(59);
    expect((await exchange(h, fresh)).status).toBe(200);
    const stale = await getCode(h);
    h.clock.advance(60);
    expectTokenError(await exchange(h, stale), 'invalid_grant', 'Invalid grant');
    await expectStillServing(h.app, h.clock);
  });

  it('redirect_uri must be the one sent to /authorize', async () => {
    configure(h, {
      clientConfiguration: { redirectUrls: [DEFAULT_REDIRECT_URI, 'http://localhost:8080/other'] },
    });
    const code = await getCode(h);
    expectTokenError(
      await exchange(h, code, { redirect_uri: 'http://localhost:8080/other' }),
      'invalid_grant',
      'Invalid grant',
    );
    // The refusal leaves the code valid: the corrected request succeeds, once.
    const corrected = await exchange(h, code);
    expect(corrected.status, corrected.text).toBe(200);
    expectTokenError(await exchange(h, code), 'invalid_grant', 'Invalid grant');
  });

  it('two concurrent exchanges of one code: exactly one succeeds', async () => {
    const code = await getCode(h);
    const [a, b] = await Promise.all([exchange(h, code), exchange(h, code)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const failed = a.status === 400 ? a : b;
    expectTokenError(failed, 'invalid_grant', 'Invalid grant');
  });
});

describe('private_key_jwt', () => {
  const withAssertion = async (clientAssertion: string, extra = {}) =>
    postToken(
      h.app,
      await tokenForm(h, await getCode(h), { client_assertion: clientAssertion, ...extra }),
    );

  it('a. client_assertion_type other than jwt-bearer → invalid_request', async () => {
    expectTokenError(
      await exchange(h, await getCode(h), { client_assertion_type: 'urn:other' }),
      'invalid_request',
      INVALID_JWT,
    );
  });

  it('b. structurally invalid assertions → invalid_request "Invalid private_key_jwt"', async () => {
    const good = await assertion(h);
    const [header, payload] = good.split('.');
    const enc = (o: unknown) => base64url.encode(JSON.stringify(o));
    for (const bad of [
      'garbage',
      'a.b',
      `${header}.${payload}.`, // empty signature
      `${header}.${base64url.encode('not json')}.sig`,
      `${base64url.encode('not json')}.${payload}.sig`,
      `${header}.${payload}.sig.extra`,
      `${header}.${enc({ iss: DEFAULT_CLIENT_ID, aud: 'x', exp: 1e10 })}.sig`, // no sub
      `${header}.${enc({ sub: DEFAULT_CLIENT_ID, aud: 'x', exp: 1e10 })}.sig`, // no iss
      `${header}.${enc({ sub: DEFAULT_CLIENT_ID, iss: DEFAULT_CLIENT_ID, exp: 1e10 })}.sig`, // no aud
      `${header}.${enc({ sub: DEFAULT_CLIENT_ID, iss: DEFAULT_CLIENT_ID, aud: 'x' })}.sig`, // no exp
    ])
      expectTokenError(await withAssertion(bad), 'invalid_request', INVALID_JWT);
    await expectStillServing(h.app, h.clock);
  });

  it('b. alg HS256 or none → invalid_request', async () => {
    const now = h.clock.seconds();
    const claims = {
      aud: `${h.baseUrl()}/token`,
      iss: DEFAULT_CLIENT_ID,
      sub: DEFAULT_CLIENT_ID,
      exp: now + 300,
      jti: 'j',
    };
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expectTokenError(await withAssertion(hs), 'invalid_request', INVALID_JWT);
    const none = `${base64url.encode('{"alg":"none"}')}.${base64url.encode(JSON.stringify(claims))}.`;
    expectTokenError(await withAssertion(none), 'invalid_request', INVALID_JWT);
    const noneSig = `${base64url.encode('{"alg":"none"}')}.${base64url.encode(JSON.stringify(claims))}.c2ln`;
    expectTokenError(await withAssertion(noneSig), 'invalid_request', INVALID_JWT);
  });

  it('b. a body client_id different from the assertion sub → invalid_request', async () => {
    expectTokenError(
      await withAssertion(await assertion(h), { client_id: 'someone-else' }),
      'invalid_request',
      INVALID_JWT,
    );
    expect((await withAssertion(await assertion(h), { client_id: DEFAULT_CLIENT_ID })).status).toBe(
      200,
    );
  });

  it('exp, iat or nbf that is not a number → invalid_client', async () => {
    const now = h.clock.seconds();
    for (const [name, value] of [
      ['exp', String(now + 300)],
      ['iat', String(now)],
      ['nbf', 'yesterday'],
      ['exp', null],
      ['exp', true],
    ] as const)
      expectTokenError(
        await withAssertion(await assertion(h, { claims: { [name]: value } })),
        'invalid_client',
        `private_key_jwt ${name} must be a number`,
      );
  });

  it('exp as a fractional number is accepted', async () => {
    const res = await withAssertion(
      await assertion(h, {
        claims: { exp: h.clock.seconds() + 300.094, iat: h.clock.seconds() + 0.5 },
      }),
    );
    expect(res.status).toBe(200);
  });

  it('c. sub not the registered client → invalid_client "Client authentication failed" (400)', async () => {
    const other = await assertion(h, { clientId: 'someone-else' });
    expectTokenError(await withAssertion(other), 'invalid_client', 'Client authentication failed');
  });

  it('d. expired, by the simulator clock → invalid_client', async () => {
    const signed = await assertion(h, { claims: { exp: h.clock.seconds() + 30 } });
    const code = await getCode(h);
    h.clock.advance(31);
    expectTokenError(
      await postToken(h.app, await tokenForm(h, code, { client_assertion: signed })),
      'invalid_client',
      'private_key_jwt has expired',
    );
  });

  it('e. aud: the token endpoint, the issuer, or an array of those; anything else → invalid_client', async () => {
    const base = h.baseUrl();
    for (const aud of [
      `${base}/token`,
      `${base}/`,
      [`${base}/token`, `${base}/`],
      [`${base}/token`],
    ])
      expect(
        (await withAssertion(await assertion(h, { claims: { aud } }))).status,
        JSON.stringify(aud),
      ).toBe(200);
    for (const aud of [
      `${base}/authorize`,
      base,
      'https://elsewhere.example/token',
      [`${base}/token`, 'https://elsewhere.example/token'],
      [],
    ])
      expectTokenError(
        await withAssertion(await assertion(h, { claims: { aud } })),
        'invalid_client',
        INVALID_SIGNATURE,
      );
  });

  it('f. iss different from sub → invalid_client', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { iss: 'someone-else' } })),
      'invalid_client',
      INVALID_SIGNATURE,
    );
  });

  it('g. signed by another key → invalid_client', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { key: await otherRsaKey() })),
      'invalid_client',
      INVALID_SIGNATURE,
    );
  });

  it('g. nbf in the future → invalid_client', async () => {
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { nbf: h.clock.seconds() + 120 } })),
      'invalid_client',
      INVALID_SIGNATURE,
    );
    expect(
      (await withAssertion(await assertion(h, { claims: { nbf: h.clock.seconds() - 1 } }))).status,
    ).toBe(200);
  });

  it('jti missing or empty → invalid_client', async () => {
    for (const jti of [undefined, ''])
      expectTokenError(
        await withAssertion(await assertion(h, { claims: { jti } })),
        'invalid_client',
        'private_key_jwt must carry a jti',
      );
  });

  it('jti reused → invalid_client, even with a new code', async () => {
    const once = await assertion(h);
    expect((await withAssertion(once)).status).toBe(200);
    expectTokenError(
      await withAssertion(once),
      'invalid_client',
      'private_key_jwt jti has already been used',
    );
  });

  it('an assertion refused for its code can not be replayed either (jti consumed at authentication)', async () => {
    const signed = await assertion(h);
    expectTokenError(
      await postToken(h.app, await tokenForm(h, 'unknown', { client_assertion: signed })),
      'invalid_grant',
      'Invalid grant',
    );
    expectTokenError(
      await withAssertion(signed),
      'invalid_client',
      'private_key_jwt jti has already been used',
    );
  });

  it('two concurrent uses of one assertion: at most one succeeds', async () => {
    const signed = await assertion(h);
    const [codeA, codeB] = [await getCode(h), await getCode(h)];
    const [a, b] = await Promise.all([
      postToken(h.app, await tokenForm(h, codeA, { client_assertion: signed })),
      postToken(h.app, await tokenForm(h, codeB, { client_assertion: signed })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expectTokenError(
      a.status === 400 ? a : b,
      'invalid_client',
      'private_key_jwt jti has already been used',
    );
  });

  it('RS384, RS512, PS256, PS384 and PS512 are accepted', async () => {
    for (const alg of ['RS384', 'RS512', 'PS256', 'PS384', 'PS512'])
      expect((await withAssertion(await assertion(h, { alg }))).status, alg).toBe(200);
  });

  it('ES256 is accepted with an EC key registered, and refused cleanly against an RSA key', async () => {
    const ecKey = await importPKCS8(ecPair.privatePem, 'ES256');
    expectTokenError(
      await withAssertion(await assertion(h, { alg: 'ES256', key: ecKey })),
      'invalid_client',
      INVALID_SIGNATURE,
    );
    configure(h, { clientConfiguration: { publicKey: ecPair.publicPem } });
    expect((await withAssertion(await assertion(h, { alg: 'ES256', key: ecKey }))).status).toBe(
      200,
    );
    // The RSA default key no longer verifies.
    expectTokenError(await withAssertion(await assertion(h)), 'invalid_client', INVALID_SIGNATURE);
  });

  it('a public key given as a bare base64 body (no PEM armour) works', async () => {
    const body = defaultPublicBody();
    configure(h, { clientConfiguration: { publicKey: body } });
    expect((await withAssertion(await assertion(h))).status).toBe(200);
  });

  it('follows a changed simulatorUrl in the expected aud', async () => {
    configure(h, { simulatorUrl: 'https://sim.example/path' });
    expect(
      (
        await withAssertion(
          await assertion(h, { claims: { aud: 'https://sim.example/path/token' } }),
        )
      ).status,
    ).toBe(200);
    expectTokenError(
      await withAssertion(await assertion(h, { claims: { aud: 'http://localhost:3000/token' } })),
      'invalid_client',
      INVALID_SIGNATURE,
    );
  });
});

describe('private_key_jwt with a JWKS key source', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  async function serveJwks(body: string): Promise<string> {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(body);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  }

  it('verifies with the key of the matching kid', async () => {
    const key = await importPKCS8(DEFAULT_CLIENT_PRIVATE_KEY_PEM, 'RS256', { extractable: true });
    const jwk = { ...(await exportJWK(key)), kid: 'k1', use: 'sig', alg: 'RS256' };
    delete (jwk as Record<string, unknown>).d;
    for (const p of ['p', 'q', 'dp', 'dq', 'qi']) delete (jwk as Record<string, unknown>)[p];
    const url = await serveJwks(JSON.stringify({ keys: [jwk] }));
    configure(h, { clientConfiguration: { publicKeySource: 'JWKS', jwksUrl: url } });
    const code = await getCode(h);
    expect(
      (
        await postToken(
          h.app,
          await tokenForm(h, code, {
            client_assertion: await assertion(h, { header: { kid: 'k1' } }),
          }),
        )
      ).status,
    ).toBe(200);
    expectTokenError(
      await postToken(
        h.app,
        await tokenForm(h, await getCode(h), {
          client_assertion: await assertion(h, { header: { kid: 'unknown' } }),
        }),
      ),
      'invalid_client',
      INVALID_SIGNATURE,
    );
  });

  it('an unreachable or broken JWKS → invalid_client, never a 500', async () => {
    const url = await serveJwks('not json');
    for (const jwksUrl of [url, 'http://127.0.0.1:1/jwks.json']) {
      configure(h, { clientConfiguration: { publicKeySource: 'JWKS', jwksUrl } });
      const res = await postToken(
        h.app,
        await tokenForm(h, await getCode(h), {
          client_assertion: await assertion(h, { header: { kid: 'k1' } }),
        }),
      );
      expectTokenError(
        res,
        'invalid_client',
        'Failed to fetch or parse JWKS to verify signature of private_key_jwt',
      );
    }
  });
});

describe('client_secret_post', () => {
  const secretForm = async (code: string, extra: Record<string, string | undefined> = {}) => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: DEFAULT_REDIRECT_URI,
    client_id: DEFAULT_CLIENT_ID,
    client_secret: 's3cret',
    ...extra,
  });

  const useSecret = (hash: string | null = argon2idPhc('s3cret')) =>
    configure(h, {
      clientConfiguration: {
        token_auth_method: 'client_secret_post',
        identityVerificationSupported: false,
        ...(hash ? { client_secret_hash: hash } : {}),
      },
    });

  it('the right secret → 200', async () => {
    useSecret();
    const res = await postToken(h.app, await secretForm(await getCode(h)));
    expect(res.status).toBe(200);
    const info = await getUserinfo(h.app, res.body.access_token as string);
    expect(info.status).toBe(200);
  });

  it('a wrong secret → "Invalid client secret"', async () => {
    useSecret();
    for (const client_secret of ['wrong', '', 'S3CRET', 's3cret '])
      expectTokenError(
        await postToken(h.app, await secretForm(await getCode(h), { client_secret })),
        'invalid_client',
        'Invalid client secret',
      );
    await expectStillServing(h.app, h.clock);
  });

  it('another client_id → "Client authentication failed"', async () => {
    useSecret();
    expectTokenError(
      await postToken(h.app, await secretForm(await getCode(h), { client_id: 'other' })),
      'invalid_client',
      'Client authentication failed',
    );
  });

  it('a client not registered for client_secret_post → invalid_client', async () => {
    expectTokenError(
      await postToken(h.app, await secretForm(await getCode(h))),
      'invalid_client',
      'Client is not registered to use client_secret_post',
    );
  });

  it('no hash registered → "No client secret registered"', async () => {
    useSecret(null);
    expectTokenError(
      await postToken(h.app, await secretForm(await getCode(h))),
      'invalid_client',
      'No client secret registered',
    );
  });

  it('identity (Cl.Cm.P2) is refused at /authorize while client_secret_post', async () => {
    useSecret();
    const res = await request(h.app).get(
      `/authorize?${encodeForm({
        response_type: 'code',
        scope: 'openid',
        client_id: DEFAULT_CLIENT_ID,
        redirect_uri: DEFAULT_REDIRECT_URI,
        state: 's',
        nonce: 'n',
        vtr: '["Cl.Cm.P2"]',
      })}`,
    );
    expect(new URL(res.headers.location as string).searchParams.get('error_description')).toBe(
      'Request vtr not valid',
    );
  });

  it('private_key_jwt takes precedence when both are sent', async () => {
    useSecret();
    const code = await getCode(h);
    const res = await postToken(h.app, {
      ...(await secretForm(code, { client_secret: 'wrong' })),
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(h),
    });
    expect(res.status).toBe(200);
  });

  it('configured through TOKEN_AUTH_METHOD and CLIENT_SECRET_HASH', async () => {
    const env = configFromEnv({
      TOKEN_AUTH_METHOD: 'client_secret_post',
      CLIENT_SECRET_HASH: argon2idPhc('s3cret'),
      IDENTITY_VERIFICATION_SUPPORTED: 'false',
    });
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    h = await harness({ config: env.value.config });
    expect((await postToken(h.app, await secretForm(await getCode(h)))).status).toBe(200);
    expectTokenError(
      await postToken(h.app, await secretForm(await getCode(h), { client_secret: 'no' })),
      'invalid_client',
      'Invalid client secret',
    );
  });
});

function defaultPublicBody(): string {
  return (h.config().clientConfiguration.publicKey as string)
    .replace(/-----[A-Z ]+-----/g, '')
    .replace(/\s+/g, '');
}
