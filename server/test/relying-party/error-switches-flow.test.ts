/**
 * Every error switch, seen by a certified relying-party library (openid-client) over real HTTP:
 * with the switch on, the flow meets the documented answer at the documented endpoint; switched
 * off, the next flow succeeds. Each affected exchange is labelled in the request log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import {
  discoverDefaultClient,
  rejection,
  signIn as signInWith,
  startSignIn,
} from '../helpers/openid-client.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { IDENTITY_CLAIMS_REQUEST, VOCAB } from '../helpers/relying-party.js';

let sim: ListeningSimulator;
let config: client.Configuration;

beforeAll(async () => {
  sim = await listeningSimulator();
  config = await discoverDefaultClient(sim.baseUrl);
});
afterAll(() => sim.close());
// A POST /config without errorConfiguration clears every switch.
beforeEach(() => postConfig({}));

async function postConfig(body: unknown): Promise<void> {
  const res = await fetch(`${sim.baseUrl}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const switchOn = (errorConfiguration: Record<string, unknown>) =>
  postConfig({ errorConfiguration });

const IDENTITY = { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST };
const IDENTITY_WITHOUT_RETURN_CODES = {
  vtr: '["Cl.Cm.P2"]',
  claims: JSON.stringify({ userinfo: { [`${VOCAB}/coreIdentityJWT`]: null } }),
};

const authorize = (extra: Record<string, string> = {}) => startSignIn(config, extra);
const signIn = (extra: Record<string, string> = {}, rp = config) => signInWith(rp, extra);

/**
 * The HTTP status behind a relying-party error: 4xx errors carry it, a 5xx is reported as an
 * unexpected response whose cause is the Response itself.
 */
function statusOf(error: Record<string, unknown>): number | undefined {
  if (typeof error.status === 'number') return error.status;
  return error.cause instanceof Response ? error.cause.status : undefined;
}

/** The labels of the newest exchanges at `path`. */
function labelsAt(path: string): string[][] {
  return sim.simulator.log
    .list()
    .filter((e) => e.request.path === path)
    .map((e) => e.scenarios);
}

/** The authorization error the relying party's callback receives. */
async function callbackError(extra: Record<string, string> = {}) {
  const { res, nonce, state } = await authorize(extra);
  expect(res.status).toBe(302);
  const error = await rejection(
    client.authorizationCodeGrant(config, new URL(res.headers.get('location') as string), {
      expectedNonce: nonce,
      expectedState: state,
    }),
  );
  expect(error).toBeInstanceOf(client.AuthorizationResponseError);
  return error as unknown as client.AuthorizationResponseError;
}

describe('/authorize switches', () => {
  it.each([
    ['UNAUTHORIZED_CLIENT', 'unauthorized_client', 'client deactivated', {}],
    ['ACCESS_DENIED', 'access_denied', undefined, {}],
    ['TEMPORARILY_UNAVAILABLE', 'temporarily_unavailable', undefined, {}],
    ['TEMPORARILY_UNAVAILABLE_IDENTITY', 'temporarily_unavailable', undefined, IDENTITY],
    ['ACCESS_DENIED_EVIDENCE', 'access_denied', undefined, IDENTITY_WITHOUT_RETURN_CODES],
    ['LOGIN_REQUIRED', 'login_required', undefined, { prompt: 'login' }],
  ])(
    '%s: the callback carries error=%s; off, the next flow succeeds',
    async (name, code, description, extra) => {
      await switchOn({ authoriseErrors: [name] });
      const error = await callbackError(extra as Record<string, string>);
      expect(error.error).toBe(code);
      if (description) expect(error.error_description).toBe(description);
      expect(labelsAt('/authorize').at(-1)).toEqual([`authorize:${name}`]);

      await postConfig({});
      const { tokens } = await signIn(extra as Record<string, string>);
      expect(tokens.claims()?.sub).toBeTypeOf('string');
    },
  );

  it('SERVER_ERROR: /authorize answers HTTP 500 server_error, no redirect', async () => {
    await switchOn({ authoriseErrors: ['SERVER_ERROR'] });
    const { res } = await authorize();
    expect(res.status).toBe(500);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.json()).toEqual({
      error: 'server_error',
      error_description: 'Internal error',
    });
    expect(labelsAt('/authorize').at(-1)).toEqual(['authorize:SERVER_ERROR']);
    await postConfig({});
    await signIn();
  });

  it('the variants stay out of the requests they do not concern', async () => {
    await switchOn({
      authoriseErrors: [
        'TEMPORARILY_UNAVAILABLE_IDENTITY',
        'ACCESS_DENIED_EVIDENCE',
        'LOGIN_REQUIRED',
      ],
    });
    // Authentication only, no re-authentication: none applies.
    await signIn({ vtr: '["Cl.Cm"]' });
    // Evidence below the level is not raised when return codes are used.
    await switchOn({ authoriseErrors: ['ACCESS_DENIED_EVIDENCE'] });
    const { userinfo } = await signIn(IDENTITY);
    expect(userinfo.sub).toBeTypeOf('string');
  });
});

