/**
 * GET and POST /config: the defaults of docs/compatibility.md 5.1 (with
 * VerifiableIdentityCredential and our extra fields), the merge rules of 5.4, our validation (every
 * field checked, the whole request refused with 400 and nothing applied), and what a simulatorUrl
 * change moves.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_SUB,
  argon2idPhc,
  expectConfigRefused,
  expectStillServing,
  harness,
  signIn,
  type Harness,
} from '../helpers/protocol.js';
import { VOCAB } from '../helpers/relying-party.js';

const DEFAULT_PUBLIC_KEY = readFileSync(
  fileURLToPath(new URL('../../keys/default-client-public-key.pem', import.meta.url)),
  'utf8',
);

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const getConfig = async () => (await request(h.app).get('/config')).body as SimulatorConfig;
const postConfig = (body: unknown) =>
  request(h.app)
    .post('/config')
    .send(body as object);

const EXPECTED_DEFAULTS = {
  clientConfiguration: {
    clientId: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
    publicKeySource: 'STATIC',
    scopes: ['openid', 'email', 'phone'],
    redirectUrls: ['http://localhost:8080/oidc/authorization-code/callback'],
    postLogoutRedirectUrls: ['http://localhost:8080/signed-out'],
    claims: [
      'https://vocab.account.gov.uk/v1/coreIdentityJWT',
      'https://vocab.account.gov.uk/v1/address',
      'https://vocab.account.gov.uk/v1/returnCode',
    ],
    identityVerificationSupported: true,
    idTokenSigningAlgorithm: 'ES256',
    clientLoCs: ['P0', 'P2'],
    token_auth_method: 'private_key_jwt',
    pkceEnforced: false,
    maxAgeEnabled: false,
  },
  responseConfiguration: {
    sub: 'urn:fdc:gov.uk:2022:56P4CMsGh_02YOlWpd8PAOI-2sVlB2nsNU7mcLZYhYw=',
    email: 'test@example.com',
    emailVerified: true,
    phoneNumber: '+447123456789',
    phoneNumberVerified: true,
    maxLoCAchieved: 'P2',
    coreIdentityVerifiableCredentials: {
      type: ['VerifiableCredential', 'VerifiableIdentityCredential'],
      credentialSubject: {
        name: [
          {
            nameParts: [
              { value: 'GEOFFREY', type: 'GivenName' },
              { value: 'HEARNSHAW', type: 'FamilyName' },
            ],
          },
        ],
        birthDate: [{ value: '1955-04-19' }],
      },
    },
    passportDetails: null,
    drivingPermitDetails: null,
    postalAddressDetails: [
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
    ],
    returnCodes: [],
  },
  errorConfiguration: {
    coreIdentityErrors: [],
    idTokenErrors: [],
    authoriseErrors: [],
    tokenErrors: [],
    userInfoErrors: [],
    faults: [],
  },
  simulatorUrl: 'http://localhost:3000',
  publishNewIdTokenKeysEnabled: false,
  usingNewIdTokenSigningKeys: false,
  publishNewCoreIdentityKeysEnabled: false,
  usingNewCoreIdentitySigningKeys: false,
  oldIdTokenKeysRetired: false,
  oldCoreIdentityKeysRetired: false,
  interactiveMode: false,
};

describe('GET /config', () => {
  it('returns the defaults', async () => {
    const res = await request(h.app).get('/config');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { publicKey, ...client } = res.body.clientConfiguration as Record<string, unknown>;
    expect(String(publicKey).replace(/\s/g, '')).toBe(DEFAULT_PUBLIC_KEY.replace(/\s/g, ''));
    expect({ ...res.body, clientConfiguration: client }).toEqual(EXPECTED_DEFAULTS);
    expect(res.body.clientConfiguration).not.toHaveProperty('jwksUrl');
    expect(res.body.clientConfiguration).not.toHaveProperty('client_secret_hash');
  });

  it('lists the response fields in the documented order', async () => {
    const body = await getConfig();
    expect(Object.keys(body.responseConfiguration)).toEqual(
      Object.keys(EXPECTED_DEFAULTS.responseConfiguration),
    );
  });
});

describe('POST /config: merge rules', () => {
  it('answers 200 with the new configuration, the same as a following GET', async () => {
    const res = await postConfig({ responseConfiguration: { email: 'a@b.c' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.responseConfiguration.email).toBe('a@b.c');
    expect(res.body).toEqual(await getConfig());
  });

  it('clientConfiguration: per-field replace, omitted fields kept, arrays replaced wholesale', async () => {
    await postConfig({ clientConfiguration: { scopes: ['openid'], clientId: 'new-client' } });
    const cfg = await getConfig();
    expect(cfg.clientConfiguration.scopes).toEqual(['openid']);
    expect(cfg.clientConfiguration.clientId).toBe('new-client');
    expect(cfg.clientConfiguration.redirectUrls).toEqual(
      EXPECTED_DEFAULTS.clientConfiguration.redirectUrls,
    );
    await postConfig({ clientConfiguration: { redirectUrls: ['https://rp.example/cb'] } });
    const after = await getConfig();
    expect(after.clientConfiguration.redirectUrls).toEqual(['https://rp.example/cb']);
    expect(after.clientConfiguration.clientId).toBe('new-client');
  });

  it('responseConfiguration: per-field replace; an explicit null is stored', async () => {
    await postConfig({
      responseConfiguration: {
        phoneNumber: null,
        email: null,
        postalAddressDetails: null,
        coreIdentityVerifiableCredentials: null,
        returnCodes: null,
        passportDetails: [{ documentNumber: '1' }],
      },
    });
    const cfg = await getConfig();
    expect(cfg.responseConfiguration).toMatchObject({
      sub: DEFAULT_SUB,
      phoneNumber: null,
      email: null,
      postalAddressDetails: null,
      coreIdentityVerifiableCredentials: null,
      returnCodes: null,
      passportDetails: [{ documentNumber: '1' }],
    });
  });

  it('errorConfiguration is replaced: omitted → all cleared; a missing list → []', async () => {
    await postConfig({
      errorConfiguration: {
        idTokenErrors: ['INVALID_ISS'],
        coreIdentityErrors: ['INVALID_AUD'],
        authoriseErrors: ['ACCESS_DENIED'],
      },
    });
    expect((await getConfig()).errorConfiguration.authoriseErrors).toEqual(['ACCESS_DENIED']);
    await postConfig({ errorConfiguration: { idTokenErrors: ['TOKEN_EXPIRED'] } });
    expect((await getConfig()).errorConfiguration).toEqual({
      ...EXPECTED_DEFAULTS.errorConfiguration,
      idTokenErrors: ['TOKEN_EXPIRED'],
    });
    await postConfig({ responseConfiguration: { email: 'x@y.z' } });
    expect((await getConfig()).errorConfiguration).toEqual(EXPECTED_DEFAULTS.errorConfiguration);
  });

  it('errorConfiguration: unknown values and duplicates are dropped; null lists are empty', async () => {
    const res = await postConfig({
      errorConfiguration: {
        idTokenErrors: ['INVALID_ISS', 'WHAT', 'INVALID_ISS'],
        authoriseErrors: ['TEMPORARILY_UNAVAILABLE', 'access_denied'],
        coreIdentityErrors: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.errorConfiguration).toEqual({
      ...EXPECTED_DEFAULTS.errorConfiguration,
      idTokenErrors: ['INVALID_ISS'],
      authoriseErrors: ['TEMPORARILY_UNAVAILABLE'],
    });
  });

  it('simulatorUrl is replaced, a trailing slash trimmed; http://localhost:PORT is accepted', async () => {
    for (const url of [
      'http://localhost:4567',
      'http://127.0.0.1:3000',
      'https://sim.example/base/',
    ])
      expect((await postConfig({ simulatorUrl: url })).status, url).toBe(200);
    expect((await getConfig()).simulatorUrl).toBe('https://sim.example/base');
  });

  it('a GET body can be posted back unchanged', async () => {
    await postConfig({ publishNewIdTokenSigningKeys: true, interactiveMode: false });
    const before = await getConfig();
    const res = await postConfig(before);
    expect(res.status, res.text).toBe(200);
    expect(await getConfig()).toEqual(before);
  });

  it('flags accept true/false and "true"/"false"', async () => {
    for (const [value, expected] of [
      [true, true],
      ['false', false],
      ['true', true],
      [false, false],
    ] as const) {
      const res = await postConfig({ publishNewIdTokenSigningKeys: value });
      expect(res.body.publishNewIdTokenKeysEnabled).toBe(expected);
    }
  });

  it('token_auth_method and client_secret_hash can be set by POST', async () => {
    const hash = argon2idPhc('pw');
    const res = await postConfig({
      clientConfiguration: { token_auth_method: 'client_secret_post', client_secret_hash: hash },
    });
    expect(res.status).toBe(200);
    expect(res.body.clientConfiguration.token_auth_method).toBe('client_secret_post');
    expect(res.body.clientConfiguration.client_secret_hash).toBe(hash);
  });

  it('unknown keys inside a section are ignored', async () => {
    const res = await postConfig({ clientConfiguration: { bogus: 1, clientId: 'c2' } });
    expect(res.status).toBe(200);
    expect(res.body.clientConfiguration).not.toHaveProperty('bogus');
    expect(res.body.clientConfiguration.clientId).toBe('c2');
  });

  it('a PEM with literal \\n sequences or without armour is normalised', async () => {
    const body = DEFAULT_PUBLIC_KEY.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const bare = await postConfig({ clientConfiguration: { publicKey: body } });
    expect(bare.status).toBe(200);
    expect(bare.body.clientConfiguration.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const escaped = await postConfig({
      clientConfiguration: { publicKey: DEFAULT_PUBLIC_KEY.trim().replace(/\n/g, '\\n') },
    });
    expect(escaped.status).toBe(200);
    await expectStillServing(h.app, h.clock);
  });

  it('config changes take effect on the next request', async () => {
    await postConfig({ responseConfiguration: { sub: 'urn:fdc:changed' } });
    const { idClaims } = await signIn(h);
    expect(idClaims.sub).toBe('urn:fdc:changed');
  });
});

describe('POST /config: bad input is refused whole (400, nothing applied, still serving)', () => {
  const { publicKey: ed25519 } = generateKeyPairSync('ed25519');
  const ed25519Pem = ed25519.export({ type: 'spki', format: 'pem' }).toString();

  const cases: [string, unknown, string[]][] = [
    // clientConfiguration
    [
      'clientId not a string',
      { clientConfiguration: { clientId: 5 } },
      ['clientConfiguration.clientId'],
    ],
    ['clientId empty', { clientConfiguration: { clientId: '' } }, ['clientConfiguration.clientId']],
    [
      'clientId blank',
      { clientConfiguration: { clientId: '   ' } },
      ['clientConfiguration.clientId'],
    ],
    [
      'clientId null',
      { clientConfiguration: { clientId: null } },
      ['clientConfiguration.clientId'],
    ],
    [
      'clientId too long',
      { clientConfiguration: { clientId: 'x'.repeat(10_001) } },
      ['clientConfiguration.clientId'],
    ],
    [
      'publicKeySource unknown',
      { clientConfiguration: { publicKeySource: 'FOO' } },
      ['clientConfiguration.publicKeySource'],
    ],
    [
      'publicKey not a PEM',
      { clientConfiguration: { publicKey: 'not a pem' } },
      ['clientConfiguration.publicKey'],
    ],
    [
      'publicKey bad body',
      {
        clientConfiguration: {
          publicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
        },
      },
      ['clientConfiguration.publicKey'],
    ],
    [
      'publicKey number',
      { clientConfiguration: { publicKey: 5 } },
      ['clientConfiguration.publicKey'],
    ],
    [
      'publicKey empty',
      { clientConfiguration: { publicKey: '' } },
      ['clientConfiguration.publicKey'],
    ],
    [
      'publicKey Ed25519',
      { clientConfiguration: { publicKey: ed25519Pem } },
      ['clientConfiguration.publicKey'],
    ],
    [
      'jwksUrl not a URL',
      { clientConfiguration: { jwksUrl: 'nope' } },
      ['clientConfiguration.jwksUrl'],
    ],
    [
      'jwksUrl ftp',
      { clientConfiguration: { jwksUrl: 'ftp://a.example/j' } },
      ['clientConfiguration.jwksUrl'],
    ],
    [
      'JWKS source without jwksUrl',
      { clientConfiguration: { publicKeySource: 'JWKS' } },
      ['clientConfiguration.jwksUrl'],
    ],
    [
      'scopes not an array',
      { clientConfiguration: { scopes: 'openid' } },
      ['clientConfiguration.scopes'],
    ],
    [
      'scopes unknown item',
      { clientConfiguration: { scopes: ['openid', 'profile'] } },
      ['clientConfiguration.scopes'],
    ],
    [
      'scopes non-string item',
      { clientConfiguration: { scopes: [5] } },
      ['clientConfiguration.scopes'],
    ],
    [
      'redirectUrls empty',
      { clientConfiguration: { redirectUrls: [] } },
      ['clientConfiguration.redirectUrls'],
    ],
    [
      'redirectUrls not a URL',
      { clientConfiguration: { redirectUrls: ['notaurl'] } },
      ['clientConfiguration.redirectUrls'],
    ],
    [
      'redirectUrls javascript:',
      { clientConfiguration: { redirectUrls: ['javascript:alert(1)'] } },
      ['clientConfiguration.redirectUrls'],
    ],
    [
      'redirectUrls with fragment',
      { clientConfiguration: { redirectUrls: ['http://a.example/cb#x'] } },
      ['clientConfiguration.redirectUrls'],
    ],
    [
      'redirectUrls a string',
      { clientConfiguration: { redirectUrls: 'http://a.example/cb' } },
      ['clientConfiguration.redirectUrls'],
    ],
    [
      'postLogoutRedirectUrls bad item',
      { clientConfiguration: { postLogoutRedirectUrls: ['nope'] } },
      ['clientConfiguration.postLogoutRedirectUrls'],
    ],
    [
      'postLogoutRedirectUrls not an array',
      { clientConfiguration: { postLogoutRedirectUrls: {} } },
      ['clientConfiguration.postLogoutRedirectUrls'],
    ],
    [
      'claims unknown',
      { clientConfiguration: { claims: [`${VOCAB}/socialSecurityRecord`] } },
      ['clientConfiguration.claims'],
    ],
    [
      'claims short name',
      { clientConfiguration: { claims: ['coreIdentityJWT'] } },
      ['clientConfiguration.claims'],
    ],
    [
      'claims not an array',
      { clientConfiguration: { claims: `${VOCAB}/address` } },
      ['clientConfiguration.claims'],
    ],
    [
      'identityVerificationSupported string',
      { clientConfiguration: { identityVerificationSupported: 'true' } },
      ['clientConfiguration.identityVerificationSupported'],
    ],
    [
      'identityVerificationSupported number',
      { clientConfiguration: { identityVerificationSupported: 1 } },
      ['clientConfiguration.identityVerificationSupported'],
    ],
    [
      'idTokenSigningAlgorithm HS256',
      { clientConfiguration: { idTokenSigningAlgorithm: 'HS256' } },
      ['clientConfiguration.idTokenSigningAlgorithm'],
    ],
    [
      'idTokenSigningAlgorithm lower case',
      { clientConfiguration: { idTokenSigningAlgorithm: 'es256' } },
      ['clientConfiguration.idTokenSigningAlgorithm'],
    ],
    [
      'clientLoCs unknown level',
      { clientConfiguration: { clientLoCs: ['P4'] } },
      ['clientConfiguration.clientLoCs'],
    ],
    [
      'clientLoCs a string',
      { clientConfiguration: { clientLoCs: 'P2' } },
      ['clientConfiguration.clientLoCs'],
    ],
    [
      'token_auth_method unknown',
      { clientConfiguration: { token_auth_method: 'client_secret_basic' } },
      ['clientConfiguration.token_auth_method'],
    ],
    [
      'client_secret_hash not PHC',
      { clientConfiguration: { client_secret_hash: 'plaintext' } },
      ['clientConfiguration.client_secret_hash'],
    ],
    [
      'client_secret_hash argon2i',
      { clientConfiguration: { client_secret_hash: '$argon2i$v=19$m=256,t=1,p=1$c2FsdA$aGFzaA' } },
      ['clientConfiguration.client_secret_hash'],
    ],
    [
      'client_secret_hash number',
      { clientConfiguration: { client_secret_hash: 5 } },
      ['clientConfiguration.client_secret_hash'],
    ],
    [
      'pkceEnforced string',
      { clientConfiguration: { pkceEnforced: 'yes' } },
      ['clientConfiguration.pkceEnforced'],
    ],
    [
      'maxAgeEnabled number',
      { clientConfiguration: { maxAgeEnabled: 1 } },
      ['clientConfiguration.maxAgeEnabled'],
    ],
    // responseConfiguration
    ['sub empty', { responseConfiguration: { sub: '' } }, ['responseConfiguration.sub']],
    ['sub number', { responseConfiguration: { sub: 5 } }, ['responseConfiguration.sub']],
    ['sub null', { responseConfiguration: { sub: null } }, ['responseConfiguration.sub']],
    ['email number', { responseConfiguration: { email: 5 } }, ['responseConfiguration.email']],
    [
      'emailVerified string',
      { responseConfiguration: { emailVerified: 'true' } },
      ['responseConfiguration.emailVerified'],
    ],
    [
      'phoneNumber number',
      { responseConfiguration: { phoneNumber: 7123456789 } },
      ['responseConfiguration.phoneNumber'],
    ],
    [
      'phoneNumberVerified string',
      { responseConfiguration: { phoneNumberVerified: 'false' } },
      ['responseConfiguration.phoneNumberVerified'],
    ],
    [
      'maxLoCAchieved unknown',
      { responseConfiguration: { maxLoCAchieved: 'P9' } },
      ['responseConfiguration.maxLoCAchieved'],
    ],
    [
      'maxLoCAchieved empty',
      { responseConfiguration: { maxLoCAchieved: '' } },
      ['responseConfiguration.maxLoCAchieved'],
    ],
    [
      'maxLoCAchieved null',
      { responseConfiguration: { maxLoCAchieved: null } },
      ['responseConfiguration.maxLoCAchieved'],
    ],
    [
      'coreIdentityVerifiableCredentials array',
      { responseConfiguration: { coreIdentityVerifiableCredentials: [] } },
      ['responseConfiguration.coreIdentityVerifiableCredentials'],
    ],
    [
      'coreIdentityVerifiableCredentials string',
      { responseConfiguration: { coreIdentityVerifiableCredentials: '{}' } },
      ['responseConfiguration.coreIdentityVerifiableCredentials'],
    ],
    [
      'passportDetails object',
      { responseConfiguration: { passportDetails: {} } },
      ['responseConfiguration.passportDetails'],
    ],
    [
      'passportDetails array of numbers',
      { responseConfiguration: { passportDetails: [1] } },
      ['responseConfiguration.passportDetails'],
    ],
    [
      'drivingPermitDetails nested array',
      { responseConfiguration: { drivingPermitDetails: [[]] } },
      ['responseConfiguration.drivingPermitDetails'],
    ],
    [
      'postalAddressDetails string',
      { responseConfiguration: { postalAddressDetails: 'x' } },
      ['responseConfiguration.postalAddressDetails'],
    ],
    [
      'returnCodes item without code',
      { responseConfiguration: { returnCodes: [{}] } },
      ['responseConfiguration.returnCodes'],
    ],
    [
      'returnCodes code not a string',
      { responseConfiguration: { returnCodes: [{ code: 5 }] } },
      ['responseConfiguration.returnCodes'],
    ],
    [
      'returnCodes code empty',
      { responseConfiguration: { returnCodes: [{ code: '' }] } },
      ['responseConfiguration.returnCodes'],
    ],
    [
      'returnCodes a string',
      { responseConfiguration: { returnCodes: 'A' } },
      ['responseConfiguration.returnCodes'],
    ],
    // errorConfiguration
    [
      'idTokenErrors a string',
      { errorConfiguration: { idTokenErrors: 'INVALID_ISS' } },
      ['errorConfiguration.idTokenErrors'],
    ],
    [
      'idTokenErrors numbers',
      { errorConfiguration: { idTokenErrors: [5] } },
      ['errorConfiguration.idTokenErrors'],
    ],
    [
      'coreIdentityErrors an object',
      { errorConfiguration: { coreIdentityErrors: {} } },
      ['errorConfiguration.coreIdentityErrors'],
    ],
    [
      'authoriseErrors a number',
      { errorConfiguration: { authoriseErrors: 5 } },
      ['errorConfiguration.authoriseErrors'],
    ],
    // sections and top level
    ['clientConfiguration null', { clientConfiguration: null }, ['clientConfiguration']],
    ['clientConfiguration array', { clientConfiguration: [] }, ['clientConfiguration']],
    ['responseConfiguration string', { responseConfiguration: 'x' }, ['responseConfiguration']],
    ['errorConfiguration null', { errorConfiguration: null }, ['errorConfiguration']],
    ['errorConfiguration array', { errorConfiguration: [] }, ['errorConfiguration']],
    ['simulatorUrl not a URL', { simulatorUrl: 'not a url' }, ['simulatorUrl']],
    ['simulatorUrl ftp', { simulatorUrl: 'ftp://a.com' }, ['simulatorUrl']],
    ['simulatorUrl number', { simulatorUrl: 3000 }, ['simulatorUrl']],
    ['simulatorUrl empty', { simulatorUrl: '' }, ['simulatorUrl']],
    ['simulatorUrl with query', { simulatorUrl: 'http://a.example/?q=1' }, ['simulatorUrl']],
    ['simulatorUrl with fragment', { simulatorUrl: 'http://a.example/#f' }, ['simulatorUrl']],
    ['simulatorUrl with credentials', { simulatorUrl: 'http://u:p@a.example' }, ['simulatorUrl']],
    ['unknown top-level key', { bogus: 1 }, ['bogus']],
    [
      'publish flag not boolean',
      { publishNewIdTokenSigningKeys: 'yes' },
      ['publishNewIdTokenSigningKeys'],
    ],
    ['publish flag number', { publishNewIdTokenSigningKeys: 1 }, ['publishNewIdTokenSigningKeys']],
    ['use flag "1"', { useNewIdTokenSigningKeys: '1' }, ['useNewIdTokenSigningKeys']],
    ['interactiveMode string', { interactiveMode: 'on' }, ['interactiveMode']],
    ['use without publish', { useNewIdTokenSigningKeys: true }, ['useNewIdTokenSigningKeys']],
    [
      'core use without publish',
      { useNewCoreIdentitySigningKeys: true },
      ['useNewCoreIdentitySigningKeys'],
    ],
    ['array body', [{ simulatorUrl: 'http://a.example' }], ['']],
    [
      'valid fields beside an invalid one',
      {
        simulatorUrl: 'http://changed.example',
        clientConfiguration: { clientId: 'changed', scopes: ['bogus'] },
        responseConfiguration: { sub: 'changed', emailVerified: 'no' },
        errorConfiguration: { idTokenErrors: ['INVALID_ISS'] },
        publishNewIdTokenSigningKeys: true,
      },
      ['clientConfiguration.scopes', 'responseConfiguration.emailVerified'],
    ],
  ];

  it.each(cases)('%s', async (_name, body, paths) => {
    await postConfig({
      errorConfiguration: { authoriseErrors: [] },
      responseConfiguration: { email: 'keep@x.y' },
    });
    const before = await getConfig();
    const res = await postConfig(body);
    expectConfigRefused(res, paths);
    expect(await getConfig()).toEqual(before);
    await expectStillServing(h.app, h.clock);
  });

  it('reports every invalid field at once', async () => {
    const res = await postConfig({
      clientConfiguration: { clientId: 5, scopes: 'x', redirectUrls: [] },
      responseConfiguration: { sub: '', maxLoCAchieved: 'P7' },
      simulatorUrl: 'nope',
      other: true,
    });
    expectConfigRefused(res, [
      'clientConfiguration.clientId',
      'clientConfiguration.scopes',
      'clientConfiguration.redirectUrls',
      'responseConfiguration.sub',
      'responseConfiguration.maxLoCAchieved',
      'simulatorUrl',
      'other',
    ]);
    expect(res.body.invalid_fields).toHaveLength(7);
  });

  it('invalid JSON → 400 JSON, nothing applied', async () => {
    const before = await getConfig();
    const res = await request(h.app)
      .post('/config')
      .set('Content-Type', 'application/json')
      .send('{"simulatorUrl": "http://a.example",');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: 'Malformed request body',
    });
    expect(await getConfig()).toEqual(before);
    await expectStillServing(h.app, h.clock);
  });

  it('a JSON body that is not an object or array (string, number, null) → 400 JSON', async () => {
    const before = await getConfig();
    for (const raw of ['"hello"', '5', 'null', 'true']) {
      const res = await request(h.app)
        .post('/config')
        .set('Content-Type', 'application/json')
        .send(raw);
      expect(res.status, raw).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect(await getConfig()).toEqual(before);
  });

  it('deeply nested JSON (a section, a credential) → 400, nothing applied, still serving', async () => {
    const before = await getConfig();
    let deep = '[]';
    for (let i = 0; i < 5000; i++) deep = `[${deep}]`;
    for (const raw of [
      deep,
      `{"clientConfiguration":${deep}}`,
      `{"responseConfiguration":{"coreIdentityVerifiableCredentials":{"a":${deep}}}}`,
      `{"responseConfiguration":{"passportDetails":[{"a":${deep}}]}}`,
    ]) {
      const res = await request(h.app)
        .post('/config')
        .set('Content-Type', 'application/json')
        .send(raw);
      expect(res.status, raw.slice(0, 60)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect(await getConfig()).toEqual(before);
    await expectStillServing(h.app, h.clock);
  });

  it('a 120 kB body → 413, nothing applied', async () => {
    const before = await getConfig();
    const res = await postConfig({ responseConfiguration: { sub: 'x'.repeat(120 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: 'Request body too large',
    });
    expect(await getConfig()).toEqual(before);
    await expectStillServing(h.app, h.clock);
  });

  it('a body that is not JSON → 415, nothing applied', async () => {
    const before = await getConfig();
    const res = await request(h.app)
      .post('/config')
      .type('form')
      .send('simulatorUrl=http://a.example');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('invalid_request');
    expect(await getConfig()).toEqual(before);
  });

  it('PUT /config → 404', async () => {
    expect((await request(h.app).put('/config').send({})).status).toBe(404);
  });
});

describe('changing simulatorUrl', () => {
  it('moves the issuer, every endpoint, the trustmark and the did:web id', async () => {
    await postConfig({ simulatorUrl: 'https://sim.example:8443/deployed' });
    const S = 'https://sim.example:8443/deployed';
    const discovery = (await request(h.app).get('/.well-known/openid-configuration')).body;
    expect(discovery).toMatchObject({
      issuer: `${S}/`,
      authorization_endpoint: `${S}/authorize`,
      token_endpoint: `${S}/token`,
      userinfo_endpoint: `${S}/userinfo`,
      jwks_uri: `${S}/.well-known/jwks.json`,
      end_session_endpoint: `${S}/logout`,
      trustmarks: `${S}/trustmark`,
    });
    expect((await request(h.app).get('/trustmark')).body).toEqual({
      idp: `${S}/`,
      trustmark_provider: `${S}/`,
      C: ['Cl', 'Cl.Cm'],
      P: ['P0', 'P1', 'P2', 'P3'],
    });
    const did = (await request(h.app).get('/.well-known/did.json').set('User-Agent', 'ua')).body;
    expect(did.id).toBe('did:web:sim.example%3A8443');
    const { idClaims } = await signIn(h);
    expect(idClaims.iss).toBe(`${S}/`);
    expect(idClaims.vtm).toBe(`${S}/trustmark`);
    expect(idClaims.aud).toBe(DEFAULT_CLIENT_ID);
  });
});
