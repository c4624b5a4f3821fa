import { epochSeconds } from '../state/clock.js';
import { didId } from '../keys/did-document.js';
import { coreIdentitySigningKey } from '../keys/key-store.js';
import { LIFETIMES } from '../state/lifetimes.js';
import type { SimulatorContext } from '../simulator/simulator-context.js';
import type { ResponseConfiguration } from '../config/config-types.js';
import {
  applyCoreIdentityClaimScenarios,
  applyCoreIdentitySignatureScenarios,
} from '../scenarios/apply-core-identity-scenarios.js';
import { keepCoreIdentityErrors } from '../scenarios/names.js';
import { signJwt } from './sign-jwt.js';

export interface IssuedCoreIdentity {
  jwt: string;
  scenarios: string[];
}

/** What a core identity JWT is made from; equal inputs give equal claims. */
interface CoreIdentityInputs {
  config: object;
  key: object;
  response: object;
  vc: object;
  audience: string;
  now: number;
}

/**
 * The last JWT each simulator issued and its inputs. The claims carry no per-request value (no
 * jti, no nonce), so a second request within the same second, for the same user, client,
 * configuration and key, gets the same JWT instead of a fresh signature over identical claims.
 */
const lastIssued = new WeakMap<SimulatorContext, CoreIdentityInputs & IssuedCoreIdentity>();

const sameInputs = (a: CoreIdentityInputs, b: CoreIdentityInputs): boolean =>
  a.config === b.config &&
  a.key === b.key &&
  a.response === b.response &&
  a.vc === b.vc &&
  a.audience === b.audience &&
  a.now === b.now;

/** The core identity JWT: ES256, kid resolving in the DID document, valid for 30 minutes. */
export async function issueCoreIdentityJwt(
  ctx: SimulatorContext,
  subject: { response: ResponseConfiguration; audience: string },
  vc: Record<string, unknown>,
): Promise<IssuedCoreIdentity> {
  const config = ctx.config.get();
  const keys = await ctx.keys();
  const key = coreIdentitySigningKey(keys, config);
  const now = epochSeconds(ctx.clock);
  const inputs: CoreIdentityInputs = {
    config,
    key,
    response: subject.response,
    vc,
    audience: subject.audience,
    now,
  };
  const last = lastIssued.get(ctx);
  if (last && sameInputs(last, inputs)) return { jwt: last.jwt, scenarios: last.scenarios };
  const kid = `${didId(config.simulatorUrl)}#${key.kid}`;
  const scenarios = keepCoreIdentityErrors(config.errorConfiguration.coreIdentityErrors);
  const claims = applyCoreIdentityClaimScenarios(
    {
      vot: subject.response.maxLoCAchieved,
      vc,
      vtm: `${config.simulatorUrl}/trustmark`,
      iss: `${config.simulatorUrl}/`,
      sub: subject.response.sub,
      nbf: now,
      exp: now + LIFETIMES.coreIdentity,
      aud: subject.audience,
      iat: now,
    },
    scenarios,
    now,
  );
  // Header members in the public simulator's order: kid, then alg.
  const signed = signJwt(claims, key, { kid, alg: key.alg });
  const issued: IssuedCoreIdentity = {
    jwt: applyCoreIdentitySignatureScenarios(signed, scenarios, kid),
    scenarios: scenarios.map((s) => `coreIdentity:${s}`),
  };
  lastIssued.set(ctx, { ...inputs, ...issued });
  return issued;
}
