/** Protocol errors are values: the exact wire code, its description and how it is delivered. */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'unsupported_response_type',
  'invalid_scope',
  'access_denied',
  'temporarily_unavailable',
  'invalid_token',
  'server_error',
  'request_uri_not_supported',
  'unmet_authentication_requirements',
  'login_required',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

export interface OAuthError {
  code: OAuthErrorCode;
  description: string;
  status: number;
  /**
   * Redirectable errors go back to the relying party's redirect_uri; the others are answered
   * directly (client_id and redirect_uri problems at /authorize).
   */
  redirectable: boolean;
  /** For errors answered as a page: the page's body text. */
  page?: string;
  /** For diagnostics only: never on the wire. */
  cause?: string;
}

const make =
  (code: OAuthErrorCode, status: number, redirectable: boolean) =>
  (description: string, extra: Partial<OAuthError> = {}): OAuthError => ({
    code,
    description,
    status,
    redirectable,
    ...extra,
  });

// Authorize errors delivered by redirect.
export const invalidRequestRedirect = make('invalid_request', 302, true);
export const invalidScope = make('invalid_scope', 302, true);
export const unsupportedResponseType = make('unsupported_response_type', 302, true);
export const unauthorizedClientRedirect = make('unauthorized_client', 302, true);
export const accessDenied = make('access_denied', 302, true);
export const temporarilyUnavailable = make('temporarily_unavailable', 302, true);
export const requestUriNotSupported = make('request_uri_not_supported', 302, true);
export const unmetAuthenticationRequirements = make('unmet_authentication_requirements', 302, true);
export const loginRequired = make('login_required', 302, true);

/** Authorize errors that cannot be redirected (client or redirect_uri not trusted): a 400 page. */
export const invalidRequestPage = (page: string, cause?: string): OAuthError => ({
  code: 'invalid_request',
  description: page,
  status: 400,
  redirectable: false,
  page,
  ...(cause ? { cause } : {}),
});

// Token endpoint errors (JSON).
export const invalidRequest = make('invalid_request', 400, false);
export const invalidClient = make('invalid_client', 400, false);
export const invalidGrant = make('invalid_grant', 400, false);
export const unauthorizedClient = make('unauthorized_client', 400, false);
export const unsupportedGrantType = make('unsupported_grant_type', 400, false);
export const serverError = make('server_error', 500, false);
/** A bounded queue is full (client secret checks): retry shortly. */
export const temporarilyUnavailableJson = make('temporarily_unavailable', 503, false);

// Userinfo errors (WWW-Authenticate).
export const invalidToken = make('invalid_token', 401, false);
export const invalidScopeBearer = make('invalid_scope', 401, false);
export const invalidRequestBearer = make('invalid_request', 401, false);
