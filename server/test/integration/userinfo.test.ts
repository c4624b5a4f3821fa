/**
 * GET /userinfo: the bearer challenge for missing, malformed, tampered, expired and foreign
 * tokens; claims limited by scope and by the identity claims requested; the core identity JWT
 * (compat 6.4 with our 30-minute lifetime) and its DID kid; the User-Agent rule.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { SignJWT, compactVerify, decodeJwt, decodeProtectedHeader, importJWK } from 'jose';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_SUB,
  configure,
  expectBearerError,
  expectStillServing,
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

const claimsFor = (...names: string[]) =>
  JSON.stringify({ userinfo: Object.fromEntries(names.map((n) => [`${VOCAB}/${n}`, null])) });
const allClaimsAllowed = () =>
  configure(h, {
    clientConfiguration: {
      claims: ['coreIdentityJWT', 'address', 'returnCode', 'passport', 'drivingPermit'].map(
        (c) => `${VOCAB}/${c}`,
      ),
    },
  });

describe('the bearer challenge', () => {
  it('no Authorization header → 401 invalid_token in the challenge, empty body', async () => {
    const res = await getUserinfo(h.app, null);
    expectBearerError(res, 'invalid_token', 'Missing access token');
    await expectStillServing(h.app, h.clock);
  });

  it('a malformed header → invalid_token', async () => {
    for (const header of [
      'Basic abc',
      'Bearer',
      'Bearer ',
      'Bearer a b',
      'Token abc',
      'Bearer  abc',
      'Bearerabc',
    ])
      expectBearerError(
        await request(h.app).get('/userinfo').set('User-Agent', 'ua').set('Authorization', header),
        'invalid_token',
      );
  });

  it('a value that is not a JWT, or garbage → invalid_token', async () => {
    for (const token of ['abc', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', 'x'.repeat(5000)])
      expectBearerError(await getUserinfo(h.app, token), 'invalid_token');
    await expectStillServing(h.app, h.clock);
  });

  it('a tampered token → invalid_token', async () => {
    const { tokens } = await signIn(h);
    const [header, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const claims = decodeJwt(tokens.access_token);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    expectBearerError(
      await getUserinfo(h.app, `${header}.${forged}.${signature}`),
      'invalid_token',
    );
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expectBearerError(await getUserinfo(h.app, `${header}.${payload}.${flipped}`), 'invalid_token');
    expect((await getUserinfo(h.app, tokens.access_token)).status).toBe(200);
  });

  it('expires after 180 seconds, by the simulator clock', async () => {
    const { tokens } = await signIn(h);
    h.clock.advance(179);
    expect((await getUserinfo(h.app, tokens.access_token)).status).toBe(200);
    h.clock.advance(2);
    expectBearerError(await getUserinfo(h.app, tokens.access_token), 'invalid_token');
    await expectStillServing(h.app, h.clock);
  });

  it('a token signed by a foreign key with a known kid → invalid_token', async () => {
    const { tokens } = await signIn(h);
    const { kid } = decodeProtectedHeader(tokens.access_token);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = await new SignJWT(decodeJwt(tokens.access_token))
      .setProtectedHeader({ alg: 'ES256', kid: kid as string })
      .sign(privateKey);
    expectBearerError(await getUserinfo(h.app, forged), 'invalid_token');
  });

  it('a token signed by the simulator key but never issued → invalid_token', async () => {
    const now = h.clock.seconds();
    const forged = await signAsSimulator(h, {
      exp: now + 100,
      iat: now,
      iss: 'http://localhost:3000/',
      jti: randomUUID(),
      client_id: DEFAULT_CLIENT_ID,
      sub: DEFAULT_SUB,
      scope: ['openid'],
    });
    expectBearerError(await getUserinfo(h.app, forged), 'invalid_token');
  });

  it('the ID token is not an access token → invalid_token', async () => {
    const { tokens } = await signIn(h);
    expectBearerError(await getUserinfo(h.app, tokens.id_token), 'invalid_token');
  });

  it('a token of a simulator with another simulatorUrl or clientId → invalid_token', async () => {
    const a = await signIn(h);
    configure(h, { simulatorUrl: 'http://127.0.0.1:3000' });
    expectBearerError(await getUserinfo(h.app, a.tokens.access_token), 'invalid_token');
    configure(h, { simulatorUrl: 'http://localhost:3000' });
    expect((await getUserinfo(h.app, a.tokens.access_token)).status).toBe(200);
    configure(h, { clientConfiguration: { clientId: 'another-client' } });
    expectBearerError(await getUserinfo(h.app, a.tokens.access_token), 'invalid_token');
  });

  it('scopes no longer allowed → invalid_scope; claims no longer allowed → invalid_request', async () => {
    const a = await signIn(h, { scope: 'openid email' });
    configure(h, { clientConfiguration: { scopes: ['openid'] } });
    expectBearerError(
      await getUserinfo(h.app, a.tokens.access_token),
      'invalid_scope',
      'Invalid, unknown or malformed scope',
    );
    configure(h, { clientConfiguration: { scopes: ['openid', 'email', 'phone'] } });
    const b = await signIn(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    configure(h, { clientConfiguration: { claims: [`${VOCAB}/coreIdentityJWT`] } });
    expectBearerError(
      await getUserinfo(h.app, b.tokens.access_token),
      'invalid_request',
      'Invalid request',
    );
  });

  it('a token may be used many times while it lives', async () => {
    const { tokens } = await signIn(h);
    for (let i = 0; i < 3; i++)
      expect((await getUserinfo(h.app, tokens.access_token)).status).toBe(200);
  });

  it('User-Agent missing or empty → 403 with an empty body', async () => {
    const { tokens } = await signIn(h);
    const none = await request(h.app)
      .get('/userinfo')
      .unset('User-Agent')
      .set('Authorization', `Bearer ${tokens.access_token}`);
    expect(none.status).toBe(403);
    expect(none.text).toBe('');
    expect((await getUserinfo(h.app, tokens.access_token, '')).status).toBe(403);
    expect((await request(h.app).get('/userinfo').unset('User-Agent')).status).toBe(403);
  });
});

describe('claims by scope', () => {
  it('openid only → just sub; no-store JSON', async () => {
    const { tokens } = await signIn(h, { scope: 'openid' });
    const res = await getUserinfo(h.app, tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ sub: DEFAULT_SUB });
  });

  it('email → email and email_verified', async () => {
    const { userinfo } = await signInWithUserinfo(h, { scope: 'openid email' });
    expect(userinfo).toEqual({ sub: DEFAULT_SUB, email: 'test@example.com', email_verified: true });
  });

  it('phone → phone_number and phone_number_verified', async () => {
    const { userinfo } = await signInWithUserinfo(h, { scope: 'openid phone' });
    expect(userinfo).toEqual({
      sub: DEFAULT_SUB,
      phone_number: '+447123456789',
      phone_number_verified: true,
    });
  });

  it('a null phone number is omitted; phone_number_verified stays', async () => {
    configure(h, { responseConfiguration: { phoneNumber: null, phoneNumberVerified: false } });
    const { userinfo } = await signInWithUserinfo(h, { scope: 'openid phone' });
    expect(userinfo).toEqual({ sub: DEFAULT_SUB, phone_number_verified: false });
  });

  it('serves the data as it was at sign-in', async () => {
    const { tokens } = await signIn(h, { scope: 'openid email' });
    configure(h, { responseConfiguration: { email: 'changed@example.com' } });
    expect((await getUserinfo(h.app, tokens.access_token)).body.email).toBe('test@example.com');
  });
});

describe('identity claims', () => {
  it('are absent without an identity level, even when requested', async () => {
    for (const vtr of [undefined, '["Cl.Cm"]', '["Cl.Cm.P0"]']) {
      const { userinfo } = await signInWithUserinfo(h, { vtr, claims: IDENTITY_CLAIMS_REQUEST });
      expect(Object.keys(userinfo), vtr).toEqual([
        'sub',
        'email',
        'email_verified',
        'phone_number',
        'phone_number_verified',
      ]);
    }
  });

  it('are only those requested', async () => {
    const { userinfo } = await signInWithUserinfo(h, {
      scope: 'openid',
      vtr: '["Cl.Cm.P2"]',
      claims: claimsFor('address'),
    });
    expect(Object.keys(userinfo)).toEqual(['sub', `${VOCAB}/address`]);
  });

  it('passport and drivingPermit appear when requested and configured; null omits them; [] is kept', async () => {
    allClaimsAllowed();
    const claims = claimsFor('passport', 'drivingPermit');
    let { userinfo } = await signInWithUserinfo(h, {
      scope: 'openid',
      vtr: '["Cl.Cm.P2"]',
      claims,
    });
    expect(userinfo).toEqual({ sub: DEFAULT_SUB });
    configure(h, {
      responseConfiguration: {
        passportDetails: [
          { documentNumber: '123', icaoIssuerCode: 'GBR', expiryDate: '2030-01-01' },
        ],
        drivingPermitDetails: [],
      },
    });
    ({ userinfo } = await signInWithUserinfo(h, { scope: 'openid', vtr: '["Cl.Cm.P2"]', claims }));
    expect(userinfo).toEqual({
      sub: DEFAULT_SUB,
      [`${VOCAB}/drivingPermit`]: [],
      [`${VOCAB}/passport`]: [
        { documentNumber: '123', icaoIssuerCode: 'GBR', expiryDate: '2030-01-01' },
      ],
    });
  });

  it('address null and returnCodes null are omitted; returnCodes [] is kept', async () => {
    let { userinfo } = await signInWithUserinfo(h, {
      scope: 'openid',
      vtr: '["Cl.Cm.P2"]',
      claims: claimsFor('address', 'returnCode'),
    });
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([]);
    configure(h, { responseConfiguration: { postalAddressDetails: null, returnCodes: null } });
    ({ userinfo } = await signInWithUserinfo(h, {
      scope: 'openid',
      vtr: '["Cl.Cm.P2"]',
      claims: claimsFor('address', 'returnCode'),
    }));
    expect(userinfo).toEqual({ sub: DEFAULT_SUB });
  });

  it('are ignored once identityVerificationSupported is turned off', async () => {
    const { tokens } = await signIn(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
      scope: 'openid',
    });
    configure(h, { clientConfiguration: { identityVerificationSupported: false } });
    expect((await getUserinfo(h.app, tokens.access_token)).body).toEqual({ sub: DEFAULT_SUB });
  });

  it('no core identity when the VC is null', async () => {
    configure(h, { responseConfiguration: { coreIdentityVerifiableCredentials: null } });
    const { userinfo } = await signInWithUserinfo(h, {
      scope: 'openid',
      vtr: '["Cl.Cm.P2"]',
      claims: claimsFor('coreIdentityJWT'),
    });
    expect(userinfo).toEqual({ sub: DEFAULT_SUB });
  });

  it('maxLoCAchieved P0 with a P2 request and return codes → returnCode, no core identity', async () => {
    configure(h, { responseConfiguration: { maxLoCAchieved: 'P0', returnCodes: [{ code: 'D' }] } });
    const { userinfo } = await signInWithUserinfo(h, {
      scope: 'openid',
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    expect(userinfo[`${VOCAB}/coreIdentityJWT`]).toBeUndefined();
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([{ code: 'D' }]);
  });
});

describe('the core identity JWT (compat 6.4, our 30-minute lifetime)', () => {
  async function coreIdentity(overrides = {}) {
    const signed = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
      ...overrides,
    });
    return { ...signed, jwt: signed.userinfo[`${VOCAB}/coreIdentityJWT`] as string };
  }

  it('has header {kid, alg: ES256} with a did:web kid, and the claims in order', async () => {
    h.clock.ms = 1_700_000_000_900;
    const { jwt, idClaims } = await coreIdentity();
    const header = decodeProtectedHeader(jwt);
    expect(Object.keys(header)).toEqual(['kid', 'alg']);
    expect(header.alg).toBe('ES256');
    expect(header.kid).toMatch(/^did:web:localhost%3A3000#[0-9a-f-]{36}$/);
    const claims = decodeJwt(jwt);
    expect(Object.keys(claims)).toEqual([
      'vot',
      'vc',
      'vtm',
      'iss',
      'sub',
      'nbf',
      'exp',
      'aud',
      'iat',
    ]);
    expect(claims).toEqual({
      vot: 'P2',
      vc: h.config().responseConfiguration.coreIdentityVerifiableCredentials,
      vtm: 'http://localhost:3000/trustmark',
      iss: 'http://localhost:3000/',
      sub: idClaims.sub,
      nbf: 1_700_000_000,
      exp: 1_700_000_000 + 1800,
      aud: DEFAULT_CLIENT_ID,
      iat: 1_700_000_000,
    });
  });

  it('is reused within the same second for equal inputs, and re-signed when any input changes', async () => {
    h.clock.ms = 1_700_000_100_000;
    const first = (await coreIdentity()).jwt;
    const again = (await coreIdentity()).jwt;
    expect(again).toBe(first);

    h.clock.advance(1);
    const nextSecond = (await coreIdentity()).jwt;
    expect(nextSecond).not.toBe(first);
    expect(decodeJwt(nextSecond).iat).toBe(1_700_000_101);

    configure(h, { responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:another-user' } });
    const otherUser = (await coreIdentity()).jwt;
    expect(otherUser).not.toBe(nextSecond);
    expect(decodeJwt(otherUser).sub).toBe('urn:fdc:gov.uk:2022:another-user');
  });

  it('vot is maxLoCAchieved, not the level requested', async () => {
    configure(h, { responseConfiguration: { maxLoCAchieved: 'P3' } });
    const { jwt } = await coreIdentity();
    expect(decodeJwt(jwt).vot).toBe('P3');
  });

  it('its kid resolves in the DID document and the signature verifies', async () => {
    const { jwt } = await coreIdentity();
    const [didPart, keyId] = (decodeProtectedHeader(jwt).kid as string).split('#');
    const did = (await request(h.app).get('/.well-known/did.json').set('User-Agent', 'ua'))
      .body as {
      id: string;
      assertionMethod: { id: string; publicKeyJwk: Record<string, unknown> }[];
    };
    expect(didPart).toBe(did.id);
    const method = did.assertionMethod.find((m) => m.id === `${did.id}#${keyId}`);
    expect(method).toBeDefined();
    await compactVerify(jwt, await importJWK(method?.publicKeyJwk as never, 'ES256'));
  });

  it('follows simulatorUrl in iss, vtm and the did:web kid', async () => {
    configure(h, { simulatorUrl: 'https://sim.example:8443/base' });
    const { jwt } = await coreIdentity({ scope: 'openid' });
    expect(decodeProtectedHeader(jwt).kid).toMatch(/^did:web:sim\.example%3A8443#/);
    const claims = decodeJwt(jwt);
    expect(claims.iss).toBe('https://sim.example:8443/base/');
    expect(claims.vtm).toBe('https://sim.example:8443/base/trustmark');
  });
});
