import type { PlanStore } from './plan-store.js';
import type { RpCheckRun } from './rp-check-run.js';
import type { RpCheckReport } from './rp-check-types.js';

export interface RpCheckDeps {
  run: RpCheckRun;
  plans: PlanStore;
  version: string;
  simulatorUrl: () => string;
  now: () => number;
}

/** The report of the run as it stands: its status, when and where it was made. */
export function buildReport(deps: RpCheckDeps): RpCheckReport {
  return {
    ...deps.run.status(),
    generatedAt: new Date(deps.now()).toISOString(),
    simulatorUrl: deps.simulatorUrl(),
    version: deps.version,
  };
}
