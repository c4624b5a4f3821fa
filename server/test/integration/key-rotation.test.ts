/**
 * Key rotation (docs/compatibility.md section 12 and our rule): publish adds the new keys beside
 * the old ones, use switches signing to them, use requires publish. The same two steps exist for
 * the core identity key in the DID document.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { configFromEnv } from '../../src/config/from-env.js';
import {
  configure,
  expectConfigRefused,
  expectStillServing,
  getUserinfo,
  harness,
  signIn,
  signInWithUserinfo,
  verifyWithPublishedKeys,
  type Harness,
} from '../helpers/protocol.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB } from '../helpers/relying-party.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});

const jwksKids = async () =>
  ((await request(h.app).get('/.well-known/jwks.json')).body.keys as { kid: string }[]).map(
    (k) => k.kid,
  );
const getConfig = async () => (await request(h.app).get('/config')).body as Record<string, unknown>;
const did = async () =>
  (await request(h.app).get('/.well-known/did.json').set('User-Agent', 'rp')).body as {
    id: string;
    assertionMethod: { id: string; publicKeyJwk: Record<string, unknown> }[];
  };

describe('ID token signing keys', () => {
  it('publish: the JWKS holds old and new keys side by side; signing is unchanged', async () => {
    const old = h.keys.idToken.primary;
    const fresh = h.keys.idToken.secondary;
    expect(await jwksKids()).toEqual([old.ES256.kid, old.RS256.kid]);
    const res = await request(h.app).post('/config').send({ publishNewIdTokenSigningKeys: true });
    expect(res.status).toBe(200);
    expect(res.body.publishNewIdTokenKeysEnabled).toBe(true);
    expect(await jwksKids()).toEqual([
      old.ES256.kid,
      old.RS256.kid,
      fresh.ES256.kid,
      fresh.RS256.kid,
    ]);
    const { idHeader, tokens } = await signIn(h);
    expect(idHeader.kid).toBe(old.ES256.kid);
    expect(decodeProtectedHeader(tokens.access_token).kid).toBe(old.ES256.kid);
  });

  it('use: ID and access tokens are signed with the new kid, for either algorithm', async () => {
    configure(h, { publishNewIdTokenSigningKeys: true });
    const res = await request(h.app).post('/config').send({ useNewIdTokenSigningKeys: true });
    expect(res.status).toBe(200);
    expect(res.body.usingNewIdTokenSigningKeys).toBe(true);
    const es = await signInWithUserinfo(h);
    expect(es.idHeader.kid).toBe(h.keys.idToken.secondary.ES256.kid);
    expect(decodeProtectedHeader(es.tokens.access_token).kid).toBe(
      h.keys.idToken.secondary.ES256.kid,
    );
    await verifyWithPublishedKeys(h, es.tokens.id_token);
    configure(h, { clientConfiguration: { idTokenSigningAlgorithm: 'RS256' } });
    const rs = await signIn(h);
    expect(rs.idHeader).toEqual({ alg: 'RS256', kid: h.keys.idToken.secondary.RS256.kid });
    await verifyWithPublishedKeys(h, rs.tokens.id_token);
  });

  it('publish and use may be set in one request', async () => {
    const res = await request(h.app)
      .post('/config')
      .send({ publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: 'true' });
    expect(res.status).toBe(200);
    expect((await signIn(h)).idHeader.kid).toBe(h.keys.idToken.secondary.ES256.kid);
  });

  it('use without publish → 400 and nothing applied', async () => {
    const before = await getConfig();
    const res = await request(h.app)
      .post('/config')
      .send({ useNewIdTokenSigningKeys: true, responseConfiguration: { email: 'x@y.z' } });
    expectConfigRefused(res, ['useNewIdTokenSigningKeys']);
    expect(await getConfig()).toEqual(before);
    expect((await signIn(h)).idHeader.kid).toBe(h.keys.idToken.primary.ES256.kid);
    await expectStillServing(h.app, h.clock);
  });

  it('unpublishing while the new keys are in use → 400 and nothing applied', async () => {
    configure(h, { publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true });
    const res = await request(h.app).post('/config').send({ publishNewIdTokenSigningKeys: false });
    expectConfigRefused(res, ['useNewIdTokenSigningKeys']);
    expect((await getConfig()).publishNewIdTokenKeysEnabled).toBe(true);
  });

  it('tokens signed before the switch keep working while their key is published', async () => {
    const before = await signIn(h);
    configure(h, { publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true });
    expect((await getUserinfo(h.app, before.tokens.access_token)).status).toBe(200);
    const after = await signIn(h);
    expect((await getUserinfo(h.app, after.tokens.access_token)).status).toBe(200);
    // Back to the old keys, still publishing the new ones: both kinds still work.
    configure(h, { useNewIdTokenSigningKeys: false });
    expect((await getUserinfo(h.app, after.tokens.access_token)).status).toBe(200);
    // Withdrawn again: new tokens carry the old kid and verify against the two published keys.
    configure(h, { publishNewIdTokenSigningKeys: false });
    expect(await jwksKids()).toHaveLength(2);
    const last = await signIn(h);
    expect(last.idHeader.kid).toBe(h.keys.idToken.primary.ES256.kid);
    await verifyWithPublishedKeys(h, last.tokens.id_token);
    await expect(verifyWithPublishedKeys(h, after.tokens.id_token)).rejects.toThrow();
  });

  it('PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS and USE_NEW_ID_TOKEN_SIGNING_KEYS', async () => {
    const both = configFromEnv({
      PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
      USE_NEW_ID_TOKEN_SIGNING_KEYS: 'true',
    });
    if (!both.ok) throw new Error(JSON.stringify(both.error));
    h = await harness({ config: both.value.config });
    expect(await jwksKids()).toHaveLength(4);
    expect((await signIn(h)).idHeader.kid).toBe(h.keys.idToken.secondary.ES256.kid);

    const useOnly = configFromEnv({ USE_NEW_ID_TOKEN_SIGNING_KEYS: 'true' });
    if (!useOnly.ok) throw new Error(JSON.stringify(useOnly.error));
    expect(useOnly.value.warnings).toEqual([
      'USE_NEW_ID_TOKEN_SIGNING_KEYS is ignored: PUBLISH_NEW_ID_TOKEN_SIGNING_KEYS is not true',
    ]);
    h = await harness({ config: useOnly.value.config });
    expect(await jwksKids()).toHaveLength(2);
    expect((await signIn(h)).idHeader.kid).toBe(h.keys.idToken.primary.ES256.kid);
  });
});

describe('core identity signing key', () => {
  async function coreIdentityJwt(): Promise<string> {
    const { userinfo } = await signInWithUserinfo(h, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    return userinfo[`${VOCAB}/coreIdentityJWT`] as string;
  }

  async function resolvesAndVerifies(jwt: string): Promise<string> {
    const kid = decodeProtectedHeader(jwt).kid as string;
    const doc = await did();
    const method = doc.assertionMethod.find((m) => m.id === kid);
    expect(method, kid).toBeDefined();
    await compactVerify(jwt, await importJWK(method?.publicKeyJwk as never, 'ES256'));
    return kid;
  }

  it('publish adds a second assertionMethod entry; signing is unchanged', async () => {
    expect((await did()).assertionMethod).toHaveLength(1);
    const res = await request(h.app)
      .post('/config')
      .send({ publishNewCoreIdentitySigningKeys: true });
    expect(res.status).toBe(200);
    expect(res.body.publishNewCoreIdentityKeysEnabled).toBe(true);
    const doc = await did();
    expect(doc.assertionMethod.map((m) => m.id)).toEqual([
      `${doc.id}#${h.keys.coreIdentity.primary.kid}`,
      `${doc.id}#${h.keys.coreIdentity.secondary.kid}`,
    ]);
    expect(await resolvesAndVerifies(await coreIdentityJwt())).toBe(
      `${doc.id}#${h.keys.coreIdentity.primary.kid}`,
    );
  });

  it('use signs with the new key; its kid resolves and verifies', async () => {
    configure(h, { publishNewCoreIdentitySigningKeys: true, useNewCoreIdentitySigningKeys: true });
    expect(await resolvesAndVerifies(await coreIdentityJwt())).toBe(
      `did:web:localhost%3A3000#${h.keys.coreIdentity.secondary.kid}`,
    );
    // ID tokens are not affected by the core identity rotation.
    expect((await signIn(h)).idHeader.kid).toBe(h.keys.idToken.primary.ES256.kid);
  });

  it('use without publish → 400 and nothing applied', async () => {
    const before = await getConfig();
    expectConfigRefused(
      await request(h.app).post('/config').send({ useNewCoreIdentitySigningKeys: true }),
      ['useNewCoreIdentitySigningKeys'],
    );
    expect(await getConfig()).toEqual(before);
  });

  it('PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS and USE_NEW_CORE_IDENTITY_SIGNING_KEYS', async () => {
    const env = configFromEnv({
      PUBLISH_NEW_CORE_IDENTITY_SIGNING_KEYS: 'true',
      USE_NEW_CORE_IDENTITY_SIGNING_KEYS: 'true',
    });
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    h = await harness({ config: env.value.config });
    expect((await did()).assertionMethod).toHaveLength(2);
    expect(await resolvesAndVerifies(await coreIdentityJwt())).toContain(
      h.keys.coreIdentity.secondary.kid,
    );
    const useOnly = configFromEnv({ USE_NEW_CORE_IDENTITY_SIGNING_KEYS: 'true' });
    if (!useOnly.ok) throw new Error(JSON.stringify(useOnly.error));
    expect(useOnly.value.config.usingNewCoreIdentitySigningKeys).toBe(false);
    expect(useOnly.value.warnings).toHaveLength(1);
  });
});
