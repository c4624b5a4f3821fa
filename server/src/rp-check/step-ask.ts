import { VOCAB_URL } from '../config/config-types.js';
import type { PlanStepDocument, StepAsk } from './rp-check-types.js';

/**
 * What a step asks of the sign-in, in a form a test suite can act on without reading the
 * instruction: whether to ask for identity or return codes, whether the sign-in is a
 * re-authentication (prompt=login) of a signed-in user, and which userinfo claims to request.
 */

const CORE_IDENTITY_CLAIM = `${VOCAB_URL}/v1/coreIdentityJWT`;
const RETURN_CODE_CLAIM = `${VOCAB_URL}/v1/returnCode`;

export function askOf(step: PlanStepDocument): StepAsk {
  const expect = step.expect ?? {};
  const returnCode = expect.returnCode === true;
  const coreIdentity = expect.identity === true || step.kind === 'core-identity-defect';
  const identity = coreIdentity || returnCode;
  const inline = typeof step.scenario === 'object' ? step.scenario.clientConfiguration : undefined;
  const scenarioClaims = Array.isArray(inline?.claims)
    ? inline.claims.filter((c): c is string => typeof c === 'string')
    : [];
  const claims = [
    ...(coreIdentity ? [CORE_IDENTITY_CLAIM] : []),
    ...(returnCode ? [RETURN_CODE_CLAIM] : []),
    ...scenarioClaims,
  ];
  return {
    identity,
    returnCode,
    reauthenticate: expect.reauthenticate === true,
    claims: identity || returnCode ? [...new Set(claims)] : [],
  };
}
