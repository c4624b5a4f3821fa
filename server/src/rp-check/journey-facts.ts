import { decodeToken } from '../analysis/decode-token.js';
import type { Exchange } from '../log/exchange-types.js';

/**
 * Facts a judge reads from exchange records: the parameters of a sign-in, which exchanges belong
 * to it, and how to name an exchange in a reason ("/token #12").
 */

/** "/token #12": how reasons name an exchange. */
export const label = (e: Exchange): string => `/${e.endpoint} #${e.seq}`;

export const isAuthorize = (e: Exchange): boolean => e.endpoint === 'authorize';
export const isToken = (e: Exchange): boolean => e.endpoint === 'token';
export const isUserinfo = (e: Exchange): boolean => e.endpoint === 'userinfo';
export const isJwks = (e: Exchange): boolean => e.endpoint === 'jwks';
export const succeeded = (e: Exchange): boolean =>
  e.outcome.kind === 'success' && e.response.status < 400;

/** The error code of a failed exchange, or undefined. */
export const errorCode = (e: Exchange): string | undefined =>
  e.outcome.kind === 'error' ? e.outcome.code : undefined;

/** The compact token of a role seen in an exchange. */
export const tokenOf = (e: Exchange, role: string): string | undefined =>
  e.tokens.find((t) => t.role === role)?.compact;

/**
 * The claims of a JWT, unverified; undefined when it is not a JWT, or is too long or nests too
 * deep to be read safely (the client controls every claim).
 */
export function claimsOf(compact: string | undefined): Record<string, unknown> | undefined {
  if (typeof compact !== 'string') return undefined;
  const decoded = decodeToken(compact);
  return decoded.ok ? decoded.claims : undefined;
}

/**
 * The parameters of an /authorize request: its query, with the claims of a request object
 * (which win, as for the provider) when one was sent. Values are kept as sent: strings from the
 * query, any JSON value from a request object.
 */
export function authorizeParams(e: Exchange): Record<string, unknown> {
  const params: Record<string, unknown> = { ...e.request.query };
  const requestObject = claimsOf(tokenOf(e, 'request_object') ?? e.request.query.request);
  if (requestObject) Object.assign(params, requestObject);
  return params;
}

/** The string value of a parameter, or undefined. */
export const param = (params: Record<string, unknown>, name: string): string | undefined => {
  const v = params[name];
  return typeof v === 'string' ? v : undefined;
};

/** The body of a form or JSON request as a record (empty when it is neither). */
export function bodyOf(e: Exchange): Record<string, unknown> {
  const body = e.request.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** A response body as a record (empty when it is not an object). */
export function responseBodyOf(e: Exchange): Record<string, unknown> {
  const body = e.response.body;
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The exchanges of one sign-in, found through the journey id the provider gives them. */
export interface Journey {
  authorize: Exchange;
  /** Interactive mode: the form submissions that finished the sign-in. */
  interactive: Exchange[];
  token: Exchange[];
  userinfo: Exchange[];
}

/**
 * Every sign-in that started (an /authorize) among the exchanges, oldest first. A /token request
 * belongs to a sign-in through the journey id the provider gives it or, when /token refused it
 * before it knew the journey (client authentication), through the code it sends.
 */
export function journeysOf(exchanges: readonly Exchange[]): Journey[] {
  return exchanges.filter(isAuthorize).map((authorize) => {
    const id = authorize.journeyId;
    const same = (e: Exchange) => id !== undefined && e.journeyId === id;
    const interactive = exchanges.filter((e) => e.endpoint === 'interactive' && same(e));
    const code = [authorize, ...interactive].map(codeOf).find((c) => c !== undefined);
    const sentCode = (e: Exchange) =>
      code !== undefined && e.journeyId === undefined && bodyOf(e).code === code;
    return {
      authorize,
      interactive,
      token: exchanges.filter((e) => isToken(e) && (same(e) || sentCode(e))),
      userinfo: exchanges.filter((e) => isUserinfo(e) && same(e)),
    };
  });
}

/** The authorization code an exchange redirected back with, or undefined. */
export function codeOf(e: Exchange): string | undefined {
  const location = e.response.location;
  if (!succeeded(e) || !location) return undefined;
  try {
    const url = new URL(location);
    const params = url.hash ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
    return params.get('code') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether an exchange redirected back with an authorization code. */
export const redirectedWithCode = (e: Exchange): boolean => codeOf(e) !== undefined;

/**
 * Whether the sign-in was given a code: by /authorize itself, or (interactive mode) by the form
 * submitted for it.
 */
export function issuedCode(j: Journey): boolean {
  return redirectedWithCode(j.authorize) || j.interactive.some(redirectedWithCode);
}
