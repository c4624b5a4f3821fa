import type { Exchange } from '../../../../server/src/contract.js';

export interface DecodedLocation {
  /** The URL without query and fragment. */
  target: string;
  query: [string, string][];
  fragment: [string, string][];
}

/**
 * A redirect Location split into its target and its decoded query and fragment parameters
 * (code, state, error, error_description travel in one or the other).
 */
export function decodeLocation(location: string): DecodedLocation {
  const hashAt = location.indexOf('#');
  const beforeHash = hashAt === -1 ? location : location.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : location.slice(hashAt + 1);
  const queryAt = beforeHash.indexOf('?');
  const target = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const params = (s: string): [string, string][] => {
    if (s === '') return [];
    try {
      return [...new URLSearchParams(s).entries()];
    } catch {
      return [['(raw)', s]];
    }
  };
  return { target, query: params(search), fragment: params(hash) };
}

/** A body as text for a <pre>: JSON pretty-printed, strings as they are. */
export function prettyBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') {
    const trimmed = body.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return JSON.stringify(JSON.parse(trimmed), null, 2);
      } catch {
        return body;
      }
    }
    return body;
  }
  return JSON.stringify(body, null, 2);
}

/** A flat object of strings (a parsed form body) as rows; null when the body is not one. */
export function formRows(body: unknown): [string, string][] | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0) return null;
  if (!entries.every(([, v]) => typeof v === 'string')) return null;
  return entries as [string, string][];
}

/** A stable hue (0-359) for a journey id, so each journey gets its own colour stripe. */
export function journeyHue(journeyId: string): number {
  let h = 2166136261;
  for (let i = 0; i < journeyId.length; i++) {
    h ^= journeyId.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  // Spread by the golden angle for visually distinct neighbours.
  return Math.round(((h >>> 0) * 137.508) % 360);
}

/** A short label for a journey id: its last 6 characters. */
export function shortJourney(journeyId: string): string {
  return journeyId.length <= 6 ? journeyId : journeyId.slice(-6);
}

export type StatusTone = 'ok' | 'redirect' | 'client-error' | 'server-error' | 'failed' | 'other';
export function statusTone(status: number): StatusTone {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 400 && status < 500) return 'client-error';
  if (status >= 500) return 'server-error';
  return 'other';
}

/**
 * How an exchange's answer reads: its status and tone, or, for a connection closed before any
 * answer (a dropped-connection fault, a client that gave up), a failure with no status at all.
 */
export function exchangeStatus(e: Pick<Exchange, 'aborted' | 'response'>): {
  text: string;
  tone: StatusTone;
} {
  if (e.aborted) return { text: 'no answer', tone: 'failed' };
  return { text: String(e.response.status), tone: statusTone(e.response.status) };
}

/** The request line: method, path and query. */
export function requestLine(e: Exchange): string {
  const qs = new URLSearchParams(e.request.query).toString();
  return `${e.request.method} ${e.request.path}${qs ? `?${qs}` : ''}`;
}

/** One line on the outcome: "302 → code issued", "400 invalid_client: bad assertion". */
export function outcomeSummary(e: Exchange): string {
  if (e.outcome.kind === 'error') {
    return e.outcome.description ? `${e.outcome.code}: ${e.outcome.description}` : e.outcome.code;
  }
  if (e.response.location) {
    const loc = decodeLocation(e.response.location);
    const params = new Map([...loc.query, ...loc.fragment]);
    if (params.has('error')) return `redirect with error ${params.get('error') ?? ''}`;
    if (params.has('code')) return 'redirect with code';
    return 'redirect';
  }
  if (e.tokens.length > 0) return e.tokens.map((t) => t.role.replace(/_/g, ' ')).join(', ');
  return 'success';
}
