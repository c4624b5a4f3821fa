/**
 * Each built-in persona, applied through the admin API, gives the /userinfo a relying party
 * expects, through a real authorize → token → userinfo flow over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { VOCAB, authorizeQuery, redirectParams, runFlow } from '../helpers/relying-party.js';
import { BUILT_IN_PERSONAS } from '../../src/presets/built-in-personas.js';
import type { Persona } from '../../src/presets/preset-types.js';

const API = '/_simulator/api';
const ALL_CLAIMS = ['coreIdentityJWT', 'address', 'passport', 'drivingPermit', 'returnCode'];
const claimsRequest = (names: string[]) =>
  JSON.stringify({ userinfo: Object.fromEntries(names.map((n) => [`${VOCAB}/${n}`, null])) });

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
  // The client may ask for every identity claim (passport and drivingPermit are not in the defaults).
  const res = await fetch(`${sim.baseUrl}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientConfiguration: { claims: ALL_CLAIMS.map((c) => `${VOCAB}/${c}`) },
      errorConfiguration: { coreIdentityErrors: [], idTokenErrors: [], authoriseErrors: [] },
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => sim.close());

async function apply(id: string): Promise<void> {
  const res = await fetch(`${sim.baseUrl}${API}/personas/${id}/apply`, { method: 'POST' });
  expect(res.status).toBe(200);
}

async function authorizeError(vtr: string, claims: string[]): Promise<string | null> {
  const query = authorizeQuery({ vtr, claims: claimsRequest(claims) });
  const res = await fetch(`${sim.baseUrl}/authorize?${query}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return redirectParams(res.headers.get('location') as string).get('error');
}

const persona = (id: string): Persona => {
  const found = BUILT_IN_PERSONAS.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};

const proven = BUILT_IN_PERSONAS.filter((p) => p.responseConfiguration.maxLoCAchieved === 'P2');
const notProven = BUILT_IN_PERSONAS.filter((p) => p.responseConfiguration.maxLoCAchieved === 'P0');

describe('personas with identity proven (P2)', () => {
  it.each(proven.map((p) => [p.id, p]))('%s', async (id, p) => {
    await apply(id);
    const r = p.responseConfiguration;
    const flow = await runFlow(sim.baseUrl, {
      authorize: { vtr: '["Cl.Cm.P2"]', claims: claimsRequest(ALL_CLAIMS) },
    });
    const info = flow.userinfo;
    expect(info.sub).toBe(r.sub);
    expect(info.email).toBe(r.email);
    expect(info.email_verified).toBe(r.emailVerified);
    if (r.phoneNumber === null) expect(info).not.toHaveProperty('phone_number');
    else expect(info.phone_number).toBe(r.phoneNumber);
    expect(info.phone_number_verified).toBe(r.phoneNumberVerified);

    const core = decodeJwt(info[`${VOCAB}/coreIdentityJWT`] as string);
    expect(core.sub).toBe(r.sub);
    expect(core.vc).toEqual(r.coreIdentityVerifiableCredentials);

    const expectClaim = (name: string, value: unknown) => {
      if (value === null) expect(info).not.toHaveProperty(`${VOCAB}/${name}`);
      else expect(info[`${VOCAB}/${name}`]).toEqual(value);
    };
    expectClaim('address', r.postalAddressDetails);
    expectClaim('passport', r.passportDetails);
    expectClaim('drivingPermit', r.drivingPermitDetails);
    expectClaim('returnCode', r.returnCodes);
  });

  it('return code with identity proven: access_denied unless the request asks for returnCode', async () => {
    await apply('return-code-identity-succeeds');
    expect(await authorizeError('["Cl.Cm.P2"]', ['coreIdentityJWT'])).toBe('access_denied');
  });
});

describe('personas without identity (P0)', () => {
  it.each(notProven.map((p) => [p.id, p]))(
    '%s: P2 with the returnCode claim gives a code and no core identity',
    async (id, p) => {
      await apply(id);
      const r = p.responseConfiguration;
      const flow = await runFlow(sim.baseUrl, {
        authorize: { vtr: '["Cl.Cm.P2"]', claims: claimsRequest(ALL_CLAIMS) },
      });
      expect(flow.userinfo.sub).toBe(r.sub);
      expect(flow.userinfo).not.toHaveProperty(`${VOCAB}/coreIdentityJWT`);
      expect(flow.userinfo).not.toHaveProperty(`${VOCAB}/passport`);
      expect(flow.userinfo[`${VOCAB}/returnCode`]).toEqual(r.returnCodes);
    },
  );

  it.each(notProven.map((p) => [p.id]))(
    '%s: P2 without the returnCode claim is access_denied',
    async (id) => {
      await apply(id);
      expect(await authorizeError('["Cl.Cm.P2"]', ['coreIdentityJWT', 'address'])).toBe(
        'access_denied',
      );
    },
  );

  it('authentication only: Cl.Cm signs in with no identity claims', async () => {
    await apply('authentication-only');
    const r = persona('authentication-only').responseConfiguration;
    const flow = await runFlow(sim.baseUrl, { authorize: { vtr: '["Cl.Cm"]' } });
    expect(flow.userinfo).toEqual({
      sub: r.sub,
      email: r.email,
      email_verified: true,
      phone_number: r.phoneNumber,
      phone_number_verified: true,
    });
    const idToken = decodeJwt(flow.tokenBody.id_token as string);
    expect(idToken.sub).toBe(r.sub);
    expect(idToken.vot).toBe('Cl.Cm');
  });

  it('return code D: the relying party reads the failure from returnCode', async () => {
    await apply('return-code-identity-fails');
    const flow = await runFlow(sim.baseUrl, {
      authorize: { vtr: '["Cl.Cm.P2"]', claims: claimsRequest(['coreIdentityJWT', 'returnCode']) },
    });
    expect(flow.userinfo[`${VOCAB}/returnCode`]).toEqual([{ code: 'D' }]);
    expect(flow.userinfo).not.toHaveProperty(`${VOCAB}/coreIdentityJWT`);
  });
});

describe('built-in scenarios through a flow', () => {
  it('verified-with-passport on a default client returns the passport claim', async () => {
    const fresh = await listeningSimulator();
    try {
      const res = await fetch(`${fresh.baseUrl}${API}/scenarios/verified-with-passport/apply`, {
        method: 'POST',
      });
      expect(res.status).toBe(200);
      const flow = await runFlow(fresh.baseUrl, {
        authorize: { vtr: '["Cl.Cm.P2"]', claims: claimsRequest(['passport', 'coreIdentityJWT']) },
      });
      expect(flow.userinfo[`${VOCAB}/passport`]).toEqual(
        persona('identity-passport').responseConfiguration.passportDetails,
      );
    } finally {
      await fresh.close();
    }
  });

  it('identity-fails-without-return-codes: access_denied at /authorize for P2', async () => {
    const fresh = await listeningSimulator();
    try {
      await fetch(`${fresh.baseUrl}${API}/scenarios/identity-fails-without-return-codes/apply`, {
        method: 'POST',
      });
      const query = authorizeQuery({
        vtr: '["Cl.Cm.P2"]',
        claims: claimsRequest(['coreIdentityJWT']),
      });
      const res = await fetch(`${fresh.baseUrl}/authorize?${query}`, { redirect: 'manual' });
      expect(redirectParams(res.headers.get('location') as string).get('error')).toBe(
        'access_denied',
      );
    } finally {
      await fresh.close();
    }
  });
});
