import type { Calibration } from './judge-step.js';
import type { PlanStepDocument, StepResult } from './rp-check-types.js';

/**
 * What the plan's happy-path sign-in steps decided before step `current` showed about the
 * service: the judges check every inference against it.
 */
export function calibrationOf(
  plan: readonly PlanStepDocument[],
  results: readonly StepResult[],
  current: number,
): Calibration {
  const out: Calibration = {};
  for (let i = 0; i < current; i++) {
    const step = plan[i] as PlanStepDocument;
    const result = results[i] as StepResult;
    if (step.kind !== 'sign-in' || result.status === 'pending' || result.status === 'skipped')
      continue;
    const outcome = result.outcome ? { outcome: result.outcome } : {};
    const fetchedDid = result.exchanges.some((e) => e.endpoint === 'did' && e.status < 400);
    if (step.expect?.identity) out.identity = { step: step.id, fetchedDid, ...outcome };
    else if (!step.expect?.returnCode && !step.expect?.reauthenticate)
      out.signIn = {
        step: step.id,
        calledUserinfo: result.exchanges.some((e) => e.endpoint === 'userinfo' && e.status < 400),
        ...outcome,
      };
  }
  return out;
}
