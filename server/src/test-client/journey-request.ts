import { randomUUID } from 'node:crypto';
import type { SimulatorConfig } from '../config/config-types.js';
import type { TestClientFlow } from './test-client-types.js';
import { IDENTITY_CLAIMS, SUPPORTED_SCOPES } from '../config/defaults.js';
import { requestedCredentialTrust } from '../analysis/analyze-simulator-token.js';
import { pkcePair } from './pkce-pair.js';

/** The vtr of an identity sign-in: medium confidence (P2), as most services ask. */
export const IDENTITY_VTR = '["Cl.Cm.P2"]';

export interface JourneyRequest {
  query: URLSearchParams;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The vot the ID token must carry. */
  vot: string;
}

/**
 * The /authorize request of a correct client in force: every scope it may ask for, a fresh
 * state and nonce, PKCE (S256), and for identity vtr with P2 and the identity claims it may
 * receive (coreIdentityJWT, address, passport, driving permit, returnCode).
 */
export function journeyRequest(
  flow: TestClientFlow,
  config: Readonly<SimulatorConfig>,
  redirectUri: string,
): JourneyRequest {
  const client = config.clientConfiguration;
  const scopes = SUPPORTED_SCOPES.filter((s) => s === 'openid' || client.scopes.includes(s));
  const state = randomUUID();
  const nonce = randomUUID();
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    response_type: 'code',
    scope: scopes.join(' '),
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  if (flow === 'identity') {
    query.set('vtr', IDENTITY_VTR);
    const wanted = IDENTITY_CLAIMS.filter((c) => client.claims.includes(c));
    if (wanted.length > 0)
      query.set(
        'claims',
        JSON.stringify({ userinfo: Object.fromEntries(wanted.map((c) => [c, null])) }),
      );
  }
  return {
    query,
    state,
    nonce,
    codeVerifier: verifier,
    vot: requestedCredentialTrust(flow === 'identity' ? IDENTITY_VTR : undefined),
  };
}
