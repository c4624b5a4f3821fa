import type { Exchange } from '../log/exchange-types.js';
import { askOf } from './step-ask.js';
import type {
  ExchangeRef,
  PlanStepDocument,
  RpCheckSummary,
  StepResult,
} from './rp-check-types.js';

/** A step's result before it runs, its exchanges as a step shows them, and a run's counts. */

export const refOf = (e: Exchange): ExchangeRef => ({
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

export const freshStep = (s: PlanStepDocument): StepResult => ({
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
    judged: count('passed', 'failed'),
  };
}
