/**
 * openid-client signs the request object (client.buildAuthorizationUrlWithJAR). As the provider
 * document requires, the relying party sets the object's aud to <base>/authorize and repeats
 * response_type and scope in the query; the claims parameter travels as a JSON object. At the root
 * simulator and at a named one of the same process, where <base> carries its prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { discoverDefaultClient } from '../helpers/openid-client.js';
import {
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import {
  DEFAULT_REDIRECT_URI,
  IDENTITY_CLAIMS_REQUEST,
  VOCAB,
  defaultClientKey,
} from '../helpers/relying-party.js';

let sim: ListeningSimulator;
// The simulator the running describe block signs in at, and its client.
let base: string;
let config: client.Configuration;

beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

interface JarOptions {
  audience?: 'authorize' | 'library-default';
  repeatInQuery?: boolean;
}

async function jarUrl(params: Record<string, string>, options: JarOptions = {}): Promise<URL> {
  const url = await client.buildAuthorizationUrlWithJAR(
    config,
    {
      redirect_uri: DEFAULT_REDIRECT_URI,
      scope: 'openid email phone',
      response_type: 'code',
      ...params,
    },
    await defaultClientKey('RS256'),
    options.audience === 'library-default'
      ? {}
      : {
          [client.modifyAssertion]: (_header: unknown, claims: Record<string, unknown>) => {
            claims.aud = `${base}/authorize`;
          },
        },
  );
  if (options.repeatInQuery !== false) {
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', params.scope ?? 'openid email phone');
  }
  return url;
}

async function follow(url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return new URL(res.headers.get('location') as string);
}

describe.each(SIMULATOR_PATHS)('request objects signed by openid-client at $at', ({ path }) => {
  beforeAll(async () => {
    base = `${sim.baseUrl}${path}`;
    config = await discoverDefaultClient(`${base}/`);
  });

  it('signs in with identity: claims as an object, state and nonce from the object', async () => {
    const nonce = client.randomNonce();
    const state = client.randomState();
    const url = await jarUrl({
      nonce,
      state,
      vtr: '["Cl.Cm.P2"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    // Only response_type, scope, client_id and request are in the query.
    expect([...url.searchParams.keys()].sort()).toEqual([
      'client_id',
      'request',
      'response_type',
      'scope',
    ]);
    const callback = await follow(url);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      expectedNonce: nonce,
      expectedState: state,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    expect(claims?.vot).toBe('Cl.Cm');
    expect(claims?.nonce).toBe(nonce);
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims?.sub as string);
    expect(typeof userinfo[`${VOCAB}/coreIdentityJWT`]).toBe('string');
    expect(userinfo[`${VOCAB}/address`]).toHaveLength(1);
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([]);
  });

  it('signs in at Cl.Cm without identity claims', async () => {
    const nonce = client.randomNonce();
    const state = client.randomState();
    const callback = await follow(await jarUrl({ nonce, state, scope: 'openid' }));
    const tokens = await client.authorizationCodeGrant(config, callback, {
      expectedNonce: nonce,
      expectedState: state,
    });
    const userinfo = await client.fetchUserInfo(
      config,
      tokens.access_token,
      tokens.claims()?.sub as string,
    );
    expect(Object.keys(userinfo)).toEqual(['sub']);
  });

  it("the library's default aud (the issuer) is refused with access_denied", async () => {
    const state = client.randomState();
    const callback = await follow(
      await jarUrl({ nonce: client.randomNonce(), state }, { audience: 'library-default' }),
    );
    const error = await client
      .authorizationCodeGrant(config, callback, { expectedState: state })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.AuthorizationResponseError);
    expect((error as client.AuthorizationResponseError).error).toBe('access_denied');
  });

  it('without response_type and scope repeated in the query → unsupported_response_type', async () => {
    const state = client.randomState();
    const callback = await follow(
      await jarUrl({ nonce: client.randomNonce(), state }, { repeatInQuery: false }),
    );
    const error = await client
      .authorizationCodeGrant(config, callback, { expectedState: state })
      .catch((e: unknown) => e);
    expect((error as client.AuthorizationResponseError).error).toBe('unsupported_response_type');
  });
});
