import type { ClientConfiguration } from '../../config/config-types.js';
import {
  invalidRequestRedirect,
  requestUriNotSupported,
  unsupportedResponseType,
} from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import {
  pageFailure,
  pickLocale,
  redirectFailure,
  type AuthorizeFailure,
  type RedirectTarget,
} from './authorize-failure.js';
import { checkClaims, parseClaimsRequest, INVALID_CLAIMS } from './check-claims.js';
import { checkPkce } from './check-pkce.js';
import { checkScopes } from './check-scopes.js';
import { checkVtr, isIdentityVector, withRequested } from '../../rules/check-vtr.js';

export const MISSING_STATE = 'Request is missing state parameter';
export const MISSING_NONCE = 'Request is missing nonce parameter';
export const UNSUPPORTED_RESPONSE_TYPE = 'Unsupported response type';

export function parseResponseMode(raw: unknown): 'query' | 'fragment' | null {
  if (raw === undefined) return 'query';
  return raw === 'query' || raw === 'fragment' ? raw : null;
}

/** Validates an /authorize request made with query parameters, in the provider's order. */
export function checkQueryRequest(
  params: Record<string, string>,
  client: ClientConfiguration,
): Result<AuthorizationRequest, AuthorizeFailure> {
  const redirectUri = params.redirect_uri as string;
  if (!client.redirectUrls.includes(redirectUri))
    return err(pageFailure(`redirect_uri ${redirectUri} is not registered for this client.`));
  const responseMode = parseResponseMode(params.response_mode);
  if (!responseMode)
    return err(pageFailure(`response_mode "${params.response_mode}" must be query or fragment.`));

  const target: RedirectTarget = { redirectUri, responseMode };
  const fail = (error: Parameters<typeof redirectFailure>[0]) =>
    err(redirectFailure(error, target));
  if (!params.state) return fail(invalidRequestRedirect(MISSING_STATE));
  target.state = params.state;
  if (params.request_uri !== undefined)
    return fail(requestUriNotSupported('Request URI parameter not supported'));
  if (params.response_type !== 'code')
    return fail(unsupportedResponseType(UNSUPPORTED_RESPONSE_TYPE));

  const scopes = checkScopes(params.scope, client);
  if (!scopes.ok) return fail(scopes.error);
  const claimNames = parseClaimsRequest(params.claims);
  if (!claimNames.ok) return fail(invalidRequestRedirect(INVALID_CLAIMS));
  const claims = checkClaims(claimNames.value, client);
  if (!claims.ok) return fail(claims.error);
  if (!params.nonce) return fail(invalidRequestRedirect(MISSING_NONCE));
  const vtr = checkVtr(params.vtr, client);
  if (!vtr.ok) return fail(vtr.error);

  let maxAge: number | undefined;
  if (params.max_age !== undefined) {
    maxAge = Number.parseInt(params.max_age, 10);
    // The provider document: an integer, zero or greater (so -1 is refused too).
    if (maxAge < 0) return fail(invalidRequestRedirect('Max age is negative in query params'));
  }
  const pkce = checkPkce(params.code_challenge, params.code_challenge_method, client);
  if (!pkce.ok) return fail(pkce.error);

  return ok({
    clientId: params.client_id as string,
    redirectUri,
    responseMode,
    scopes: scopes.value,
    // Identity claims are only returned for identity requests.
    claims: isIdentityVector(vtr.value) ? claims.value : [],
    state: params.state,
    nonce: params.nonce,
    vtr: withRequested(vtr.value, params.vtr),
    uiLocale: pickLocale(params.ui_locales),
    ...(maxAge !== undefined ? { maxAge } : {}),
    prompt: params.prompt ? params.prompt.split(' ') : [],
    ...pkce.value,
    viaRequestObject: false,
  });
}
