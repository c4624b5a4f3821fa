/**
 * docs/compatibility.md sections 6 (token and document shapes) and 7 (configured errors): the
 * behaviours we keep. Our rules: sid per session, auth_time from the session, core identity 30
 * minutes, JWKS keys with use=sig, vc.type VerifiableIdentityCredential, readable wrong values.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { base64url, decodeJwt, decodeProtectedHeader } from 'jose';
import {
  DEFAULT_CLIENT_ID,
  configure,
  getUserinfo,
  harness,
  signIn,
  signInWithUserinfo,
  verifyWithPublishedKeys,
  type Harness,
  HARNESS_SIMULATOR_PATH,
} from '../helpers/protocol.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
/** The simulator's URL: the default, under HARNESS_SIMULATOR_PATH for a named simulator. */
const S = `http://localhost:3000${HARNESS_SIMULATOR_PATH}`;

describe('compat §6.1 ID token', () => {
  it('§6.1 header {alg, kid} in that order, no typ; kid of the configured alg', async () => {
    const { idHeader } = await signIn(h);
    expect(Object.keys(idHeader)).toEqual(['alg', 'kid']);
    expect(idHeader.kid).toBe(h.keys.idToken.primary.ES256.kid);
    configure(h, { clientConfiguration: { idTokenSigningAlgorithm: 'RS256' } });
    expect((await signIn(h)).idHeader.kid).toBe(h.keys.idToken.primary.RS256.kid);
  });

  it('§6.1 claims in order: iat, exp (+120), at_hash, sub, aud (string), iss (S/), sid, vot, nonce, vtm, auth_time; no nbf or jti', async () => {
    const { idClaims, tokens } = await signIn(h, { nonce: 'nn' });
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
    expect((idClaims.exp as number) - (idClaims.iat as number)).toBe(120);
    expect(idClaims.at_hash).toBe(
      base64url.encode(createHash('sha256').update(tokens.access_token).digest().subarray(0, 16)),
    );
    expect(idClaims.aud).toBe(DEFAULT_CLIENT_ID);
    expect(idClaims.iss).toBe(`${S}/`);
    expect(idClaims.nonce).toBe('nn');
    expect(idClaims.vtm).toBe(`${S}/trustmark`);
  });

  it('§6.1 sub is the config sub at sign-in; vot the credential part of the first vector', async () => {
    configure(h, { responseConfiguration: { sub: 'urn:configured' } });
    const { idClaims } = await signIn(h, { vtr: '["Cl"]' });
    expect(idClaims.sub).toBe('urn:configured');
    expect(idClaims.vot).toBe('Cl');
  });

  it('§6.1 verified against the JWKS', async () => {
    await verifyWithPublishedKeys(h, (await signIn(h)).tokens.id_token);
  });
});

