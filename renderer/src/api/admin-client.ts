import type {
  ConfigIssue,
  ConfigSnapshot,
  ExchangeDetail,
  ExchangeEndpoint,
  ExchangePage,
  PublicKeysView,
  SimulatorConfig,
  SimulatorStatus,
  TokenAnalysis,
  TokenRole,
} from '../../../server/src/contract.js';
import type { ConfigRequestBody } from './config-body.js';
import { err, ok, type ApiError, type FieldIssue, type Result } from './result.js';

/** Where the admin API lives on the simulator's own origin. */
export const ADMIN_API = '/_simulator/api';
export const HAR_URL = `${ADMIN_API}/exchanges.har`;

/**
 * The HAR export of one simulator's exchanges ('' the root simulator, a name a named one), or of
 * every simulator's (null).
 */
export function harUrl(simulator: string | null): string {
  if (simulator === null) return HAR_URL;
  return `${HAR_URL}?${new URLSearchParams({ simulator: simulator === '' ? '/' : simulator }).toString()}`;
}
export const EVENTS_URL = `${ADMIN_API}/events`;

export interface ExchangeQuery {
  limit?: number;
  before?: number;
  endpoint?: ExchangeEndpoint;
  outcome?: 'success' | 'error';
  journey?: string;
  q?: string;
}

export type { ExchangeDetail, ExchangePage };

/**
 * The simulator's verdict on a draft: refusals (issues), and warnings about accepted values the
 * provider would never send (an impossible birth date, a phone number not in E.164…).
 */
export type ValidationOutcome =
  | { ok: true; warnings: FieldIssue[] }
  | { ok: false; issues: FieldIssue[]; warnings: FieldIssue[] };

/** The warnings of a validate answer; anything malformed is left out. */
export function parseWarnings(body: unknown): FieldIssue[] {
  if (!isRecord(body) || !Array.isArray(body.warnings)) return [];
  return body.warnings.flatMap((w: unknown) =>
    isRecord(w) && typeof w.path === 'string' && typeof w.message === 'string'
      ? [{ path: w.path, message: w.message }]
      : [],
  );
}

