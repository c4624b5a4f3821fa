import type { ScenarioDocument } from '../presets/preset-types.js';

/**
 * The relying-party check: a plan of steps, each applying a scenario and judging what the
 * relying party under test does next from the exchanges the simulator records. Type-only
 * declarations shared with the renderer (through contract.ts) sit beside the as-const arrays
 * that drive the validators.
 */

/** What a step tests; each kind has one judge. */
export const STEP_KINDS = [
  'sign-in',
  'id-token-defect',
  'authorize-error',
  'token-error',
  'userinfo-error',
  'key-rotation',
  'jwks-outage',
  'core-identity-defect',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** What a sign-in step also requires of the journey. */
export interface StepExpectations {
  /** The client asks for identity (a P2 vector with the coreIdentityJWT claim) and receives it. */
  identity?: boolean;
  /** The client asks for the returnCode claim and receives return codes. */
  returnCode?: boolean;
  /** The user is already signed in; the sign-in is a re-authentication (prompt=login). */
  reauthenticate?: boolean;
}

/** What a step asks of the sign-in, machine-readable (beside the instruction). */
export interface StepAsk {
  /** Ask for identity: vtr ["Cl.Cm.P2"] with the claims below. */
  identity: boolean;
  /** Ask for the returnCode claim. */
  returnCode: boolean;
  /** Sign in first, then start a re-authentication (prompt=login). */
  reauthenticate: boolean;
  /** The userinfo claims to request. */
  claims: string[];
}

/** One step of a plan file. */
export interface PlanStepDocument {
  /** Unique in the plan: lowercase letters, digits and single hyphens. */
  id: string;
  title: string;
  kind: StepKind;
  /** A scenario id (built-in or saved) or a scenario written inline. Omitted: the start setup. */
  scenario?: string | ScenarioDocument;
  /** What the tester does, in one line. */
  instruction: string;
  /** What a correct relying party does, in one line. */
  expectation: string;
  expect?: StepExpectations;
}

/**
 * The service's own addresses, for a check that drives the service itself (acting as the user's
 * browser). A plan file's `service` section, the --drive-* flags, and the check screen's "Drive my
 * service for me" settings.
 */
export interface DriveSettings {
  /** Opens a sign-in (authentication only). */
  signIn: string;
  /** Opens a sign-in asking for identity; without it, identity steps are "not judged". */
  identitySignIn?: string;
  /** Answers 2xx only to a signed-in user (the probe). */
  signedIn: string;
  /** The probe counts as signed in only when its page contains this text. */
  signedInText?: string;
  /** Signs the user out (opened after each step). */
  signOut?: string;
  /** What shows the identity was accepted (default: the family name of the current name). */
  identityText?: string;
  /** Starts a re-authentication of a signed-in user (the service asks with prompt=login). */
  reauthenticate?: string;
}

/** A plan file (rp-check-plan.schema.json). */
export interface PlanDocument {
  $schema?: string;
  id?: string;
  name: string;
  description?: string;
  /** A journey ends when the client sends nothing more for this long (default 10). */
  timeoutSeconds?: number;
  /** Unattended runs: how long a step waits for the client's first request (default 120). */
  waitSeconds?: number;
  /**
   * During the run discovery and the key set advertise this max-age; a key rotation step first
   * publishes the new key and waits this long before signing with it.
   */
  keySetMaxAgeSeconds?: number;
  /** The service's addresses: the check drives it itself. */
  service?: DriveSettings;
  steps: PlanStepDocument[];
}

/** A plan as the admin API answers it. */
export interface Plan {
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  timeoutSeconds: number;
  waitSeconds: number;
  keySetMaxAgeSeconds?: number;
  service?: DriveSettings;
  steps: PlanStepDocument[];
}

export interface PlanSummary {
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  stepCount: number;
}

/** GET /_simulator/api/rp-check/plans */
export interface PlanList {
  items: PlanSummary[];
  problems: { file: string; message: string }[];
  dataDir: string | null;
}

/** A per-sign-in request check (provider document rules). */
export interface RequestCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** Ids of the exchanges it rests on. */
  exchanges: string[];
  /**
   * When not ok: 'violation' (a "must" of the provider: fails the step, the default) or 'warning'
   * (a recommendation: reported apart, never a failure).
   */
  level?: 'violation' | 'warning';
  /** The provider rule's stable id, when one decided it (e.g. 'state-reused'). */
  rule?: string;
}

/** What a judge concludes from a step's exchanges. */
export interface Verdict {
  /** `waiting`: only the tester can tell (the simulator cannot see the outcome). */
  status: 'passed' | 'failed' | 'waiting' | 'not-judged';
  reason: string;
  /** Ids of the exchanges the verdict rests on. */
  exchanges: string[];
  checks: RequestCheck[];
}

export const STEP_STATUSES = [
  'pending',
  'observing',
  'waiting',
  'passed',
  'failed',
  'skipped',
  'not-judged',
] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const TESTER_VERDICTS = ['pass', 'fail', 'skip', 'retry'] as const;
export type TesterVerdict = (typeof TESTER_VERDICTS)[number];

