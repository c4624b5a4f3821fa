import { decodeJwt, decodeProtectedHeader } from 'jose';
import { err, ok, type Result } from '../../shared/result.js';

/** The first-stage failures of /authorize, before the client is known to be trusted. */
export type AuthorizeParseFailure =
  | { kind: 'missing'; detail: string }
  | { kind: 'parse'; detail: string }
  /** Always a 400 page, even when the client and redirect_uri are valid. */
  | { kind: 'invalid'; detail: string };

export interface AuthorizeQuery {
  params: Record<string, string>;
  clientId: string;
  /** Present when the request uses a signed request object (JAR). */
  requestObject?: string;
}

const RESPONSE_TYPES = ['token', 'code', 'id_token'];
const PROMPTS = ['none', 'login', 'consent', 'select_account', 'create'];

/** A redirect URI that could be used at all (registration is checked later). */
export function isLegalRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (['data:', 'javascript:', 'vbscript:'].includes(url.protocol)) return false;
  return !['code', 'state', 'response'].some((name) => url.searchParams.has(name));
}

const missing = (detail: string) => err<AuthorizeParseFailure>({ kind: 'missing', detail });
const parse = (detail: string) => err<AuthorizeParseFailure>({ kind: 'parse', detail });

/** Structural checks of the /authorize query, in the provider's order. */
export function parseAuthorizeQuery(
  params: Record<string, string>,
): Result<AuthorizeQuery, AuthorizeParseFailure> {
  if (Object.keys(params).length === 0) return missing('The request has no parameters.');
  const clientId = params.client_id;
  if (!clientId) return missing('client_id is missing.');
  if (params.redirect_uri !== undefined && !isLegalRedirectUri(params.redirect_uri))
    return missing('redirect_uri is not a valid redirect URI.');
  if (params.response_type !== undefined) {
    const types = params.response_type.split(' ');
    if (!types.every((t) => RESPONSE_TYPES.includes(t)))
      return parse(`response_type "${params.response_type}" is not known.`);
  }
  if (params.request_uri !== undefined && !isLegalRedirectUri(params.request_uri))
    return parse('request_uri is not a valid URI.');
  const request = params.request;
  if (request !== undefined) {
    if (params.request_uri !== undefined)
      return parse('request and request_uri cannot both be sent.');
    try {
      const header = decodeProtectedHeader(request);
      if (typeof header.alg !== 'string') return parse('The request object has no alg header.');
      const claims = decodeJwt(request);
      if (claims.sub !== undefined && claims.sub === clientId)
        return parse('The request object must not have sub equal to client_id.');
    } catch {
      return parse('The request object is not a signed JWT.');
    }
  }
  if (
    params.response_type === undefined &&
    request === undefined &&
    params.request_uri === undefined
  )
    return parse('response_type is missing.');
  if (params.prompt !== undefined && !params.prompt.split(' ').every((p) => PROMPTS.includes(p)))
    return parse(`prompt "${params.prompt}" is not supported.`);
  if (request === undefined) {
    if (params.redirect_uri === undefined) return missing('redirect_uri is missing.');
    if (params.scope === undefined) return parse('scope is missing.');
  }
  if (params.max_age !== undefined && !/^-?\d+$/.test(params.max_age))
    return err({ kind: 'invalid', detail: 'max_age must be a whole number.' });
  if (params.claims !== undefined) {
    try {
      const value: unknown = JSON.parse(params.claims);
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return parse('claims must be a JSON object.');
    } catch {
      return parse('claims is not valid JSON.');
    }
  }
  return ok({ params, clientId, ...(request !== undefined ? { requestObject: request } : {}) });
}
