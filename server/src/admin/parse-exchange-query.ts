import type { Exchange } from '../log/exchange-types.js';
import type { ExchangeEndpoint } from '../shared/exchange-endpoints.js';
import { err, ok, type Result } from '../shared/result.js';
import { EXCHANGE_ENDPOINTS } from '../shared/exchange-endpoints.js';
import { maskExchange } from '../log/mask-exchange.js';
import { SIMULATOR_NAME } from '../config/simulator-name.js';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
const MAX_TEXT = 200;

export interface ExchangeFilter {
  endpoints?: ReadonlySet<ExchangeEndpoint>;
  outcome?: 'success' | 'error';
  journey?: string;
  /** Lower-case text to find anywhere in the (masked) exchange. */
  q?: string;
  /** Only the exchanges of this named simulator; '/' for the root simulator's. */
  simulator?: string;
}

export interface ExchangeQuery extends ExchangeFilter {
  limit: number;
  before?: number;
  /** first: pinned exchanges lead the list (newest first among them); only: nothing else. */
  pinned?: 'first' | 'only';
}

const FILTER_PARAMS = ['endpoint', 'outcome', 'journey', 'q', 'simulator'] as const;
const PAGE_PARAMS = ['limit', 'before', 'pinned'] as const;

function single(query: Record<string, unknown>, name: string): Result<string | undefined, string> {
  const value = query[name];
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'string') return err(`${name} must be given once, as text`);
  return ok(value);
}

/**
 * Validates the query of GET /exchanges (and, without paging, of the HAR export). Unknown
 * parameters and bad values are refused with a sentence saying what is expected.
 */
