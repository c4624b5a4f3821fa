import type { Scenario } from '../../../../server/src/contract.js';
import { describeApiError } from '../../api/result.js';
import { deepEqual } from '../deep-equal.js';
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
      const request = { format: 'config' as const, text: JSON.stringify(current), name };
      // The persona in force, when the user is still exactly that persona: the scenario names it
      // (and follows its later edits) instead of holding a copy of its fields.
      const activeId = get().active?.persona?.id;
      const persona = get().personas.find((p) => p.id === activeId);
      const linked =
        persona && deepEqual(persona.responseConfiguration, current.responseConfiguration)
          ? persona
          : undefined;
      let saved: Scenario;
      if (linked) {
        const checked = await api.importScenario(request, false);
        if (!checked.ok) {
          fail(checked.error);
          return false;
        }
        const s = checked.value.scenario;
        const created = await api.createScenario({
          name: s.name,
          description: s.description,
          persona: linked.id,
          clientConfiguration: s.clientConfiguration,
          errorConfiguration: s.errorConfiguration,
          flags: s.flags,
        });
        if (!created.ok) {
          fail(created.error);
          return false;
        }
        saved = created.value;
      } else {
        const result = await api.importScenario(request, true);
        if (!result.ok) {
          fail(result.error);
          return false;
        }
        saved = result.value.scenario;
      }
      await get().loadPresets();
      set({
        selectedPreset: { kind: 'scenario', id: saved.id },
        presetNotice: linked
          ? `Saved the current configuration as “${saved.name}”, with the persona “${linked.name}”.`
          : `Saved the current configuration as “${saved.name}”.`,
      });
      return true;
    },
  };
}
