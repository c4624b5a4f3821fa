/**
 * A service whose server reaches the simulator by another name than the tester's browser does
 * (a container name, here the second loopback name 127.0.0.1, while the browser uses localhost):
 * discovery places token, userinfo and JWKS at the back-channel address; authorize and the issuer
 * stay at the browser's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import * as client from 'openid-client';
import request from 'supertest';
import {
  createSimulator,
  startSimulator,
  type RunningSimulator,
  type Simulator,
} from '../../src/index.js';
import { testKeys } from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  defaultClientKey,
  signClientAssertion,
} from '../helpers/relying-party.js';
import { ASSERTION_TYPE } from '../helpers/protocol.js';

let sim: Simulator;
let running: RunningSimulator;
let browserUrl: string;
let backchannelUrl: string;

beforeAll(async () => {
  const port = await freePort();
  browserUrl = `http://localhost:${port}`;
  backchannelUrl = `http://127.0.0.1:${port}`;
  sim = createSimulator({ keys: await testKeys(), backchannelUrl });
  sim.config.rebase(browserUrl);
  const started = await startSimulator(sim, { port });
  if (!started.ok) throw new Error(started.error.detail);
  running = started.value;
});
afterAll(() => running.close());

/** The service: discovery and every server-side call through the back channel. */
async function service(prefix = ''): Promise<client.Configuration> {
  return client.discovery(
    new URL(`${backchannelUrl}${prefix}/.well-known/openid-configuration`),
    DEFAULT_CLIENT_ID,
    { id_token_signed_response_alg: 'ES256' },
    client.PrivateKeyJwt(await defaultClientKey('RS256')),
    { execute: [client.allowInsecureRequests] },
  );
}

async function signInThroughTwoNames(prefix: string) {
  const rp = await service(prefix);
  const meta = rp.serverMetadata();
  expect(meta.issuer).toBe(`${browserUrl}${prefix}/`);
  expect(meta.authorization_endpoint).toBe(`${browserUrl}${prefix}/authorize`);
  expect(meta.token_endpoint).toBe(`${backchannelUrl}${prefix}/token`);
  expect(meta.userinfo_endpoint).toBe(`${backchannelUrl}${prefix}/userinfo`);
  expect(meta.jwks_uri).toBe(`${backchannelUrl}${prefix}/.well-known/jwks.json`);
  expect(meta.end_session_endpoint).toBe(`${browserUrl}${prefix}/logout`);
  client.enableNonRepudiationChecks(rp);

  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid email',
    nonce,
    state,
  });
  expect(url.host).toBe(new URL(browserUrl).host);
  // The browser, at localhost.
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  // The service's server, at 127.0.0.1.
  const tokens = await client.authorizationCodeGrant(
    rp,
    new URL(res.headers.get('location') as string),
    { expectedNonce: nonce, expectedState: state, idTokenExpected: true },
  );
  expect(tokens.claims()?.iss).toBe(`${browserUrl}${prefix}/`);
  const userinfo = await client.fetchUserInfo(
    rp,
    tokens.access_token,
    tokens.claims()?.sub as string,
  );
  expect(userinfo.email).toBeTruthy();
  return tokens;
}

function hostsSeen(simulator?: string): Record<string, string[]> {
  const seen: Record<string, string[]> = {};
  for (const e of sim.log.list()) {
    if (e.simulator !== simulator) continue;
    (seen[e.endpoint] ??= []).push(e.request.headers.host ?? '');
  }
  for (const k of Object.keys(seen)) seen[k] = [...new Set(seen[k])];
  return seen;
}

describe('back-channel address', () => {
  it('the browser reaches /authorize at localhost, the service token, userinfo and JWKS at 127.0.0.1', async () => {
    await signInThroughTwoNames('');
    const hosts = hostsSeen();
    const front = new URL(browserUrl).host;
    const back = new URL(backchannelUrl).host;
    expect(hosts.authorize).toEqual([front]);
    expect(hosts.token).toEqual([back]);
    expect(hosts.userinfo).toEqual([back]);
    expect(hosts.jwks).toEqual([back]);
    expect(hosts.discovery).toEqual([back]);
  });

  it('a named simulator follows the same split under its own path', async () => {
    await signInThroughTwoNames('/sim/ci');
    const hosts = hostsSeen('ci');
    expect(hosts.authorize).toEqual([new URL(browserUrl).host]);
    expect(hosts.token).toEqual([new URL(backchannelUrl).host]);
  });

  it('client assertions addressed to either token URL, or to the issuer, are accepted; others not', async () => {
    const code = async () => {
      const res = await fetch(
        `${browserUrl}/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: DEFAULT_CLIENT_ID,
          redirect_uri: DEFAULT_REDIRECT_URI,
          scope: 'openid',
          state: 's',
          nonce: 'n',
        }).toString()}`,
        { redirect: 'manual' },
      );
      return new URL(res.headers.get('location') as string).searchParams.get('code') as string;
    };
    const redeem = async (aud: string) =>
      fetch(`${backchannelUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'service' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: await code(),
          redirect_uri: DEFAULT_REDIRECT_URI,
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: await signClientAssertion({ baseUrl: browserUrl, claims: { aud } }),
        }),
      });
    for (const aud of [`${backchannelUrl}/token`, `${browserUrl}/token`, `${browserUrl}/`]) {
      const res = await redeem(aud);
      expect(res.status, `${aud}: ${await res.clone().text()}`).toBe(200);
    }
    for (const aud of [`${backchannelUrl}/`, 'http://elsewhere.example/token']) {
      const res = await redeem(aud);
      const body = (await res.json()) as { error: string; error_description: string };
      expect([400, 401], aud).toContain(res.status);
      expect(body.error_description, aud).toMatch(/private_key_jwt/);
    }
  });

  it('without a back-channel address, discovery keeps every endpoint at simulatorUrl', async () => {
    const plain = createSimulator({ keys: await testKeys() });
    try {
      const base = plain.config.get().simulatorUrl;
      const doc = (await request(plain.app).get('/.well-known/openid-configuration').expect(200))
        .body as Record<string, string>;
      for (const key of [
        'token_endpoint',
        'userinfo_endpoint',
        'jwks_uri',
        'authorization_endpoint',
      ])
        expect(doc[key]?.startsWith(`${base}/`), key).toBe(true);
    } finally {
      plain.close();
    }
  });
});