export function parseExchangeQuery(
  query: Record<string, unknown>,
  opts: { paging: boolean },
): Result<ExchangeQuery, string> {
  const known: readonly string[] = opts.paging ? [...FILTER_PARAMS, ...PAGE_PARAMS] : FILTER_PARAMS;
  for (const name of Object.keys(query)) {
    if (!known.includes(name))
      return err(`Unknown parameter ${name}; known parameters: ${known.join(', ')}`);
  }
  const out: ExchangeQuery = { limit: DEFAULT_PAGE_SIZE };

  if (opts.paging) {
    const limit = single(query, 'limit');
    if (!limit.ok) return limit;
    if (limit.value !== undefined) {
      const n = /^\d{1,7}$/.test(limit.value) ? Number(limit.value) : NaN;
      if (!(n >= 1 && n <= MAX_PAGE_SIZE)) {
        return err(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
      }
      out.limit = n;
    }
    const pinned = single(query, 'pinned');
    if (!pinned.ok) return pinned;
    if (pinned.value !== undefined) {
      if (pinned.value !== 'first' && pinned.value !== 'only')
        return err('pinned must be first or only');
      out.pinned = pinned.value;
    }
    const before = single(query, 'before');
    if (!before.ok) return before;
    if (before.value !== undefined) {
      const n = /^\d{1,15}$/.test(before.value) ? Number(before.value) : NaN;
      if (!(n >= 1))
        return err('before must be a whole number of 1 or more (a seq, from nextBefore)');
      out.before = n;
    }
  }

  const endpoint = single(query, 'endpoint');
  if (!endpoint.ok) return endpoint;
  if (endpoint.value !== undefined && endpoint.value !== '') {
    const names = endpoint.value.split(',').map((s) => s.trim());
    const bad = names.find((n) => !(EXCHANGE_ENDPOINTS as readonly string[]).includes(n));
    if (bad !== undefined) {
      return err(`endpoint ${JSON.stringify(bad)} is not one of: ${EXCHANGE_ENDPOINTS.join(', ')}`);
    }
    out.endpoints = new Set(names as ExchangeEndpoint[]);
  }

  const outcome = single(query, 'outcome');
  if (!outcome.ok) return outcome;
  if (outcome.value !== undefined && outcome.value !== '') {
    if (outcome.value !== 'success' && outcome.value !== 'error') {
      return err('outcome must be success or error');
    }
    out.outcome = outcome.value;
  }

  const simulator = single(query, 'simulator');
  if (!simulator.ok) return simulator;
  if (simulator.value !== undefined && simulator.value !== '') {
    if (simulator.value !== '/' && !SIMULATOR_NAME.test(simulator.value))
      return err('simulator must be a simulator name (a-z, 0-9 and -, up to 64) or / for the root');
    out.simulator = simulator.value;
  }

  for (const name of ['journey', 'q'] as const) {
    const value = single(query, name);
    if (!value.ok) return value;
    if (value.value === undefined || value.value === '') continue;
    if (value.value.length > MAX_TEXT) return err(`${name} must be at most ${MAX_TEXT} characters`);
    if (name === 'journey') out.journey = value.value;
    else out.q = value.value.toLowerCase();
  }
  return ok(out);
}

/**
 * Search texts already made, by exchange id, most recently used last. Bounded by their total
 * length: the log's byte budget bounds what it holds, and a search must not hold as much again
 * beside it. Texts of exchanges the log has let go age out like any other.
 */
export const SEARCH_CACHE_CHARS = 4 * 1024 * 1024;
const searchTexts = new Map<string, { of: WeakRef<Exchange>; text: string }>();
let searchTextChars = 0;

function forgetSearchText(id: string): void {
  const entry = searchTexts.get(id);
  if (entry === undefined) return;
  searchTexts.delete(id);
  searchTextChars -= entry.text.length;
}

function rememberSearchText(raw: Exchange, text: string): void {
  forgetSearchText(raw.id);
  if (text.length > SEARCH_CACHE_CHARS / 8) return;
  searchTexts.set(raw.id, { of: new WeakRef(raw), text });
  searchTextChars += text.length;
  for (const id of searchTexts.keys()) {
    if (searchTextChars <= SEARCH_CACHE_CHARS) break;
    forgetSearchText(id);
  }
}

/** How many characters of search text are kept now (for tests). */
export function searchCacheChars(): number {
  return searchTextChars;
}

/**
 * Everything a text search looks at, lower-cased, from the masked view (a search must not find
 * secrets); kept for the next search while the cache has room.
 */
function searchText(raw: Exchange): string {
  const cached = searchTexts.get(raw.id);
  if (cached !== undefined && cached.of.deref() === raw) {
    searchTexts.delete(raw.id);
    searchTexts.set(raw.id, cached);
    return cached.text;
  }
  const exchange = maskExchange(raw);
  const { request, response, outcome } = exchange;
  const text = [
    exchange.id,
    exchange.endpoint,
    exchange.journeyId ?? '',
    request.method,
    request.path,
    JSON.stringify(request.query),
    JSON.stringify(request.headers),
    request.body === undefined ? '' : JSON.stringify(request.body),
    String(response.status),
    response.location ?? '',
    response.body === undefined
      ? ''
      : typeof response.body === 'string'
        ? response.body
        : JSON.stringify(response.body),
    outcome.kind,
    outcome.kind === 'error' ? `${outcome.code} ${outcome.description}` : '',
    exchange.scenarios.join(' '),
  ]
    .join('\n')
    .toLowerCase();
  rememberSearchText(raw, text);
  return text;
}

/** Whether an exchange passes the filter. */
export function matchesFilter(exchange: Exchange, filter: ExchangeFilter): boolean {
  if (filter.endpoints && !filter.endpoints.has(exchange.endpoint)) return false;
  if (filter.outcome && exchange.outcome.kind !== filter.outcome) return false;
  if (filter.journey !== undefined && exchange.journeyId !== filter.journey) return false;
  if (filter.simulator !== undefined && (exchange.simulator ?? '/') !== filter.simulator)
    return false;
  if (filter.q !== undefined && !searchText(exchange).includes(filter.q)) return false;
  return true;
}