/** Every request the UI makes. Components never fetch; they call the store, which calls this. */
export interface AdminClient {
  getConfig(): Promise<Result<SimulatorConfig>>;
  /** The configuration as the event stream numbers it (to start again after a missed patch). */
  getStreamConfig(): Promise<Result<ConfigSnapshot>>;
  postConfig(body: ConfigRequestBody): Promise<Result<SimulatorConfig>>;
  validateConfig(body: ConfigRequestBody): Promise<Result<ValidationOutcome>>;
  getDefaults(): Promise<Result<SimulatorConfig>>;
  resetConfig(): Promise<Result<SimulatorConfig>>;
  getStatus(): Promise<Result<SimulatorStatus>>;
  getKeys(): Promise<Result<PublicKeysView>>;
  listExchanges(query?: ExchangeQuery): Promise<Result<ExchangePage>>;
  getExchange(id: string): Promise<Result<ExchangeDetail>>;
  /** Clears the log: one simulator's exchanges ('/' the root's), or every one's. */
  clearExchanges(simulator?: string): Promise<Result<void>>;
  /** What is pinned in the log (kept past its cap). */
  getPins(): Promise<Result<LogPins>>;
  setPin(kind: 'exchange' | 'journey', id: string, pinned: boolean): Promise<Result<LogPins>>;
  inspectToken(token: string, role?: TokenRole): Promise<Result<TokenAnalysis>>;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Looks like a configuration (GET /config's shape), as far as the UI relies on it. */
export const isConfig = (b: unknown): b is SimulatorConfig =>
  isRecord(b) && isRecord(b.clientConfiguration) && isRecord(b.responseConfiguration);

/** The pins answer: two lists of ids. */
export interface LogPins {
  exchanges: string[];
  journeys: string[];
}
const isPins = (b: unknown): b is LogPins =>
  isRecord(b) &&
  Array.isArray(b.exchanges) &&
  b.exchanges.every((x) => typeof x === 'string') &&
  Array.isArray(b.journeys) &&
  b.journeys.every((x) => typeof x === 'string');

/**
 * Reads the refused fields of a 400 from POST /config: the `errors` map (keyed by path) when
 * present, else `invalid_fields`, else the validate endpoint's `issues`.
 */
export function parseFieldIssues(body: unknown): FieldIssue[] {
  if (!isRecord(body)) return [];
  const issues: FieldIssue[] = [];
  if (isRecord(body.errors)) {
    for (const [key, value] of Object.entries(body.errors)) {
      if (!isRecord(value)) continue;
      const path = typeof value.path === 'string' ? value.path : key;
      const message = typeof value.msg === 'string' ? value.msg : 'is invalid';
      issues.push({ path, message });
    }
  }
  if (issues.length === 0 && Array.isArray(body.invalid_fields)) {
    for (const item of body.invalid_fields) {
      if (isRecord(item) && typeof item.field === 'string')
        issues.push({
          path: item.field,
          message: typeof item.msg === 'string' ? item.msg : 'is invalid',
        });
    }
  }
  if (issues.length === 0 && Array.isArray(body.issues)) {
    for (const item of body.issues as ConfigIssue[]) {
      if (isRecord(item) && typeof item.path === 'string')
        issues.push({
          path: item.path,
          message: typeof item.message === 'string' ? item.message : 'is invalid',
        });
    }
  }
  return issues;
}

function messageOf(body: unknown, fallback: string): string {
  if (isRecord(body)) {
    if (typeof body.error_description === 'string') return body.error_description;
    if (typeof body.message === 'string') return body.message;
    if (typeof body.error === 'string') return body.error;
  }
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 200);
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Options of one call: a JSON body to send, or the answer wanted as plain text. */
export type CallInit = RequestInit & { json?: unknown; text?: boolean };

/** One request to the simulator, answered as a Result (never a throw). */
export type ApiCall = <T>(
  path: string,
  init?: CallInit,
  check?: (body: unknown) => body is T,
) => Promise<Result<T>>;

/**
 * The request helper every client in src/api/ shares: JSON in and out (or text with
 * `text: true`), no caching, and every failure (network, HTTP status, refused fields, an
 * unexpected answer) as an ApiError.
 */
export function createApiCall(fetchImpl: FetchLike = (i, init) => fetch(i, init)): ApiCall {
  return async function call<T>(
    path: string,
    init: CallInit = {},
    check: (body: unknown) => body is T = (b): b is T => b !== undefined,
  ): Promise<Result<T>> {
    const { json, text, ...rest } = init;
    const headers: Record<string, string> = {
      accept: text ? 'text/plain, */*' : 'application/json',
    };
    if (json !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(path, {
        ...rest,
        headers,
        body: json === undefined ? rest.body : JSON.stringify(json),
        cache: 'no-store',
      });
    } catch (e) {
      return err({ kind: 'network', message: e instanceof Error ? e.message : String(e) });
    }
    let body: unknown;
    try {
      body = text && response.ok ? await response.text() : await readBody(response);
    } catch (e) {
      return err({ kind: 'network', message: e instanceof Error ? e.message : String(e) });
    }
    if (!response.ok) {
      // 400: fields refused; 422: a field well formed but unusable (a service that does not answer).
      const issues =
        response.status === 400 || response.status === 422 ? parseFieldIssues(body) : [];
      const error: ApiError =
        issues.length > 0
          ? {
              kind: 'invalid',
              status: response.status,
              message: messageOf(body, 'Invalid request'),
              issues,
            }
          : {
              kind: 'http',
              status: response.status,
              message: messageOf(body, response.statusText),
            };
      return err(error);
    }
    if (!check(body)) return err({ kind: 'unexpected', message: `Unexpected answer from ${path}` });
    return ok(body);
  };
}

export function createAdminClient(fetchImpl: FetchLike = (i, init) => fetch(i, init)): AdminClient {
  const call = createApiCall(fetchImpl);

  return {
    getConfig: () => call('/config', {}, isConfig),
    getStreamConfig: () =>
      call(
        `${EVENTS_URL}/config`,
        {},
        (b): b is ConfigSnapshot =>
          isRecord(b) && Number.isSafeInteger(b.version) && isConfig(b.config),
      ),
    postConfig: (body) => call('/config', { method: 'POST', json: body }, isConfig),
    async validateConfig(body) {
      const result = await call(
        `${ADMIN_API}/config/validate`,
        { method: 'POST', json: body },
        isRecord,
      );
      if (!result.ok) {
        // A 400 carrying issues is still an answer to "is this valid?".
        if (result.error.kind === 'invalid')
          return ok({ ok: false, issues: result.error.issues, warnings: [] });
        return result;
      }
      const warnings = parseWarnings(result.value);
      if (result.value.ok === true) return ok({ ok: true, warnings });
      return ok({ ok: false, issues: parseFieldIssues(result.value), warnings });
    },
    getDefaults: () => call(`${ADMIN_API}/defaults`, {}, isConfig),
    resetConfig: () => call(`${ADMIN_API}/config/reset`, { method: 'POST' }, isConfig),
    getStatus: () =>
      call(
        `${ADMIN_API}/status`,
        {},
        (b): b is SimulatorStatus => isRecord(b) && typeof b.baseUrl === 'string',
      ),
    getKeys: () =>
      call(`${ADMIN_API}/keys`, {}, (b): b is PublicKeysView => isRecord(b) && isRecord(b.idToken)),
    listExchanges(query = {}) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query))
        if (v !== undefined && v !== '') params.set(k, String(v));
      const qs = params.toString();
      return call(
        `${ADMIN_API}/exchanges${qs ? `?${qs}` : ''}`,
        {},
        (b): b is ExchangePage => isRecord(b) && Array.isArray(b.items),
      );
    },
    getExchange: (id) =>
      call(
        `${ADMIN_API}/exchanges/${encodeURIComponent(id)}`,
        {},
        (b): b is ExchangeDetail =>
          isRecord(b) && isRecord(b.exchange) && Array.isArray(b.analysis),
      ),
    getPins: () => call(`${ADMIN_API}/pins`, {}, isPins),
    setPin: (kind, id, pinned) =>
      call(
        `${ADMIN_API}/pins/${kind === 'exchange' ? 'exchanges' : 'journeys'}/${encodeURIComponent(id)}`,
        { method: pinned ? 'PUT' : 'DELETE' },
        isPins,
      ),
    async clearExchanges(simulator) {
      const result = await call(
        simulator === undefined
          ? `${ADMIN_API}/exchanges`
          : `${ADMIN_API}/exchanges?simulator=${encodeURIComponent(simulator)}`,
        { method: 'DELETE' },
        (_b): _b is unknown => true,
      );
      return result.ok ? ok(undefined) : result;
    },
    inspectToken: (token, role) =>
      call(
        `${ADMIN_API}/inspect`,
        { method: 'POST', json: role ? { token, role } : { token } },
        (b): b is TokenAnalysis => isRecord(b) && Array.isArray(b.checks),
      ),
  };
}
