import { emptyErrorConfiguration } from '../config/parse-config-request.js';
import type { ConfigIssue, SimulatorConfig } from '../config/config-types.js';
import type { Exchange } from '../log/exchange-types.js';
import type { ConfigStore } from '../config/config-store.js';
import { err, ok, type Result } from '../errors/result.js';
import type { PresetStore } from '../presets/preset-store.js';
import { describeIssues } from '../presets/preset-store.js';
import type { Scenario } from '../presets/preset-types.js';
import { resolveScenario } from '../presets/resolve-preset.js';
import { checkScenario } from '../presets/scenario-formats.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import type { KeySetCache } from '../keys/key-set-cache.js';
import { driveStep } from './drive/drive-step.js';
import { journeyEnded, judgeStep, type Calibration } from './judge-step.js';
import { askOf } from './step-ask.js';
import { MAX_TIMEOUT_SECONDS } from './parse-plan.js';
import type {
  DriveSettings,
  ExchangeRef,
  ObservedOutcome,
  Plan,
  PlanStepDocument,
  RpCheckStatus,
  RpCheckSummary,
  StepResult,
  TesterVerdict,
} from './rp-check-types.js';

/**
 * One relying-party check run per simulator: a state machine over the plan's steps. Each step
 * applies its scenario (as POST /config would), watches the exchanges the relying party causes
 * and is judged when its journey ends: at the client's /userinfo, after a sign-in loop, or when
 * the client sends nothing more for `timeoutSeconds` after its first /authorize. Unattended runs also end a step that saw no
 * request for `waitSeconds`, and mark steps only a tester can judge "not judged". When the plan
 * ends, the configuration the simulator had before the run comes back.
 */

