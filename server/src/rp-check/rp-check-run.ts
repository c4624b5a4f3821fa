import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import { describeIssues } from '../presets/preset-store.js';
import { driveRunStep } from './drive-run-step.js';
import { journeyEnded, type judgeStep } from './judge-step.js';
import {
  MAX_HISTORY,
  MAX_STEP_EXCHANGES,
  OBSERVED,
  checkTimeout,
  clearRunTimers,
  judgeCurrentStep,
  realTimers,
  RunListeners,
  runStatus,
  type Active,
  type RpCheckRunDeps,
  type RunError,
  type StartOptions,
} from './run-state.js';
import { publishedReason, publishNewKeysFirst, type Timers } from './publish-new-keys.js';
import { judgedDecision, recordDecision, type Decision } from './record-decision.js';
import { planProblem, resolveStepScenario } from './resolve-step-scenario.js';
import { freshStep, refOf } from './step-results.js';
import {
  testerOutcome,
  testerVerdict,
  type ReportedOutcome,
  type RunControl,
} from './tester-input.js';
import type {
  DriveSettings,
  Plan,
  PlanStepDocument,
  RpCheckStatus,
  StepResult,
  TesterVerdict,
} from './rp-check-types.js';

export type { RpCheckRunDeps, RunError, StartOptions } from './run-state.js';
export type { Timers } from './publish-new-keys.js';

/**
 * One relying-party check run per simulator: a state machine over the plan's steps. Each step
 * applies its scenario (as POST /config would), watches the exchanges the relying party causes
 * and is judged when its journey ends: at the client's /userinfo, after a sign-in loop, or when
 * the client sends nothing more for `timeoutSeconds` after its first /authorize. Unattended runs also end a step that saw no
 * request for `waitSeconds`, and mark steps only a tester can judge "not judged". When the plan
 * ends, the configuration the simulator had before the run comes back.
 */

