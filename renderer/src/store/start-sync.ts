import { isOfSimulator } from './log-slice.js';
import type { Exchange } from '../../../server/src/contract.js';
import type { AdminEvent, EventStreamHandlers } from '../api/event-stream.js';
import type { AppStore } from './create-app-store.js';

export interface SyncDeps {
  openStream(handlers: EventStreamHandlers): { close(): void };
  schedule: (fn: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
  /** How often the status (uptime, counts) is refreshed, in ms. */
  statusEveryMs?: number;
}

/** Exchanges arriving within this window are added in one store update. */
export const BATCH_MS = 50;
/**
 * The event stream sends the configuration right after its replay; GET /config (which the
 * simulator logs like any request) is only used when it has not arrived by then.
 */
export const CONFIG_FALLBACK_MS = 1500;

/**
 * Keeps the store in step with the simulator: loads config, defaults, status, keys, personas and
 * scenarios, then follows the event stream (the replay of the log first, then live events). Each
 * configuration change also refreshes what is active (GET /_simulator/api/active).
 */
export function startSync(store: AppStore, deps: SyncDeps): () => void {
  const state = store.getState;
  let pending: Exchange[] = [];
  let flushTimer: unknown;
  let statusTimer: unknown;
  let stopped = false;
  let everOpened = false;
  // After a reconnection, exchanges wait until the status says whether the server restarted.
  let holding = false;

  const flush = () => {
    flushTimer = undefined;
    const batch = pending;
    pending = [];
    state().receiveExchanges(batch);
  };

  const onEvent = (event: AdminEvent) => {
    switch (event.name) {
      case 'exchange':
        pending.push(event.data);
        if (!holding) flushTimer ??= deps.schedule(flush, BATCH_MS);
        break;
      case 'config':
      case 'config-patch': {
        const { changedBeyondErrors } = state().receiveStreamConfig({
          name: event.name,
          data: event.data,
        });
        // The keys follow the key flags and the URL, never the error toggles: a counted fault
        // (a push every 250 ms while it is used up) does not ask for them each time.
        if (changedBeyondErrors) void state().refreshKeys();
        // Whether the configuration still matches the scenario applied last.
        void state().refreshActive();
        break;
      }
      case 'reset': {
        const only = event.data.simulator;
        pending = only === undefined ? [] : pending.filter((e) => !isOfSimulator(e, only));
        state().resetLog(only);
        break;
      }
      case 'simulators':
        state().receiveSimulatorsChange(event.data);
        break;
    }
  };

  const pollStatus = () => {
    if (stopped) return;
    void state().refreshStatus();
    statusTimer = deps.schedule(pollStatus, deps.statusEveryMs ?? 5000);
  };

  void state().loadDefaults();
  void state().refreshKeys();
  void state().loadPresets();
  void state().refreshActive();
  void state().loadPins();
  let configTimer: unknown = deps.schedule(() => {
    configTimer = undefined;
    if (!stopped && state().current === null) void state().loadConfig();
  }, CONFIG_FALLBACK_MS);
  pollStatus();
  const stream = deps.openStream({
    onEvent,
    // A configuration message that is not JSON: whatever it said is fetched instead.
    onMalformed: (name) => {
      if (name === 'config' || name === 'config-patch') void state().resyncConfig();
    },
    onState: (s) => {
      state().setStreamState(s);
      if (s !== 'open') return;
      if (!everOpened) {
        everOpened = true;
        return;
      }
      // A reconnection: the status tells whether this is the same server (refreshStatus drops
      // the log of a restarted one) before the replayed exchanges are merged.
      holding = true;
      void state().loadPresets();
      void state().refreshActive();
      void state().loadPins();
      void state()
        .refreshStatus()
        .finally(() => {
          holding = false;
          if (!stopped) flush();
        });
    },
  });

  return () => {
    stopped = true;
    stream.close();
    if (flushTimer !== undefined) deps.cancel(flushTimer);
    if (statusTimer !== undefined) deps.cancel(statusTimer);
    if (configTimer !== undefined) deps.cancel(configTimer);
  };
}
