/**
 * The published documents: discovery (compat 6.5 plus our additions), the JWKS (6.6 with
 * use=sig), the DID document (6.7), the trustmark (6.8), the root check, caching headers, the
 * User-Agent rule on did.json, and unknown routes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { importJWK } from 'jose';
import { configure, expectStillServing, harness, type Harness } from '../helpers/protocol.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const S = 'http://localhost:3000';

describe('discovery', () => {
  it('serves the document, keys in order, cached for a day', async () => {
    const res = await request(h.app).get('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('max-age=86400');
    const algs = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256'];
    expect(res.body).toEqual({
      authorization_endpoint: `${S}/authorize`,
      token_endpoint: `${S}/token`,
      issuer: `${S}/`,
      jwks_uri: `${S}/.well-known/jwks.json`,
      scopes_supported: ['openid', 'email', 'phone'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_post'],
      token_endpoint_auth_signing_alg_values_supported: algs,
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
      claims_supported: [
        'sub',
        'email',
        'email_verified',
        'phone_number',
        'phone_number_verified',
        'https://vocab.account.gov.uk/v1/passport',
        'https://vocab.account.gov.uk/v1/drivingPermit',
        'https://vocab.account.gov.uk/v1/coreIdentityJWT',
        'https://vocab.account.gov.uk/v1/address',
        'https://vocab.account.gov.uk/v1/returnCode',
      ],
      request_uri_parameter_supported: false,
      response_modes_supported: ['query', 'fragment'],
      request_object_signing_alg_values_supported: algs,
    });
    expect(Object.keys(res.body).slice(0, 4)).toEqual([
      'authorization_endpoint',
      'token_endpoint',
      'issuer',
      'jwks_uri',
    ]);
  });

  it('answers HEAD', async () => {
    const res = await request(h.app).head('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
  });

  it('needs no User-Agent', async () => {
    const res = await request(h.app).get('/.well-known/openid-configuration').unset('User-Agent');
    expect(res.status).toBe(200);
  });
});

describe('JWKS', () => {
  interface Jwk {
    kty: string;
    kid: string;
    alg: string;
    use: string;
    [k: string]: unknown;
  }

  it('holds one EC (ES256) and one RSA (RS256) public key, use=sig, cached for a day', async () => {
    const res = await request(h.app).get('/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('max-age=86400');
    const keys = res.body.keys as Jwk[];
    expect(keys).toHaveLength(2);
    const [ec, rsa] = keys as [Jwk, Jwk];
    expect(Object.keys(ec).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    expect(ec).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(Object.keys(rsa).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(rsa).toMatchObject({ kty: 'RSA', e: 'AQAB', alg: 'RS256', use: 'sig' });
    expect(ec.kid).not.toBe(rsa.kid);
    for (const k of keys) await importJWK(k as never, k.alg);
  });

  it('keeps the same keys across requests and simulators sharing key material', async () => {
    const a = (await request(h.app).get('/.well-known/jwks.json')).body;
    const b = (await request(h.app).get('/.well-known/jwks.json')).body;
    expect(a).toEqual(b);
  });

  it('publishes four keys while new keys are published', async () => {
    configure(h, { publishNewIdTokenSigningKeys: true });
    const keys = (await request(h.app).get('/.well-known/jwks.json')).body.keys as Jwk[];
    expect(keys.map((k) => k.alg)).toEqual(['ES256', 'RS256', 'ES256', 'RS256']);
    expect(new Set(keys.map((k) => k.kid)).size).toBe(4);
  });
});

describe('DID document', () => {
  it('holds the core identity key, cached privately for an hour', async () => {
    const res = await request(h.app).get('/.well-known/did.json').set('User-Agent', 'rp');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('max-age=3600, private');
    const did = res.body;
    expect(Object.keys(did)).toEqual(['@context', 'id', 'assertionMethod']);
    expect(did['@context']).toEqual([
      'https://www.w3.org/ns/did/v1',
      'https://w3id.org/security/jwk/v1',
    ]);
    expect(did.id).toBe('did:web:localhost%3A3000');
    expect(did.assertionMethod).toHaveLength(1);
    const [method] = did.assertionMethod;
    expect(method.type).toBe('JsonWebKey');
    expect(method.id).toMatch(/^did:web:localhost%3A3000#[0-9a-f-]{36}$/);
    expect(method.controller).toBe(did.id);
    expect(Object.keys(method.publicKeyJwk).sort()).toEqual(['alg', 'crv', 'kty', 'x', 'y']);
    expect(method.publicKeyJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
  });

  it('a host without a port gives did:web:<host>', async () => {
    configure(h, { simulatorUrl: 'https://identity.example/some/path' });
    const res = await request(h.app).get('/.well-known/did.json').set('User-Agent', 'rp');
    expect(res.body.id).toBe('did:web:identity.example');
  });

  it('User-Agent missing or empty → 403 with an empty body', async () => {
    for (const ua of [null, '']) {
      let req = request(h.app).get('/.well-known/did.json');
      req = ua === null ? req.unset('User-Agent') : req.set('User-Agent', ua);
      const res = await req;
      expect(res.status).toBe(403);
      expect(res.text).toBe('');
    }
    await expectStillServing(h.app, h.clock);
  });
});

describe('trustmark and root', () => {
  it('serves the trustmark, uncached', async () => {
    const res = await request(h.app).get('/trustmark');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.body).toEqual({
      idp: `${S}/`,
      trustmark_provider: `${S}/`,
      C: ['Cl', 'Cl.Cm'],
      P: ['P0', 'P1', 'P2', 'P3'],
    });
  });

  it('GET / confirms the simulator is running', async () => {
    const res = await request(h.app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe('GOV.UK One Login Simulator');
  });

  it('sends nosniff and no X-Powered-By', async () => {
    const res = await request(h.app).get('/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('unknown routes and methods', () => {
  it('404 for unknown paths and wrong methods, then keeps serving', async () => {
    for (const [method, path] of [
      ['get', '/nope'],
      ['post', '/userinfo'],
      ['get', '/token'],
      ['put', '/config'],
      ['post', '/.well-known/jwks.json'],
      ['get', '/form-submit'],
    ] as const) {
      const res = await request(h.app)[method](path).set('User-Agent', 'ua');
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    await expectStillServing(h.app, h.clock);
  });
});
