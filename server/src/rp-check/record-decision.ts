import type { Exchange } from '../log/exchange-types.js';
import { refOf } from './step-results.js';
import type { RequestCheck, StepResult, StepStatus, Verdict } from './rp-check-types.js';

/**
 * The one way a step is decided: its status, who decided, the reason, the exchanges it saw and
 * those the verdict rests on, and when. Every path that ends a step (the judge, a tester, a step
 * that could not run, a malformed request) goes through here, so a decided step always carries
 * the same fields.
 */
export interface Decision {
  status: Extract<StepStatus, 'passed' | 'failed' | 'skipped' | 'not-judged'>;
  decidedBy: 'judge' | 'tester';
  reason: string;
  /** The exchanges the step saw. */
  exchanges: readonly Exchange[];
  /** The ids the verdict rests on, and the request checks (omitted: left as they are). */
  evidence?: string[];
  checks?: RequestCheck[];
  /** When it was decided (ISO). */
  at: string;
}

export function recordDecision(step: StepResult, d: Decision): void {
  step.status = d.status;
  step.decidedBy = d.decidedBy;
  step.reason = d.reason;
  step.exchanges = d.exchanges.map(refOf);
  if (d.evidence) step.evidence = d.evidence;
  if (d.checks) step.checks = d.checks;
  step.endedAt = d.at;
}

/**
 * The judge's verdict as a decision. A verdict still waiting for what the user saw when the step
 * must end is "not judged", saying why.
 */
export function judgedDecision(
  v: Verdict,
  hadOutcome: boolean,
): Omit<Decision, 'exchanges' | 'at'> {
  return {
    decidedBy: 'judge',
    evidence: v.exchanges,
    checks: v.checks,
    ...(v.status === 'waiting'
      ? {
          status: 'not-judged',
          reason: `Not judged: ${hadOutcome ? 'the outcome could not decide it' : 'no one said what the service showed'}. ${v.reason}`,
        }
      : { status: v.status, reason: v.reason }),
  };
}
