/**
 * A PKCE-enforced client (pkceEnforced) driven by openid-client: discovery advertises S256, a
 * request without a challenge is refused, the right verifier gets tokens, a wrong one does not;
 * at the root simulator and at a named one of the same process, each configured at its /config.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { discoverDefaultClient } from '../helpers/openid-client.js';
import {
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import { DEFAULT_REDIRECT_URI } from '../helpers/relying-party.js';

let sim: ListeningSimulator;
// The client of the simulator the running describe block signs in at.
let config: client.Configuration;

beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

async function authorize(extra: Record<string, string>) {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid email',
    state,
    nonce,
    ...extra,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return { callback: new URL(res.headers.get('location') as string), state, nonce };
}

describe.each(SIMULATOR_PATHS)('PKCE with openid-client at $at', ({ path }) => {
  beforeAll(async () => {
    const base = `${sim.baseUrl}${path}`;
    const res = await fetch(`${base}/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientConfiguration: { pkceEnforced: true } }),
    });
    expect(res.status).toBe(200);
    config = await discoverDefaultClient(`${base}/`);
  });

  it('discovery advertises S256 while enforced', () => {
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);
    expect(config.serverMetadata().supportsPKCE()).toBe(true);
  });

  it('the right verifier gets tokens and userinfo', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const { callback, state, nonce } = await authorize({
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()?.nonce).toBe(nonce);
    const info = await client.fetchUserInfo(
      config,
      tokens.access_token,
      tokens.claims()?.sub as string,
    );
    expect(info.email).toBe('test@example.com');
  });

  it('a wrong verifier → invalid_grant "PKCE code verification failed"', async () => {
    const { callback, state } = await authorize({
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const error = await client
      .authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ResponseBodyError);
    expect((error as client.ResponseBodyError).error).toBe('invalid_grant');
    expect((error as client.ResponseBodyError).error_description).toBe(
      'PKCE code verification failed',
    );
  });

  it('no challenge → invalid_request at the callback', async () => {
    const { callback, state } = await authorize({});
    const error = await client
      .authorizationCodeGrant(config, callback, { expectedState: state })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.AuthorizationResponseError);
    expect((error as client.AuthorizationResponseError).error).toBe('invalid_request');
    expect((error as client.AuthorizationResponseError).error_description).toBe(
      'Invalid value for code_challenge parameter.',
    );
  });

  it('method plain → invalid_request', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const { callback, state } = await authorize({
      code_challenge: verifier,
      code_challenge_method: 'plain',
    });
    const error = await client
      .authorizationCodeGrant(config, callback, { expectedState: state })
      .catch((e: unknown) => e);
    expect((error as client.AuthorizationResponseError).error_description).toBe(
      'Invalid value for code_challenge_method parameter.',
    );
  });
});
