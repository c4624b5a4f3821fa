import { randomUUID } from 'node:crypto';
import { epochSeconds } from '../state/clock.js';
import { idTokenSigningKey } from '../keys/key-store.js';
import { LIFETIMES } from '../state/lifetimes.js';
import { weightOf } from '../state/store-budget.js';
import type { SimulatorContext } from '../simulator/simulator-context.js';
import type { AuthorizationGrant } from '../state/authorization-request.js';
import {
  applyIdTokenClaimScenarios,
  applyIdTokenSignatureScenarios,
} from '../scenarios/apply-id-token-scenarios.js';
import { keepIdTokenErrors } from '../scenarios/names.js';
import { atHash } from './at-hash.js';
import { accessTokenKey } from './access-token-key.js';
import { signJwt } from './sign-jwt.js';
import { isIdentityVector } from '../rules/check-vtr.js';

export interface IssuedTokens {
  accessToken: string;
  idToken: string;
  expiresIn: number;
  /** Scenario names applied to the ID token, as idToken:<NAME>. */
  scenarios: string[];
}

/** Mints the access token (a signed JWT bound to a server-side record) and the ID token. */
export async function issueTokens(
  ctx: SimulatorContext,
  grant: AuthorizationGrant,
): Promise<IssuedTokens> {
  const config = ctx.config.get();
  const keys = await ctx.keys();
  const client = config.clientConfiguration;
  const key = idTokenSigningKey(keys, config, client.idTokenSigningAlgorithm);
  const now = epochSeconds(ctx.clock);
  const issuer = `${config.simulatorUrl}/`;
  const { request } = grant;

  const jti = randomUUID();
  const accessClaims: Record<string, unknown> = {
    exp: now + LIFETIMES.accessToken,
    iat: now,
    iss: issuer,
    jti,
    client_id: client.clientId,
    sub: grant.response.sub,
    sid: grant.sid,
    scope: request.scopes,
  };
  if (isIdentityVector(request.vtr) && request.claims.length) accessClaims.claims = request.claims;
  const accessToken = signJwt(accessClaims, key);
  // Keyed by a digest of the whole token: any change to it (payload or signature) finds no record.
  const record = {
    clientId: client.clientId,
    issuer,
    scopes: request.scopes,
    claims: request.claims,
    levelOfConfidence: request.vtr.levelOfConfidence,
    response: grant.response,
    sid: grant.sid,
    journeyId: grant.journeyId,
  };
  // The record keeps the sign-in's response: shared with the configuration, or (interactive
  // mode) the submitted form's own copy, which counts against the stores' byte budget.
  const own = grant.response === config.responseConfiguration ? 0 : weightOf(grant.response);
  ctx.accessTokens.set(
    accessTokenKey(accessToken),
    record,
    LIFETIMES.accessToken * 1000,
    weightOf({ ...record, response: undefined }) + own,
  );

  const scenarios = keepIdTokenErrors(config.errorConfiguration.idTokenErrors);
  const claims = applyIdTokenClaimScenarios(
    {
      iat: now,
      exp: now + LIFETIMES.idToken,
      at_hash: atHash(accessToken),
      sub: grant.response.sub,
      aud: client.clientId,
      iss: issuer,
      sid: grant.sid,
      vot: request.vtr.credentialTrust,
      nonce: request.nonce,
      vtm: `${config.simulatorUrl}/trustmark`,
      auth_time: grant.authTime,
    },
    scenarios,
    now,
  );
  const signed = signJwt(claims, key);
  const idToken = applyIdTokenSignatureScenarios(signed, scenarios, key.kid);
  return {
    accessToken,
    idToken,
    expiresIn: LIFETIMES.accessToken,
    scenarios: scenarios.map((s) => `idToken:${s}`),
  };
}
