/**
 * A long-lived openid-client configuration keeps working across an ID token key rotation:
 * publish (the JWKS holds old and new keys), then, a while later, use (tokens carry the new kid;
 * the client refetches the JWKS on the unknown kid, as its cache is older than its cooldown).
 * Only Date is faked, to move past the client's 60-second refetch cooldown without sleeping.
 * At the root simulator and at a named one of the same process (its own keys, rotated there).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as client from 'openid-client';
import { decodeProtectedHeader } from 'jose';
import { discoverDefaultClient } from '../helpers/openid-client.js';
import {
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import type { SimulatorContext } from '../../src/simulator/simulator-context.js';
import { DEFAULT_REDIRECT_URI, IDENTITY_CLAIMS_REQUEST, VOCAB } from '../helpers/relying-party.js';

let sim: ListeningSimulator;
// The simulator the running describe block signs in at: its URL, its client, its own state.
let base: string;
let config: client.Configuration;
let context: SimulatorContext;

beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());
afterEach(() => vi.useRealTimers());

async function postConfig(body: unknown) {
  const res = await fetch(`${base}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function signIn(extra: Record<string, string> = {}) {
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid',
    nonce,
    state,
    ...extra,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const tokens = await client.authorizationCodeGrant(
    config,
    new URL(res.headers.get('location') as string),
    { expectedNonce: nonce, expectedState: state },
  );
  const userinfo = await client.fetchUserInfo(
    config,
    tokens.access_token,
    tokens.claims()?.sub as string,
  );
  return { tokens, kid: decodeProtectedHeader(tokens.id_token as string).kid, userinfo };
}

describe.each(SIMULATOR_PATHS)('ID token key rotation seen by openid-client at $at', ({ path }) => {
  beforeAll(async () => {
    base = `${sim.baseUrl}${path}`;
    config = await discoverDefaultClient(`${base}/`);
    const named =
      path === '' ? undefined : sim.simulator.simulators.get(path.slice('/sim/'.length));
    context = named?.context ?? sim.simulator.context;
  });

  it('publish → use: every sign-in verifies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const keys = await context.keys();
    let jwksFetches = 0;
    sim.simulator.events.on('exchange', (e) => {
      if (e.endpoint === 'jwks' && e.simulator === context.simulatorName) jwksFetches++;
    });

    const before = await signIn();
    expect(before.kid).toBe(keys.idToken.primary.ES256.kid);

    await postConfig({ publishNewIdTokenSigningKeys: true });
    const published = await signIn();
    expect(published.kid).toBe(keys.idToken.primary.ES256.kid);

    // Some time later the provider starts signing with the new key.
    vi.setSystemTime(Date.now() + 61_000);
    await postConfig({ publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true });
    const fetchesBefore = jwksFetches;
    const rotated = await signIn();
    expect(rotated.kid).toBe(keys.idToken.secondary.ES256.kid);
    // The client met an unknown kid and fetched the key set again.
    expect(jwksFetches).toBe(fetchesBefore + 1);
    expect(rotated.userinfo.sub).toBe(before.userinfo.sub);

    // The old key is still published: a switch back needs no refetch.
    await postConfig({ useNewIdTokenSigningKeys: false });
    expect((await signIn()).kid).toBe(keys.idToken.primary.ES256.kid);
    await postConfig({ publishNewIdTokenSigningKeys: false });
  });

  it('the core identity key rotation: both kids resolve in the DID document', async () => {
    const keys = await context.keys();
    await postConfig({
      publishNewCoreIdentitySigningKeys: true,
      useNewCoreIdentitySigningKeys: true,
    });
    const { userinfo } = await signIn({ vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST });
    const kid = decodeProtectedHeader(userinfo[`${VOCAB}/coreIdentityJWT`] as string).kid as string;
    expect(kid.endsWith(`#${keys.coreIdentity.secondary.kid}`)).toBe(true);
    const did = (await (
      await fetch(`${base}/.well-known/did.json`, { headers: { 'user-agent': 'rp' } })
    ).json()) as { assertionMethod: { id: string }[] };
    expect(did.assertionMethod.map((m) => m.id)).toContain(kid);
    expect(did.assertionMethod).toHaveLength(2);
    await postConfig({
      useNewCoreIdentitySigningKeys: false,
      publishNewCoreIdentitySigningKeys: false,
    });
  });
});
