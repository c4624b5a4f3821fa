/** The default client as a certified relying-party library (openid-client) sees it. */
import * as client from 'openid-client';
import { DEFAULT_CLIENT_ID, DEFAULT_REDIRECT_URI, defaultClientKey } from './relying-party.js';

/**
 * Discovers the simulator at `baseUrl` for the default client (private_key_jwt with its RS256
 * key, ES256 ID tokens, plain HTTP allowed), verifying ID token signatures against the JWKS
 * unless `verifySignatures` is false.
 */
export async function discoverDefaultClient(
  baseUrl: string,
  { verifySignatures = true }: { verifySignatures?: boolean } = {},
): Promise<client.Configuration> {
  const config = await client.discovery(
    new URL(baseUrl),
    DEFAULT_CLIENT_ID,
    { id_token_signed_response_alg: 'ES256' },
    client.PrivateKeyJwt(await defaultClientKey('RS256')),
    { execute: [client.allowInsecureRequests] },
  );
  if (verifySignatures) client.enableNonRepudiationChecks(config);
  return config;
}

/** The authorization request as a browser makes it, for `rp`: the answer, not followed. */
export async function startSignIn(
  rp: client.Configuration,
  params: Record<string, string> = {},
): Promise<{ res: Response; nonce: string; state: string }> {
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid email',
    nonce,
    state,
    ...params,
  });
  const res = await fetch(url, { redirect: 'manual' });
  return { res, nonce, state };
}

/** A whole sign-in as openid-client makes it: authorize → token (ID token checked) → userinfo. */
export async function signIn(rp: client.Configuration, params: Record<string, string> = {}) {
  const { res, nonce, state } = await startSignIn(rp, params);
  if (res.status !== 302) throw new Error(`/authorize answered ${res.status}: ${await res.text()}`);
  const tokens = await client.authorizationCodeGrant(
    rp,
    new URL(res.headers.get('location') as string),
    { expectedNonce: nonce, expectedState: state, idTokenExpected: true },
  );
  const userinfo = await client.fetchUserInfo(
    rp,
    tokens.access_token,
    tokens.claims()?.sub as string,
  );
  return { tokens, userinfo };
}

/** The error a relying-party call ends with; fails when it succeeds instead. */
export async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the relying party to see an error');
}
