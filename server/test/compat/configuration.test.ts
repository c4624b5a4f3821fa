/**
 * docs/compatibility.md section 5 (configuration): defaults (5.1), environment parsing (5.2), GET
 * /config (5.3) and POST /config semantics (5.4), as kept under our rules (every field validated,
 * 400 with nothing applied, 200 with the new configuration, http://localhost accepted).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import { configFromEnv } from '../../src/config/from-env.js';
import {
  expectConfigRefused,
  getUserinfo,
  harness,
  signIn,
  type Harness,
  HARNESS_SIMULATOR_PATH,
} from '../helpers/protocol.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
const get = async () => (await request(h.app).get('/config')).body as SimulatorConfig;
const post = (body: unknown) =>
  request(h.app)
    .post('/config')
    .send(body as object);

describe('compat §5.1 defaults', () => {
  it('§5.1 clientConfiguration defaults', async () => {
    const c = (await get()).clientConfiguration;
    expect(c).toMatchObject({
      clientId: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
      publicKeySource: 'STATIC',
      scopes: ['openid', 'email', 'phone'],
      redirectUrls: ['http://localhost:8080/oidc/authorization-code/callback'],
      postLogoutRedirectUrls: ['http://localhost:8080/signed-out'],
      claims: [`${VOCAB}/coreIdentityJWT`, `${VOCAB}/address`, `${VOCAB}/returnCode`],
      identityVerificationSupported: true,
      idTokenSigningAlgorithm: 'ES256',
      clientLoCs: ['P0', 'P2'],
      token_auth_method: 'private_key_jwt',
    });
    expect(c.publicKey).toMatch(
      /^-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmXXR3EsRvUMVhEJMtQ1w/,
    );
    expect(c).not.toHaveProperty('jwksUrl');
    expect(c).not.toHaveProperty('client_secret_hash');
  });

  it('§5.1 responseConfiguration defaults (vc.type VerifiableIdentityCredential by our rule)', async () => {
    const r = (await get()).responseConfiguration;
    expect(r).toMatchObject({
      sub: 'urn:fdc:gov.uk:2022:56P4CMsGh_02YOlWpd8PAOI-2sVlB2nsNU7mcLZYhYw=',
      email: 'test@example.com',
      emailVerified: true,
      // The public simulator's is 07123456789; the provider document says E.164 (rule 1).
      phoneNumber: '+447123456789',
      phoneNumberVerified: true,
      maxLoCAchieved: 'P2',
      passportDetails: null,
      drivingPermitDetails: null,
      returnCodes: [],
    });
    expect(r.coreIdentityVerifiableCredentials?.type).toEqual([
      'VerifiableCredential',
      'VerifiableIdentityCredential',
    ]);
    expect(r.coreIdentityVerifiableCredentials?.credentialSubject).toEqual({
      name: [
        {
          nameParts: [
            { value: 'GEOFFREY', type: 'GivenName' },
            { value: 'HEARNSHAW', type: 'FamilyName' },
          ],
        },
      ],
      birthDate: [{ value: '1955-04-19' }],
    });
    expect(r.postalAddressDetails).toEqual([
      {
        addressCountry: 'GB',
        buildingName: '',
        streetName: 'FRAMPTON ROAD',
        postalCode: 'GL1 5QB',
        buildingNumber: '26',
        addressLocality: 'GLOUCESTER',
        validFrom: '2000-01-01',
        uprn: 100120472196,
        subBuildingName: '',
      },
    ]);
  });

  it('§5.1 other settings: no errors, simulatorUrl http://localhost:3000, flags off', async () => {
    const c = await get();
    expect(c.errorConfiguration).toEqual({
      coreIdentityErrors: [],
      idTokenErrors: [],
      authoriseErrors: [],
      tokenErrors: [],
      userInfoErrors: [],
      faults: [],
    });
    expect(c.simulatorUrl).toBe(`http://localhost:3000${HARNESS_SIMULATOR_PATH}`);
    expect(c.interactiveMode).toBe(false);
    expect(c.clientConfiguration.pkceEnforced).toBe(false);
    expect(c.publishNewIdTokenKeysEnabled).toBe(false);
    expect(c.usingNewIdTokenSigningKeys).toBe(false);
  });
});

describe('compat §5.2 environment variables', () => {
  const env = (vars: Record<string, string>) => {
    const r = configFromEnv(vars);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  };

  it('§5.2 PORT defaults to 3000; SIMULATOR_URL defaults to http://localhost:3000', () => {
    expect(env({}).port).toBe(3000);
    expect(env({}).config.simulatorUrl).toBe('http://localhost:3000');
  });

  it('§5.2 list variables are comma separated; an empty string falls back to the default', () => {
    expect(env({ SCOPES: 'openid,email' }).config.clientConfiguration.scopes).toEqual([
      'openid',
      'email',
    ]);
    expect(env({ SCOPES: '' }).config.clientConfiguration.scopes).toEqual([
      'openid',
      'email',
      'phone',
    ]);
  });

  it('§5.2 booleans: IDENTITY_VERIFICATION_SUPPORTED, EMAIL_VERIFIED, PHONE_NUMBER_VERIFIED=false', () => {
    const c = env({
      IDENTITY_VERIFICATION_SUPPORTED: 'false',
      EMAIL_VERIFIED: 'false',
      PHONE_NUMBER_VERIFIED: 'false',
    }).config;
    expect(c.clientConfiguration.identityVerificationSupported).toBe(false);
    expect(c.responseConfiguration.emailVerified).toBe(false);
    expect(c.responseConfiguration.phoneNumberVerified).toBe(false);
  });

  it('§5.2 error lists: split, unknown values dropped', () => {
    expect(
      env({ AUTHORISE_ERRORS: 'ACCESS_DENIED,NOPE' }).config.errorConfiguration.authoriseErrors,
    ).toEqual(['ACCESS_DENIED']);
  });

  it('§5.2 flags: INTERACTIVE_MODE, PKCE_ENABLED, PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS true', () => {
    const c = env({
      INTERACTIVE_MODE: 'true',
      PKCE_ENABLED: 'true',
      PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
    }).config;
    expect(c.interactiveMode).toBe(true);
    expect(c.clientConfiguration.pkceEnforced).toBe(true);
    expect(c.publishNewIdTokenKeysEnabled).toBe(true);
  });

  it('§5.2 USE_NEW_ID_TOKEN_SIGNING_KEYS only with publish', () => {
    expect(env({ USE_NEW_ID_TOKEN_SIGNING_KEYS: 'true' }).config.usingNewIdTokenSigningKeys).toBe(
      false,
    );
  });

  it('§5.2 TOKEN_AUTH_METHOD, CLIENT_SECRET_HASH, PUBLIC_KEY_SOURCE, JWKS_URL, POST_LOGOUT_REDIRECT_URLS', () => {
    const c = env({
      TOKEN_AUTH_METHOD: 'client_secret_post',
      CLIENT_SECRET_HASH: '$argon2id$v=19$m=256,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
      PUBLIC_KEY_SOURCE: 'JWKS',
      JWKS_URL: 'https://rp.example/jwks',
      POST_LOGOUT_REDIRECT_URLS: 'https://rp.example/out',
    }).config.clientConfiguration;
    expect(c).toMatchObject({
      token_auth_method: 'client_secret_post',
      publicKeySource: 'JWKS',
      jwksUrl: 'https://rp.example/jwks',
      postLogoutRedirectUrls: ['https://rp.example/out'],
    });
  });
});

describe('compat §5.3 GET /config', () => {
  it('§5.3 reports the key flags as publishNewIdTokenKeysEnabled and usingNewIdTokenSigningKeys', async () => {
    const c = await get();
    expect(Object.keys(c)).toEqual(
      expect.arrayContaining([
        'clientConfiguration',
        'errorConfiguration',
        'responseConfiguration',
        'simulatorUrl',
        'publishNewIdTokenKeysEnabled',
        'usingNewIdTokenSigningKeys',
      ]),
    );
    expect(c.clientConfiguration).toHaveProperty('publicKeySource');
    expect(c.clientConfiguration).toHaveProperty('token_auth_method');
  });

  it('§5.3 POST accepts publishNewIdTokenSigningKeys and useNewIdTokenSigningKeys', async () => {
    const res = await post({ publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true });
    expect(res.body.publishNewIdTokenKeysEnabled).toBe(true);
    expect(res.body.usingNewIdTokenSigningKeys).toBe(true);
  });
});

describe('compat §5.4 POST /config', () => {
  it('§5.4 validation first: if anything fails, nothing is applied (400 with errors by path)', async () => {
    const before = await get();
    expectConfigRefused(
      await post({
        simulatorUrl: 'http://a.example',
        responseConfiguration: { emailVerified: 'yes' },
      }),
      ['responseConfiguration.emailVerified'],
    );
    expect(await get()).toEqual(before);
  });

  it('§5.4 an unknown top-level key → 400', async () => {
    expectConfigRefused(await post({ foo: 1 }), ['foo']);
  });

  it('§5.4 an array body → 400 with path ""', async () => {
    expectConfigRefused(await post([]), ['']);
  });

  it('§5.4 the three sections must be objects: null or [] → 400', async () => {
    for (const section of ['clientConfiguration', 'responseConfiguration', 'errorConfiguration'])
      for (const value of [null, []])
        expectConfigRefused(await post({ [section]: value }), [section]);
  });

  it('§5.4 simulatorUrl: http://127.0.0.1:3000 and (our rule) http://localhost:3000 accepted', async () => {
    for (const url of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://sim.local:3000'])
      expect((await post({ simulatorUrl: url })).status, url).toBe(200);
  });

  it('§5.4 (our rule) clientConfiguration is validated: bad scopes, redirectUrls, types → 400', async () => {
    expectConfigRefused(await post({ clientConfiguration: { scopes: ['openid', 'bogus'] } }), [
      'clientConfiguration.scopes',
    ]);
    expectConfigRefused(await post({ clientConfiguration: { redirectUrls: ['notaurl'] } }), [
      'clientConfiguration.redirectUrls',
    ]);
    expectConfigRefused(await post({ clientConfiguration: { idTokenSigningAlgorithm: 'HS256' } }), [
      'clientConfiguration.idTokenSigningAlgorithm',
    ]);
  });

  it('§5.4 (our rule) token_auth_method and client_secret_hash are applied', async () => {
    const res = await post({ clientConfiguration: { token_auth_method: 'client_secret_post' } });
    expect(res.body.clientConfiguration.token_auth_method).toBe('client_secret_post');
  });

  it('§5.4 errorConfiguration: unknown names filtered; (rule 3) a non-array → 400, not 500', async () => {
    expect(
      (await post({ errorConfiguration: { idTokenErrors: ['X', 'INVALID_ISS'] } })).body
        .errorConfiguration.idTokenErrors,
    ).toEqual(['INVALID_ISS']);
    expectConfigRefused(await post({ errorConfiguration: { idTokenErrors: 'INVALID_ISS' } }), [
      'errorConfiguration.idTokenErrors',
    ]);
  });

  it('§5.4 responseConfiguration rules: sub/email strings, strict booleans, phone string or null, LoC P0-P3, VC object or null, arrays of objects or null, returnCodes with string code', async () => {
    for (const [field, value] of [
      ['sub', 5],
      ['email', 5],
      ['emailVerified', 'true'],
      ['phoneNumberVerified', 1],
      ['phoneNumber', 5],
      ['maxLoCAchieved', 'P4'],
      ['coreIdentityVerifiableCredentials', []],
      ['passportDetails', [1]],
      ['drivingPermitDetails', 'x'],
      ['postalAddressDetails', {}],
      ['returnCodes', [{ code: 1 }]],
    ] as const)
      expectConfigRefused(await post({ responseConfiguration: { [field]: value } }), [
        `responseConfiguration.${field}`,
      ]);
    expect(
      (
        await post({
          responseConfiguration: { returnCodes: [{ code: 'A', extra: 1 }], phoneNumber: null },
        })
      ).status,
    ).toBe(200);
  });

  it('§5.4 unknown nested keys are accepted and ignored', async () => {
    const res = await post({ responseConfiguration: { nope: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.responseConfiguration).not.toHaveProperty('nope');
  });

  it('§5.4 merge: clientConfiguration per field, arrays wholesale; responseConfiguration null stored; simulatorUrl replaced', async () => {
    const res = await post({
      clientConfiguration: { clientLoCs: ['P2'] },
      responseConfiguration: { passportDetails: null, email: null },
      simulatorUrl: 'http://localhost:9000',
    });
    expect(res.body.clientConfiguration.clientLoCs).toEqual(['P2']);
    expect(res.body.clientConfiguration.scopes).toEqual(['openid', 'email', 'phone']);
    expect(res.body.responseConfiguration.email).toBeNull();
    expect(res.body.simulatorUrl).toBe('http://localhost:9000');
  });

  it('§5.4 errorConfiguration is always replaced: absent → all [], present → missing lists []', async () => {
    await post({
      errorConfiguration: { idTokenErrors: ['INVALID_ISS'], authoriseErrors: ['ACCESS_DENIED'] },
    });
    expect(
      (await post({ errorConfiguration: { idTokenErrors: ['INVALID_AUD'] } })).body
        .errorConfiguration,
    ).toEqual({
      coreIdentityErrors: [],
      idTokenErrors: ['INVALID_AUD'],
      authoriseErrors: [],
      tokenErrors: [],
      userInfoErrors: [],
      faults: [],
    });
    expect((await post({})).body.errorConfiguration.idTokenErrors).toEqual([]);
  });

  it('§5.4 key flags: true and "true" turn on; (rule 3) false and "false" turn off; "1" and 1 → 400', async () => {
    expect(
      (await post({ publishNewIdTokenSigningKeys: 'true' })).body.publishNewIdTokenKeysEnabled,
    ).toBe(true);
    expect(
      (await post({ publishNewIdTokenSigningKeys: false })).body.publishNewIdTokenKeysEnabled,
    ).toBe(false);
    expect(
      (await post({ publishNewIdTokenSigningKeys: true })).body.publishNewIdTokenKeysEnabled,
    ).toBe(true);
    expect(
      (await post({ publishNewIdTokenSigningKeys: 'false' })).body.publishNewIdTokenKeysEnabled,
    ).toBe(false);
    expectConfigRefused(await post({ publishNewIdTokenSigningKeys: '1' }), [
      'publishNewIdTokenSigningKeys',
    ]);
    expectConfigRefused(await post({ publishNewIdTokenSigningKeys: 1 }), [
      'publishNewIdTokenSigningKeys',
    ]);
  });

  it('§5.4 use requires publish (our rule: 400 JSON, nothing applied)', async () => {
    const before = await get();
    expectConfigRefused(
      await post({ useNewIdTokenSigningKeys: true, simulatorUrl: 'http://a.example' }),
      ['useNewIdTokenSigningKeys'],
    );
    expect(await get()).toEqual(before);
  });

  it('§5.4 success (our rule): 200 JSON with the new configuration', async () => {
    const res = await post({ responseConfiguration: { sub: 'urn:x' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(await get());
  });

  it('§5.4 side effects: changing clientId or simulatorUrl invalidates outstanding access tokens', async () => {
    const a = await signIn(h);
    await post({ clientConfiguration: { clientId: 'another' } });
    expect((await getUserinfo(h.app, a.tokens.access_token)).status).toBe(401);
    await post({ clientConfiguration: { clientId: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw' } });
    const b = await signIn(h);
    await post({ simulatorUrl: 'http://127.0.0.1:3000' });
    expect((await getUserinfo(h.app, b.tokens.access_token)).status).toBe(401);
  });

  it('§5.4 side effects: changed scopes → userinfo invalid_scope; changed claims → invalid_request', async () => {
    const a = await signIn(h, { scope: 'openid phone' });
    await post({ clientConfiguration: { scopes: ['openid', 'email'] } });
    expect((await getUserinfo(h.app, a.tokens.access_token)).headers['www-authenticate']).toContain(
      'error="invalid_scope"',
    );
    await post({ clientConfiguration: { scopes: ['openid', 'email', 'phone'] } });
    const b = await signIn(h, { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    await post({ clientConfiguration: { claims: [] } });
    expect((await getUserinfo(h.app, b.tokens.access_token)).headers['www-authenticate']).toContain(
      'error="invalid_request"',
    );
  });

  it('§5.4 side effects: simulatorUrl moves issuer, discovery endpoints, trustmark and did:web id', async () => {
    await post({ simulatorUrl: 'https://example.com/deployed-simulator' });
    const d = (await request(h.app).get('/.well-known/openid-configuration')).body;
    expect(d.issuer).toBe('https://example.com/deployed-simulator/');
    expect(d.token_endpoint).toBe('https://example.com/deployed-simulator/token');
    expect((await request(h.app).get('/trustmark')).body.idp).toBe(
      'https://example.com/deployed-simulator/',
    );
    expect((await request(h.app).get('/.well-known/did.json').set('User-Agent', 'x')).body.id).toBe(
      'did:web:example.com',
    );
  });
});
