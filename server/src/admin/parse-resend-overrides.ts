import { ADMIN_COOKIE, tokenMatches } from '../http/admin-access.js';
import { HEADERS_SET_ON_RESEND } from '../shared/resend-set-headers.js';

/** What a tester changed before sending a logged request again; each replaces the original. */
export interface ResendOverrides {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

export const MAX_OVERRIDE_ENTRIES = 100;
export const MAX_OVERRIDE_NAME = 256;
export const MAX_OVERRIDE_VALUE = 8192;
export const MAX_OVERRIDE_BODY = 100_000;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

function stringMap(
  value: unknown,
  field: string,
  checkName: (name: string) => string | undefined,
): Record<string, string> | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `${field} must be an object of strings`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_OVERRIDE_ENTRIES)
    return `${field} may hold at most ${MAX_OVERRIDE_ENTRIES} entries`;
  const out: Record<string, string> = {};
  for (const [name, v] of entries) {
    if (typeof v !== 'string') return `${field}.${name} must be a string`;
    if (name === '' || name.length > MAX_OVERRIDE_NAME)
      return `${field} names must be 1 to ${MAX_OVERRIDE_NAME} characters`;
    if (v.length > MAX_OVERRIDE_VALUE)
      return `${field}.${name} must be at most ${MAX_OVERRIDE_VALUE} characters`;
    const refused = checkName(name);
    if (refused !== undefined) return refused;
    out[name] = v;
  }
  return out;
}

/**
 * The overrides of a resend body (`query`, `headers`, `body`), or why not (one line). Headers
 * that belong to the connection and the admin token (bearer or cookie) are refused: a resend
 * repeats a request to the provider, never one to the admin API.
 */
export function parseResendOverrides(
  body: Record<string, unknown>,
  adminToken: string | undefined,
): ResendOverrides | string {
  const out: ResendOverrides = {};
  if (body.query !== undefined) {
    const query = stringMap(body.query, 'query', () => undefined);
    if (typeof query === 'string') return query;
    out.query = query;
  }
  if (body.headers !== undefined) {
    const headers = stringMap(body.headers, 'headers', (name) => {
      if (!HEADER_NAME.test(name)) return `headers: ${JSON.stringify(name)} is not a header name`;
      if (HEADERS_SET_ON_RESEND.has(name.toLowerCase()))
        return `headers: ${name} is set by the simulator and cannot be given`;
      return undefined;
    });
    if (typeof headers === 'string') return headers;
    for (const [name, value] of Object.entries(headers)) {
      if (CONTROL.test(value))
        return `headers.${name} must not hold line breaks or control characters`;
      const lower = name.toLowerCase();
      if (
        lower === 'cookie' &&
        value.split(';').some((c) => c.trim().startsWith(`${ADMIN_COOKIE}=`))
      )
        return `headers: the ${ADMIN_COOKIE} cookie (the admin token) cannot be sent`;
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1];
      if (lower === 'authorization' && bearer !== undefined && tokenMatches(adminToken, bearer))
        return 'headers: the admin token cannot be sent';
    }
    out.headers = headers;
  }
  if (body.body !== undefined) {
    if (typeof body.body !== 'string') return 'body must be a string (the raw request body)';
    if (body.body.length > MAX_OVERRIDE_BODY)
      return `body must be at most ${MAX_OVERRIDE_BODY} characters`;
    out.body = body.body;
  }
  return out;
}
