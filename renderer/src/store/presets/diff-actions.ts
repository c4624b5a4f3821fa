import type { DiffSide } from '../../api/presets-client.js';
import { describeApiError } from '../../api/result.js';
import type { PresetsTools } from './presets-tools.js';

/** The Compare view: what differs between two configurations. */
export interface DiffActions {
  setDiffSides(left: DiffSide, right: DiffSide): Promise<void>;
  loadDiff(): Promise<void>;
}

export function createDiffActions(t: PresetsTools): DiffActions {
  const { set, get, api } = t;
  return {
    async setDiffSides(left, right) {
      set((s) => ({ diffState: { ...s.diffState, left, right } }));
      await get().loadDiff();
    },
    async loadDiff() {
      const seq = ++t.seq.diff;
      const { left, right } = get().diffState;
      set((s) => ({ diffState: { ...s.diffState, status: 'loading', error: null } }));
      const result = await api.diff(left, right);
      if (seq !== t.seq.diff) return;
      set((s) => ({
        diffState: result.ok
          ? { ...s.diffState, status: 'ready', entries: result.value, error: null }
          : {
              ...s.diffState,
              status: 'error',
              entries: [],
              error: describeApiError(result.error),
            },
      }));
    },
  };
}
