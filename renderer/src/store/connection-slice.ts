import type {
  PublicKeysView,
  SimulatorsChange,
  SimulatorStatus,
} from '../../../server/src/contract.js';
import type { StreamState } from '../api/event-stream.js';
import { describeApiError } from '../api/result.js';
import type { GetState, SetState, StoreDeps } from './app-state.js';
import { MAX_UI_LOG_CAPACITY } from './log-slice.js';

export interface ConnectionState {
  stream: StreamState;
  /** When the stream last opened (ms since the epoch). */
  connectedAt: number | null;
  status: SimulatorStatus | null;
  statusError: string | null;
  keys: PublicKeysView | null;
  keysError: string | null;
  /** The last named simulator created, reset or deleted (seq counts them, so each is new). */
  simulatorsChange: (SimulatorsChange & { seq: number }) | null;
}

export const initialConnectionState = (): ConnectionState => ({
  stream: 'connecting',
  connectedAt: null,
  status: null,
  statusError: null,
  keys: null,
  keysError: null,
  simulatorsChange: null,
});

export function setStreamState(
  state: ConnectionState,
  stream: StreamState,
  now: number,
): Partial<ConnectionState> {
  if (state.stream === stream) return {};
  return { stream, connectedAt: stream === 'open' ? now : state.connectedAt };
}

/**
 * A new status. When the server's start time changes, it is a different process (the port was
 * changed, or the simulator restarted): the caller must drop its log.
 */
export function isRestart(previous: SimulatorStatus | null, next: SimulatorStatus): boolean {
  return previous !== null && previous.startedAt !== next.startedAt;
}

export interface ConnectionActions {
  setStreamState(stream: StreamState): void;
  refreshStatus(): Promise<void>;
  refreshKeys(): Promise<void>;
  receiveSimulatorsChange(change: SimulatorsChange): void;
}
export type ConnectionSlice = ConnectionState & ConnectionActions;

export function createConnectionSlice(
  set: SetState,
  get: GetState,
  deps: StoreDeps,
): ConnectionSlice {
  return {
    ...initialConnectionState(),
    setStreamState: (stream) => set((s) => setStreamState(s, stream, deps.now())),
    receiveSimulatorsChange: (change) =>
      set((s) => ({
        simulatorsChange: { ...change, seq: (s.simulatorsChange?.seq ?? 0) + 1 },
      })),
    async refreshStatus() {
      const result = await deps.api.getStatus();
      if (!result.ok) {
        set({ statusError: describeApiError(result.error) });
        return;
      }
      const previous = get().status;
      if (isRestart(previous, result.value)) get().resetLog();
      set({ status: result.value, statusError: null });
      get().setLogCapacity(Math.min(result.value.logCapacity, MAX_UI_LOG_CAPACITY));
    },
    async refreshKeys() {
      const result = await deps.api.getKeys();
      set(
        result.ok
          ? { keys: result.value, keysError: null }
          : { keysError: describeApiError(result.error) },
      );
    },
  };
}