describe('compat §6.2-6.3 access token and token response', () => {
  it('§6.2 a JWT with the ID token alg and key, no aud, claims exp (+180), iat, iss, jti (UUID), client_id, sub, sid, scope (array)', async () => {
    const { tokens, idHeader, idClaims } = await signIn(h, { scope: 'openid phone' });
    expect(decodeProtectedHeader(tokens.access_token)).toEqual(idHeader);
    const at = decodeJwt(tokens.access_token);
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
    expect((at.exp as number) - (at.iat as number)).toBe(180);
    expect(at.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(at.client_id).toBe(DEFAULT_CLIENT_ID);
    expect(at.sid).toBe(idClaims.sid);
    expect(at.scope).toEqual(['openid', 'phone']);
    await verifyWithPublishedKeys(h, tokens.access_token);
  });

  it('§6.2 claims only for an identity LoC with requested claims', async () => {
    const identity = await signIn(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    expect(decodeJwt(identity.tokens.access_token).claims).toEqual([
      `${VOCAB}/coreIdentityJWT`,
      `${VOCAB}/address`,
      `${VOCAB}/returnCode`,
    ]);
    for (const vtr of [undefined, '["Cl.Cm"]', '["Cl.Cm.P0"]'])
      expect(
        decodeJwt((await signIn(h, { vtr, claims: IDENTITY_CLAIMS_REQUEST })).tokens.access_token),
      ).not.toHaveProperty('claims');
  });

  it('§6.2 expiry is enforced at /userinfo', async () => {
    const { tokens } = await signIn(h);
    h.clock.advance(181);
    expect((await getUserinfo(h.app, tokens.access_token)).status).toBe(401);
  });

  it('§6.3 the token response shape', async () => {
    const { tokens } = await signIn(h);
    expect(Object.keys(tokens)).toEqual(['access_token', 'token_type', 'expires_in', 'id_token']);
  });
});

describe('compat §6.4 core identity JWT', () => {
  const core = async () =>
    (await signInWithUserinfo(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST }))
      .userinfo[`${VOCAB}/coreIdentityJWT`] as string;

  it('§6.4 header {kid, alg: ES256}; kid did:web:<host%3Aport>#<key id>', async () => {
    const header = decodeProtectedHeader(await core());
    expect(Object.keys(header)).toEqual(['kid', 'alg']);
    expect(header.kid).toBe(`did:web:localhost%3A3000#${h.keys.coreIdentity.primary.kid}`);
  });

  it('§6.4 claims in order vot (maxLoCAchieved), vc (verbatim), vtm, iss (S/), sub, nbf, exp, aud, iat', async () => {
    configure(h, { responseConfiguration: { maxLoCAchieved: 'P3' } });
    const claims = decodeJwt(await core());
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
    expect(claims.vot).toBe('P3');
    expect(claims.vc).toEqual(h.config().responseConfiguration.coreIdentityVerifiableCredentials);
    expect(claims.iss).toBe(`${S}/`);
    expect(claims.aud).toBe(DEFAULT_CLIENT_ID);
    expect((claims.exp as number) - (claims.iat as number)).toBe(1800);
  });

  it('§6.4 only produced when coreIdentityJWT is among the claims and the VC is non-null', async () => {
    const noClaim = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: JSON.stringify({ userinfo: { [`${VOCAB}/address`]: null } }),
    });
    expect(noClaim.userinfo).not.toHaveProperty(`${VOCAB}/coreIdentityJWT`);
    configure(h, { responseConfiguration: { coreIdentityVerifiableCredentials: null } });
    const noVc = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    expect(noVc.userinfo).not.toHaveProperty(`${VOCAB}/coreIdentityJWT`);
  });
});

