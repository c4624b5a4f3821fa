import type {
  DriveSettings,
  OutcomeRequest,
  Plan,
  PlanList,
  ReportFormat,
  RpCheckStatus,
  TesterVerdict,
} from '../../../server/src/contract.js';
import { ADMIN_API, createApiCall, isRecord, type FetchLike } from './admin-client.js';
import type { Result } from './result.js';
import { readChosenSimulator, routeToSimulator } from './simulator-base.js';

export const RP_CHECK_API = `${ADMIN_API}/rp-check`;

/**
 * Where a report downloads from (a plain link: the browser saves the attachment): the check of
 * the simulator the window acts on (?simulator=<name>).
 */
export const reportUrl = (
  format: ReportFormat,
  search: string = globalThis.location?.search ?? '',
): string =>
  routeToSimulator(`${RP_CHECK_API}/report?format=${format}`, readChosenSimulator(search));

/** The relying-party check API (/_simulator/api/rp-check). Every call answers a Result. */
export interface RpCheckClient {
  listPlans(): Promise<Result<PlanList>>;
  getPlan(id: string): Promise<Result<Plan>>;
  getStatus(): Promise<Result<RpCheckStatus>>;
  start(
    plan: string,
    options?: { attended?: boolean; timeoutSeconds?: number; drive?: DriveSettings },
  ): Promise<Result<RpCheckStatus>>;
  verdict(step: string, verdict: TesterVerdict, note?: string): Promise<Result<RpCheckStatus>>;
  /** What the user saw at the end of a step's journey; the step it names must be the one waiting. */
  outcome(step: string, outcome: OutcomeRequest): Promise<Result<RpCheckStatus>>;
  stop(): Promise<Result<RpCheckStatus>>;
}

const isStatus = (b: unknown): b is RpCheckStatus =>
  isRecord(b) && typeof b.state === 'string' && Array.isArray(b.steps) && isRecord(b.summary);
const isPlanList = (b: unknown): b is PlanList =>
  isRecord(b) && Array.isArray(b.items) && Array.isArray(b.problems);
const isPlan = (b: unknown): b is Plan =>
  isRecord(b) && typeof b.id === 'string' && Array.isArray(b.steps);

export function createRpCheckClient(
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): RpCheckClient {
  const call = createApiCall(fetchImpl);
  return {
    listPlans: () => call(`${RP_CHECK_API}/plans`, {}, isPlanList),
    getPlan: (id) => call(`${RP_CHECK_API}/plans/${encodeURIComponent(id)}`, {}, isPlan),
    getStatus: () => call(RP_CHECK_API, {}, isStatus),
    start: (plan, options = {}) =>
      call(`${RP_CHECK_API}/start`, { method: 'POST', json: { plan, ...options } }, isStatus),
    verdict: (step, verdict, note) =>
      call(
        `${RP_CHECK_API}/verdict`,
        { method: 'POST', json: { step, verdict, ...(note ? { note } : {}) } },
        isStatus,
      ),
    outcome: (step, outcome) =>
      call(
        `${RP_CHECK_API}/steps/${encodeURIComponent(step)}/outcome`,
        { method: 'POST', json: outcome },
        isStatus,
      ),
    stop: () => call(`${RP_CHECK_API}/stop`, { method: 'POST' }, isStatus),
  };
}
