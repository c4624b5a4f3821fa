import type {
  Exchange,
  ExchangeEndpoint,
  ExchangeToken,
  TokenAnalysis,
  TokenRole,
} from '../../../server/src/contract.js';
import type { LogPins } from '../api/admin-client.js';
import { describeApiError } from '../api/result.js';

export type { LogPins } from '../api/admin-client.js';
import type { GetState, SetState, StoreDeps } from './app-state.js';

/** The server keeps at most this many exchanges by default; the UI keeps the same cap. */
export const DEFAULT_LOG_CAPACITY = 10_000;
/** The most the UI keeps, whatever the server's capacity. */
export const MAX_UI_LOG_CAPACITY = 10_000;

export type OutcomeFilter = 'all' | 'success' | 'error';

export interface LogFilter {
  endpoint: ExchangeEndpoint | 'all';
  outcome: OutcomeFilter;
  text: string;
  /** Only the exchanges of this journey, when set. */
  journey: string | null;
  /** Only the exchanges of this simulator ('' the root, a name a named one), when set. */
  simulator?: string | null;
  /** Also the simulator's own requests (its key-set fetches for "verify by URL"). */
  showOwn?: boolean;
}

/** The User-Agent of the simulator's own key-set fetches (the inspector's "verify by URL"). */
export const OWN_FETCH_AGENT = 'identity-simulator-inspector';

/** Whether the simulator made this request itself, not a relying party. */
export function isSimulatorOwn(e: Exchange): boolean {
  return e.request.headers['user-agent'] === OWN_FETCH_AGENT;
}

export type ExchangeDetailEntry =
  | { state: 'loading' }
  | { state: 'ready'; analysis: TokenAnalysis[] }
  | { state: 'error'; message: string };

export interface LogState {
  /** Exchanges in ascending seq order (oldest first); the view shows them newest first. */
  items: Exchange[];
  capacity: number;
  paused: boolean;
  /** Exchanges that arrived while paused, shown on resume. */
  held: Exchange[];
  filter: LogFilter;
  selectedId: string | null;
  details: Record<string, ExchangeDetailEntry>;
  clearError: string | null;
  /** Pinned exchanges survive the cap, here as on the simulator. */
  pins: LogPins;
  /** List the pinned exchanges first. */
  pinnedFirst: boolean;
  pinError: string | null;
}

export const EMPTY_FILTER: LogFilter = { endpoint: 'all', outcome: 'all', text: '', journey: null };

export const initialLogState = (): LogState => ({
  items: [],
  capacity: DEFAULT_LOG_CAPACITY,
  paused: false,
  held: [],
  filter: EMPTY_FILTER,
  selectedId: null,
  details: {},
  clearError: null,
  pins: { exchanges: [], journeys: [] },
  pinnedFirst: false,
  pinError: null,
});

/** Whether an exchange is pinned, by itself or through its journey. */
export function isPinned(pins: LogPins, e: Exchange): boolean {
  return (
    pins.exchanges.includes(e.id) ||
    (e.journeyId !== undefined && pins.journeys.includes(e.journeyId))
  );
}

const pinTest = (pins: LogPins) => {
  if (pins.exchanges.length === 0 && pins.journeys.length === 0) return undefined;
  const ids = new Set(pins.exchanges);
  const journeys = new Set(pins.journeys);
  return (e: Exchange) => ids.has(e.id) || (e.journeyId !== undefined && journeys.has(e.journeyId));
};

/**
 * Keeps the newest `capacity` items, and, as the simulator does, the pinned ones older than
 * those (`keep`).
 */
/** The tokens a tester opens an exchange for, most wanted first: what the provider issued. */
const TOKEN_PREFERENCE: readonly TokenRole[] = ['id_token', 'core_identity', 'access_token'];

/**
 * Which of an exchange's tokens the inspector opens on: the ID token of a /token answer rather
 * than the client assertion sent with the request, then the core identity JWT, the access token,
 * and otherwise the first.
 */
export function preferredTokenIndex(tokens: readonly ExchangeToken[]): number {
  for (const role of TOKEN_PREFERENCE) {
    const i = tokens.findIndex((t) => t.role === role);
    if (i >= 0) return i;
  }
  return 0;
}

function cap<T>(items: T[], capacity: number, keep?: (item: T) => boolean): T[] {
  if (!keep) return items.length > capacity ? items.slice(items.length - capacity) : items;
  let unpinned = 0;
  for (const item of items) if (!keep(item)) unpinned++;
  if (unpinned <= capacity) return items;
  let drop = unpinned - capacity;
  return items.filter((item) => {
    if (drop > 0 && !keep(item)) {
      drop--;
      return false;
    }
    return true;
  });
}

/**
 * Merges exchanges into a seq-ordered list without duplicates. A replay after a reconnection
 * sends known exchanges again: they are skipped. The same seq under another id means the server
 * restarted with a fresh log, so the old list is dropped.
 */
