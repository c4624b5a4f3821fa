/** The request log's record of one HTTP exchange, as the admin API and its events send it. */
import type { ExchangeEndpoint } from '../shared/exchange-endpoints.js';

export type ExchangeOutcome =
  { kind: 'success' } | { kind: 'error'; code: string; description: string };

/** Where a JWT was seen in an exchange. */
export type TokenRole =
  | 'client_assertion'
  | 'request_object'
  | 'id_token'
  | 'access_token'
  | 'core_identity'
  | 'id_token_hint';

export interface ExchangeToken {
  role: TokenRole;
  compact: string;
}

export interface ExchangeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  /** The body kept in the log was cut off (bodies are kept up to 64 KiB). */
  bodyTruncated?: boolean;
  /** e.g. "1.1". */
  httpVersion?: string;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  location?: string;
  /** Size of the body sent, in bytes (Content-Length when set). */
  bodySize?: number;
  /** The body kept in the log was cut off (bodies are kept up to 64 KiB). */
  bodyTruncated?: boolean;
}

export interface Exchange {
  id: string;
  seq: number;
  endpoint: ExchangeEndpoint;
  journeyId?: string;
  /** Set in GET /exchanges answers on pinned exchanges (kept past the log's cap). */
  pinned?: boolean;
  startedAt: string;
  durationMs: number;
  request: ExchangeRequest;
  response: ExchangeResponse;
  outcome: ExchangeOutcome;
  tokens: ExchangeToken[];
  scenarios: string[];
  /** Internal failure detail (a stack), never sent to the relying party. */
  fault?: string;
  /** The client closed the connection before the response was complete. */
  aborted?: boolean;
  /** Secret values (client_secret, code_verifier, Authorization) are shown shortened. */
  masked?: boolean;
  /** The named simulator that answered (/sim/<name>/); absent for the root simulator. */
  simulator?: string;
}
