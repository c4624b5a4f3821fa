/** The bodies the admin API (/_simulator/api) answers and its event stream sends. */
import type { SimulatorConfig } from '../config/config-types.js';
import type { JsonChange } from '../shared/json-changes.js';
import type { Exchange, TokenRole } from '../log/exchange-types.js';
import type { TokenAnalysis } from '../analysis/analysis-types.js';
import type { SimulatorsChange } from '../simulator/simulator-events.js';
import type { SimulatorSummary } from '../http/simulator-registry.js';

/** GET /_simulator/api/exchanges: newest first. */
export interface ExchangePage {
  items: Exchange[];
  /** How many exchanges match the filters. */
  total: number;
  /** Pass as `before` to get the next (older) page; absent on the last page. */
  nextBefore?: number;
}

/** GET /_simulator/api/exchanges/:id */
export interface ExchangeDetail {
  exchange: Exchange;
  analysis: TokenAnalysis[];
}

/** POST /_simulator/api/inspect */
export interface InspectRequest {
  token: string;
  role?: TokenRole;
}

export interface SimulatorStatus {
  version: string;
  baseUrl: string;
  listeningUrl?: string;
  port?: number;
  startedAt: string;
  uptimeSeconds: number;
  /** Exchanges held in the log now. */
  exchangeCount: number;
  /** Exchanges recorded since the simulator started, evicted and cleared ones included. */
  totalExchanges?: number;
  logCapacity: number;
}

export interface PublicKeysView {
  idToken: { jwks: { keys: Record<string, unknown>[] }; signingKid: Record<string, string> };
  coreIdentity: { did: Record<string, unknown>; signingKid: string };
}

/** GET /_simulator/api/simulators. */
export interface SimulatorList {
  simulators: SimulatorSummary[];
  /** The cap (--max-simulators). */
  max: number;
}

/**
 * The `config` event, and GET /_simulator/api/events/config: the whole configuration, and its
 * version on this simulator's event stream (what the next `config-patch` builds on).
 */
export interface ConfigSnapshot {
  version: number;
  config: SimulatorConfig;
}

/** The `config-patch` event: what changed from configuration `version - 1` to `version`. */
export interface ConfigPatch {
  version: number;
  changes: JsonChange[];
}

/** Server-sent events on /_simulator/api/events; `event:` names are these keys. */
export interface AdminEventMap {
  exchange: Exchange;
  config: ConfigSnapshot;
  'config-patch': ConfigPatch;
  /** `simulator` ('/' the root) when only that simulator's exchanges were cleared. */
  reset: { cleared: true; simulator?: string };
  simulators: SimulatorsChange;
}
export type AdminEventName = keyof AdminEventMap;

/** The answer of POST /_simulator/api/exchanges/:id/resend. */
export interface ResendResult {
  /** The new exchange, as the log recorded it. */
  exchangeId?: string;
  /** The HTTP status of the answer; 0 when none came (see error). */
  status: number;
  /** Why no answer came (a dropped connection, a timeout). */
  error?: string;
  /** What was changed from the original request (a re-signed client assertion…). */
  changes: string[];
}

/** The answer of POST /_simulator/api/tokens/verify. */
export interface KeyVerification {
  ok: boolean;
  /** What the token was checked with: "an RSA key", "the JWKS at http://…". */
  keyDescription: string;
  detail: string;
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
}

/** The answer of POST /_simulator/api/tokens/resign. */
export interface ResignedToken {
  token: string;
  /** Which key signed it, in words. */
  signedWith: string;
}
