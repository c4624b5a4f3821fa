import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VOCAB_URL } from './config-types.js';
import { ENV_VARS, configFromEnv, parsePort, type Env } from './from-env.js';
import { defaultConfig } from './defaults.js';

const V = `${VOCAB_URL}/v1`;

function settings(env: Env) {
  const result = configFromEnv(env);
  if (!result.ok) throw new Error(`unexpected issues: ${JSON.stringify(result.error)}`);
  return result.value;
}
const config = (env: Env) => settings(env).config;

function issuesOf(env: Env) {
  const result = configFromEnv(env);
  if (result.ok) throw new Error(`expected issues for ${JSON.stringify(env)}`);
  return result.error;
}

const rsaPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();
const ecPem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();
const PHC =
  '$argon2id$v=19$m=256,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

describe('configFromEnv: no variables', () => {
  it('gives the defaults, port 3000 and no warnings', () => {
    const s = settings({});
    expect(s.config).toEqual(defaultConfig());
    expect(s.port).toBe(3000);
    expect(s.warnings).toEqual([]);
  });

  it('ignores variables it does not know', () => {
    expect(config({ HOME: '/root', FOO: 'bar' })).toEqual(defaultConfig());
  });
});

describe('configFromEnv: every variable, valid values', () => {
  it('PORT, with simulatorUrl following it unless SIMULATOR_URL is set', () => {
    const s = settings({ PORT: '4000' });
    expect(s.port).toBe(4000);
    expect(s.config.simulatorUrl).toBe('http://localhost:4000');
    expect(settings({ PORT: '0' }).port).toBe(0);
    expect(config({ PORT: '4000', SIMULATOR_URL: 'https://sim.example' }).simulatorUrl).toBe(
      'https://sim.example',
    );
  });

  it('the port override wins over PORT', () => {
    const result = configFromEnv({ PORT: 'garbage' }, 5000);
    expect(result.ok && result.value.port).toBe(5000);
  });

  it('SIMULATOR_URL: localhost accepted, trailing slashes trimmed', () => {
    expect(config({ SIMULATOR_URL: 'http://localhost:3000/' }).simulatorUrl).toBe(
      'http://localhost:3000',
    );
    expect(config({ SIMULATOR_URL: 'https://example.com/deployed-simulator//' }).simulatorUrl).toBe(
      'https://example.com/deployed-simulator',
    );
  });

  it('client fields', () => {
    const c = config({
      CLIENT_ID: 'my-client',
      PUBLIC_KEY: rsaPem,
      SCOPES: 'openid,email',
      REDIRECT_URLS: 'https://rp.example/cb, http://localhost:8080/cb',
      POST_LOGOUT_REDIRECT_URLS: 'https://rp.example/out',
      CLAIMS: `${V}/address`,
      CLIENT_LOCS: 'P0,P1,P2,P3',
      IDENTITY_VERIFICATION_SUPPORTED: 'false',
      ID_TOKEN_SIGNING_ALGORITHM: 'RS256',
      PKCE_ENABLED: 'true',
      MAX_AGE_ENABLED: 'TRUE',
    }).clientConfiguration;
    expect(c).toMatchObject({
      clientId: 'my-client',
      scopes: ['openid', 'email'],
      redirectUrls: ['https://rp.example/cb', 'http://localhost:8080/cb'],
      postLogoutRedirectUrls: ['https://rp.example/out'],
      claims: [`${V}/address`],
      clientLoCs: ['P0', 'P1', 'P2', 'P3'],
      identityVerificationSupported: false,
      idTokenSigningAlgorithm: 'RS256',
      pkceEnforced: true,
      maxAgeEnabled: true,
    });
    expect(c.publicKey.trim()).toBe(rsaPem.trim());
  });

  it('PUBLIC_KEY: an EC key, a bare base64 body, or \\n-escaped PEM', () => {
    expect(config({ PUBLIC_KEY: ecPem }).clientConfiguration.publicKey.trim()).toBe(ecPem.trim());
    const body = rsaPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(config({ PUBLIC_KEY: body }).clientConfiguration.publicKey).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n/,
    );
    const escaped = rsaPem.trim().replace(/\n/g, '\\n');
    expect(config({ PUBLIC_KEY: escaped }).clientConfiguration.publicKey.trim()).toBe(
      rsaPem.trim(),
    );
  });

  it('PUBLIC_KEY_SOURCE=JWKS with JWKS_URL', () => {
    const c = config({ PUBLIC_KEY_SOURCE: 'JWKS', JWKS_URL: 'https://rp.example/jwks.json' });
    expect(c.clientConfiguration.publicKeySource).toBe('JWKS');
    expect(c.clientConfiguration.jwksUrl).toBe('https://rp.example/jwks.json');
  });

  it('TOKEN_AUTH_METHOD and CLIENT_SECRET_HASH', () => {
    const c = config({ TOKEN_AUTH_METHOD: 'client_secret_post', CLIENT_SECRET_HASH: PHC });
    expect(c.clientConfiguration.token_auth_method).toBe('client_secret_post');
    expect(c.clientConfiguration.client_secret_hash).toBe(PHC);
  });

  it('response fields', () => {
    const r = config({
      SUB: 'urn:fdc:gov.uk:2022:someone',
      EMAIL: 'a@b.example',
      EMAIL_VERIFIED: 'false',
      PHONE_NUMBER: '+447700900000',
      PHONE_NUMBER_VERIFIED: 'false',
    }).responseConfiguration;
    expect(r).toMatchObject({
      sub: 'urn:fdc:gov.uk:2022:someone',
      email: 'a@b.example',
      emailVerified: false,
      phoneNumber: '+447700900000',
      phoneNumberVerified: false,
    });
  });

  it('error lists: trimmed, unknown and duplicate values dropped', () => {
    const e = config({
      CORE_IDENTITY_ERRORS: ' INVALID_AUD , BOGUS',
      ID_TOKEN_ERRORS: 'INVALID_ISS,INVALID_ISS,,TOKEN_EXPIRED',
      AUTHORISE_ERRORS: 'TEMPORARILY_UNAVAILABLE,ACCESS_DENIED,nope,LOGIN_REQUIRED',
      TOKEN_ERRORS: 'INVALID_GRANT, x ,SERVER_ERROR',
      USER_INFO_ERRORS: 'INVALID_TOKEN,INVALID_TOKEN',
      FAULTS: '[{"target":"jwks","kind":"outage","status":503,"requests":2}]',
    }).errorConfiguration;
    expect(e).toEqual({
      coreIdentityErrors: ['INVALID_AUD'],
      idTokenErrors: ['INVALID_ISS', 'TOKEN_EXPIRED'],
      authoriseErrors: ['TEMPORARILY_UNAVAILABLE', 'ACCESS_DENIED', 'LOGIN_REQUIRED'],
      tokenErrors: ['INVALID_GRANT', 'SERVER_ERROR'],
      userInfoErrors: ['INVALID_TOKEN'],
      faults: [{ target: 'jwks', kind: 'outage', status: 503, requests: 2 }],
    });
  });

  it('flags', () => {
    const c = config({
      INTERACTIVE_MODE: 'true',
      PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
      USE_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
      PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS: 'true',
      USE_NEW_CORE_IDENTITY_SIGNING_KEYS: ' True ',
    });
    expect(c).toMatchObject({
      interactiveMode: true,
      publishNewIdTokenKeysEnabled: true,
      usingNewIdTokenSigningKeys: true,
      publishNewCoreIdentityKeysEnabled: true,
      usingNewCoreIdentitySigningKeys: true,
    });
  });

  it('use without publish is ignored, with a warning naming both variables', () => {
    const s = settings({
      USE_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
      USE_NEW_CORE_IDENTITY_SIGNING_KEYS: 'true',
    });
    expect(s.config.usingNewIdTokenSigningKeys).toBe(false);
    expect(s.config.usingNewCoreIdentitySigningKeys).toBe(false);
    expect(s.warnings).toHaveLength(2);
    expect(s.warnings[0]).toContain('USE_NEW_ID_TOKEN_SIGNING_KEYS');
    expect(s.warnings[0]).toContain('PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS');
    expect(s.warnings[1]).toContain('USE_NEW_CORE_IDENTITY_SIGNING_KEYS');
  });
});

