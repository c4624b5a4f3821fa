import type { SimulatorList, SimulatorSummary } from '../../../server/src/contract.js';
import { ADMIN_API, createApiCall, isRecord, type FetchLike } from './admin-client.js';
import type { Result } from './result.js';

/** The named simulators of this process (/_simulator/api/simulators). */
export interface SimulatorsClient {
  list(): Promise<Result<SimulatorList>>;
  create(name: string): Promise<Result<SimulatorSummary>>;
  /** A fresh simulator of that name: starting configuration, new keys, no codes or tokens. */
  reset(name: string): Promise<Result<SimulatorSummary>>;
  remove(name: string): Promise<Result<unknown>>;
}

const isList = (b: unknown): b is SimulatorList =>
  isRecord(b) && Array.isArray(b.simulators) && typeof b.max === 'number';
const isSummary = (b: unknown): b is SimulatorSummary =>
  isRecord(b) && typeof b.name === 'string' && typeof b.path === 'string';

export function createSimulatorsClient(
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): SimulatorsClient {
  const call = createApiCall(fetchImpl);
  const base = `${ADMIN_API}/simulators`;
  return {
    list: () => call(base, {}, isList),
    create: (name) => call(base, { method: 'POST', json: { name } }, isSummary),
    reset: (name) =>
      call(`${base}/${encodeURIComponent(name)}/reset`, { method: 'POST' }, isSummary),
    remove: (name) =>
      call(
        `${base}/${encodeURIComponent(name)}`,
        { method: 'DELETE' },
        (_b): _b is unknown => true,
      ),
  };
}
