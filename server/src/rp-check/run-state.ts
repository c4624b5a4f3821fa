import type { ConfigIssue, SimulatorConfig } from '../config/config-types.js';
import type { JourneyBrowserFactory } from './drive/real-browser.js';
import type { Exchange } from '../log/exchange-types.js';
import type { ConfigStore } from '../config/config-store.js';
import type { PresetStore } from '../presets/preset-store.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import type { KeySetCache } from '../keys/key-set-cache.js';
import type { Timers } from './publish-new-keys.js';
import { err, ok, type Result } from '../shared/result.js';
import { MAX_TIMEOUT_SECONDS } from './parse-plan.js';
import { calibrationOf } from './calibration-of.js';
import { judgeStep } from './judge-step.js';
import { refOf, summarize } from './step-results.js';
import type {
  DriveSettings,
  Plan,
  PlanStepDocument,
  RpCheckStatus,
  StepResult,
} from './rp-check-types.js';

/** What a relying-party check run holds while it runs, and its status as the admin API shows it. */

/** The endpoints a relying party calls during a sign-in; the rest (admin, /config) are ignored. */
export const OBSERVED = new Set([
  'authorize',
  'token',
  'userinfo',
  'jwks',
  'did',
  'discovery',
  'logout',
  'interactive',
]);
/** Exchanges a run keeps for the "never reused" rules (a run is a few dozen sign-ins). */
export const MAX_HISTORY = 5000;
/** Exchanges a step keeps (a hostile client cannot grow a run without bound). */
export const MAX_STEP_EXCHANGES = 500;

export type RunError =
  | { code: 'conflict'; message: string }
  | { code: 'invalid'; message: string; issues?: ConfigIssue[] };

export interface StartOptions {
  attended: boolean;
  /** Unattended: a test suite reports each step's outcome, so every step waits for it. */
  reportsOutcome?: boolean;
  /** Overrides the plan's timeoutSeconds. */
  timeoutSeconds?: number;
  /** The check drives the service itself (acting as the user's browser) through each step. */
  drive?: DriveSettings;
  /** With `drive`: a real browser (--drive-browser) drives each step instead of the HTTP driver. */
  browser?: JourneyBrowserFactory;
}

export const realTimers: Timers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clear: (t) => clearTimeout(t as NodeJS.Timeout),
};

export interface RpCheckRunDeps {
  config: ConfigStore;
  presets: PresetStore;
  events: SimulatorEvents;
  clock: () => number;
  timers?: Timers;
  /** The named simulator this check belongs to: it observes that simulator's exchanges only. */
  simulator?: string | undefined;
  /** The max-age discovery and the key set advertise: a plan's keySetMaxAgeSeconds lowers it. */
  keySetCache?: KeySetCache | undefined;
}

export interface Active {
  plan: Plan;
  attended: boolean;
  reportsOutcome: boolean;
  timeoutMs: number;
  waitMs: number;
  steps: StepResult[];
  current: number;
  startedAt: string;
  finishedAt?: string;
  /** The configuration before the run: restored at the end, and each step's starting point. */
  before: SimulatorConfig;
  stepConfig: SimulatorConfig;
  stepExchanges: Exchange[];
  history: Exchange[];
  idle?: unknown;
  wait?: unknown;
  /** A key rotation step waiting the key set's max-age before the new key signs. */
  publish?: unknown;
  /** The max-age the key set advertised before the run (restored when it ends). */
  maxAgeBefore: number | undefined;
  drive?: DriveSettings;
  browser?: JourneyBrowserFactory;
  /** Bumped at each step begun: a driven journey that finishes late is ignored. */
  attempt: number;
}

/** The run's status: idle before any run, then running or finished. */
export function runStatus(a: Active | undefined): RpCheckStatus {
  if (!a)
    return {
      state: 'idle',
      attended: true,
      timeoutSeconds: 0,
      waitSeconds: 0,
      steps: [],
      summary: summarize([]),
    };
  const steps = structuredClone(a.steps);
  const current = steps[a.current];
  if (!a.finishedAt && current) current.exchanges = a.stepExchanges.map(refOf);
  return {
    state: a.finishedAt ? 'finished' : 'running',
    plan: { id: a.plan.id, name: a.plan.name, description: a.plan.description },
    attended: a.attended,
    timeoutSeconds: a.timeoutMs / 1000,
    waitSeconds: a.waitMs / 1000,
    ...(a.drive ? { drive: structuredClone(a.drive) } : {}),
    ...(a.finishedAt ? {} : { currentStep: a.current }),
    startedAt: a.startedAt,
    ...(a.finishedAt ? { finishedAt: a.finishedAt } : {}),
    steps,
    summary: summarize(steps),
  };
}

/** A run's quiet timeout, as a start request or the plan gives it. */
export function checkTimeout(timeout: number): Result<void, RunError> {
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > MAX_TIMEOUT_SECONDS)
    return err({
      code: 'invalid',
      message: `timeoutSeconds must be a whole number from 1 to ${MAX_TIMEOUT_SECONDS}`,
    });
  return ok(undefined);
}

/** Who hears of a run's steps and of its end. */
export class RunListeners {
  private readonly finishedSet = new Set<(status: RpCheckStatus) => void>();
  private readonly stepSet = new Set<(step: StepResult, index: number) => void>();

  onFinished(listener: (status: RpCheckStatus) => void): () => void {
    this.finishedSet.add(listener);
    return () => this.finishedSet.delete(listener);
  }

  onStep(listener: (step: StepResult, index: number) => void): () => void {
    this.stepSet.add(listener);
    return () => this.stepSet.delete(listener);
  }

  /** Each listener gets its own copy of the step. */
  step(a: Active, index: number): void {
    const step = a.steps[index];
    if (!step) return;
    for (const l of this.stepSet) l(structuredClone(step), index);
  }

  finished(status: RpCheckStatus): void {
    for (const l of this.finishedSet) l(status);
  }

  clear(): void {
    this.finishedSet.clear();
    this.stepSet.clear();
  }
}

/** Judges the current step from its exchanges, its outcome and what the happy paths showed. */
export function judgeCurrentStep(a: Active) {
  const step = a.steps[a.current] as StepResult;
  return judgeStep({
    step: a.plan.steps[a.current] as PlanStepDocument,
    exchanges: a.stepExchanges,
    earlier: a.history,
    config: a.stepConfig,
    ...(step.outcome ? { outcome: step.outcome } : {}),
    calibration: calibrationOf(a.plan.steps, a.steps, a.current),
  });
}

/** Stops the run's quiet, wait and key-publishing timers. */
export function clearRunTimers(a: Active, timers: Timers): void {
  if (a.idle !== undefined) timers.clear(a.idle);
  if (a.wait !== undefined) timers.clear(a.wait);
  if (a.publish !== undefined) timers.clear(a.publish);
  delete a.idle;
  delete a.wait;
  delete a.publish;
}
