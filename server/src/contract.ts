/**
 * Types shared between the provider and the renderer. Type-only: the renderer imports this file
 * with `import type`, so nothing here may have a runtime value.
 */

export * from './config/config-types.js';
export type { JsonChange } from './shared/json-changes.js';
import type { SimulatorConfig } from './config/config-types.js';
import type { JsonChange } from './shared/json-changes.js';

export type ExchangeEndpoint =
  | 'authorize'
  | 'token'
  | 'userinfo'
  | 'logout'
  | 'discovery'
  | 'jwks'
  | 'did'
  | 'trustmark'
  | 'config'
  | 'interactive'
  | 'root'
  | 'other';

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

/** Result of one check made on a token, as a relying party or the provider would make it. */
export interface TokenCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** Names the configured scenario that caused a failure, when one did. */
  scenario?: string;
  /** How to fix it, in words a tester understands (client assertion failures). */
  fix?: string;
}

export interface TokenAnalysis {
  role: TokenRole;
  compact: string;
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  checks: TokenCheck[];
  /** One line: what is wrong with the token, when a check failed. */
  summary?: string;
  /** What could not be checked, and why (e.g. the /authorize request left the log). */
  notes?: string[];
  /**
   * Values the token carries that the provider never sends (a birth date that is no ISO 8601
   * date…): accepted by the simulator, but a relying party may stumble on them.
   */
  warnings?: string[];
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

/** A named simulator, as GET /_simulator/api/simulators lists it. */
export interface SimulatorSummary {
  name: string;
  /** Its path on this server: /sim/<name>/ */
  path: string;
  issuer: string;
  discoveryUrl: string;
  createdAt: string;
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

/** A named simulator created, reset or deleted (by first use, the API or a window). */
export interface SimulatorsChange {
  action: 'created' | 'reset' | 'deleted';
  name: string;
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

export type {
  Persona,
  Scenario,
  InlinePersona,
  ScenarioFlags,
  PersonaDocument,
  ScenarioDocument,
  PresetList,
  PresetProblem,
  ActivePreset,
  ActiveRef,
  ApplyResult,
  DiffEntry,
  ExportFormat,
  ImportRequest,
  ImportResult,
  PresetErrorBody,
} from './presets/preset-types.js';

export type {
  StepKind,
  StepExpectations,
  PlanStepDocument,
  PlanDocument,
  Plan,
  PlanSummary,
  PlanList,
  RequestCheck,
  Verdict,
  StepStatus,
  TesterVerdict,
  ExchangeRef,
  StepResult,
  RpCheckSummary,
  RpCheckStatus,
  StartRequest,
  VerdictRequest,
  ReportFormat,
  RpCheckReport,
  DriveSettings,
  ObservedOutcome,
  StepAsk,
  OutcomeRequest,
} from './rp-check/rp-check-types.js';

/** What the built-in test client signs in for: an authentication, or an identity (P2). */
export type TestClientFlow = 'authentication' | 'identity';

/** One request the built-in test client made, as the log recorded it. */
export interface TestClientStep {
  name: 'discovery' | 'authorize' | 'form' | 'token' | 'jwks' | 'userinfo' | 'did';
  /** The HTTP status, absent when no answer came. */
  status?: number;
  ok: boolean;
  detail: string;
  /** The exchange in the request log, when it was found there. */
  exchangeId?: string;
}

/** One check the built-in test client made on what it received, as a careful client would. */
export interface TestClientCheck {
  /** e.g. "ID token signature", "nonce", "core identity JWT aud". */
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * The result of one "sign in as a test client" run:
 * accepted: every step answered and every check passed;
 * refused: the provider answered, but the client refused what it got (the checks say why);
 * provider_error: the provider answered a step with an error (or no answer), so the run stopped;
 * cannot_run: the client in force cannot be played (say, client_secret_post with no secret).
 */
export interface TestClientRun {
  flow: TestClientFlow;
  outcome: 'accepted' | 'refused' | 'provider_error' | 'cannot_run';
  summary: string;
  clientId: string;
  key: 'default' | 'pasted';
  journeyId?: string;
  /** The /token exchange, whose tokens the inspector shows. */
  tokenExchangeId?: string;
  steps: TestClientStep[];
  checks: TestClientCheck[];
  /** What could not be checked, and why (no core identity JWT when identity was not proven). */
  notes?: string[];
}

/** The same journey for the tester to run by hand: a browser URL and curl commands. */
export interface TestClientCommands {
  flow: TestClientFlow;
  authorizeUrl: string;
  /** The PKCE verifier matching the authorize URL's code_challenge. */
  codeVerifier: string;
  /** Shell commands, one per step, with $CODE and $ACCESS_TOKEN to fill in. */
  curl: string[];
  /** When the pre-signed client assertion in the token command stops being accepted. */
  assertionExpiresAt: string;
  notes: string[];
}

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