export function mergeExchanges(
  items: Exchange[],
  batch: readonly Exchange[],
  capacity: number,
  keep?: (e: Exchange) => boolean,
): Exchange[] {
  if (batch.length === 0) return items;
  let out = items;
  let copied = false;
  const bySeq = new Map<number, string>();
  for (const e of items) bySeq.set(e.seq, e.id);
  for (const exchange of batch) {
    const knownId = bySeq.get(exchange.seq);
    if (knownId === exchange.id) continue;
    if (knownId !== undefined) {
      // Restarted server: start over from this exchange.
      out = [];
      copied = true;
      bySeq.clear();
    }
    if (!copied) {
      out = [...out];
      copied = true;
    }
    const last = out[out.length - 1];
    if (last === undefined || last.seq < exchange.seq) {
      out.push(exchange);
    } else {
      // Out of order: insert at its place (binary search on seq).
      let lo = 0;
      let hi = out.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((out[mid] as Exchange).seq < exchange.seq) lo = mid + 1;
        else hi = mid;
      }
      out.splice(lo, 0, exchange);
    }
    bySeq.set(exchange.seq, exchange.id);
  }
  return cap(out, capacity, keep);
}

/** New exchanges: into the list when live, held back when paused. */
export function receiveExchanges(state: LogState, batch: readonly Exchange[]): Partial<LogState> {
  if (batch.length === 0) return {};
  if (state.paused) return { held: cap([...state.held, ...batch], state.capacity) };
  return pruneDetails({
    ...state,
    items: mergeExchanges(state.items, batch, state.capacity, pinTest(state.pins)),
  });
}

export function setPaused(state: LogState, paused: boolean): Partial<LogState> {
  if (paused === state.paused) return {};
  if (paused) return { paused: true };
  return pruneDetails({
    ...state,
    paused: false,
    held: [],
    items: mergeExchanges(state.items, state.held, state.capacity, pinTest(state.pins)),
  });
}

/** Whether an exchange is one of a simulator's ('/' or '' the root, else its name). */
export function isOfSimulator(e: Exchange, simulator: string): boolean {
  return (e.simulator ?? '') === (simulator === '/' ? '' : simulator);
}

/**
 * The log was cleared on the server (or the tester asked for it): all of it, or (given) one
 * simulator's exchanges only ('/' the root's).
 */
export function resetLog(state: LogState, simulator?: string): Partial<LogState> {
  if (simulator !== undefined) {
    const items = state.items.filter((e) => !isOfSimulator(e, simulator));
    const held = state.held.filter((e) => !isOfSimulator(e, simulator));
    const gone = state.selectedId !== null && !items.some((e) => e.id === state.selectedId);
    return {
      items,
      held,
      ...(gone ? { selectedId: null } : {}),
      details: Object.fromEntries(
        Object.entries(state.details).filter(([id]) => items.some((e) => e.id === id)),
      ),
    };
  }
  return {
    items: [],
    held: [],
    selectedId: null,
    details: {},
    filter: { ...state.filter, journey: null },
    // Clearing the log clears the pins too (on the simulator as well).
    pins: { exchanges: [], journeys: [] },
  };
}

export function setCapacity(state: LogState, capacity: number): Partial<LogState> {
  const c = Number.isInteger(capacity) && capacity > 0 ? capacity : DEFAULT_LOG_CAPACITY;
  if (c === state.capacity) return {};
  return {
    capacity: c,
    items: cap(state.items, c, pinTest(state.pins)),
    held: cap(state.held, c),
  };
}

/** Drops the selection and cached details of exchanges that fell out of the list. */
function pruneDetails(state: LogState): Partial<LogState> {
  const patch: Partial<LogState> = { items: state.items, held: state.held, paused: state.paused };
  const oldest = state.items[0];
  if (state.selectedId !== null && !state.items.some((e) => e.id === state.selectedId)) {
    patch.selectedId = null;
  }
  const keys = Object.keys(state.details);
  if (keys.length > 200 || (oldest === undefined && keys.length > 0)) {
    const keep = new Set(state.items.slice(-200).map((e) => e.id));
    patch.details = Object.fromEntries(
      Object.entries(state.details).filter(([id]) => keep.has(id)),
    );
  }
  return patch;
}

/** Lower-case text a filter string is matched against. */
export function searchTextOf(e: Exchange): string {
  const parts: string[] = [
    e.request.method,
    e.request.path,
    e.endpoint,
    String(e.response.status),
    e.outcome.kind,
    e.journeyId ?? '',
    e.id,
    ...Object.entries(e.request.query).map(([k, v]) => `${k}=${v}`),
    ...e.scenarios,
  ];
  if (e.outcome.kind === 'error') parts.push(e.outcome.code, e.outcome.description);
  if (e.response.location) parts.push(e.response.location);
  return parts.join(' ').toLowerCase();
}

