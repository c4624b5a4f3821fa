import {
  VOCAB_URL,
  type ResponseConfiguration,
  type SimulatorConfig,
} from '../../config/config-types.js';
import { accessDenied, type OAuthError } from '../../errors/oauth-error.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import { isIdentityVector } from '../../rules/check-vtr.js';

export const ACCESS_DENIED = 'Access denied by resource owner or authorization server';
const RETURN_CODE_CLAIM = `${VOCAB_URL}/v1/returnCode`;

/** Orders levels of confidence: P0 < P1 < P2 < P3 (none counts as P0). */
export const levelRank = (loc: string | null): number => (loc ? Number(loc.slice(1)) : 0);

/** The client may receive, and the request asks for, the returnCode claim. */
export function returnCodesRequested(
  request: AuthorizationRequest,
  config: Readonly<SimulatorConfig>,
): boolean {
  return (
    config.clientConfiguration.claims.includes(RETURN_CODE_CLAIM) &&
    request.claims.includes(RETURN_CODE_CLAIM)
  );
}

/**
 * The identity outcome of a sign-in: return codes, or evidence below the requested level, end it
 * with access_denied unless the client may receive, and asked for, the returnCode claim.
 */
export function checkIdentityOutcome(
  request: AuthorizationRequest,
  config: Readonly<SimulatorConfig>,
  response: Readonly<ResponseConfiguration> = config.responseConfiguration,
): OAuthError | null {
  if (!isIdentityVector(request.vtr)) return null;
  const returnCodesAllowed = returnCodesRequested(request, config);
  const hasReturnCodes = (response.returnCodes?.length ?? 0) > 0;
  const evidenceShort =
    levelRank(response.maxLoCAchieved) < levelRank(request.vtr.levelOfConfidence);
  if ((hasReturnCodes || evidenceShort) && !returnCodesAllowed) return accessDenied(ACCESS_DENIED);
  return null;
}
