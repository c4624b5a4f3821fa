import { describeApiError } from '../../api/result.js';
import type { PresetRef } from './presets-state.js';
import { initialImportState, type ImportState } from './presets-state.js';
import type { PresetsTools } from './presets-tools.js';
import { detectImportFormat } from './detect-import-format.js';
import { issuesOf } from './split-issues.js';

/** The Import… dialog: text in, a checked scenario out, saved or applied on demand. */
export interface ImportActions {
  setImport(patch: Partial<Pick<ImportState, 'format' | 'text' | 'name'>>): void;
  /** Sends the text to POST /import without saving: every problem, or the scenario it gives. */
  checkImport(): Promise<void>;
  /** Saves the imported scenario (data folder only), and applies it when asked. */
  saveImport(apply: boolean): Promise<void>;
  /** Applies the imported scenario without saving it (no data folder needed). */
  applyImport(): Promise<void>;
  resetImport(): void;
}

export function createImportActions(t: PresetsTools): ImportActions {
  const { set, get, api } = t;
  return {
    setImport(patch) {
      set((s) => {
        const next: ImportState = { ...s.importState, ...patch };
        if (patch.format !== undefined) next.formatChosen = true;
        if (patch.text !== undefined) {
          // Pasted text chooses its format until the tester picks one; clearing it starts over.
          if (patch.text.trim() === '') next.formatChosen = false;
          next.detected = detectImportFormat(patch.text) ?? null;
          if (!next.formatChosen && next.detected) next.format = next.detected;
        }
        // What was checked no longer describes the text.
        return { importState: { ...next, result: null, issues: [], error: null } };
      });
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

    async applyImport() {
      const { format, text, name } = get().importState;
      if (get().importState.status !== 'idle') return;
      set((s) => ({ importState: { ...s.importState, status: 'applying', error: null } }));
      const result = await api.importScenario(
        { format, text, ...(name.trim() ? { name: name.trim() } : {}) },
        false,
        true,
      );
      if (!result.ok || !result.value.applied) {
        const issues = result.ok ? [] : issuesOf(result.error);
        set((s) => ({
          importState: {
            ...s.importState,
            status: 'idle',
            result: null,
            issues,
            error: result.ok
              ? 'The simulator did not apply the scenario.'
              : issues.length
                ? null
                : describeApiError(result.error),
          },
        }));
        return;
      }
      const { applied, scenario } = result.value;
      t.seq.active++;
      set((s) => ({
        importState: { ...s.importState, status: 'idle', result: result.value },
        active: applied.active,
        presetNotice: `Applied “${scenario.name}” without saving it.`,
        presetError: null,
      }));
      get().receiveConfig(applied.config);
    },

    resetImport: () => set({ importState: initialImportState() }),
  };
}
