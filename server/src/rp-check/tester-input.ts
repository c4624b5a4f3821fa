import { err, ok, type Result } from '../shared/result.js';
import type { judgeStep } from './judge-step.js';
import type { Decision } from './record-decision.js';
import type { Active, RunError } from './run-state.js';
import { freshStep } from './step-results.js';
import type {
  ObservedOutcome,
  PlanStepDocument,
  StepResult,
  TesterVerdict,
} from './rp-check-types.js';

/**
 * What a tester (or a test suite) tells a run: a verdict on the current step (or a retry), or
 * what the user saw at the end of its journey. Each answer names its step: one for a step that
 * is no longer current changes nothing.
 */

/** The run's moves a tester's answer may make. */
export interface RunControl {
  active: Active | undefined;
  clock: () => number;
  clearTimers(a: Active): void;
  judge(a: Active): ReturnType<typeof judgeStep>;
  record(a: Active, step: StepResult, d: Omit<Decision, 'exchanges' | 'at'>): void;
  advance(a: Active): void;
  begin(index: number): void;
  end(a: Active): void;
}

export interface ReportedOutcome {
  signedIn: boolean;
  identityAccepted?: boolean;
  note?: string;
}

/** The run and one of its steps, by id. */
function findStep(
  run: RunControl,
  stepId: string,
): Result<{ a: Active; index: number; step: StepResult }, RunError> {
  const a = run.active;
  if (!a) return err({ code: 'conflict', message: 'no run has been started' });
  const index = a.steps.findIndex((s) => s.id === stepId);
  if (index < 0) return err({ code: 'invalid', message: `the plan has no step "${stepId}"` });
  return ok({ a, index, step: a.steps[index] as StepResult });
}

/** A tester's verdict: pass, fail or skip the current step, or retry it (or the last one decided). */
export function testerVerdict(
  run: RunControl,
  stepId: string,
  verdict: TesterVerdict,
  note: string | undefined,
): Result<void, RunError> {
  const found = findStep(run, stepId);
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
    run.clearTimers(a);
    if (a.finishedAt) delete a.finishedAt;
    // Undo what happened after the retried step (at most the current step, just begun).
    for (let i = index + 1; i < a.steps.length; i++) {
      const s = a.steps[i] as StepResult;
      if (s.status !== 'pending')
        a.steps[i] = { ...freshStep(a.plan.steps[i] as PlanStepDocument), attempts: s.attempts };
    }
    run.begin(index);
    return ok(undefined);
  }
  if (!live)
    return err({
      code: 'conflict',
      message: `step "${stepId}" is not waiting for a verdict (it is ${step.status})`,
    });
  run.clearTimers(a);
  const judged = run.judge(a);
  run.record(a, step, {
    status: verdict === 'pass' ? 'passed' : verdict === 'fail' ? 'failed' : 'skipped',
    decidedBy: 'tester',
    reason:
      verdict === 'skip'
        ? `Skipped by the tester${note ? `: ${note}` : '.'}`
        : `The tester judged it ${verdict === 'pass' ? 'passed' : 'failed'}${note ? `: ${note}` : '.'}`,
    evidence: judged.exchanges,
    checks: judged.checks,
  });
  if (note) step.note = note;
  step.judgeReason = judged.reason;
  run.advance(a);
  return ok(undefined);
}

/**
 * What the user saw at the end of the current step's journey, reported by the tester or a test
 * suite. It names the step it is for: an answer for a step that is no longer current changes
 * nothing. It ends a journey still being observed, then the step is judged with it.
 */
export function testerOutcome(
  run: RunControl,
  stepId: string,
  reported: ReportedOutcome,
): Result<void, RunError> {
  const found = findStep(run, stepId);
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
  run.clearTimers(a);
  step.outcome = {
    source: 'tester',
    signedIn: reported.signedIn,
    ...(reported.identityAccepted !== undefined
      ? { identityAccepted: reported.identityAccepted }
      : {}),
    ...(reported.note ? { note: reported.note } : {}),
    at: new Date(run.clock()).toISOString(),
  } satisfies ObservedOutcome;
  step.status = 'observing';
  run.end(a);
  return ok(undefined);
}
