import type {
  ErrorConfiguration,
  ErrorListKey,
  Fault,
  FaultKind,
  FaultTarget,
} from '../../../server/src/contract.js';
import type { GetState, SetState } from './app-state.js';

/** A list of named error switches in errorConfiguration (faults are kept apart). */
export type ErrorGroup = ErrorListKey;

/** Outage and drop both stop the answer: an endpoint has one or the other, plus latency. */
export type FaultSlot = 'answer' | 'latency';

export type RetirableKeys = 'idToken' | 'coreIdentity';
export const faultSlot = (kind: FaultKind): FaultSlot =>
  kind === 'latency' ? 'latency' : 'answer';

export interface ScenarioState {
  /** Toggles chosen but not yet confirmed by the simulator (shown at once, optimistically). */
  pendingErrors: ErrorConfiguration | null;
  /** Requests still in flight. */
  scenarioRequests: number;
  scenarioError: string | null;
}

export const initialScenarioState = (): ScenarioState => ({
  pendingErrors: null,
  scenarioRequests: 0,
  scenarioError: null,
});

export const EMPTY_ERRORS: ErrorConfiguration = {
  authoriseErrors: [],
  idTokenErrors: [],
  coreIdentityErrors: [],
  tokenErrors: [],
  userInfoErrors: [],
  faults: [],
};

/** The toggles with `name` in `group` switched on or off; the order of the lists is kept. */
export function toggleError(
  errors: ErrorConfiguration,
  group: ErrorGroup,
  name: string,
  on: boolean,
): ErrorConfiguration {
  const list = errors[group];
  const has = list.includes(name);
  if (on === has) return errors;
  return { ...errors, [group]: on ? [...list, name] : list.filter((n) => n !== name) };
}

/** The faults with the one in `slot` at `target` replaced by `fault` (or removed: null). */
export function setFaultIn(
  errors: ErrorConfiguration,
  target: FaultTarget,
  slot: FaultSlot,
  fault: Fault | null,
): ErrorConfiguration {
  const others = errors.faults.filter((f) => f.target !== target || faultSlot(f.kind) !== slot);
  const faults = fault ? [...others, fault] : others;
  if (!fault && others.length === errors.faults.length) return errors;
  return { ...errors, faults };
}

/** The fault in `slot` at `target`, if one is on. */
export const faultAt = (
  errors: ErrorConfiguration,
  target: FaultTarget,
  slot: FaultSlot,
): Fault | undefined =>
  errors.faults.find((f) => f.target === target && faultSlot(f.kind) === slot);

export function countErrors(errors: ErrorConfiguration): number {
  return (
    errors.authoriseErrors.length +
    errors.idTokenErrors.length +
    errors.coreIdentityErrors.length +
    errors.tokenErrors.length +
    errors.userInfoErrors.length +
    errors.faults.length
  );
}

export interface ScenarioActions {
  setScenario(group: ErrorGroup, name: string, on: boolean): Promise<void>;
  /**
   * The third step of a key rotation in one switch: on publishes the new keys, signs with them
   * and retires the old ones; off publishes the old ones again (the new ones keep signing).
   */
  setKeysRetired(keys: RetirableKeys, on: boolean): Promise<void>;
  /** Switches the fault in `slot` at `target` on (with these settings) or off (null). */
  setFault(target: FaultTarget, slot: FaultSlot, fault: Fault | null): Promise<void>;
  clearScenarios(): Promise<void>;
  dismissScenarioError(): void;
}
export type ScenarioSlice = ScenarioState & ScenarioActions;

export function createScenarioSlice(set: SetState, get: GetState): ScenarioSlice {
  // Requests go one after another so the last toggle wins on the server too.
  let chain: Promise<void> = Promise.resolve();

  const post = (next: ErrorConfiguration) => {
    set((s) => ({
      pendingErrors: next,
      scenarioRequests: s.scenarioRequests + 1,
      scenarioError: null,
    }));
    chain = chain.then(async () => {
      // Send the newest choice; a queued older one would only be overwritten.
      const latest = get().pendingErrors ?? next;
      const result = await get().postErrorConfiguration(latest);
      set((s) => {
        const remaining = s.scenarioRequests - 1;
        if (!result.ok) {
          return {
            scenarioRequests: remaining,
            pendingErrors: remaining === 0 ? null : s.pendingErrors,
            scenarioError: result.message,
          };
        }
        return {
          scenarioRequests: remaining,
          pendingErrors: remaining === 0 ? null : s.pendingErrors,
        };
      });
    });
    return chain;
  };

  return {
    ...initialScenarioState(),
    setScenario(group, name, on) {
      const base = get().pendingErrors ?? get().current?.errorConfiguration;
      if (!base) return Promise.resolve();
      const next = toggleError(base, group, name, on);
      if (next === base) return Promise.resolve();
      return post(next);
    },
    async setKeysRetired(keys, on) {
      set((s) => ({ scenarioRequests: s.scenarioRequests + 1, scenarioError: null }));
      const flags =
        keys === 'idToken'
          ? on
            ? {
                publishNewIdTokenKeysEnabled: true,
                usingNewIdTokenSigningKeys: true,
                oldIdTokenKeysRetired: true,
              }
            : { oldIdTokenKeysRetired: false }
          : on
            ? {
                publishNewCoreIdentityKeysEnabled: true,
                usingNewCoreIdentitySigningKeys: true,
                oldCoreIdentityKeysRetired: true,
              }
            : { oldCoreIdentityKeysRetired: false };
      chain = chain.then(async () => {
        const result = await get().postKeyFlags(flags);
        set((s) => ({
          scenarioRequests: s.scenarioRequests - 1,
          ...(result.ok ? {} : { scenarioError: result.message }),
        }));
      });
      return chain;
    },
    setFault(target, slot, fault) {
      const base = get().pendingErrors ?? get().current?.errorConfiguration;
      if (!base) return Promise.resolve();
      const next = setFaultIn(base, target, slot, fault);
      if (next === base) return Promise.resolve();
      return post(next);
    },
    clearScenarios() {
      const current = get().current;
      const done = post(EMPTY_ERRORS);
      // The retired keys count as switches too: all off publishes the old keys again.
      if (current?.oldIdTokenKeysRetired) void get().setKeysRetired('idToken', false);
      if (current?.oldCoreIdentityKeysRetired) void get().setKeysRetired('coreIdentity', false);
      return done.then(() => chain);
    },
    dismissScenarioError: () => set({ scenarioError: null }),
  };
}