describe('/token switches', () => {
  it.each([
    ['INVALID_GRANT', 400, 'invalid_grant'],
    ['INVALID_CLIENT', 400, 'invalid_client'],
    ['UNAUTHORIZED_CLIENT', 400, 'unauthorized_client'],
    ['SERVER_ERROR', 500, 'server_error'],
  ])('%s: /token answers %i %s; off, the next flow succeeds', async (name, status, code) => {
    await switchOn({ tokenErrors: [name] });
    const { res, nonce, state } = await authorize();
    expect(res.status).toBe(302);
    const error = await rejection(
      client.authorizationCodeGrant(config, new URL(res.headers.get('location') as string), {
        expectedNonce: nonce,
        expectedState: state,
      }),
    );
    expect(statusOf(error)).toBe(status);
    if (status < 500) {
      expect(error).toBeInstanceOf(client.ResponseBodyError);
      expect(error.error).toBe(code);
    } else {
      const body = await ((error.cause as Response).json() as Promise<{ error: string }>);
      expect(body.error).toBe(code);
    }
    expect(labelsAt('/token').at(-1)).toEqual([`token:${name}`]);

    await postConfig({});
    await signIn();
  });
});

describe('/userinfo switches', () => {
  it('INVALID_TOKEN: 401 with an invalid_token challenge and a description', async () => {
    await switchOn({ userInfoErrors: ['INVALID_TOKEN'] });
    const { res, nonce, state } = await authorize();
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(res.headers.get('location') as string),
      { expectedNonce: nonce, expectedState: state },
    );
    const error = await rejection(
      client.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub as string),
    );
    expect(error).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    const challenge = (error as unknown as client.WWWAuthenticateChallengeError).cause[0];
    expect(challenge?.scheme).toBe('bearer');
    expect(challenge?.parameters.error).toBe('invalid_token');
    expect(challenge?.parameters.error_description).toBe('Invalid access token');
    expect(labelsAt('/userinfo').at(-1)).toEqual(['userinfo:INVALID_TOKEN']);

    await postConfig({});
    // The same token works again: the switch changed the answer, not the token.
    const userinfo = await client.fetchUserInfo(
      config,
      tokens.access_token,
      tokens.claims()?.sub as string,
    );
    expect(userinfo.email).toBe('test@example.com');
  });

  it('SERVER_ERROR: /userinfo answers 500 server_error', async () => {
    await switchOn({ userInfoErrors: ['SERVER_ERROR'] });
    const { res, nonce, state } = await authorize();
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(res.headers.get('location') as string),
      { expectedNonce: nonce, expectedState: state },
    );
    const error = await rejection(
      client.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub as string),
    );
    expect(statusOf(error)).toBe(500);
    expect(labelsAt('/userinfo').at(-1)).toEqual(['userinfo:SERVER_ERROR']);
    await postConfig({});
    await signIn();
  });
});