/** An exchange as a step shows it (the full record is in the request log). */
export interface ExchangeRef {
  id: string;
  seq: number;
  endpoint: string;
  method: string;
  path: string;
  status: number;
  startedAt: string;
  journeyId?: string;
  /** The error code, when the exchange failed. */
  error?: string;
}

/** What the user would have seen at the end of a step's journey, from the check's own browser driver or
 *  reported by a tester / test suite. */
export interface ObservedOutcome {
  source: 'driver' | 'tester';
  signedIn: boolean;
  /** Whether the service showed the verified identity (identity and core identity steps); absent = unknown. */
  identityAccepted?: boolean;
  /**
   * The text looked for was the tester's own (--drive-identity-text): the service promises to show
   * it, so its absence on the good identity sign-in fails that step. Otherwise the verified family
   * name was looked for, which many services never show.
   */
  identityTextGiven?: boolean;
  note?: string;
  /** Driver evidence: the last page of the journey and the signed-in page's answer. */
  page?: PageSeen;
  probe?: ProbeSeen;
  /**
   * After a step where the user must not stay signed in: the signed-in page opened again, a
   * little apart (a service may keep a session it should have dropped).
   */
  looks?: ProbeSeen[];
  /** The exchanges after this sequence number came while the check looked again. */
  looksAfterSeq?: number;
  /** Driver failures, e.g. "could not reach http://localhost:8080/login (ECONNREFUSED)". */
  error?: string;
  at: string; // ISO time
}

/** A page the check's browser read: where it stopped, its status and what kind of page it was. */
export interface PageSeen {
  url: string;
  status: number;
  title?: string;
  /** The Content-Type's media type, as the service sent it. */
  contentType?: string;
  /** How the page was read: html, text or json (absent: a type no user reads). */
  type?: 'html' | 'text' | 'json';
  /** The last addresses the browser went through to reach it (queries left out). */
  hops?: string[];
}

/** The signed-in page's answer. */
export interface ProbeSeen {
  url: string;
  status: number;
  signedIn: boolean;
  detail: string;
  type?: 'html' | 'text' | 'json';
  at?: string;
}

export interface StepResult {
  id: string;
  title: string;
  kind: StepKind;
  instruction: string;
  expectation: string;
  /** What the step asks of the sign-in (for a test suite). */
  ask: StepAsk;
  status: StepStatus;
  /** Why: names the exchanges it rests on (#seq). */
  reason?: string;
  /** Who decided: the judge (from the exchanges) or the tester. */
  decidedBy?: 'judge' | 'tester';
  /** The tester's note with a verdict. */
  note?: string;
  /** The judge's own conclusion when the tester decided otherwise or was asked. */
  judgeReason?: string;
  /** Every exchange observed during the step. */
  exchanges: ExchangeRef[];
  /** The exchanges the verdict rests on. */
  evidence: string[];
  checks: RequestCheck[];
  /** What the user saw at the end of the journey (the check's driver or the tester). */
  outcome?: ObservedOutcome;
  attempts: number;
  startedAt?: string;
  endedAt?: string;
}

export interface RpCheckSummary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  notJudged: number;
  pending: number;
  /** Steps decided from evidence: passed plus failed. */
  judged: number;
}

/** GET /_simulator/api/rp-check: the run (there is at most one per simulator). */
export interface RpCheckStatus {
  state: 'idle' | 'running' | 'finished';
  plan?: { id: string; name: string; description: string };
  /** false: no one at the window (headless --rp-check): tester steps are "not judged". */
  attended: boolean;
  timeoutSeconds: number;
  waitSeconds: number;
  /** Set when the check drives the service itself. */
  drive?: DriveSettings;
  /** Index of the current step while running. */
  currentStep?: number;
  startedAt?: string;
  finishedAt?: string;
  steps: StepResult[];
  summary: RpCheckSummary;
}

/** POST /_simulator/api/rp-check/start */
export interface StartRequest {
  plan: string;
  attended?: boolean;
  /** Unattended: a test suite posts each step's outcome (every step waits for it). */
  reportsOutcome?: boolean;
  timeoutSeconds?: number;
  /** Drive the service (wins over the plan's `service` section). */
  drive?: DriveSettings;
}

/** POST /_simulator/api/rp-check/steps/:id/outcome: what the user saw at the end of the journey. */
export interface OutcomeRequest {
  signedIn: boolean;
  /** Identity steps: whether the service showed the verified identity. */
  identityAccepted?: boolean;
  note?: string;
}

/** POST /_simulator/api/rp-check/verdict */
export interface VerdictRequest {
  step: string;
  verdict: TesterVerdict;
  note?: string;
}

export const REPORT_FORMATS = ['json', 'junit', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The JSON report: the finished (or current) run. */
export interface RpCheckReport extends RpCheckStatus {
  generatedAt: string;
  simulatorUrl: string;
  version: string;
}
