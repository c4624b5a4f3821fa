import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { systemClock, type Clock } from '../../state/clock.js';
import type { SimulatorConfig } from '../../config/config-types.js';
import {
  accessDenied,
  invalidRequestRedirect,
  unauthorizedClientRedirect,
  unsupportedResponseType,
} from '../../errors/oauth-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AuthorizationRequest } from '../../state/authorization-request.js';
import type { ClientKeyResolver } from '../../tokens/client-auth/client-key-resolver.js';
import { CLIENT_ASSERTION_ALGS } from '../../rules/client-assertion-algs.js';
import {
  pageFailure,
  pickLocale,
  redirectFailure,
  type AuthorizeFailure,
  type RedirectTarget,
} from './authorize-failure.js';
import { checkClaims, parseClaimsRequest, INVALID_CLAIMS } from './check-claims.js';
import { checkPkce } from './check-pkce.js';
import { parseRequestObjectMembers } from './parse-request-object-members.js';
import { checkScopes } from './check-scopes.js';
import { checkVtr, isIdentityVector, VTR_NOT_VALID, withRequested } from '../../rules/check-vtr.js';
import {
  MISSING_NONCE,
  MISSING_STATE,
  UNSUPPORTED_RESPONSE_TYPE,
  parseResponseMode,
} from './check-query-request.js';

export const TRUST_CHAIN_FAILED = 'Trust chain validation failed';

/** OIDC parameters that must travel inside the request object, never beside it in the query. */
const OBJECT_ONLY_PARAMS = [
  'redirect_uri',
  'state',
  'nonce',
  'vtr',
  'claims',
  'ui_locales',
  'max_age',
  'response_mode',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'login_hint',
  'request_uri',
  'channel',
];