describe('compat §6.5-6.8 documents', () => {
  it('§6.5 discovery: endpoints from simulatorUrl, fixed lists, code_challenge_methods_supported only with PKCE', async () => {
    const d = (await request(h.app).get('/.well-known/openid-configuration')).body;
    expect(d).toMatchObject({
      authorization_endpoint: `${S}/authorize`,
      token_endpoint: `${S}/token`,
      issuer: `${S}/`,
      jwks_uri: `${S}/.well-known/jwks.json`,
      scopes_supported: ['openid', 'email', 'phone'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_post'],
      ui_locales_supported: ['en', 'cy'],
      service_documentation: 'https://docs.sign-in.service.gov.uk/',
      op_policy_uri: 'https://signin.account.gov.uk/privacy-notice',
      op_tos_uri: 'https://signin.account.gov.uk/terms-and-conditions',
      request_parameter_supported: true,
      trustmarks: `${S}/trustmark`,
      subject_types_supported: ['public', 'pairwise'],
      userinfo_endpoint: `${S}/userinfo`,
      end_session_endpoint: `${S}/logout`,
      id_token_signing_alg_values_supported: ['ES256', 'RS256'],
      claim_types_supported: ['normal'],
      request_uri_parameter_supported: false,
    });
    expect(d.claims_supported).toEqual([
      'sub',
      'email',
      'email_verified',
      'phone_number',
      'phone_number_verified',
      `${VOCAB}/passport`,
      `${VOCAB}/drivingPermit`,
      `${VOCAB}/coreIdentityJWT`,
      `${VOCAB}/address`,
      `${VOCAB}/returnCode`,
    ]);
    expect(d).not.toHaveProperty('code_challenge_methods_supported');
    configure(h, { clientConfiguration: { pkceEnforced: true } });
    expect(
      (await request(h.app).get('/.well-known/openid-configuration')).body
        .code_challenge_methods_supported,
    ).toEqual(['S256']);
  });

  it('§6.6 JWKS: EC (P-256, ES256) then RSA (AQAB, RS256); four keys while publishing', async () => {
    const keys = (await request(h.app).get('/.well-known/jwks.json')).body.keys;
    expect(keys.map((k: { kty: string; alg: string }) => [k.kty, k.alg])).toEqual([
      ['EC', 'ES256'],
      ['RSA', 'RS256'],
    ]);
    expect(keys[0].crv).toBe('P-256');
    expect(keys[1].e).toBe('AQAB');
    configure(h, { publishNewIdTokenSigningKeys: true });
    expect((await request(h.app).get('/.well-known/jwks.json')).body.keys).toHaveLength(4);
  });

  it('§6.7 DID: @context, did:web id, one JsonWebKey assertionMethod with an alg and no kid', async () => {
    const did = (await request(h.app).get('/.well-known/did.json').set('User-Agent', 'x')).body;
    expect(did['@context']).toEqual([
      'https://www.w3.org/ns/did/v1',
      'https://w3id.org/security/jwk/v1',
    ]);
    expect(did.id).toBe('did:web:localhost%3A3000');
    expect(did.assertionMethod).toHaveLength(1);
    expect(did.assertionMethod[0]).toMatchObject({ type: 'JsonWebKey', controller: did.id });
    expect(did.assertionMethod[0].publicKeyJwk).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
    });
    expect(did.assertionMethod[0].publicKeyJwk).not.toHaveProperty('kid');
  });

  it('§6.8 trustmark: exactly {idp, trustmark_provider, C, P}', async () => {
    expect((await request(h.app).get('/trustmark')).body).toEqual({
      idp: `${S}/`,
      trustmark_provider: `${S}/`,
      C: ['Cl', 'Cl.Cm'],
      P: ['P0', 'P1', 'P2', 'P3'],
    });
  });
});

