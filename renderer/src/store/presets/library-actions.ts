import type { ApiError } from '../../api/result.js';
import { describeApiError } from '../../api/result.js';
import { nameOf, presetKey, receivePresetLists, scenarioAt } from './preset-lookup.js';
import type { PresetRef, PresetsState } from './presets-state.js';
import type { PresetsTools } from './presets-tools.js';

/** Listing, applying, selecting, duplicating and deleting personas and scenarios. */
export interface LibraryActions {
  loadPresets(): Promise<void>;
  refreshActive(): Promise<void>;
  applyPreset(ref: PresetRef): Promise<boolean>;
  /** Alt+N: the Nth scenario of the list. */
  applyScenarioAt(n: number): Promise<boolean>;
  selectPreset(ref: PresetRef | null): void;
  setPresetsView(view: PresetsState['presetsView']): void;
  duplicatePreset(ref: PresetRef): Promise<void>;
  requestDelete(ref: PresetRef | null): void;
  confirmDelete(): Promise<void>;
  dismissPresetMessages(): void;
}

export function createLibraryActions(t: PresetsTools): LibraryActions {
  const { set, get, api, fail } = t;
  return {
    async loadPresets() {
      set({ presetsLoading: true });
      const [personas, scenarios] = await Promise.all([api.listPersonas(), api.listScenarios()]);
      if (!personas.ok || !scenarios.ok) {
        const error = !personas.ok ? personas.error : (scenarios as { error: ApiError }).error;
        set({ presetsLoading: false, presetsError: describeApiError(error) });
        return;
      }
      set((s) => receivePresetLists(s, personas.value, scenarios.value));
    },

    async refreshActive() {
      const seq = ++t.seq.active;
      const result = await api.getActive();
      if (seq !== t.seq.active || !result.ok) return;
      set({ active: result.value });
    },

    async applyPreset(ref) {
      if (get().applyingPreset !== null) return false;
      set({ applyingPreset: presetKey(ref), presetError: null, presetNotice: null });
      const result =
        ref.kind === 'scenario' ? await api.applyScenario(ref.id) : await api.applyPersona(ref.id);
      if (!result.ok) {
        set({ applyingPreset: null });
        fail(result.error);
        return false;
      }
      t.seq.active++;
      set({
        applyingPreset: null,
        active: result.value.active,
        presetNotice: `Applied ${ref.kind} “${nameOf(get(), ref)}”.`,
      });
      get().receiveConfig(result.value.config);
      return true;
    },

    applyScenarioAt(n) {
      const scenario = scenarioAt(get().scenarios, n);
      if (!scenario) return Promise.resolve(false);
      return get().applyPreset({ kind: 'scenario', id: scenario.id });
    },

    selectPreset: (selectedPreset) => set({ selectedPreset }),
    setPresetsView: (presetsView) => set({ presetsView }),

    async duplicatePreset(ref) {
      set({ presetError: null, presetNotice: null });
      const result =
        ref.kind === 'scenario'
          ? await api.duplicateScenario(ref.id)
          : await api.duplicatePersona(ref.id);
      if (!result.ok) {
        fail(result.error);
        return;
      }
      await get().loadPresets();
      const copy: PresetRef = { kind: ref.kind, id: result.value.id };
      set({ selectedPreset: copy, presetNotice: `Saved a copy: “${result.value.name}”.` });
      if (ref.kind === 'persona') get().editPersona(copy.id);
      else get().editScenario(copy.id);
    },

    requestDelete: (pendingDelete) =>
      set({ pendingDelete, dialog: pendingDelete ? 'delete' : null }),

    async confirmDelete() {
      const ref = get().pendingDelete;
      if (!ref) return;
      const name = nameOf(get(), ref);
      set({ pendingDelete: null, dialog: null, presetError: null, presetNotice: null });
      let referencedBy: string[] = [];
      if (ref.kind === 'persona') {
        const result = await api.deletePersona(ref.id);
        if (!result.ok) return fail(result.error);
        referencedBy = result.value.referencedBy;
      } else {
        const result = await api.deleteScenario(ref.id);
        if (!result.ok) return fail(result.error);
      }
      const s = get();
      if (s.personaEditor?.id === ref.id && ref.kind === 'persona') set({ personaEditor: null });
      if (s.scenarioEditor?.id === ref.id && ref.kind === 'scenario') set({ scenarioEditor: null });
      await get().loadPresets();
      set({
        presetNotice:
          referencedBy.length > 0
            ? `Deleted “${name}”. These scenarios named it and can no longer be applied: ${referencedBy.join(', ')}.`
            : `Deleted “${name}”.`,
      });
      void get().refreshActive();
    },

    dismissPresetMessages: () => set({ presetError: null, presetNotice: null }),
  };
}
