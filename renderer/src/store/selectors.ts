import type { ErrorConfiguration, Exchange, Fault } from '../../../server/src/contract.js';
import type { AppState } from './app-state.js';
import { isDraftDirty } from './config-slice.js';
import {
  isOfSimulator,
  isSimulatorOwn,
  visibleExchanges,
  type LogFilter,
  type LogPins,
} from './log-slice.js';
import { EMPTY_ERRORS, type ErrorGroup } from './scenario-slice.js';
import { findPreset, isActivePreset } from './presets/preset-lookup.js';
import { type PresetRef } from './presets/presets-state.js';
import type { Persona, RpCheckStatus, Scenario } from '../../../server/src/contract.js';

/** Remembers the last answer for the same inputs (compared by identity). */
function memo<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let lastArgs: A | undefined;
  let lastResult: R;
  return (...args: A) => {
    if (
      lastArgs &&
      args.length === lastArgs.length &&
      args.every((a, i) => Object.is(a, lastArgs?.[i]))
    ) {
      return lastResult;
    }
    lastArgs = args;
    lastResult = fn(...args);
    return lastResult;
  };
}

const ownCountMemo = memo(
  (items: Exchange[], simulator: string | null | undefined, showOwn: boolean) => {
    let n = 0;
    for (const e of items)
      if ((simulator == null || isOfSimulator(e, simulator)) && (showOwn || !isSimulatorOwn(e)))
        n++;
    return n;
  },
);

const ownFetchMemo = memo((items: Exchange[], simulator: string | null | undefined) => {
  let n = 0;
  for (const e of items)
    if (isSimulatorOwn(e) && (simulator == null || isOfSimulator(e, simulator))) n++;
  return n;
});

const visibleMemo = memo(
  (items: Exchange[], filter: LogFilter, pins: LogPins, pinnedFirst: boolean) =>
    visibleExchanges(items, filter, pins, pinnedFirst),
);

/** The relying-party check step an exchange was observed in: its number (from 1) and title. */
export interface RpStepRef {
  number: number;
  title: string;
}

/** Exchange id → the step of the last relying-party check run that observed it. */
export function rpStepsByExchange(status: RpCheckStatus | null): ReadonlyMap<string, RpStepRef> {
  const map = new Map<string, RpStepRef>();
  status?.steps.forEach((step, i) => {
    for (const e of step.exchanges) map.set(e.id, { number: i + 1, title: step.title });
  });
  return map;
}
const rpStepsMemo = memo(rpStepsByExchange);

export interface ActiveScenario {
  group: ErrorGroup;
  name: string;
}

const GROUP_ORDER: readonly ErrorGroup[] = [
  'authoriseErrors',
  'tokenErrors',
  'userInfoErrors',
  'idTokenErrors',
  'coreIdentityErrors',
];

const retiredMemo = memo((idToken: boolean, coreIdentity: boolean) => ({ idToken, coreIdentity }));

const activeListMemo = memo((errors: ErrorConfiguration): ActiveScenario[] =>
  GROUP_ORDER.flatMap((group) => errors[group].map((name) => ({ group, name }))),
);

/** Named selectors: components read the store only through these. */
export const selectors = {
  /** The error toggles as the tester sees them: pending choices first, else the simulator's. */
  activeErrors: (s: AppState): ErrorConfiguration =>
    s.pendingErrors ?? s.current?.errorConfiguration ?? EMPTY_ERRORS,
  activeScenarios: (s: AppState): ActiveScenario[] => activeListMemo(selectors.activeErrors(s)),
  /** The faults on now (pending choices first). */
  activeFaults: (s: AppState): Fault[] => selectors.activeErrors(s).faults,
  /** Which old keys are retired (the key lifecycle switches). */
  retiredKeys: (s: AppState): { idToken: boolean; coreIdentity: boolean } =>
    retiredMemo(
      s.current?.oldIdTokenKeysRetired === true,
      s.current?.oldCoreIdentityKeysRetired === true,
    ),
  /** Every switch on: the named errors, the faults and the retired keys. */
  activeSwitchCount: (s: AppState): number => {
    const retired = selectors.retiredKeys(s);
    return (
      selectors.activeScenarios(s).length +
      selectors.activeErrors(s).faults.length +
      Number(retired.idToken) +
      Number(retired.coreIdentity)
    );
  },
  visibleExchanges: (s: AppState): Exchange[] =>
    visibleMemo(s.items, s.filter, s.pins, s.pinnedFirst),
  selectedExchange: (s: AppState): Exchange | undefined =>
    s.selectedId === null ? undefined : s.items.find((e) => e.id === s.selectedId),
  isFiltered: (s: AppState): boolean =>
    s.filter.endpoint !== 'all' ||
    s.filter.outcome !== 'all' ||
    s.filter.text.trim() !== '' ||
    s.filter.journey !== null,
  /** The simulator's public base URL (what relying parties are configured with). */
  baseUrl: (s: AppState): string | null => s.status?.baseUrl ?? s.current?.simulatorUrl ?? null,
  discoveryUrl: (s: AppState): string | null => {
    const base = selectors.baseUrl(s);
    return base === null ? null : `${base.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  },
  port: (s: AppState): number | null => {
    if (s.status?.port !== undefined) return s.status.port;
    const url = s.status?.listeningUrl ?? s.status?.baseUrl;
    if (!url) return null;
    try {
      const u = new URL(url);
      return u.port === '' ? (u.protocol === 'https:' ? 443 : 80) : Number(u.port);
    } catch {
      return null;
    }
  },
  /** The simulator's own requests among the window's simulator's exchanges. */
  ownFetchCount: (s: AppState): number => ownFetchMemo(s.items, s.filter.simulator),
  /**
   * The exchanges of the window's simulator (all of them when it has none), the simulator's own
   * requests left out unless shown.
   */
  exchangeCount: (s: AppState): number =>
    ownCountMemo(s.items, s.filter.simulator, s.filter.showOwn === true),
  rpStepsByExchange: (s: AppState): ReadonlyMap<string, RpStepRef> => rpStepsMemo(s.rpStatus),
  isDraftDirty: (s: AppState): boolean => isDraftDirty(s),
  errorsOfGroup:
    (group: ErrorGroup) =>
    (s: AppState): string[] =>
      selectors.activeErrors(s)[group],
  isScenarioBusy: (s: AppState): boolean => s.scenarioRequests > 0,
  /** The newest exchanges that carry tokens (for the inspector when nothing is selected). */
  recentTokenExchanges: (s: AppState): Exchange[] => recentTokensMemo(s.items),
  /** Personas and scenarios can be saved (the simulator has a data folder). */
  canSavePresets: (s: AppState): boolean => typeof s.dataDir === 'string' && s.dataDir !== '',
  /** The persona or scenario selected on its screen, while it exists. */
  selectedPreset: (s: AppState): Persona | Scenario | undefined =>
    s.selectedPreset ? findPreset(s, s.selectedPreset) : undefined,
  isActivePreset:
    (ref: PresetRef) =>
    (s: AppState): boolean =>
      isActivePreset(s.active, ref),
  isApplyingPreset: (s: AppState): boolean => s.applyingPreset !== null,
  /** Whether the configuration changed since the scenario or persona was applied. */
  isActiveModified: (s: AppState): boolean => s.active?.modifiedSinceApplied === true,
};

const recentTokensMemo = memo((items: Exchange[]): Exchange[] => {
  const out: Exchange[] = [];
  for (let i = items.length - 1; i >= 0 && out.length < 30; i--) {
    const e = items[i] as Exchange;
    if (e.tokens.length > 0) out.push(e);
  }
  return out;
});
