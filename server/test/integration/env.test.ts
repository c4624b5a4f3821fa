/**
 * Environment variables end to end: a simulator built from configFromEnv behaves as the variables
 * say, and POST /config overrides them while the process runs.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { importPKCS8 } from 'jose';
import { configFromEnv, type Env } from '../../src/config/from-env.js';
import {
  authorize,
  exchange,
  expectRedirectError,
  expectStillServing,
  getCode,
  getUserinfo,
  harness,
  postToken,
  signIn,
  signInWithUserinfo,
  tokenForm,
  assertion,
} from '../helpers/protocol.js';
import { VOCAB } from '../helpers/relying-party.js';

async function fromEnv(env: Env) {
  const result = configFromEnv(env);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return harness({ config: result.value.config });
}

describe('a simulator configured by environment variables', () => {
  it('CLIENT_ID, REDIRECT_URLS and SIMULATOR_URL drive the flow', async () => {
    const h = await fromEnv({
      CLIENT_ID: 'env-client',
      REDIRECT_URLS: 'https://rp.example/cb, https://rp.example/other',
      SIMULATOR_URL: 'https://sim.example/',
    });
    const { idClaims } = await signIn(
      h,
      { client_id: 'env-client', redirect_uri: 'https://rp.example/other' },
      {
        redirect_uri: 'https://rp.example/other',
        client_assertion: await assertion(h, { clientId: 'env-client' }),
      },
    );
    expect(idClaims.aud).toBe('env-client');
    expect(idClaims.iss).toBe('https://sim.example/');
    const stale = await authorize(h, { client_id: 'env-client' });
    expect(stale.status).toBe(400);
  });

  it('SCOPES limits the scopes a request may ask for', async () => {
    const h = await fromEnv({ SCOPES: 'openid' });
    expectRedirectError(await authorize(h, { scope: 'openid email' }), {
      error: 'invalid_scope',
      description: 'Invalid, unknown or malformed scope',
      state: 'state-1',
    });
    expect((await signIn(h, { scope: 'openid' })).idClaims.vot).toBe('Cl.Cm');
  });

  it('CLAIMS with short names allow those identity claims', async () => {
    const h = await fromEnv({ CLAIMS: 'passport,coreIdentityJWT' });
    const claims = JSON.stringify({
      userinfo: { [`${VOCAB}/passport`]: null, [`${VOCAB}/coreIdentityJWT`]: null },
    });
    const { tokens } = await signIn(h, { scope: 'openid', vtr: '["Cl.Cm.P2"]', claims });
    const info = await getUserinfo(h.app, tokens.access_token);
    expect(typeof info.body[`${VOCAB}/coreIdentityJWT`]).toBe('string');
    expectRedirectError(
      await authorize(h, {
        vtr: '["Cl.Cm.P2"]',
        claims: JSON.stringify({ userinfo: { [`${VOCAB}/address`]: null } }),
      }),
      {
        error: 'invalid_request',
        description: 'Request contains invalid claims',
        state: 'state-1',
      },
    );
  });

  it('CLIENT_LOCS and IDENTITY_VERIFICATION_SUPPORTED decide which levels may be asked', async () => {
    const h = await fromEnv({ CLIENT_LOCS: 'P0' });
    expectRedirectError(await authorize(h, { vtr: '["Cl.Cm.P2"]' }), {
      error: 'invalid_request',
      description: 'Request vtr not valid',
      state: 'state-1',
    });
    const off = await fromEnv({ IDENTITY_VERIFICATION_SUPPORTED: 'false' });
    expectRedirectError(await authorize(off, { vtr: '["Cl.Cm.P2"]' }), {
      error: 'invalid_request',
      description: 'Request vtr not valid',
      state: 'state-1',
    });
  });

  it('ID_TOKEN_SIGNING_ALGORITHM=RS256', async () => {
    const h = await fromEnv({ ID_TOKEN_SIGNING_ALGORITHM: 'RS256' });
    expect((await signIn(h)).idHeader.alg).toBe('RS256');
  });

  it('SUB, EMAIL, PHONE_NUMBER and the verified flags reach /userinfo', async () => {
    const h = await fromEnv({
      SUB: 'urn:fdc:env',
      EMAIL: 'env@example.com',
      EMAIL_VERIFIED: 'false',
      PHONE_NUMBER: '+447700900123',
      PHONE_NUMBER_VERIFIED: 'false',
    });
    const { userinfo, idClaims } = await signInWithUserinfo(h);
    expect(idClaims.sub).toBe('urn:fdc:env');
    expect(userinfo).toEqual({
      sub: 'urn:fdc:env',
      email: 'env@example.com',
      email_verified: false,
      phone_number: '+447700900123',
      phone_number_verified: false,
    });
  });

  it('AUTHORISE_ERRORS=ACCESS_DENIED', async () => {
    const h = await fromEnv({ AUTHORISE_ERRORS: 'ACCESS_DENIED' });
    expectRedirectError(await authorize(h), {
      error: 'access_denied',
      description: 'Access denied by resource owner or authorization server',
      state: 'state-1',
    });
  });

  it('PUBLIC_KEY with an EC key: ES256 client assertions', async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const h = await fromEnv({
      PUBLIC_KEY: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const key = await importPKCS8(
      pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'ES256',
    );
    const code = await getCode(h);
    const res = await postToken(
      h.app,
      await tokenForm(h, code, { client_assertion: await assertion(h, { alg: 'ES256', key }) }),
    );
    expect(res.status).toBe(200);
  });

  it('POST /config overrides the environment; a reset returns to it', async () => {
    const h = await fromEnv({ SUB: 'urn:fdc:env', AUTHORISE_ERRORS: 'ACCESS_DENIED' });
    const res = await request(h.app)
      .post('/config')
      .send({ responseConfiguration: { sub: 'urn:fdc:posted' } });
    expect(res.status).toBe(200);
    // The POST omitted errorConfiguration: the env-set errors are cleared.
    expect(res.body.errorConfiguration.authoriseErrors).toEqual([]);
    expect((await signIn(h)).idClaims.sub).toBe('urn:fdc:posted');
    h.simulator.config.reset();
    expect(h.config().responseConfiguration.sub).toBe('urn:fdc:env');
    expect(h.config().errorConfiguration.authoriseErrors).toEqual(['ACCESS_DENIED']);
  });

  it('a simulator built from env keeps serving after bad requests', async () => {
    const h = await fromEnv({ CLIENT_ID: 'env-client', SCOPES: 'openid,email' });
    expect((await request(h.app).get('/authorize?client_id=env-client&scope=bogus')).status).toBe(
      400,
    );
    expect((await exchange(h, 'nope')).status).toBe(400);
    await expectStillServing(h.app, h.clock);
  });
});
