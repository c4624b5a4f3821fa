/**
 * A certified relying-party library (openid-client) signs a user in against the simulator over
 * real HTTP: discovery, authorization URL, redirect, code exchange with private_key_jwt, ID token
 * validation (signature against the JWKS, nonce, vot) and /userinfo, with and without identity;
 * at the root simulator and at a named one of the same process, only the issuer changing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { compactVerify, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { discoverDefaultClient } from '../helpers/openid-client.js';
import {
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  VOCAB,
  IDENTITY_CLAIMS_REQUEST,
} from '../helpers/relying-party.js';

let sim: ListeningSimulator;

beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

async function signIn(config: client.Configuration, extra: Record<string, string>) {
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid email phone',
    nonce,
    state,
    ...extra,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const callback = new URL(res.headers.get('location') as string);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    expectedNonce: nonce,
    expectedState: state,
    idTokenExpected: true,
  });
  return { tokens, nonce };
}

describe.each(SIMULATOR_PATHS)('openid-client against $at', ({ path }) => {
  let base: string;
  let config: client.Configuration;
  beforeAll(async () => {
    base = `${sim.baseUrl}${path}`;
    // The issuer as the library is given it: discovery at <issuer>.well-known/openid-configuration.
    config = await discoverDefaultClient(`${base}/`);
  });

  it('signs a user in at Cl.Cm and reads /userinfo without identity claims', async () => {
    const { tokens, nonce } = await signIn(config, { vtr: '["Cl.Cm"]' });
    const claims = tokens.claims();
    expect(claims?.nonce).toBe(nonce);
    expect(claims?.vot).toBe('Cl.Cm');
    expect(claims?.iss).toBe(`${base}/`);
    expect(claims?.aud).toBe(DEFAULT_CLIENT_ID);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(180);

    // The ID token's signature verifies against the published JWKS, kid and alg matching.
    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string; alg: string }[];
    };
    const header = decodeProtectedHeader(tokens.id_token as string);
    const jwk = jwks.keys.find((k) => k.kid === header.kid);
    expect(jwk?.alg).toBe(header.alg);
    await compactVerify(tokens.id_token as string, await importJWK(jwk as never, header.alg));

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims?.sub as string);
    expect(userinfo.email).toBe('test@example.com');
    expect(userinfo.phone_number).toBe('+447123456789');
    expect(userinfo[`${VOCAB}/coreIdentityJWT`]).toBeUndefined();
    expect(userinfo[`${VOCAB}/address`]).toBeUndefined();
  });

  it('signs a user in at Cl.Cm.P2 and returns a core identity JWT verifiable against the DID document', async () => {
    const { tokens } = await signIn(config, {
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    const idClaims = tokens.claims();
    expect(idClaims?.vot).toBe('Cl.Cm');
    const userinfo = await client.fetchUserInfo(
      config,
      tokens.access_token,
      idClaims?.sub as string,
    );
    expect(userinfo[`${VOCAB}/address`]).toEqual([
      expect.objectContaining({ postalCode: 'GL1 5QB', streetName: 'FRAMPTON ROAD' }),
    ]);
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([]);
    const coreIdentity = userinfo[`${VOCAB}/coreIdentityJWT`] as string;
    expect(typeof coreIdentity).toBe('string');

    // Client-side validation steps of the provider document.
    const header = decodeProtectedHeader(coreIdentity);
    expect(header.alg).toBe('ES256');
    const [didPart, keyId] = (header.kid as string).split('#');
    const did = (await (
      await fetch(`${base}/.well-known/did.json`, { headers: { 'user-agent': 'rp' } })
    ).json()) as { id: string; assertionMethod: { id: string; publicKeyJwk: object }[] };
    expect(didPart).toBe(did.id);
    const method = did.assertionMethod.find((m) => m.id === `${did.id}#${keyId}`);
    expect(method).toBeDefined();
    const { payload } = await jwtVerify(
      coreIdentity,
      await importJWK(method?.publicKeyJwk as never, 'ES256'),
      {
        issuer: `${base}/`,
        audience: DEFAULT_CLIENT_ID,
      },
    );
    expect(payload.sub).toBe(idClaims?.sub);
    expect((payload.exp as number) - (payload.iat as number)).toBe(30 * 60);
    expect(payload.vc).toMatchObject({
      type: ['VerifiableCredential', 'VerifiableIdentityCredential'],
      credentialSubject: { birthDate: [{ value: '1955-04-19' }] },
    });
  });
});