/** Why a request object's signature was refused, in words a tester understands. */
function describeVerifyFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired)
    return 'the request object has expired (exp is in the past).';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `the request object's ${error.claim} claim is not valid (${error.reason}).`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported)
    return `the request object's alg is not accepted; sign it with one of ${CLIENT_ASSERTION_ALGS.join(', ')}.`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return "the request object's signature does not match the client's registered public key.";
  if (error instanceof joseErrors.JWKSNoMatchingKey)
    return "no key in the client's JWKS matches the request object's kid.";
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid)
    return "the client's JWKS could not be fetched or read.";
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid)
    return 'the request object is not a valid signed JWT.';
  // jose refuses a key of the wrong type with a TypeError; Node 22's WebCrypto, converting the
  // registered key for that alg, with a DOMException named DataError.
  if (error instanceof TypeError || (error instanceof DOMException && error.name === 'DataError'))
    return "the request object's alg does not suit the client's registered key type.";
  return 'the request object could not be verified.';
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Verifies and validates a signed request object (JAR), in the provider's order. */
export async function processRequestObject(
  params: Record<string, string>,
  requestObject: string,
  config: Readonly<SimulatorConfig>,
  clientKeys: ClientKeyResolver,
  clock: Clock = systemClock,
): Promise<Result<AuthorizationRequest, AuthorizeFailure>> {
  const client = config.clientConfiguration;
  let claims: JWTPayload;
  try {
    const key = clientKeys.keyFor(client);
    // exp and nbf are judged by the simulator's clock, like every other time check.
    const options = { algorithms: [...CLIENT_ASSERTION_ALGS], currentDate: new Date(clock()) };
    const verified =
      typeof key === 'function'
        ? await jwtVerify(requestObject, key, options)
        : await jwtVerify(requestObject, key, options);
    claims = verified.payload;
  } catch (error) {
    return err(pageFailure(describeVerifyFailure(error), TRUST_CHAIN_FAILED));
  }

  const redirectUri = str(claims.redirect_uri);
  if (!redirectUri || !client.redirectUrls.includes(redirectUri))
    return err(pageFailure('The request object redirect_uri is missing or not registered.'));
  const responseMode = parseResponseMode(claims.response_mode);
  if (!responseMode)
    return err(pageFailure('The request object response_mode must be query or fragment.'));

  const target: RedirectTarget = { redirectUri, responseMode };
  const fail = (error: Parameters<typeof redirectFailure>[0]) =>
    err(redirectFailure(error, target));
  const state = str(claims.state);
  if (!state) return fail(invalidRequestRedirect(MISSING_STATE));
  target.state = state;
  const typed = parseRequestObjectMembers(claims);
  if (!typed.ok) return fail(invalidRequestRedirect(`Invalid request object: ${typed.error}`));

  if (params.response_type !== 'code')
    return fail(unsupportedResponseType(UNSUPPORTED_RESPONSE_TYPE));
  const queryScopes = checkScopes(params.scope, client);
  if (!queryScopes.ok) return fail(queryScopes.error);
  if (claims.client_id === undefined || claims.client_id !== params.client_id)
    return fail(unauthorizedClientRedirect('Unauthorized client'));
  if (claims.request !== undefined || claims.request_uri !== undefined)
    return fail(invalidRequestRedirect('Invalid request'));
  if (claims.aud !== `${config.simulatorUrl}/authorize`)
    return fail(accessDenied('Access denied by resource owner or authorization server'));
  if (claims.iss !== params.client_id)
    return fail(unauthorizedClientRedirect('Unauthorized client'));
  if (claims.response_type !== 'code')
    return fail(unsupportedResponseType(UNSUPPORTED_RESPONSE_TYPE));
  if (claims.scope !== params.scope)
    return fail(
      invalidRequestRedirect(
        'response_type, scope and client_id must be identical in the query and the request object',
      ),
    );
  const inQuery = OBJECT_ONLY_PARAMS.filter((name) => params[name] !== undefined);
  if (inQuery.length)
    return fail(
      invalidRequestRedirect(
        `Parameters must be sent in the request object only: ${inQuery.join(', ')}`,
      ),
    );

  const scopes = checkScopes(claims.scope, client);
  if (!scopes.ok) return fail(scopes.error);
  const claimNames = parseClaimsRequest(claims.claims);
  if (!claimNames.ok) return fail(invalidRequestRedirect(INVALID_CLAIMS));
  const requested = checkClaims(claimNames.value, client);
  if (!requested.ok) return fail(requested.error);
  const nonce = str(claims.nonce);
  if (!nonce) return fail(invalidRequestRedirect(MISSING_NONCE));

  if (claims.vtr !== undefined && typeof claims.vtr !== 'string' && !Array.isArray(claims.vtr))
    return fail(invalidRequestRedirect(VTR_NOT_VALID));
  const vtr = checkVtr(claims.vtr, client);
  if (!vtr.ok) return fail(vtr.error);

  let maxAge: number | undefined;
  if (claims.max_age !== undefined) {
    // A string, a number or null, by parseRequestObjectMembers.
    maxAge = Number.parseInt(String(claims.max_age as string | number | null), 10);
    if (Number.isNaN(maxAge))
      return fail(invalidRequestRedirect('Max age could not be parsed to an integer'));
    if (maxAge < 0) return fail(invalidRequestRedirect('Max age is negative in request object'));
  }
  const pkce = checkPkce(claims.code_challenge, claims.code_challenge_method, client);
  if (!pkce.ok) return fail(pkce.error);
  if (typeof claims.login_hint === 'string' && claims.login_hint.length > 256)
    return fail(invalidRequestRedirect('login_hint parameter is invalid'));
  if (claims.channel !== undefined && claims.channel !== 'web' && claims.channel !== 'generic_app')
    return fail(invalidRequestRedirect('Invalid value for channel parameter.'));

  return ok({
    clientId: params.client_id as string,
    redirectUri,
    responseMode,
    scopes: scopes.value,
    claims: isIdentityVector(vtr.value) ? requested.value : [],
    state,
    nonce,
    vtr: withRequested(vtr.value, claims.vtr),
    uiLocale: pickLocale(claims.ui_locales),
    ...(maxAge !== undefined ? { maxAge } : {}),
    prompt: typeof claims.prompt === 'string' ? claims.prompt.split(' ') : [],
    ...pkce.value,
    viaRequestObject: true,
  });
}