describe('configFromEnv: lists and short names', () => {
  it('trims items and drops empty ones', () => {
    expect(config({ SCOPES: ' openid , phone ,' }).clientConfiguration.scopes).toEqual([
      'openid',
      'phone',
    ]);
  });

  it('CLAIMS: short names are expanded to their vocabulary URL', () => {
    expect(
      config({ CLAIMS: 'coreIdentityJWT, passport,drivingPermit,address,returnCode' })
        .clientConfiguration.claims,
    ).toEqual([
      `${V}/coreIdentityJWT`,
      `${V}/passport`,
      `${V}/drivingPermit`,
      `${V}/address`,
      `${V}/returnCode`,
    ]);
    expect(config({ CLAIMS: `passport,${V}/address` }).clientConfiguration.claims).toEqual([
      `${V}/passport`,
      `${V}/address`,
    ]);
  });
});

describe('configFromEnv: empty means default', () => {
  const EMPTY_ABLE = [
    'PORT',
    'SIMULATOR_URL',
    'CLIENT_ID',
    'PUBLIC_KEY_SOURCE',
    'PUBLIC_KEY',
    'JWKS_URL',
    'SCOPES',
    'REDIRECT_URLS',
    'POST_LOGOUT_REDIRECT_URLS',
    'CLAIMS',
    'CLIENT_LOCS',
    'IDENTITY_VERIFICATION_SUPPORTED',
    'ID_TOKEN_SIGNING_ALGORITHM',
    'TOKEN_AUTH_METHOD',
    'CLIENT_SECRET_HASH',
    'PKCE_ENABLED',
    'MAX_AGE_ENABLED',
    'SUB',
    'EMAIL',
    'EMAIL_VERIFIED',
    'PHONE_NUMBER',
    'PHONE_NUMBER_VERIFIED',
    'CORE_IDENTITY_ERRORS',
    'ID_TOKEN_ERRORS',
    'AUTHORISE_ERRORS',
    'INTERACTIVE_MODE',
    'PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS',
    'USE_NEW_ID_TOKEN_SIGNING_KEYS',
  ];

  it.each(EMPTY_ABLE)('%s=""', (name) => {
    expect(config({ [name]: '' })).toEqual(defaultConfig());
  });

  it('a list of only commas and spaces is empty too', () => {
    expect(config({ SCOPES: ' , ,', REDIRECT_URLS: ',' })).toEqual(defaultConfig());
  });
});