describe('compat §7 configured errors', () => {
  const faultyId = async (idTokenErrors: string[], overrides = {}) => {
    configure(h, { errorConfiguration: { idTokenErrors } });
    return signIn(h, overrides);
  };
  const faultyCore = async (coreIdentityErrors: string[]) => {
    configure(h, { errorConfiguration: { coreIdentityErrors } });
    const { userinfo, idClaims } = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    return { jwt: userinfo[`${VOCAB}/coreIdentityJWT`] as string, idClaims };
  };

  it('§7 authoriseErrors are checked after request validation and select_account', async () => {
    configure(h, { errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } });
    const res = await request(h.app).get('/authorize?client_id=HGIOgho9HIRhgoepdIOPFdIUWgewi0jw');
    expect(res.status).toBe(400);
  });

  it('§7 INVALID_ISS: iss = https://example.com/identity-provider', async () => {
    expect((await faultyId(['INVALID_ISS'])).idClaims.iss).toBe(
      'https://example.com/identity-provider',
    );
  });

  it('§7 INVALID_AUD and NONCE_NOT_MATCHING: other values', async () => {
    const { idClaims } = await faultyId(['INVALID_AUD', 'NONCE_NOT_MATCHING'], { nonce: 'sent' });
    expect(idClaims.aud).not.toBe(DEFAULT_CLIENT_ID);
    expect(idClaims.nonce).not.toBe('sent');
  });

  it('§7 TOKEN_EXPIRED: exp = now − 86400, iat unchanged', async () => {
    const { idClaims } = await faultyId(['TOKEN_EXPIRED']);
    expect(idClaims.exp).toBe(h.clock.seconds() - 86_400);
    expect(idClaims.iat).toBe(h.clock.seconds());
  });

  it('§7 TOKEN_NOT_VALID_YET: iat = now + 86400, exp stays now + 120, no nbf', async () => {
    const { idClaims } = await faultyId(['TOKEN_NOT_VALID_YET']);
    expect(idClaims.iat).toBe(h.clock.seconds() + 86_400);
    expect(idClaims.exp).toBe(h.clock.seconds() + 120);
    expect(idClaims).not.toHaveProperty('nbf');
  });

  it('§7 INCORRECT_VOT: Cl.Cm → Cl, anything else → Cl.Cm', async () => {
    expect((await faultyId(['INCORRECT_VOT'])).idClaims.vot).toBe('Cl');
    expect((await signIn(h, { vtr: '["Cl"]' })).idClaims.vot).toBe('Cl.Cm');
  });

  it('§7 INVALID_ALG_HEADER: header {alg: HS256, kid}, original signature kept', async () => {
    const { tokens, idHeader } = await faultyId(['INVALID_ALG_HEADER']);
    expect(idHeader.alg).toBe('HS256');
    expect(idHeader.kid).toBe(h.keys.idToken.primary.ES256.kid);
    await expect(verifyWithPublishedKeys(h, tokens.id_token)).rejects.toThrow();
  });

  it('§7 INVALID_SIGNATURE: the signature is replaced', async () => {
    const { tokens } = await faultyId(['INVALID_SIGNATURE']);
    await expect(verifyWithPublishedKeys(h, tokens.id_token)).rejects.toThrow();
  });

  it('§7 the access token is unaffected and /userinfo still works', async () => {
    const { tokens } = await faultyId(['INVALID_SIGNATURE', 'INVALID_ALG_HEADER', 'TOKEN_EXPIRED']);
    expect((await getUserinfo(h.app, tokens.access_token)).status).toBe(200);
  });

  it('§7 core identity INVALID_ISS, INVALID_AUD, INCORRECT_SUB: other values', async () => {
    const { jwt, idClaims } = await faultyCore(['INVALID_ISS', 'INVALID_AUD', 'INCORRECT_SUB']);
    const claims = decodeJwt(jwt);
    expect(claims.iss).not.toBe(`${S}/`);
    expect(claims.aud).not.toBe(DEFAULT_CLIENT_ID);
    expect(claims.sub).not.toBe(idClaims.sub);
  });

  it('§7 core identity TOKEN_EXPIRED: exp = now − 86400; nbf and iat stay at now', async () => {
    const claims = decodeJwt((await faultyCore(['TOKEN_EXPIRED'])).jwt);
    expect(claims.exp).toBe(h.clock.seconds() - 86_400);
    expect(claims.nbf).toBe(h.clock.seconds());
    expect(claims.iat).toBe(h.clock.seconds());
  });

  it('§7 core identity INVALID_ALG_HEADER: {alg: HS256, kid: <did>#…}', async () => {
    const header = decodeProtectedHeader((await faultyCore(['INVALID_ALG_HEADER'])).jwt);
    expect(header.alg).toBe('HS256');
    expect(header.kid).toMatch(/^did:web:localhost%3A3000#/);
  });

  it('§7 core identity INVALID_SIGNATURE: the signature part differs from a clean one', async () => {
    const { jwt } = await faultyCore(['INVALID_SIGNATURE']);
    expect(jwt.split('.')[2]).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(jwt.split('.')).toHaveLength(3);
  });

  it('§7 unknown error names are dropped, from POST (and env, see §5.2)', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({ errorConfiguration: { coreIdentityErrors: ['NOPE'] } });
    expect(res.body.errorConfiguration.coreIdentityErrors).toEqual([]);
  });
});