/** The endpoints a relying party calls during a sign-in; the rest (admin, /config) are ignored. */
const OBSERVED = new Set([
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
const MAX_HISTORY = 5000;
/** Exchanges a step keeps (a hostile client cannot grow a run without bound). */
const MAX_STEP_EXCHANGES = 500;

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
}

/** After a driven journey, how long the check waits for exchanges still being recorded. */
export const DRIVE_SETTLE_MS = 150;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
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

/** The flags that make the simulator sign with the new keys (a key rotation's second half). */
const USE_NEW_KEYS = ['useNewIdTokenSigningKeys', 'useNewCoreIdentitySigningKeys'] as const;

interface Active {
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
  /** Bumped at each step begun: a driven journey that finishes late is ignored. */
  attempt: number;
}

const refOf = (e: Exchange): ExchangeRef => ({
  id: e.id,
  seq: e.seq,
  endpoint: e.endpoint,
  method: e.request.method,
  path: e.request.path,
  status: e.response.status,
  startedAt: e.startedAt,
  ...(e.journeyId ? { journeyId: e.journeyId } : {}),
  ...(e.outcome.kind === 'error' ? { error: e.outcome.code } : {}),
});

const freshStep = (s: PlanStepDocument): StepResult => ({
  id: s.id,
  title: s.title,
  kind: s.kind,
  instruction: s.instruction,
  expectation: s.expectation,
  ask: askOf(s),
  status: 'pending',
  exchanges: [],
  evidence: [],
  checks: [],
  attempts: 0,
});

export function summarize(steps: readonly StepResult[]): RpCheckSummary {
  const count = (...statuses: StepResult['status'][]) =>
    steps.filter((s) => statuses.includes(s.status)).length;
  return {
    total: steps.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    notJudged: count('not-judged'),
    pending: count('pending', 'observing', 'waiting'),
  };
}

export class RpCheckRun {
  private active: Active | undefined;
  private readonly timers: Timers;
  private readonly finishedListeners = new Set<(status: RpCheckStatus) => void>();
  private readonly stepListeners = new Set<(step: StepResult, index: number) => void>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: RpCheckRunDeps) {
    this.timers = deps.timers ?? realTimers;
    const listener = (e: Exchange) => {
      if (e.simulator === deps.simulator) this.guarded(() => this.observe(e));
    };
    deps.events.on('exchange', listener);
    this.unsubscribe = () => deps.events.off('exchange', listener);
  }

  /** Checks that every step's scenario can be applied, without applying anything. */
  checkPlan(plan: Plan): Result<void, RunError> {
    const base = this.deps.config.get();
    for (const [i, step] of plan.steps.entries()) {
      const r = this.resolveStep(step, base);
      if (!r.ok)
        return err({
          code: 'invalid',
          message: `step ${i + 1} (${step.id}): ${r.error}`,
        });
    }
    return ok(undefined);
  }

  start(plan: Plan, options: StartOptions): Result<RpCheckStatus, RunError> {
    if (this.active && !this.active.finishedAt)
      return err({
        code: 'conflict',
        message: `a run of "${this.active.plan.name}" is in progress: stop it first (POST /_simulator/api/rp-check/stop)`,
      });
    const timeout = options.timeoutSeconds ?? plan.timeoutSeconds;
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > MAX_TIMEOUT_SECONDS)
      return err({
        code: 'invalid',
        message: `timeoutSeconds must be a whole number from 1 to ${MAX_TIMEOUT_SECONDS}`,
      });
    const checked = this.checkPlan(plan);
    if (!checked.ok) return checked;
    const before = structuredClone(this.deps.config.get()) as SimulatorConfig;
    this.active = {
      plan: structuredClone(plan),
      attended: options.attended,
      reportsOutcome: options.reportsOutcome === true,
      timeoutMs: timeout * 1000,
      waitMs: plan.waitSeconds * 1000,
      steps: plan.steps.map(freshStep),
      current: 0,
      startedAt: new Date(this.deps.clock()).toISOString(),
      before,
      stepConfig: before,
      stepExchanges: [],
      history: [],
      ...(options.drive ? { drive: structuredClone(options.drive) } : {}),
      attempt: 0,
      maxAgeBefore: this.deps.keySetCache?.maxAgeSeconds,
    };
    this.begin(0);
    return ok(this.status());
  }

  /** Abandons the run: the steps not decided stay pending, the configuration comes back. */
  stop(): Result<RpCheckStatus, RunError> {
    const a = this.active;
    if (!a || a.finishedAt) return err({ code: 'conflict', message: 'no run is in progress' });
    this.clearTimers(a);
    const step = a.steps[a.current];
    if (step && (step.status === 'observing' || step.status === 'waiting')) {
      step.status = 'pending';
      step.reason = 'The run was stopped before this step was decided.';
    }
    this.finish(a);
    return ok(this.status());
  }

  /** A tester's verdict: pass, fail or skip the current step, or retry it (or the last one decided). */
  verdict(
    stepId: string,
    verdict: TesterVerdict,
    note: string | undefined,
  ): Result<RpCheckStatus, RunError> {
    const found = this.findStep(stepId);
    if (!found.ok) return found;
    const { a, index, step } = found.value;
    const isCurrent = !a.finishedAt && index === a.current;
    const live = isCurrent && (step.status === 'observing' || step.status === 'waiting');
    if (verdict === 'retry') {
      const lastDecided = a.finishedAt ? a.steps.length - 1 : a.current - 1;
      if (!live && index !== lastDecided)
        return err({
          code: 'conflict',
          message: `step "${stepId}" can be retried only while it is the current step or the last one decided`,
        });
      this.clearTimers(a);
      if (a.finishedAt) delete a.finishedAt;
      // Undo what happened after the retried step (at most the current step, just begun).
      for (let i = index + 1; i < a.steps.length; i++) {
        const s = a.steps[i] as StepResult;
        if (s.status !== 'pending')
          a.steps[i] = { ...freshStep(a.plan.steps[i] as PlanStepDocument), attempts: s.attempts };
      }
      this.begin(index);
      return ok(this.status());
    }
    if (!live)
      return err({
        code: 'conflict',
        message: `step "${stepId}" is not waiting for a verdict (it is ${step.status})`,
      });
    this.clearTimers(a);
    const judged = this.judge(a);
    step.exchanges = a.stepExchanges.map(refOf);
    step.evidence = judged.exchanges;
    step.checks = judged.checks;
    step.status = verdict === 'pass' ? 'passed' : verdict === 'fail' ? 'failed' : 'skipped';
    step.decidedBy = 'tester';
    step.reason =
      verdict === 'skip'
        ? `Skipped by the tester${note ? `: ${note}` : '.'}`
        : `The tester judged it ${verdict === 'pass' ? 'passed' : 'failed'}${note ? `: ${note}` : '.'}`;
    if (note) step.note = note;
    step.judgeReason = judged.reason;
    step.endedAt = new Date(this.deps.clock()).toISOString();
    this.advance(a);
    return ok(this.status());
  }

  /**
   * What the user saw at the end of the current step's journey, reported by the tester or a test
   * suite. It names the step it is for: an answer for a step that is no longer current changes
   * nothing. It ends a journey still being observed, then the step is judged with it.
   */
  outcome(
    stepId: string,
    reported: { signedIn: boolean; identityAccepted?: boolean; note?: string },
  ): Result<RpCheckStatus, RunError> {
    const found = this.findStep(stepId);
    if (!found.ok) return found;
    const { a, index, step } = found.value;
    const live =
      !a.finishedAt &&
      index === a.current &&
      (step.status === 'observing' || step.status === 'waiting');
    if (!live)
      return err({
        code: 'conflict',
        message: `step "${stepId}" is not waiting for an outcome (it is ${step.status})`,
      });
    if (!a.stepExchanges.some((e) => e.endpoint === 'authorize'))
      return err({
        code: 'conflict',
        message: `step "${stepId}" has seen no sign-in yet: sign in on your service first`,
      });
    this.clearTimers(a);
    step.outcome = {
      source: 'tester',
      signedIn: reported.signedIn,
      ...(reported.identityAccepted !== undefined
        ? { identityAccepted: reported.identityAccepted }
        : {}),
      ...(reported.note ? { note: reported.note } : {}),
      at: new Date(this.deps.clock()).toISOString(),
    } satisfies ObservedOutcome;
    step.status = 'observing';
    this.end(a);
    return ok(this.status());
  }

  /** The run and one of its steps, by id. */
  private findStep(
    stepId: string,
  ): Result<{ a: Active; index: number; step: StepResult }, RunError> {
    const a = this.active;
    if (!a) return err({ code: 'conflict', message: 'no run has been started' });
    const index = a.steps.findIndex((s) => s.id === stepId);
    if (index < 0) return err({ code: 'invalid', message: `the plan has no step "${stepId}"` });
    return ok({ a, index, step: a.steps[index] as StepResult });
  }

  status(): RpCheckStatus {
    const a = this.active;
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

  /** Called with the final status each time a run ends (the plan is done or it was stopped). */
  onFinished(listener: (status: RpCheckStatus) => void): () => void {
    this.finishedListeners.add(listener);
    return () => this.finishedListeners.delete(listener);
  }

  /** Called when a step begins, waits for the tester, or is decided. */
  onStep(listener: (step: StepResult, index: number) => void): () => void {
    this.stepListeners.add(listener);
    return () => this.stepListeners.delete(listener);
  }

  close(): void {
    if (this.active) this.clearTimers(this.active);
    this.unsubscribe();
    this.finishedListeners.clear();
    this.stepListeners.clear();
  }

  private tell(a: Active, index: number): void {
    const step = a.steps[index];
    if (!step) return;
    for (const l of this.stepListeners) l(structuredClone(step), index);
  }

  // ---- internals ---------------------------------------------------------------------------

  private resolveStep(
    step: PlanStepDocument,
    base: Readonly<SimulatorConfig>,
  ): Result<Record<string, unknown>, string> {
    const presets = this.deps.presets;
    let scenario: Scenario;
    if (step.scenario === undefined)
      scenario = {
        id: 'rp-check-step',
        name: step.title,
        description: '',
        builtIn: false,
        clientConfiguration: {},
        errorConfiguration: emptyErrorConfiguration(),
        flags: {},
      };
    else if (typeof step.scenario === 'string') {
      const found = presets.getScenario(step.scenario);
      if (found.kind === 'missing') return err(`no scenario has the id "${step.scenario}"`);
      if (found.kind === 'broken')
        return err(`${found.problem.file} cannot be used: ${found.problem.message}`);
      scenario = found.value;
    } else {
      const checked = checkScenario(step.scenario, 'rp-check-step', presets.lookupPersona);
      if (!checked.ok) return err(`its scenario cannot be used: ${describeIssues(checked.error)}`);
      scenario = checked.value;
    }
    const resolved = resolveScenario(scenario, {
      // The client and flags the tester had when the run started (as the README says), not the
      // start-up ones: a redirect URI registered in the window stays registered.
      baseline: { ...base, simulatorUrl: this.deps.config.get().simulatorUrl },
      current: { ...base, simulatorUrl: this.deps.config.get().simulatorUrl },
      lookup: presets.lookupPersona,
    });
    if (!resolved.ok)
      return err(`its scenario cannot be applied: ${describeIssues(resolved.error)}`);
    return ok(resolved.value.body);
  }

  private begin(index: number): void {
    const a = this.active as Active;
    // Clients cache discovery and the key set only as long as the plan says, during the run.
    if (this.deps.keySetCache && a.plan.keySetMaxAgeSeconds)
      this.deps.keySetCache.maxAgeSeconds = a.plan.keySetMaxAgeSeconds;
    a.current = index;
    a.attempt++;
    a.stepExchanges = [];
    const step = a.steps[index] as StepResult;
    const plan = a.plan.steps[index] as PlanStepDocument;
    Object.assign(step, freshStep(plan), { attempts: step.attempts + 1 });
    step.startedAt = new Date(this.deps.clock()).toISOString();
    const body = this.resolveStep(plan, a.before);
    const applied = body.ok ? this.deps.config.update(body.value) : body;
    if (!applied.ok) {
      step.status = 'not-judged';
      step.decidedBy = 'judge';
      step.reason = `The step's scenario could not be applied: ${typeof applied.error === 'string' ? applied.error : describeIssues(applied.error)}`;
      step.endedAt = step.startedAt;
      this.advance(a);
      return;
    }
    a.stepConfig = applied.value;
    if (this.publishFirst(a, step, plan, body.ok ? body.value : {})) return;
    this.observeStep(a, index);
  }

  /**
   * A key rotation step of a plan with keySetMaxAgeSeconds: the new key is published first (the
   * step's scenario without signing with it), the step waits the key set's max-age, then the new
   * key signs and the step is observed. Answers false when the step is not such a step.
   */
  private publishFirst(
    a: Active,
    step: StepResult,
    plan: PlanStepDocument,
    body: Record<string, unknown>,
  ): boolean {
    const maxAge = a.plan.keySetMaxAgeSeconds;
    if (plan.kind !== 'key-rotation' || !maxAge || !USE_NEW_KEYS.some((k) => body[k] === true))
      return false;
    const publishOnly = { ...body };
    for (const k of USE_NEW_KEYS) if (publishOnly[k] === true) publishOnly[k] = false;
    const published = this.deps.config.update(publishOnly);
    if (!published.ok) return false;
    const signing = a.stepConfig;
    a.stepConfig = published.value;
    step.reason = `The new signing key is published; it signs in ${maxAge} s (the key set's max-age). Wait for the step to start.`;
    this.tell(a, a.current);
    const index = a.current;
    a.publish = this.timers.set(
      () =>
        this.guarded(() => {
          delete a.publish;
          if (this.active !== a || a.finishedAt || a.current !== index) return;
          const applied = this.deps.config.update(body);
          a.stepConfig = applied.ok ? applied.value : signing;
          delete step.reason;
          this.observeStep(a, index);
        }),
      maxAge * 1000,
    );
    return true;
  }

  /** The step's scenario is in force: watch (or drive) its journey. */
  private observeStep(a: Active, index: number): void {
    const step = a.steps[index] as StepResult;
    step.status = 'observing';
    this.tell(a, index);
    if (a.drive) void this.drive(a, a.drive);
    else if (!a.attended) a.wait = this.timers.set(() => this.guarded(() => this.end(a)), a.waitMs);
  }

  /**
   * A driven step: the check acts as the user's browser, then judges once the journey is over
   * (the driver knows when it ended: no quiet timer is needed).
   */
  private async drive(a: Active, settings: DriveSettings): Promise<void> {
    const attempt = a.attempt;
    const index = a.current;
    const still = () =>
      this.active === a && !a.finishedAt && a.attempt === attempt && a.current === index;
    const driven = await driveStep({
      settings,
      step: a.plan.steps[index] as PlanStepDocument,
      config: a.stepConfig,
      now: this.deps.clock,
    }).catch((error: unknown) => ({
      outcome: {
        source: 'driver' as const,
        signedIn: false,
        error: `the check's browser failed: ${error instanceof Error ? error.message : String(error)}`,
        at: new Date(this.deps.clock()).toISOString(),
      },
      notJudged: undefined,
    }));
    if (!still()) return;
    await new Promise<void>((resolve) => this.timers.set(resolve, DRIVE_SETTLE_MS));
    if (!still()) return;
    const step = a.steps[index] as StepResult;
    if (step.status !== 'observing') return;
    step.outcome = driven.outcome;
    const reachedSimulator = a.stepExchanges.some((e) => e.endpoint === 'authorize');
    const notJudged =
      driven.notJudged ??
      (driven.outcome.error && !reachedSimulator
        ? `Not judged: the check could not drive the service: ${driven.outcome.error}.`
        : undefined);
    if (notJudged) {
      this.clearTimers(a);
      step.exchanges = a.stepExchanges.map(refOf);
      step.status = 'not-judged';
      step.decidedBy = 'judge';
      step.reason = notJudged;
      step.endedAt = new Date(this.deps.clock()).toISOString();
      this.advance(a);
      return;
    }
    this.guarded(() => this.end(a));
  }

  private observe(e: Exchange): void {
    const a = this.active;
    if (!a || a.finishedAt) return;
    const step = a.steps[a.current];
    if (!step || step.status !== 'observing' || !OBSERVED.has(e.endpoint)) return;
    if (a.stepExchanges.length >= MAX_STEP_EXCHANGES) return;
    a.stepExchanges.push(e);
    // The journey starts at the step's first /authorize. Requests before it (a key set or DID
    // document fetched after the previous step, discovery) are kept as evidence but start no
    // timer: the tester may take their time to begin.
    if (!a.stepExchanges.some((x) => x.endpoint === 'authorize')) return;
    // A driven step ends when its driver is done, not on the exchanges.
    if (a.drive) return;
    if (a.wait !== undefined) {
      this.timers.clear(a.wait);
      delete a.wait;
    }
    if (a.idle !== undefined) this.timers.clear(a.idle);
    a.idle = this.timers.set(() => this.guarded(() => this.end(a)), a.timeoutMs);
    if (journeyEnded(a.plan.steps[a.current] as PlanStepDocument, a.stepExchanges)) this.end(a);
  }

  private judge(a: Active) {
    const step = a.steps[a.current] as StepResult;
    return judgeStep({
      step: a.plan.steps[a.current] as PlanStepDocument,
      exchanges: a.stepExchanges,
      earlier: a.history,
      config: a.stepConfig,
      ...(step.outcome ? { outcome: step.outcome } : {}),
      calibration: this.calibration(a),
    });
  }

  /** What the happy-path steps decided before the current one showed about the service. */
  private calibration(a: Active): Calibration {
    const out: Calibration = {};
    for (let i = 0; i < a.current; i++) {
      const plan = a.plan.steps[i] as PlanStepDocument;
      const result = a.steps[i] as StepResult;
      if (plan.kind !== 'sign-in' || result.status === 'pending' || result.status === 'skipped')
        continue;
      const outcome = result.outcome ? { outcome: result.outcome } : {};
      if (plan.expect?.identity) out.identity = { step: plan.id, ...outcome };
      else if (!plan.expect?.returnCode && !plan.expect?.reauthenticate)
        out.signIn = {
          step: plan.id,
          calledUserinfo: result.exchanges.some((e) => e.endpoint === 'userinfo' && e.status < 400),
          ...outcome,
        };
    }
    return out;
  }

  /**
   * The step's journey ended: judge it. Without an outcome, a tester at the window is asked what
   * the service showed (the step waits, however long, for the answer or a Skip); unattended, a
   * verdict that needs the user's view (every verdict, when a test suite reports outcomes) waits
   * one quiet timeout for the outcome, then is decided without it.
   */
  private end(a: Active): void {
    if (this.active !== a || a.finishedAt) return;
    const step = a.steps[a.current] as StepResult;
    if (step.status !== 'observing') return;
    this.clearTimers(a);
    const v = this.judge(a);
    step.exchanges = a.stepExchanges.map(refOf);
    step.evidence = v.exchanges;
    step.checks = v.checks;
    step.reason = v.reason;
    step.decidedBy = 'judge';
    if (!step.outcome && (a.attended || a.reportsOutcome || v.status === 'waiting')) {
      step.status = 'waiting';
      if (!a.attended) a.idle = this.timers.set(() => this.decide(a, this.judge(a)), a.timeoutMs);
      this.tell(a, a.current);
      return;
    }
    this.decide(a, v);
  }

  /** Records the judge's verdict on the current step and moves on. */
  private decide(a: Active, v: ReturnType<typeof judgeStep>): void {
    if (this.active !== a || a.finishedAt) return;
    const step = a.steps[a.current] as StepResult;
    this.clearTimers(a);
    step.exchanges = a.stepExchanges.map(refOf);
    step.evidence = v.exchanges;
    step.checks = v.checks;
    step.decidedBy = 'judge';
    if (v.status === 'waiting') {
      step.status = 'not-judged';
      step.reason = `Not judged: ${step.outcome ? 'the outcome could not decide it' : 'no one said what the service showed'}. ${v.reason}`;
    } else {
      step.status = v.status;
      step.reason = v.reason;
    }
    step.endedAt = new Date(this.deps.clock()).toISOString();
    this.advance(a);
  }

  private advance(a: Active): void {
    this.tell(a, a.current);
    a.history.push(...a.stepExchanges);
    if (a.history.length > MAX_HISTORY) a.history.splice(0, a.history.length - MAX_HISTORY);
    a.stepExchanges = [];
    if (a.current + 1 < a.steps.length) this.begin(a.current + 1);
    else this.finish(a);
  }

  private finish(a: Active): void {
    this.clearTimers(a);
    if (this.deps.keySetCache) this.deps.keySetCache.maxAgeSeconds = a.maxAgeBefore;
    a.finishedAt = new Date(this.deps.clock()).toISOString();
    this.deps.config.update({ ...a.before, simulatorUrl: this.deps.config.get().simulatorUrl });
    const status = this.status();
    for (const l of this.finishedListeners) l(status);
  }

  /**
   * Runs a timer or event callback of the check. What a client sent must never take the process
   * down or leave a step observing forever: anything thrown fails the current step with a reason.
   */
  private guarded(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      const a = this.active;
      const step = a?.steps[a.current];
      if (!a || a.finishedAt || !step || step.status !== 'observing') return;
      this.clearTimers(a);
      step.exchanges = a.stepExchanges.map(refOf);
      step.status = 'failed';
      step.decidedBy = 'judge';
      step.reason = `The judge could not read this step's requests (${e instanceof Error ? e.message : String(e)}); a request the service sent is malformed.`;
      step.endedAt = new Date(this.deps.clock()).toISOString();
      try {
        this.advance(a);
      } catch {
        // A listener failing again must not escape a timer either: the step is already decided.
      }
    }
  }

  private clearTimers(a: Active): void {
    if (a.idle !== undefined) this.timers.clear(a.idle);
    if (a.wait !== undefined) this.timers.clear(a.wait);
    if (a.publish !== undefined) this.timers.clear(a.publish);
    delete a.idle;
    delete a.wait;
    delete a.publish;
  }
}
