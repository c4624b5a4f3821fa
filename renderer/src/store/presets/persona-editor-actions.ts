import { withoutEmptyOptionals } from '../../api/config-body.js';
import type { PersonaBody } from '../../api/presets-client.js';
import { describeApiError } from '../../api/result.js';
import type { PersonaEditor } from './presets-state.js';
import type { PresetsTools } from './presets-tools.js';
import { slugify } from '../../../../server/src/shared/preset-id.js';
import { issuesOf, splitIssues } from './split-issues.js';

/** The persona editor: a saved persona's (or a new one's) fields in a form store. */
export interface PersonaEditorActions {
  /** Opens a saved persona; an id made from its name follows a rename until one is typed. */
  editPersona(id: string): void;
  /** A new persona holding the simulator's current user. */
  newPersonaFromCurrent(): void;
  updatePersonaEditor(
    patch: Partial<
      Pick<PersonaEditor, 'name' | 'description' | 'nameCy' | 'descriptionCy' | 'newId'>
    >,
  ): void;
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
          newId: id,
          // An id made from the name (a copy's, or one never typed by hand) follows a rename.
          idFollowsName: id === slugify(persona.name, 'persona'),
          name: persona.name,
          description: persona.description,
          nameCy: persona.nameCy ?? '',
          descriptionCy: persona.descriptionCy ?? '',
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
          newId: slugify('New persona', 'persona'),
          idFollowsName: true,
          name: 'New persona',
          description: '',
          nameCy: '',
          descriptionCy: '',
          form: formStoreFor(structuredClone(base)),
          saving: false,
          issues: [],
          error: null,
        },
      });
    },

    updatePersonaEditor(patch) {
      set((s) => {
        const editor = s.personaEditor;
        if (!editor) return {};
        const next = { ...editor, ...patch };
        // An id typed by hand stays; until then a fresh persona's id follows its name.
        if (patch.newId !== undefined) next.idFollowsName = false;
        else if (patch.name !== undefined && editor.idFollowsName)
          next.newId = slugify(patch.name, 'persona');
        return { personaEditor: next };
      });
    },

    async savePersonaEditor() {
      const editor = get().personaEditor;
      const draft = editor?.form.getState().draft;
      if (!editor || !draft || editor.saving) return false;
      set({ personaEditor: { ...editor, saving: true, error: null, issues: [] } });
      // Cleared optional fields are left out, never saved as "".
      const body: PersonaBody = {
        name: editor.name,
        description: editor.description,
        ...(editor.nameCy.trim() ? { nameCy: editor.nameCy } : {}),
        ...(editor.descriptionCy.trim() ? { descriptionCy: editor.descriptionCy } : {}),
        responseConfiguration: withoutEmptyOptionals(draft.responseConfiguration),
      };
      // A new persona takes the id shown (typed, or derived from the name); a saved one is
      // renamed when its id was changed.
      if (editor.id === null ? !editor.idFollowsName : editor.newId !== editor.id)
        body.id = editor.newId;
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
