/**
 * docs/compatibility.md sections 10 (GET /userinfo), 11 (GET /logout) and 12 (key rotation): the
 * behaviours we keep. Our rules: User-Agent required, a malformed hint answered (no crash), POST
 * /logout too, false turns a key flag off, and use without publish refused as JSON.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_SUB,
  configure,
  expectBearerError,
  expectConfigRefused,
  getUserinfo,
  harness,
  signAsSimulator,
  signIn,
  signInWithUserinfo,
  type Harness,
} from '../helpers/protocol.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

describe('compat §10 GET /userinfo', () => {
  it('§10 every failure is 401 with an empty body and no Content-Type', async () => {
    const res = await getUserinfo(h.app, 'nope');
    expect(res.status).toBe(401);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('§10 #1 (document wins, our rules): no Authorization header → invalid_token with error_description', async () => {
    expectBearerError(await getUserinfo(h.app, null), 'invalid_token', 'Missing access token');
  });

  it('§10 #2: not "Bearer <token>" → Bearer error="invalid_token", error_description="Invalid access token"', async () => {
    for (const header of ['Basic x', 'Bearer ', 'Bearer'])
      expectBearerError(
        await request(h.app).get('/userinfo').set('User-Agent', 'x').set('Authorization', header),
        'invalid_token',
      );
  });

  it('§10 #3: a token that is not ours, tampered or expired → invalid_token', async () => {
    const { tokens } = await signIn(h);
    expectBearerError(await getUserinfo(h.app, `${tokens.access_token}x`), 'invalid_token');
    h.clock.advance(200);
    expectBearerError(await getUserinfo(h.app, tokens.access_token), 'invalid_token');
  });

  it('§10 #4: client_id ≠ config → invalid_token', async () => {
    const { tokens } = await signIn(h);
    configure(h, { clientConfiguration: { clientId: 'changed' } });
    expectBearerError(await getUserinfo(h.app, tokens.access_token), 'invalid_token');
  });

  it('§10 #5: scopes no longer allowed → invalid_scope "Invalid, unknown or malformed scope"', async () => {
    const { tokens } = await signIn(h, { scope: 'openid email' });
    configure(h, { clientConfiguration: { scopes: ['openid'] } });
    expectBearerError(
      await getUserinfo(h.app, tokens.access_token),
      'invalid_scope',
      'Invalid, unknown or malformed scope',
    );
  });

  it('§10 #7: identityVerificationSupported=false → identity claims ignored (200)', async () => {
    const { tokens } = await signIn(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
      scope: 'openid',
    });
    configure(h, { clientConfiguration: { identityVerificationSupported: false } });
    const res = await getUserinfo(h.app, tokens.access_token);
    expect(res.body).toEqual({ sub: DEFAULT_SUB });
  });

  it('§10 #9: claims no longer allowed → invalid_request "Invalid request"', async () => {
    const { tokens } = await signIn(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    configure(h, { clientConfiguration: { claims: [`${VOCAB}/address`] } });
    expectBearerError(
      await getUserinfo(h.app, tokens.access_token),
      'invalid_request',
      'Invalid request',
    );
  });

  it('§10 body order: sub, email, email_verified, phone_number, phone_number_verified, then vocab claims', async () => {
    configure(h, {
      clientConfiguration: {
        claims: ['drivingPermit', 'passport', 'address', 'returnCode', 'coreIdentityJWT'].map(
          (c) => `${VOCAB}/${c}`,
        ),
      },
      responseConfiguration: { passportDetails: [{}], drivingPermitDetails: [{}] },
    });
    const claims = JSON.stringify({
      userinfo: Object.fromEntries(
        ['coreIdentityJWT', 'returnCode', 'address', 'passport', 'drivingPermit'].map((c) => [
          `${VOCAB}/${c}`,
          null,
        ]),
      ),
    });
    const order = [
      'sub',
      'email',
      'email_verified',
      'phone_number',
      'phone_number_verified',
      `${VOCAB}/drivingPermit`,
      `${VOCAB}/passport`,
      `${VOCAB}/address`,
      `${VOCAB}/returnCode`,
      `${VOCAB}/coreIdentityJWT`,
    ];
    const { userinfo } = await signInWithUserinfo(h, { vtr: '["Cl.Cm.P2"]', claims });
    expect(Object.keys(userinfo)).toEqual(order);
    // The same order with filled documents and return codes configured.
    configure(h, {
      responseConfiguration: {
        passportDetails: [{ documentNumber: '1' }],
        drivingPermitDetails: [{ personalNumber: 'X' }],
        returnCodes: [{ code: 'A' }],
      },
    });
    const filled = await signInWithUserinfo(h, { vtr: '["Cl.Cm.P2"]', claims });
    expect(Object.keys(filled.userinfo)).toEqual(order);
  });

  it('§10 phone_number omitted when null; a null vocab value omitted, [] included; no walletSubjectId', async () => {
    configure(h, {
      responseConfiguration: { phoneNumber: null, postalAddressDetails: null, returnCodes: [] },
    });
    const { userinfo } = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    expect(userinfo).not.toHaveProperty('phone_number');
    expect(userinfo.phone_number_verified).toBe(true);
    expect(userinfo).not.toHaveProperty(`${VOCAB}/address`);
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([]);
    expect(userinfo).not.toHaveProperty('walletSubjectId');
  });
});

describe('compat §11 logout', () => {
  const hint = () => signAsSimulator(h, { aud: DEFAULT_CLIENT_ID, sub: DEFAULT_SUB });
  const logout = (q: Record<string, string>) =>
    request(h.app).get(`/logout?${new URLSearchParams(q)}`);

  it('§11 no parameters → exactly https://gov.uk', async () => {
    expect((await request(h.app).get('/logout')).headers.location).toBe('https://gov.uk');
  });

  it('§11 #1: no id_token_hint → https://gov.uk?state=…', async () => {
    expect((await logout({ state: 'a b' })).headers.location).toBe('https://gov.uk?state=a+b');
  });

  it('§11 #3: a signature failure → error_code=invalid_request, "unable to validate id_token_hint", then state', async () => {
    const forged = (await hint()).slice(0, -4) + 'AAAA';
    expect((await logout({ id_token_hint: forged, state: 's' })).headers.location).toBe(
      'https://gov.uk?error_code=invalid_request&error_description=unable+to+validate+id_token_hint&state=s',
    );
  });

  it('§11 #3: expired hints are accepted, and hints signed by the new keys while published', async () => {
    const old = await signAsSimulator(h, { aud: DEFAULT_CLIENT_ID, sub: DEFAULT_SUB, exp: 1 });
    expect(
      (
        await logout({
          id_token_hint: old,
          post_logout_redirect_uri: 'http://localhost:8080/signed-out',
        })
      ).headers.location,
    ).toBe('http://localhost:8080/signed-out');
    configure(h, { publishNewIdTokenSigningKeys: true });
    const fresh = await signAsSimulator(
      h,
      { aud: DEFAULT_CLIENT_ID, sub: DEFAULT_SUB },
      'RS256',
      'secondary',
    );
    expect(
      (
        await logout({
          id_token_hint: fresh,
          post_logout_redirect_uri: 'http://localhost:8080/signed-out',
        })
      ).headers.location,
    ).toBe('http://localhost:8080/signed-out');
  });

  it('§11 #4: missing aud or sub → https://gov.uk?state=… (no error)', async () => {
    const noSub = await signAsSimulator(h, { aud: DEFAULT_CLIENT_ID });
    expect((await logout({ id_token_hint: noSub, state: 's' })).headers.location).toBe(
      'https://gov.uk?state=s',
    );
  });

  it('§11 #5: aud ≠ clientId → error_code=unauthorized_client "client not found"', async () => {
    const other = await signAsSimulator(h, { aud: 'x', sub: DEFAULT_SUB });
    expect((await logout({ id_token_hint: other })).headers.location).toBe(
      'https://gov.uk?error_code=unauthorized_client&error_description=client+not+found',
    );
  });

  it('§11 #6: no post_logout_redirect_uri → https://gov.uk?state=…', async () => {
    expect((await logout({ id_token_hint: await hint(), state: 's' })).headers.location).toBe(
      'https://gov.uk?state=s',
    );
  });

  it('§11 #7: not registered → "client registry does not contain post_logout_redirect_uri"', async () => {
    expect(
      (
        await logout({
          id_token_hint: await hint(),
          post_logout_redirect_uri: 'https://evil.example/',
        })
      ).headers.location,
    ).toBe(
      'https://gov.uk?error_code=invalid_request&error_description=client+registry+does+not+contain+post_logout_redirect_uri',
    );
  });

  it('§11 #9: success → <post_logout_redirect_uri>?state=…', async () => {
    expect(
      (
        await logout({
          id_token_hint: await hint(),
          post_logout_redirect_uri: 'http://localhost:8080/signed-out',
          state: 'bye',
        })
      ).headers.location,
    ).toBe('http://localhost:8080/signed-out?state=bye');
  });

  it('§11 a real ID token from a sign-in works as a hint', async () => {
    const { tokens } = await signIn(h);
    expect(
      (
        await logout({
          id_token_hint: tokens.id_token,
          post_logout_redirect_uri: 'http://localhost:8080/signed-out',
        })
      ).status,
    ).toBe(302);
  });
});

describe('compat §12 key rotation', () => {
  it('§12 publish adds the secondary EC and RSA keys: 4 keys', async () => {
    configure(h, { publishNewIdTokenSigningKeys: true });
    expect((await request(h.app).get('/.well-known/jwks.json')).body.keys).toHaveLength(4);
  });

  it('§12 use signs ID and access tokens with the secondary key of the configured alg', async () => {
    configure(h, { publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true });
    const { idHeader, tokens } = await signIn(h);
    expect(idHeader.kid).toBe(h.keys.idToken.secondary.ES256.kid);
    expect(
      JSON.parse(Buffer.from(tokens.access_token.split('.')[0] as string, 'base64url').toString())
        .kid,
    ).toBe(h.keys.idToken.secondary.ES256.kid);
  });

  it('§12 use requires publish (POST → 400)', async () => {
    expectConfigRefused(
      await request(h.app).post('/config').send({ useNewIdTokenSigningKeys: true }),
      ['useNewIdTokenSigningKeys'],
    );
  });

  it('§12 the primary keys are always published', async () => {
    configure(h, { publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true });
    const kids = (await request(h.app).get('/.well-known/jwks.json')).body.keys.map(
      (k: { kid: string }) => k.kid,
    );
    expect(kids).toContain(h.keys.idToken.primary.ES256.kid);
    expect(kids).toContain(h.keys.idToken.primary.RS256.kid);
  });

  it('§12 (rule 3) boolean false switches a flag off', async () => {
    configure(h, { publishNewIdTokenSigningKeys: true });
    const res = await request(h.app).post('/config').send({ publishNewIdTokenSigningKeys: false });
    expect(res.body.publishNewIdTokenKeysEnabled).toBe(false);
  });
});
