import { SignJWT } from 'jose';
import { epochSeconds } from '../clock.js';
import { didId } from '../keys/did-document.js';
import { coreIdentitySigningKey } from '../keys/key-store.js';
import { LIFETIMES, type SimulatorContext } from '../simulator-context.js';
import type { AuthorizationGrant } from '../state/authorization-request.js';
import {
  applyCoreIdentityClaimScenarios,
  applyCoreIdentitySignatureScenarios,
} from '../scenarios/apply-core-identity-scenarios.js';
import { keepCoreIdentityErrors } from '../scenarios/names.js';

/** The core identity JWT: ES256, kid resolving in the DID document, valid for 30 minutes. */
export async function issueCoreIdentityJwt(
  ctx: SimulatorContext,
  grant: AuthorizationGrant,
  vc: Record<string, unknown>,
): Promise<{ jwt: string; scenarios: string[] }> {
  const config = ctx.config.get();
  const keys = await ctx.keys();
  const key = coreIdentitySigningKey(keys, config);
  const now = epochSeconds(ctx.clock);
  const kid = `${didId(config.simulatorUrl)}#${key.kid}`;
  const scenarios = keepCoreIdentityErrors(config.errorConfiguration.coreIdentityErrors);
  const claims = applyCoreIdentityClaimScenarios(
    {
      vot: grant.response.maxLoCAchieved,
      vc,
      vtm: `${config.simulatorUrl}/trustmark`,
      iss: `${config.simulatorUrl}/`,
      sub: grant.response.sub,
      nbf: now,
      exp: now + LIFETIMES.coreIdentity,
      aud: grant.request.clientId,
      iat: now,
    },
    scenarios,
    now,
  );
  // Header members in the public simulator's order: kid, then alg.
  const signed = await new SignJWT(claims)
    .setProtectedHeader({ kid, alg: key.alg })
    .sign(key.privateKey);
  return {
    jwt: applyCoreIdentitySignatureScenarios(signed, scenarios, kid),
    scenarios: scenarios.map((s) => `coreIdentity:${s}`),
  };
}
