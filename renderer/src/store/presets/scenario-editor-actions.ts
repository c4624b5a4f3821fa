import { describeApiError } from '../../api/result.js';
import type { ScenarioDraft } from './presets-state.js';
import type { PresetsTools } from './presets-tools.js';
import { scenarioDocumentOf, scenarioDraftOf } from './scenario-draft.js';
import { issuesOf } from './split-issues.js';

/** The scenario editor, and saving the current configuration as a scenario. */
export interface ScenarioEditorActions {
  editScenario(id: string): void;
  updateScenarioEditor(recipe: (draft: ScenarioDraft) => ScenarioDraft): void;
  saveScenarioEditor(): Promise<boolean>;
  closeScenarioEditor(): void;
  /** Saves the simulator's whole current configuration as a new scenario. */
  saveCurrentAsScenario(name: string): Promise<boolean>;
}

export function createScenarioEditorActions(t: PresetsTools): ScenarioEditorActions {
  const { set, get, api, fail } = t;
  return {
    editScenario(id) {
      const scenario = get().scenarios.find((s) => s.id === id);
      if (!scenario || scenario.builtIn) return;
      set({
        selectedPreset: { kind: 'scenario', id },
        personaEditor: null,
        scenarioEditor: {
          id,
          draft: scenarioDraftOf(scenario),
          saving: false,
          issues: [],
          error: null,
        },
      });
    },

    updateScenarioEditor(recipe) {
      set((s) =>
        s.scenarioEditor
          ? { scenarioEditor: { ...s.scenarioEditor, draft: recipe(s.scenarioEditor.draft) } }
          : {},
      );
    },

    async saveScenarioEditor() {
      const editor = get().scenarioEditor;
      if (!editor || editor.saving) return false;
      const doc = scenarioDocumentOf(editor.draft);
      if (!doc.ok) {
        set({
          scenarioEditor: {
            ...editor,
            issues: doc.error,
            error: 'The scenario was not saved: correct the fields marked below.',
          },
        });
        return false;
      }
      set({ scenarioEditor: { ...editor, saving: true, issues: [], error: null } });
      const result = await api.updateScenario(editor.id, doc.value);
      const now = get().scenarioEditor;
      if (!result.ok) {
        if (now)
          set({
            scenarioEditor: {
              ...now,
              saving: false,
              issues: issuesOf(result.error),
              error: issuesOf(result.error).length
                ? 'The scenario was not saved: correct the fields marked below.'
                : describeApiError(result.error),
            },
          });
        return false;
      }
      set({ scenarioEditor: null, presetNotice: `Saved scenario “${result.value.name}”.` });
      await get().loadPresets();
      void get().refreshActive();
      return true;
    },

    closeScenarioEditor: () => set({ scenarioEditor: null }),

    async saveCurrentAsScenario(name) {
      const current = get().current;
      if (!current || !get().dataDir) return false;
      set({ presetError: null, presetNotice: null });
      const result = await api.importScenario(
        { format: 'config', text: JSON.stringify(current), name },
        true,
      );
      if (!result.ok) {
        fail(result.error);
        return false;
      }
      await get().loadPresets();
      set({
        selectedPreset: { kind: 'scenario', id: result.value.scenario.id },
        presetNotice: `Saved the current configuration as “${result.value.scenario.name}”.`,
      });
      return true;
    },
  };
}
