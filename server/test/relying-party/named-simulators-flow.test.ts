/**
 * Eight named simulators in one process, driven in parallel by openid-client as eight test
 * workers would: each configures its own client, user, switches and key rotation at
 * /sim/worker-<n>/, signs in, and sees nothing of the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeProtectedHeader, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';

const WORKERS = 8;
let sim: ListeningSimulator;

beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

interface Worker {
  n: number;
  base: string;
  clientId: string;
  redirectUri: string;
  sub: string;
  email: string;
  rotated: boolean;
  publicKeyPem: string;
  privateKey: CryptoKey;
  rp: client.Configuration;
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** What a test worker does first: its own client, user and (odd workers) rotated ID token keys. */
async function setUpWorker(n: number): Promise<Worker> {
  const base = `${sim.baseUrl}/sim/worker-${n}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const w = {
    n,
    base,
    clientId: `client-of-worker-${n}`,
    redirectUri: `http://localhost:8080/worker-${n}/callback`,
    sub: `urn:fdc:gov.uk:2022:worker-${n}`,
    email: `worker-${n}@example.com`,
    rotated: n % 2 === 1,
    publicKeyPem: await exportSPKI(publicKey),
    privateKey,
  };
  const res = await post(`${base}/config`, {
    clientConfiguration: {
      clientId: w.clientId,
      publicKey: w.publicKeyPem,
      redirectUrls: [w.redirectUri],
    },
    responseConfiguration: { sub: w.sub, email: w.email },
    ...(w.rotated ? { publishNewIdTokenSigningKeys: true, useNewIdTokenSigningKeys: true } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const rp = await discover(base, w.clientId, privateKey);
  client.enableNonRepudiationChecks(rp);
  return { ...w, rp };
}

function discover(base: string, clientId: string, key: CryptoKey): Promise<client.Configuration> {
  return client.discovery(
    new URL(`${base}/`),
    clientId,
    { id_token_signed_response_alg: 'ES256' },
    client.PrivateKeyJwt(key),
    { execute: [client.allowInsecureRequests] },
  );
}

async function authorize(w: Worker): Promise<{ location: URL; nonce: string; state: string }> {
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(w.rp, {
    redirect_uri: w.redirectUri,
    scope: 'openid email',
    nonce,
    state,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return { location: new URL(res.headers.get('location') as string), nonce, state };
}

async function signIn(w: Worker) {
  const { location, nonce, state } = await authorize(w);
  const tokens = await client.authorizationCodeGrant(w.rp, location, {
    expectedNonce: nonce,
    expectedState: state,
    idTokenExpected: true,
  });
  const userinfo = await client.fetchUserInfo(w.rp, tokens.access_token, w.sub);
  return { tokens, userinfo, kid: decodeProtectedHeader(tokens.id_token as string).kid };
}

async function jwksKids(base: string): Promise<string[]> {
  const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as {
    keys: { kid: string }[];
  };
  return jwks.keys.map((k) => k.kid);
}

describe('eight named simulators in parallel', () => {
  let workers: Worker[];

  it('each worker configures its own simulator on first use and signs in as its own user', async () => {
    workers = await Promise.all(Array.from({ length: WORKERS }, (_, n) => setUpWorker(n)));
    const results = await Promise.all(workers.map((w) => signIn(w)));
    for (const [i, r] of results.entries()) {
      const w = workers[i] as Worker;
      const claims = r.tokens.claims();
      expect(claims?.iss).toBe(`${w.base}/`);
      expect(claims?.aud).toBe(w.clientId);
      expect(claims?.sub).toBe(w.sub);
      expect(r.userinfo.email).toBe(w.email);
    }
    const list = (await (await fetch(`${sim.baseUrl}/_simulator/api/simulators`)).json()) as {
      simulators: { name: string; issuer: string }[];
    };
    expect(list.simulators.map((s) => s.name)).toEqual(
      Array.from({ length: WORKERS }, (_, n) => `worker-${n}`),
    );
    // Keys: every simulator has its own; odd workers sign with their new (rotated) key.
    const kids = await Promise.all(workers.map((w) => jwksKids(w.base)));
    for (const [i, r] of results.entries()) {
      expect(kids[i]).toContain(r.kid);
      for (const [j, other] of kids.entries()) if (j !== i) expect(other).not.toContain(r.kid);
    }
    const rootKids = await jwksKids(sim.baseUrl);
    for (const r of results) expect(rootKids).not.toContain(r.kid);
    // Published keys: old and new (ES256 and RS256) where rotated, the first two elsewhere.
    for (const [i, w] of workers.entries()) expect(kids[i]).toHaveLength(w.rotated ? 4 : 2);
  });

  it('a switch in one simulator is absent from the others, while all sign in at once', async () => {
    const [first] = workers as [Worker];
    const on = await post(`${first.base}/_simulator/api/switches`, {
      group: 'idTokenErrors',
      name: 'INVALID_AUD',
      on: true,
    });
    expect(on.status, await on.clone().text()).toBe(200);
    const outcomes = await Promise.allSettled(workers.map((w) => signIn(w)));
    expect(outcomes[0]?.status).toBe('rejected');
    for (const o of outcomes.slice(1)) expect(o.status).toBe('fulfilled');
    const configs = await Promise.all(
      workers.map(
        async (w) =>
          (await (await fetch(`${w.base}/config`)).json()) as {
            errorConfiguration: { idTokenErrors: string[] };
            clientConfiguration: { clientId: string };
          },
      ),
    );
    expect(configs[0]?.errorConfiguration.idTokenErrors).toEqual(['INVALID_AUD']);
    for (const [i, c] of configs.entries()) {
      if (i > 0) expect(c.errorConfiguration.idTokenErrors).toEqual([]);
      expect(c.clientConfiguration.clientId).toBe(workers[i]?.clientId);
    }
    const root = sim.simulator.config.get();
    expect(root.errorConfiguration.idTokenErrors).toEqual([]);
    await fetch(`${first.base}/_simulator/api/switches`, { method: 'DELETE' });
  });

  it('a code or an access token from one simulator is refused by every other', async () => {
    const [a, b] = workers as [Worker, Worker];
    // worker-1 set up to accept worker-0's very client: worker-0's code must still be refused.
    const same = await post(`${b.base}/config`, {
      clientConfiguration: {
        clientId: a.clientId,
        publicKey: a.publicKeyPem,
        redirectUrls: [a.redirectUri],
      },
    });
    expect(same.status).toBe(200);
    const { location, state, nonce } = await authorize(a);
    const atB = await discover(b.base, a.clientId, a.privateKey);
    const refused = await client
      .authorizationCodeGrant(atB, location, { expectedState: state })
      .then(
        () => undefined,
        (e: unknown) => e as { error?: string },
      );
    expect(refused?.error).toBe('invalid_grant');
    // The code was not spent by the refusal: it is still good where it was issued.
    const good = await client.authorizationCodeGrant(a.rp, location, {
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    expect(good.claims()?.sub).toBe(a.sub);

    const { tokens } = await signIn(a);
    for (const w of (workers as Worker[]).slice(1)) {
      const res = await fetch(`${w.base}/userinfo`, {
        headers: { authorization: `Bearer ${tokens.access_token}`, 'user-agent': 'test' },
      });
      expect(res.status).toBe(401);
    }
    const atRoot = await fetch(`${sim.baseUrl}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, 'user-agent': 'test' },
    });
    expect(atRoot.status).toBe(401);
  });

  it('the one log tells the simulators apart', async () => {
    const page = (await (
      await fetch(`${sim.baseUrl}/_simulator/api/exchanges?simulator=worker-3&limit=1000`)
    ).json()) as { items: { simulator?: string; request: { path: string } }[] };
    expect(page.items.length).toBeGreaterThan(4);
    for (const e of page.items) {
      expect(e.simulator).toBe('worker-3');
      expect(e.request.path.startsWith('/sim/worker-3/')).toBe(true);
    }
    const har = (await (
      await fetch(`${sim.baseUrl}/_simulator/api/exchanges.har?simulator=worker-5`)
    ).json()) as { log: { entries: { _simulator?: string; request: { url: string } }[] } };
    expect(har.log.entries.length).toBeGreaterThan(4);
    for (const e of har.log.entries) {
      expect(e._simulator).toBe('worker-5');
      expect(e.request.url).toContain('/sim/worker-5/');
    }
  });
});