describe('configFromEnv: invalid values give an issue naming the variable', () => {
  const BAD: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '30.5'],
    ['SIMULATOR_URL', 'not a url'],
    ['SIMULATOR_URL', 'ftp://a.example'],
    ['SIMULATOR_URL', 'http://a.example/?x=1'],
    ['CLIENT_ID', '   '],
    ['PUBLIC_KEY_SOURCE', 'FILE'],
    ['PUBLIC_KEY', 'not a key'],
    ['PUBLIC_KEY', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'],
    ['JWKS_URL', 'nope'],
    ['SCOPES', 'openid,profile'],
    ['REDIRECT_URLS', 'notaurl'],
    ['REDIRECT_URLS', 'https://ok.example/cb,javascript:alert(1)'],
    ['POST_LOGOUT_REDIRECT_URLS', 'nope'],
    ['CLAIMS', 'bogus'],
    ['CLAIMS', 'https://example.com/v1/address'],
    ['CLIENT_LOCS', 'P0,P9'],
    ['IDENTITY_VERIFICATION_SUPPORTED', 'yes'],
    ['ID_TOKEN_SIGNING_ALGORITHM', 'HS256'],
    ['TOKEN_AUTH_METHOD', 'client_secret_basic'],
    ['CLIENT_SECRET_HASH', 'plaintext-secret'],
    ['PKCE_ENABLED', '1'],
    ['MAX_AGE_ENABLED', 'on'],
    ['SUB', '   '],
    ['EMAIL_VERIFIED', 'maybe'],
    ['PHONE_NUMBER_VERIFIED', '0'],
    ['INTERACTIVE_MODE', 'enabled'],
    ['PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS', 'y'],
    ['USE_NEW_ID_TOKEN_SIGNING_KEYS', 'n'],
    ['PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS', 'nope'],
    ['USE_NEW_CORE_IDENTITY_SIGNING_KEYS', 'nope'],
    ['RETIRE_OLD_ID_TOKEN_SIGNING_KEYS', 'maybe'],
    ['RETIRE_OLD_CORE_IDENTITY_SIGNING_KEYS', '1'],
    ['FAULTS', 'jwks:outage'],
    ['FAULTS', '{"target":"jwks"}'],
  ];

  it.each(BAD)('%s=%j', (name, value) => {
    const issues = issuesOf({ [name]: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(name);
    expect(issues[0]?.message.length).toBeGreaterThan(0);
  });

  it.each([
    ['[{"target":"nowhere","kind":"drop"}]', 'FAULTS[0].target'],
    ['[{"target":"jwks","kind":"latency","ms":-1}]', 'FAULTS[0].ms'],
    ['[{"target":"jwks","kind":"outage","status":404}]', 'FAULTS[0].status'],
    ['[null]', 'FAULTS[0]'],
    ['5', 'FAULTS'],
  ])('FAULTS=%s names %s', (value, path) => {
    expect(issuesOf({ FAULTS: value }).map((i) => i.path)).toEqual([path]);
  });

  it('retiring keys that still sign names the retire variable', () => {
    expect(issuesOf({ RETIRE_OLD_ID_TOKEN_SIGNING_KEYS: 'true' }).map((i) => i.path)).toEqual([
      'RETIRE_OLD_ID_TOKEN_SIGNING_KEYS',
    ]);
    expect(issuesOf({ RETIRE_OLD_CORE_IDENTITY_SIGNING_KEYS: 'true' }).map((i) => i.path)).toEqual([
      'RETIRE_OLD_CORE_IDENTITY_SIGNING_KEYS',
    ]);
    const all = config({
      PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
      USE_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
      RETIRE_OLD_ID_TOKEN_SIGNING_KEYS: 'true',
    });
    expect(all.oldIdTokenKeysRetired).toBe(true);
  });

  it('PUBLIC_KEY_SOURCE=JWKS without JWKS_URL names JWKS_URL', () => {
    const issues = issuesOf({ PUBLIC_KEY_SOURCE: 'JWKS' });
    expect(issues.map((i) => i.path)).toEqual(['JWKS_URL']);
  });

  it('reports every bad variable at once', () => {
    const issues = issuesOf({ PORT: 'x', SCOPES: 'bad', EMAIL_VERIFIED: 'x', CLAIMS: 'nope' });
    expect(issues.map((i) => i.path).sort()).toEqual([
      'CLAIMS',
      'EMAIL_VERIFIED',
      'PORT',
      'SCOPES',
    ]);
  });

  it('every variable it documents is read (an invalid value, or a change, shows it)', () => {
    const silent = Object.keys(ENV_VARS).filter((name) => {
      const a = configFromEnv({ [name]: '%%invalid%%' });
      return a.ok && JSON.stringify(a.value.config) === JSON.stringify(defaultConfig());
    });
    // Error lists drop unknown names silently, as the simulator document says.
    expect(silent.sort()).toEqual([
      'AUTHORISE_ERRORS',
      'CORE_IDENTITY_ERRORS',
      'ID_TOKEN_ERRORS',
      'TOKEN_ERRORS',
      'USER_INFO_ERRORS',
    ]);
  });
});

describe('parsePort', () => {
  it.each([
    ['0', 0],
    ['3000', 3000],
    ['65535', 65535],
    [' 8080 ', 8080],
  ])('%j → %j', (raw, port) => expect(parsePort(raw)).toBe(port));

  it.each(['', 'abc', '65536', '-1', '1e3', '0x10', '123456'])('%j → null', (raw) =>
    expect(parsePort(raw)).toBeNull(),
  );
});

describe('configFromEnv: response fields without a variable in the simulator document', () => {
  it('MAX_LOC_ACHIEVED and the JSON fields', () => {
    const r = config({
      MAX_LOC_ACHIEVED: 'P0',
      CORE_IDENTITY_VC: '{"type":["VerifiableCredential"],"credentialSubject":{}}',
      PASSPORT_DETAILS: '[{"documentNumber":"1"}]',
      DRIVING_PERMIT_DETAILS: 'null',
      POSTAL_ADDRESS_DETAILS: '[]',
      RETURN_CODES: '[{"code":"A"}]',
    }).responseConfiguration;
    expect(r).toMatchObject({
      maxLoCAchieved: 'P0',
      coreIdentityVerifiableCredentials: { type: ['VerifiableCredential'], credentialSubject: {} },
      passportDetails: [{ documentNumber: '1' }],
      drivingPermitDetails: null,
      postalAddressDetails: [],
      returnCodes: [{ code: 'A' }],
    });
  });

  it.each([
    ['MAX_LOC_ACHIEVED', 'P7'],
    ['CORE_IDENTITY_VC', '{not json'],
    ['CORE_IDENTITY_VC', '[]'],
    ['PASSPORT_DETAILS', '{}'],
    ['DRIVING_PERMIT_DETAILS', '[1]'],
    ['POSTAL_ADDRESS_DETAILS', '"x"'],
    ['RETURN_CODES', '[{"code":5}]'],
    ['NO_EMAIL', 'maybe'],
  ])('%s=%j → an issue naming it', (name, value) => {
    expect(issuesOf({ [name]: value }).map((i) => i.path)).toEqual([name]);
  });

  it('NO_EMAIL and NO_PHONE_NUMBER make the fields null', () => {
    const r = config({ NO_EMAIL: 'true', NO_PHONE_NUMBER: 'true' }).responseConfiguration;
    expect(r.email).toBeNull();
    expect(r.phoneNumber).toBeNull();
    expect(config({ NO_EMAIL: 'false' }).responseConfiguration.email).toBe('test@example.com');
  });

  it('NO_EMAIL=true beside a non-empty EMAIL is a conflict; beside an empty one it is not', () => {
    expect(issuesOf({ NO_EMAIL: 'true', EMAIL: 'a@b.c' }).map((i) => i.path)).toEqual(['NO_EMAIL']);
    expect(config({ NO_EMAIL: 'true', EMAIL: '' }).responseConfiguration.email).toBeNull();
  });
});