export function matchesFilter(e: Exchange, filter: LogFilter): boolean {
  if (filter.endpoint !== 'all' && e.endpoint !== filter.endpoint) return false;
  if (filter.outcome !== 'all' && e.outcome.kind !== filter.outcome) return false;
  if (filter.journey !== null && e.journeyId !== filter.journey) return false;
  if (filter.simulator != null && !isOfSimulator(e, filter.simulator)) return false;
  if (filter.showOwn !== true && isSimulatorOwn(e)) return false;
  const text = filter.text.trim().toLowerCase();
  if (text === '') return true;
  const haystack = searchTextOf(e);
  return text.split(/\s+/).every((word) => haystack.includes(word));
}

/** Newest first, filtered; with `pinnedFirst`, the pinned ones (newest first) lead. */
export function visibleExchanges(
  items: readonly Exchange[],
  filter: LogFilter,
  pins?: LogPins,
  pinnedFirst = false,
): Exchange[] {
  const out: Exchange[] = [];
  const rest: Exchange[] = [];
  const pinned = pinnedFirst && pins ? pinTest(pins) : undefined;
  for (let i = items.length - 1; i >= 0; i--) {
    const e = items[i] as Exchange;
    if (!matchesFilter(e, filter)) continue;
    if (!pinned || pinned(e)) out.push(e);
    else rest.push(e);
  }
  return pinned ? out.concat(rest) : out;
}

/** The id `delta` rows away from the selection in the visible list (clamped at both ends). */
export function moveSelection(
  visible: readonly Exchange[],
  selectedId: string | null,
  delta: number,
): string | null {
  if (visible.length === 0) return null;
  const index = selectedId === null ? -1 : visible.findIndex((e) => e.id === selectedId);
  if (index === -1) return (delta >= 0 ? visible[0] : visible[visible.length - 1])?.id ?? null;
  const next = Math.min(visible.length - 1, Math.max(0, index + delta));
  return visible[next]?.id ?? null;
}

export interface LogActions {
  receiveExchanges(batch: readonly Exchange[]): void;
  /** The log was cleared: all of it, or one simulator's exchanges ('/' the root's). */
  resetLog(simulator?: string): void;
  setPaused(paused: boolean): void;
  setLogCapacity(capacity: number): void;
  setFilter(patch: Partial<LogFilter>): void;
  selectExchange(id: string | null): void;
  clearLog(): Promise<void>;
  loadDetail(id: string, force?: boolean): Promise<void>;
  /** Asks the simulator what is pinned (on start and after a reconnection). */
  loadPins(): Promise<void>;
  /** Pins or unpins an exchange, or a whole journey, on the simulator. */
  setPin(kind: 'exchange' | 'journey', id: string, pinned: boolean): Promise<void>;
  setPinnedFirst(pinnedFirst: boolean): void;
}
export type LogSlice = LogState & LogActions;

export function createLogSlice(set: SetState, get: GetState, deps: StoreDeps): LogSlice {
  return {
    ...initialLogState(),
    receiveExchanges: (batch) => set((s) => receiveExchanges(s, batch)),
    resetLog(simulator) {
      set((s) => resetLog(s, simulator));
      // A partial clear took the pins of what it removed with it, on the simulator.
      if (simulator !== undefined) void get().loadPins();
    },
    setPaused: (paused) => set((s) => setPaused(s, paused)),
    setLogCapacity: (capacity) => set((s) => setCapacity(s, capacity)),
    setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
    selectExchange(id) {
      if (id !== get().selectedId) {
        const tokens = get().items.find((e) => e.id === id)?.tokens ?? [];
        set({ selectedId: id, inspectorTokenIndex: preferredTokenIndex(tokens) });
      }
      if (id !== null) void get().loadDetail(id);
    },
    async clearLog() {
      // The window's simulator only: another simulator's exchanges are someone else's test.
      const chosen = get().filter.simulator;
      const wire = chosen == null ? undefined : chosen === '' ? '/' : chosen;
      const result = await deps.api.clearExchanges(wire);
      if (result.ok) {
        set((s) => ({ ...resetLog(s, wire), clearError: null }));
        if (wire !== undefined) void get().loadPins();
      } else set({ clearError: describeApiError(result.error) });
    },
    async loadPins() {
      const result = await deps.api.getPins();
      if (result.ok) set({ pins: result.value });
    },
    async setPin(kind, id, pinned) {
      const result = await deps.api.setPin(kind, id, pinned);
      if (result.ok) set({ pins: result.value, pinError: null });
      else set({ pinError: describeApiError(result.error) });
    },
    setPinnedFirst: (pinnedFirst) => set({ pinnedFirst }),
    async loadDetail(id, force = false) {
      const known = get().details[id];
      if (known && !force && known.state !== 'error') return;
      set((s) => ({ details: { ...s.details, [id]: { state: 'loading' } } }));
      const result = await deps.api.getExchange(id);
      const entry: ExchangeDetailEntry = result.ok
        ? { state: 'ready', analysis: result.value.analysis }
        : { state: 'error', message: describeApiError(result.error) };
      set((s) => ({ details: { ...s.details, [id]: entry } }));
    },
  };
}
