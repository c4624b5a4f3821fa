import type { GetState, SetState } from './app-state.js';
import { createDiffActions, type DiffActions } from './presets/diff-actions.js';
import { createExportActions, type ExportActions } from './presets/export-actions.js';
import { createImportActions, type ImportActions } from './presets/import-actions.js';
import { createLibraryActions, type LibraryActions } from './presets/library-actions.js';
import {
  createPersonaEditorActions,
  type PersonaEditorActions,
} from './presets/persona-editor-actions.js';
import { initialPresetsState, type PresetsState } from './presets/presets-state.js';
import { createPresetsTools, type PresetsDeps } from './presets/presets-tools.js';
import {
  createScenarioEditorActions,
  type ScenarioEditorActions,
} from './presets/scenario-editor-actions.js';

export type PresetsActions = LibraryActions &
  ImportActions &
  ExportActions &
  DiffActions &
  PersonaEditorActions &
  ScenarioEditorActions;

export type PresetsSlice = PresetsState & PresetsActions;
export type { PresetsDeps } from './presets/presets-tools.js';

/** Personas and scenarios: the library, import/export, compare and the two editors. */
export function createPresetsSlice(set: SetState, get: GetState, deps: PresetsDeps): PresetsSlice {
  const tools = createPresetsTools(set, get, deps);
  return {
    ...initialPresetsState(),
    ...createLibraryActions(tools),
    ...createImportActions(tools),
    ...createExportActions(tools),
    ...createDiffActions(tools),
    ...createPersonaEditorActions(tools),
    ...createScenarioEditorActions(tools),
  };
}
