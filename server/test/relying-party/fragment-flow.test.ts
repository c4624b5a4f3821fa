/**
 * response_mode=fragment: the code, state and errors come back in the fragment. As a browser
 * application does, the test hands the fragment's parameters to openid-client, which completes
 * the flow and validates the state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { discoverDefaultClient } from '../helpers/openid-client.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { DEFAULT_REDIRECT_URI } from '../helpers/relying-party.js';

let sim: ListeningSimulator;
let config: client.Configuration;

beforeAll(async () => {
  sim = await listeningSimulator();
  config = await discoverDefaultClient(sim.baseUrl);
});
afterAll(() => sim.close());

/** What the browser page does: read the fragment and pass it on as a query. */
function fragmentToQuery(location: URL): URL {
  expect(location.search).toBe('');
  const url = new URL(location.href);
  url.search = location.hash.slice(1);
  url.hash = '';
  return url;
}

async function authorize(extra: Record<string, string> = {}) {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid',
    response_mode: 'fragment',
    state,
    nonce,
    ...extra,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return { location: new URL(res.headers.get('location') as string), state, nonce };
}

describe('response_mode=fragment with openid-client', () => {
  it('the code arrives in the fragment and the flow completes', async () => {
    const { location, state, nonce } = await authorize();
    expect(location.hash).toMatch(/^#code=/);
    const tokens = await client.authorizationCodeGrant(config, fragmentToQuery(location), {
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()?.nonce).toBe(nonce);
    const info = await client.fetchUserInfo(
      config,
      tokens.access_token,
      tokens.claims()?.sub as string,
    );
    expect(Object.keys(info)).toEqual(['sub']);
  });

  it('a state with reserved characters survives the fragment', async () => {
    const state = 'a b&c=d#e';
    const { location, nonce } = await authorize({ state });
    const tokens = await client.authorizationCodeGrant(config, fragmentToQuery(location), {
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.access_token).toBeTruthy();
  });

  it('errors arrive in the fragment too', async () => {
    const res = await fetch(`${sim.baseUrl}/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorConfiguration: { authoriseErrors: ['ACCESS_DENIED'] } }),
    });
    expect(res.status).toBe(200);
    try {
      const { location, state } = await authorize();
      expect(location.hash).toMatch(/^#error=access_denied/);
      const error = await client
        .authorizationCodeGrant(config, fragmentToQuery(location), { expectedState: state })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(client.AuthorizationResponseError);
      expect((error as client.AuthorizationResponseError).error).toBe('access_denied');
    } finally {
      await fetch(`${sim.baseUrl}/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    }
  });

  it('a state mismatch is caught by the client', async () => {
    const { location } = await authorize();
    await expect(
      client.authorizationCodeGrant(config, fragmentToQuery(location), { expectedState: 'other' }),
    ).rejects.toThrow();
  });
});
