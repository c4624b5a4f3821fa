import { describeApiError } from '../../api/result.js';
import type { PersonaEditor } from './presets-state.js';
import type { PresetsTools } from './presets-tools.js';
import { issuesOf, splitIssues } from './split-issues.js';

/** The persona editor: a saved persona's (or a new one's) fields in a form store. */
export interface PersonaEditorActions {
  editPersona(id: string): void;
  /** A new persona holding the simulator's current user. */
  newPersonaFromCurrent(): void;
  updatePersonaEditor(patch: Partial<Pick<PersonaEditor, 'name' | 'description'>>): void;
  savePersonaEditor(): Promise<boolean>;
  closePersonaEditor(): void;
}

export function createPersonaEditorActions(t: PresetsTools): PersonaEditorActions {
  const { set, get, api, formStoreFor } = t;
  return {
    editPersona(id) {
      const persona = get().personas.find((p) => p.id === id);
      const base = get().current;
      if (!persona || persona.builtIn || !base) return;
      set({
        selectedPreset: { kind: 'persona', id },
        scenarioEditor: null,
        personaEditor: {
          id,
          name: persona.name,
          description: persona.description,
          form: formStoreFor({
            ...base,
            responseConfiguration: structuredClone(persona.responseConfiguration),
          }),
          saving: false,
          issues: [],
          error: null,
        },
      });
    },

    newPersonaFromCurrent() {
      const base = get().current;
      if (!base) return;
      set({
        scenarioEditor: null,
        personaEditor: {
          id: null,
          name: 'New persona',
          description: '',
          form: formStoreFor(structuredClone(base)),
          saving: false,
          issues: [],
          error: null,
        },
      });
    },

    updatePersonaEditor(patch) {
      set((s) => (s.personaEditor ? { personaEditor: { ...s.personaEditor, ...patch } } : {}));
    },

    async savePersonaEditor() {
      const editor = get().personaEditor;
      const draft = editor?.form.getState().draft;
      if (!editor || !draft || editor.saving) return false;
      set({ personaEditor: { ...editor, saving: true, error: null, issues: [] } });
      const body = {
        name: editor.name,
        description: editor.description,
        responseConfiguration: draft.responseConfiguration,
      };
      const result =
        editor.id === null
          ? await api.createPersona(body)
          : await api.updatePersona(editor.id, body);
      const now = get().personaEditor;
      if (!result.ok) {
        const { inside, outside } = splitIssues(issuesOf(result.error), 'responseConfiguration');
        editor.form.setState({ issues: inside, validation: inside.length ? 'invalid' : 'idle' });
        if (now)
          set({
            personaEditor: {
              ...now,
              saving: false,
              issues: outside,
              error:
                inside.length + outside.length > 0
                  ? 'The persona was not saved: correct the fields marked below.'
                  : describeApiError(result.error),
            },
          });
        return false;
      }
      set({ personaEditor: null, presetNotice: `Saved persona “${result.value.name}”.` });
      await get().loadPresets();
      set({ selectedPreset: { kind: 'persona', id: result.value.id } });
      void get().refreshActive();
      return true;
    },

    closePersonaEditor: () => set({ personaEditor: null }),
  };
}
