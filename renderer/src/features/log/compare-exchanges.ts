import type { Exchange } from '../../../../server/src/contract.js';

export interface CompareRow {
  section: 'Request' | 'Response';
  name: string;
  left: string | undefined;
  right: string | undefined;
  same: boolean;
}

/** A value as one line of text: strings as they are, anything else as JSON. */
function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
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
  return names.map((name) => {
    const left = text(a[name]);
    const right = text(b[name]);
    return { section, name: `${prefix}${name}`, left, right, same: left === right };
  });
}

function row(section: CompareRow['section'], name: string, a: unknown, b: unknown): CompareRow {
  const left = text(a);
  const right = text(b);
  return { section, name, left, right, same: left === right };
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
  ];
}
