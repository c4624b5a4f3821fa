import type { Exchange } from './exchange-types.js';
import { storedBodyText } from './stored-body.js';

/** Request body fields whose values are secrets: hidden entirely in the masked view. */
export const SECRET_BODY_FIELDS = ['client_secret', 'code_verifier'] as const;
/** Request headers whose values are credentials. */
export const SECRET_HEADERS = ['authorization', 'proxy-authorization'] as const;

/**
 * The simulator's own cookies: their values never show in a logged Cookie header. Besides these,
 * every named simulator's session cookie, `simulator_session_<name>`.
 */
export const OWN_COOKIES = ['simulator_admin', 'simulator_session'] as const;
const NAMED_SESSION_COOKIE = 'simulator_session_';

/** Whether a cookie name is one of the simulator's own (see OWN_COOKIES). */
export const isOwnCookie = (name: string): boolean =>
  (OWN_COOKIES as readonly string[]).includes(name) || name.startsWith(NAMED_SESSION_COOKIE);

/** A Cookie header with the values of the named cookies hidden (others as sent). */
export function maskCookies(
  header: string,
  hidden: (name: string) => boolean = isOwnCookie,
): string {
  return header
    .split(';')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq === -1 || !hidden(part.slice(0, eq).trim())) return part;
      return `${part.slice(0, eq + 1)}${hideSecret(part.slice(eq + 1).trim())}`;
    })
    .join(';');
}

/** Every name in OWN_COOKIES starts with this, so a header without it holds none of them. */
const OWN_COOKIE_STEM = 'simulator_';
const hasOwnCookie = (header: string | undefined): boolean =>
  header !== undefined && header.includes(OWN_COOKIE_STEM);

/** How many leading characters of a bearer token stay visible. */
const BEARER_PREFIX = 10;

/** A secret replaced by its length: `••••••(32 chars)`. */
export function hideSecret(value: string): string {
  return `••••••(${value.length} chars)`;
}

/** A token shortened to its first characters and its length: `eyJhbGciOi…(812 chars)`. */
export function shortenToken(value: string, keep = BEARER_PREFIX): string {
  if (value.length <= keep) return hideSecret(value);
  return `${value.slice(0, keep)}…(${value.length} chars)`;
}

/**
 * An Authorization value with its credential shortened. A bearer token keeps its first characters
 * (the JWT header, which is not secret); any other scheme (Basic carries a password) is hidden.
 */
export function maskAuthorization(value: string): string {
  const space = value.indexOf(' ');
  if (space === -1) return hideSecret(value);
  const scheme = value.slice(0, space);
  const credential = value.slice(space + 1).trim();
  return scheme.toLowerCase() === 'bearer'
    ? `${scheme} ${shortenToken(credential)}`
    : `${scheme} ${hideSecret(credential)}`;
}

/**
 * Whether a stored body's text cannot hold a secret field: not JSON, or JSON that names none of
 * them and escapes nothing (an escaped key such as "client\u005fsecret" could still be one). Saves
 * parsing every body again to look.
 */
function storedBodyHasNoSecret(request: Exchange['request']): boolean {
  const stored = storedBodyText(request);
  if (stored === undefined) return false;
  if (!stored.json) return true;
  const { text } = stored;
  return !text.includes('\\') && !SECRET_BODY_FIELDS.some((field) => text.includes(field));
}

function hasSecrets(exchange: Exchange): boolean {
  const { headers } = exchange.request;
  for (const name of SECRET_HEADERS) if (headers[name] !== undefined) return true;
  if (hasOwnCookie(headers.cookie)) return true;
  if (storedBodyHasNoSecret(exchange.request)) return false;
  const body = exchange.request.body;
  if (typeof body === 'object' && body !== null) {
    for (const field of SECRET_BODY_FIELDS) if (field in body) return true;
  }
  return false;
}

/**
 * The view of an exchange shown by the list, the event stream and the HAR export: secrets
 * shortened. Copies only what it changes; an exchange without secrets is returned as it is.
 */
export function maskExchange(exchange: Exchange): Exchange {
  if (!hasSecrets(exchange)) return exchange;
  const headers = { ...exchange.request.headers };
  for (const name of SECRET_HEADERS) {
    const value = headers[name];
    if (value !== undefined) headers[name] = maskAuthorization(value);
  }
  if (hasOwnCookie(headers.cookie)) headers.cookie = maskCookies(headers.cookie as string);
  let body = exchange.request.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const field of SECRET_BODY_FIELDS) {
      const value = copy[field];
      if (value === undefined) continue;
      copy[field] =
        typeof value === 'string' ? hideSecret(value) : hideSecret(JSON.stringify(value));
    }
    body = copy;
  }
  return { ...exchange, request: { ...exchange.request, headers, body }, masked: true };
}