export class RpCheckRun {
  private active: Active | undefined;
  private readonly timers: Timers;
  private readonly listeners = new RunListeners();
  private readonly unsubscribe: () => void;
  /** Aborted by close(): a driven journey in flight stops, and sends nothing more. */
  private readonly closing = new AbortController();

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
    const problem = planProblem(plan.steps, (step) => this.resolveStep(step, base));
    return problem ? err({ code: 'invalid', message: problem }) : ok(undefined);
  }

  start(plan: Plan, options: StartOptions): Result<RpCheckStatus, RunError> {
    if (this.active && !this.active.finishedAt)
      return err({
        code: 'conflict',
        message: `a run of "${this.active.plan.name}" is in progress: stop it first (POST /_simulator/api/rp-check/stop)`,
      });
    const timeout = options.timeoutSeconds ?? plan.timeoutSeconds;
    const timeoutOk = checkTimeout(timeout);
    if (!timeoutOk.ok) return timeoutOk;
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
      ...(options.drive && options.browser ? { browser: options.browser } : {}),
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
    const done = testerVerdict(this.control(), stepId, verdict, note);
    return done.ok ? ok(this.status()) : done;
  }

  /**
   * What the user saw at the end of the current step's journey, reported by the tester or a test
   * suite. It names the step it is for: an answer for a step that is no longer current changes
   * nothing. It ends a journey still being observed, then the step is judged with it.
   */
  outcome(stepId: string, reported: ReportedOutcome): Result<RpCheckStatus, RunError> {
    const done = testerOutcome(this.control(), stepId, reported);
    return done.ok ? ok(this.status()) : done;
  }

  /** What the tester's answers may do to the run. */
  private control(): RunControl {
    return {
      active: this.active,
      clock: this.deps.clock,
      clearTimers: (a) => this.clearTimers(a),
      judge: (a) => this.judge(a),
      record: (a, step, d) => this.record(a, step, d),
      advance: (a) => this.advance(a),
      begin: (index) => this.begin(index),
      end: (a) => this.end(a),
    };
  }

  status(): RpCheckStatus {
    return runStatus(this.active);
  }

  /** Called with the final status each time a run ends (the plan is done or it was stopped). */
  onFinished(listener: (status: RpCheckStatus) => void): () => void {
    return this.listeners.onFinished(listener);
  }

  /** Called when a step begins, waits for the tester, or is decided. */
  onStep(listener: (step: StepResult, index: number) => void): () => void {
    return this.listeners.onStep(listener);
  }

  /**
   * Ends everything the run started, for good (its simulator is deleted or reset): timers, and a
   * driven journey in flight, whose requests would otherwise recreate the simulator.
   */
  close(): void {
    this.closing.abort();
    if (this.active) {
      this.clearTimers(this.active);
      this.active.finishedAt ??= new Date(this.deps.clock()).toISOString();
    }
    this.unsubscribe();
    this.listeners.clear();
  }

  private tell(a: Active, index: number): void {
    this.listeners.step(a, index);
  }

  private resolveStep(step: PlanStepDocument, base: Readonly<SimulatorConfig>) {
    return resolveStepScenario(step, base, this.deps.presets, this.deps.config.get().simulatorUrl);
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
      this.record(a, step, {
        status: 'not-judged',
        decidedBy: 'judge',
        reason: `The step's scenario could not be applied: ${typeof applied.error === 'string' ? applied.error : describeIssues(applied.error)}`,
      });
      this.advance(a);
      return;
    }
    a.stepConfig = applied.value;
    const signing = applied.value;
    const first = publishNewKeysFirst({
      config: this.deps.config,
      timers: this.timers,
      step: plan,
      maxAgeSeconds: a.plan.keySetMaxAgeSeconds,
      body: body.ok ? body.value : {},
      signing: (config) =>
        this.guarded(() => {
          delete a.publish;
          if (this.active !== a || a.finishedAt || a.current !== index) return;
          a.stepConfig = config ?? signing;
          delete step.reason;
          this.observeStep(a, index);
        }),
    });
    if (first) {
      a.stepConfig = first.published;
      a.publish = first.timer;
      step.reason = publishedReason(first.maxAgeSeconds);
      this.tell(a, index);
      return;
    }
    this.observeStep(a, index);
  }

  /** The step's scenario is in force: watch (or drive) its journey. */
  private observeStep(a: Active, index: number): void {
    const step = a.steps[index] as StepResult;
    step.status = 'observing';
    this.tell(a, index);
    if (a.drive) void this.drive(a, a.drive);
    else if (!a.attended) a.wait = this.timers.set(() => this.guarded(() => this.end(a)), a.waitMs);
  }

  /** A driven step: the check, as the user's browser, judges once its journey is over. */
  private async drive(a: Active, settings: DriveSettings): Promise<void> {
    const attempt = a.attempt;
    const index = a.current;
    const still = () =>
      this.active === a && !a.finishedAt && a.attempt === attempt && a.current === index;
    const driven = await driveRunStep({
      settings,
      step: a.plan.steps[index] as PlanStepDocument,
      config: a.stepConfig,
      clock: this.deps.clock,
      wait: (ms) => new Promise<void>((resolve) => this.timers.set(resolve, ms)),
      exchanges: () => (still() ? a.stepExchanges : []),
      signal: this.closing.signal,
      ...(a.browser ? { browser: a.browser } : {}),
    });
    if (!still()) return;
    const step = a.steps[index] as StepResult;
    if (step.status !== 'observing') return;
    step.outcome = driven.outcome;
    if (driven.notJudged) {
      this.clearTimers(a);
      this.record(a, step, { status: 'not-judged', decidedBy: 'judge', reason: driven.notJudged });
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
    return judgeCurrentStep(a);
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
    this.record(a, step, judgedDecision(v, step.outcome !== undefined));
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
    this.listeners.finished(status);
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
      this.record(a, step, {
        status: 'failed',
        decidedBy: 'judge',
        reason: `The judge could not read this step's requests (${e instanceof Error ? e.message : String(e)}); a request the service sent is malformed.`,
      });
      try {
        this.advance(a);
      } catch {
        // A listener failing again must not escape a timer either: the step is already decided.
      }
    }
  }

  /** Decides a step with the exchanges it saw, now. */
  private record(a: Active, step: StepResult, d: Omit<Decision, 'exchanges' | 'at'>): void {
    recordDecision(step, {
      ...d,
      exchanges: a.stepExchanges,
      at: new Date(this.deps.clock()).toISOString(),
    });
  }

  private clearTimers(a: Active): void {
    clearRunTimers(a, this.timers);
  }
}
