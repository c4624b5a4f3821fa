import { describeApiError } from '../../api/result.js';
import type { PresetRef } from './presets-state.js';
import { initialImportState, type ImportState } from './presets-state.js';
import type { PresetsTools } from './presets-tools.js';
import { issuesOf } from './split-issues.js';

/** The Import… dialog: text in, a checked scenario out, saved or applied on demand. */
export interface ImportActions {
  setImport(patch: Partial<Pick<ImportState, 'format' | 'text' | 'name'>>): void;
  /** Sends the text to POST /import without saving: every problem, or the scenario it gives. */
  checkImport(): Promise<void>;
  /** Saves the imported scenario (data folder only), and applies it when asked. */
  saveImport(apply: boolean): Promise<void>;
  resetImport(): void;
}

export function createImportActions(t: PresetsTools): ImportActions {
  const { set, get, api } = t;
  return {
    setImport(patch) {
      set((s) => ({
        importState: {
          ...s.importState,
          ...patch,
          // What was checked no longer describes the text.
          result: null,
          issues: [],
          error: null,
        },
      }));
    },

    async checkImport() {
      const { format, text, name } = get().importState;
      set((s) => ({ importState: { ...s.importState, status: 'checking', error: null } }));
      const result = await api.importScenario(
        { format, text, ...(name.trim() ? { name: name.trim() } : {}) },
        false,
      );
      const now = get().importState;
      if (now.text !== text || now.format !== format || now.name !== name) return;
      set((s) => ({
        importState: result.ok
          ? { ...s.importState, status: 'idle', result: result.value, issues: [], error: null }
          : {
              ...s.importState,
              status: 'idle',
              result: null,
              issues: issuesOf(result.error),
              error: issuesOf(result.error).length ? null : describeApiError(result.error),
            },
      }));
    },

    async saveImport(apply) {
      const { format, text, name } = get().importState;
      if (!get().dataDir) return;
      set((s) => ({ importState: { ...s.importState, status: 'saving', error: null } }));
      const result = await api.importScenario(
        { format, text, ...(name.trim() ? { name: name.trim() } : {}) },
        true,
      );
      if (!result.ok) {
        set((s) => ({
          importState: {
            ...s.importState,
            status: 'idle',
            result: null,
            issues: issuesOf(result.error),
            error: issuesOf(result.error).length ? null : describeApiError(result.error),
          },
        }));
        return;
      }
      const saved = result.value.scenario;
      set((s) => ({ importState: { ...s.importState, status: 'idle', result: result.value } }));
      await get().loadPresets();
      const ref: PresetRef = { kind: 'scenario', id: saved.id };
      set({
        selectedPreset: ref,
        presetNotice: `Imported and saved “${saved.name}”.`,
        presetError: null,
      });
      if (apply) await get().applyPreset(ref);
    },

    resetImport: () => set({ importState: initialImportState() }),
  };
}
