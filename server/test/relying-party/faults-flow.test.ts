/**
 * Faults at endpoints, seen over real HTTP by a relying party (openid-client where it makes the
 * call, fetch otherwise): outages with a chosen 5xx status, dropped connections and added
 * latency, until switched off or for the next N requests. A client that caches the JWKS, as the
 * provider document asks, keeps signing users in through a JWKS outage.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import type { Fault } from '../../src/config/config-types.js';
import {
  discoverDefaultClient,
  rejection,
  signIn as signInWith,
} from '../helpers/openid-client.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { DEFAULT_REDIRECT_URI } from '../helpers/relying-party.js';

let sim: ListeningSimulator;
let config: client.Configuration;

beforeAll(async () => {
  sim = await listeningSimulator();
  config = await discoverDefaultClient(sim.baseUrl);
});
afterAll(() => sim.close());
beforeEach(() => setFaults([]));

async function setFaults(faults: Fault[]): Promise<void> {
  const res = await fetch(`${sim.baseUrl}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ errorConfiguration: { faults } }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const signIn = (rp = config) => signInWith(rp);

const statusOf = (error: Record<string, unknown>): number | undefined =>
  error.cause instanceof Response ? error.cause.status : (error.status as number | undefined);

const lastExchangeAt = (path: string) =>
  sim.simulator.log
    .list()
    .filter((e) => e.request.path === path)
    .at(-1);

/** A request to `path` as a relying party makes it (User-Agent set, as every client sends). */
const get = (path: string) =>
  fetch(`${sim.baseUrl}${path}`, { redirect: 'manual', headers: { 'user-agent': 'rp-test' } });

const ENDPOINTS: [Fault['target'], string][] = [
  ['discovery', '/.well-known/openid-configuration'],
  ['jwks', '/.well-known/jwks.json'],
  ['did', '/.well-known/did.json'],
  ['trustmark', '/trustmark'],
  ['authorize', '/authorize'],
  ['userinfo', '/userinfo'],
  ['logout', '/logout'],
];

describe('outage', () => {
  it.each(ENDPOINTS)(
    '%s: answers the chosen 5xx, labelled; off, it answers again',
    async (target, path) => {
      await setFaults([{ target, kind: 'outage', status: 503 }]);
      const res = await get(path);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: 'server_error' });
      expect(lastExchangeAt(path)?.scenarios).toEqual([`fault:${target}:outage`]);

      await setFaults([]);
      const back = await get(path);
      expect(back.status).toBeLessThan(500);
    },
  );

  it('token: openid-client sees the 502 at the code exchange; off, the next flow succeeds', async () => {
    await setFaults([{ target: 'token', kind: 'outage', status: 502 }]);
    const error = await rejection(exchangeCode());
    expect(statusOf(error)).toBe(502);
    await setFaults([]);
    await signIn();
  });

  it('discovery: a relying party starting now cannot discover the provider', async () => {
    await setFaults([{ target: 'discovery', kind: 'outage', status: 500 }]);
    const error = await rejection(discoverDefaultClient(sim.baseUrl));
    expect(statusOf(error)).toBe(500);
    await setFaults([]);
    await discoverDefaultClient(sim.baseUrl);
  });

  it('for the next N requests: counted down, then gone from the configuration', async () => {
    await setFaults([{ target: 'userinfo', kind: 'outage', status: 500, requests: 2 }]);
    const { tokens } = await signInUntilUserinfo();
    const call = () =>
      client.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub as string);
    expect(statusOf(await rejection(call()))).toBe(500);
    const left = (await (await fetch(`${sim.baseUrl}/config`)).json()) as {
      errorConfiguration: { faults: Fault[] };
    };
    expect(left.errorConfiguration.faults).toEqual([
      { target: 'userinfo', kind: 'outage', status: 500, requests: 1 },
    ]);
    expect(statusOf(await rejection(call()))).toBe(500);
    expect((await call()).email).toBe('test@example.com');
    const after = (await (await fetch(`${sim.baseUrl}/config`)).json()) as {
      errorConfiguration: { faults: Fault[] };
    };
    expect(after.errorConfiguration.faults).toEqual([]);
  });
});

/** Authorize, then the code exchange (where a /token fault shows). */
async function exchangeCode() {
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid email',
    nonce,
    state,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return client.authorizationCodeGrant(config, new URL(res.headers.get('location') as string), {
    expectedNonce: nonce,
    expectedState: state,
  });
}

/** Sign-in up to the tokens (the userinfo call is the test's). */
async function signInUntilUserinfo() {
  return { tokens: await exchangeCode() };
}

describe('dropped connection', () => {
  it('token: the connection closes without an answer; the log says so', async () => {
    await setFaults([{ target: 'token', kind: 'drop' }]);
    const error = await rejection(exchangeCode());
    expect(statusOf(error)).toBeUndefined();
    await expect
      .poll(() => lastExchangeAt('/token')?.outcome)
      .toMatchObject({
        kind: 'error',
        code: 'connection_dropped',
      });
    expect(lastExchangeAt('/token')?.scenarios).toEqual(['fault:token:drop']);
    // Nothing was sent: the log shows no response headers (the prepared ones never left).
    expect(lastExchangeAt('/token')?.aborted).toBe(true);
    expect(lastExchangeAt('/token')?.response.headers).toEqual({});
    await setFaults([]);
    await signIn();
  });

  it('did: fetch fails, nothing is answered', async () => {
    await setFaults([{ target: 'did', kind: 'drop', requests: 1 }]);
    await expect(get('/.well-known/did.json')).rejects.toThrow();
    expect((await get('/.well-known/did.json')).status).toBe(200);
  });
});

describe('latency', () => {
  it('jwks: the answer comes late, but it comes', async () => {
    await setFaults([{ target: 'jwks', kind: 'latency', ms: 300 }]);
    const t0 = performance.now();
    const res = await get('/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    expect(lastExchangeAt('/.well-known/jwks.json')?.scenarios).toEqual(['fault:jwks:latency']);
    await setFaults([]);
    const t1 = performance.now();
    await get('/.well-known/jwks.json');
    expect(performance.now() - t1).toBeLessThan(290);
  });

  it('latency then outage at one endpoint: late, then failed', async () => {
    await setFaults([
      { target: 'trustmark', kind: 'latency', ms: 150 },
      { target: 'trustmark', kind: 'outage', status: 504 },
    ]);
    const t0 = performance.now();
    expect((await get('/trustmark')).status).toBe(504);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });
});

describe('a relying party that caches the JWKS', () => {
  it('keeps signing users in through a JWKS outage; one that never fetched it cannot', async () => {
    // The long-lived client fetched the key set during an earlier sign-in.
    await signIn();
    await setFaults([{ target: 'jwks', kind: 'outage', status: 503 }]);
    const { tokens } = await signIn();
    expect(tokens.claims()?.sub).toBeTypeOf('string');

    // A client discovered during the outage has no cached keys: its ID token check fails.
    const fresh = await discoverDefaultClient(sim.baseUrl);
    const error = await rejection(signIn(fresh));
    expect(statusOf(error)).toBe(503);

    await setFaults([]);
    await signIn(fresh);
  });
});
