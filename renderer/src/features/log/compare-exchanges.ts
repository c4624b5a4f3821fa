import type { Exchange, ExchangeToken } from '../../../../server/src/contract.js';
import { decodeToken } from '../tokens/decode-token.js';
import { ROLE_LABELS } from '../tokens/claim-explanations.js';

export interface CompareRow {
  section: 'Request' | 'Response' | 'Tokens';
  name: string;
  left: string | undefined;
  right: string | undefined;
  same: boolean;
}

const COMPACT_JWT = /^[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*$/;

/** A value as one line of text: strings as they are, anything else as JSON. */
function raw(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What a cell shows: a JWT is read in the Tokens rows, claim by claim, not as its string. */
function text(value: unknown): string | undefined {
  const r = raw(value);
  return r !== undefined && COMPACT_JWT.test(r) ? `JWT …${r.slice(-8)} (claims under Tokens)` : r;
}

/** The fields of a body: its members when it is an object, else the body as one field. */
function bodyFields(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    return body as Record<string, unknown>;
  return { '(body)': body };
}

function rowsOf(
  section: CompareRow['section'],
  prefix: string,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): CompareRow[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.map((name) => ({
    section,
    name: `${prefix}${name}`,
    left: text(a[name]),
    right: text(b[name]),
    same: raw(a[name]) === raw(b[name]),
  }));
}

function row(section: CompareRow['section'], name: string, a: unknown, b: unknown): CompareRow {
  return { section, name, left: text(a), right: text(b), same: raw(a) === raw(b) };
}

/** The first token of each role, decoded: its header and claims as fields. */
function tokenFields(tokens: readonly ExchangeToken[]): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const t of tokens) {
    const label = ROLE_LABELS[t.role] ?? t.role;
    if (out.has(label)) continue;
    const decoded = decodeToken(t.compact);
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(decoded.header ?? {})) fields[`header · ${k}`] = v;
    for (const [k, v] of Object.entries(decoded.claims ?? {})) fields[k] = v;
    out.set(label, fields);
  }
  return out;
}

/** The tokens of both exchanges, claim by claim, side by side (by role). */
function tokenRows(a: Exchange, b: Exchange): CompareRow[] {
  const left = tokenFields(a.tokens);
  const right = tokenFields(b.tokens);
  const roles = [...new Set([...left.keys(), ...right.keys()])];
  return roles.flatMap((role) =>
    rowsOf('Tokens', `${role} · `, left.get(role) ?? {}, right.get(role) ?? {}),
  );
}

const outcomeText = (e: Exchange) =>
  e.outcome.kind === 'error' ? `error ${e.outcome.code}: ${e.outcome.description}` : 'success';

/**
 * Two exchanges side by side, field by field: the request line, query, headers and body, then
 * status, outcome, redirect, headers, body, tokens and injected errors. Each row says whether
 * both sides are the same.
 */
export function compareExchanges(a: Exchange, b: Exchange): CompareRow[] {
  return [
    row(
      'Request',
      'request line',
      `${a.request.method} ${a.request.path}`,
      `${b.request.method} ${b.request.path}`,
    ),
    ...rowsOf('Request', 'query · ', a.request.query, b.request.query),
    ...rowsOf('Request', 'header · ', a.request.headers, b.request.headers),
    ...rowsOf('Request', 'body · ', bodyFields(a.request.body), bodyFields(b.request.body)),
    row(
      'Response',
      'status',
      a.aborted ? 'no answer' : a.response.status,
      b.aborted ? 'no answer' : b.response.status,
    ),
    row('Response', 'outcome', outcomeText(a), outcomeText(b)),
    row('Response', 'redirect location', a.response.location, b.response.location),
    ...rowsOf('Response', 'header · ', a.response.headers, b.response.headers),
    ...rowsOf('Response', 'body · ', bodyFields(a.response.body), bodyFields(b.response.body)),
    row(
      'Response',
      'tokens',
      a.tokens.map((t) => t.role).join(', ') || undefined,
      b.tokens.map((t) => t.role).join(', ') || undefined,
    ),
    row(
      'Response',
      'injected errors',
      a.scenarios.join(', ') || undefined,
      b.scenarios.join(', ') || undefined,
    ),
    ...tokenRows(a, b),
  ];
}
