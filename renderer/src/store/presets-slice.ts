import type {
  ActivePreset,
  DiffEntry,
  ErrorConfiguration,
  ExportFormat,
  ImportResult,
  Persona,
  PresetList,
  PresetProblem,
  Scenario,
  ScenarioDocument,
  ScenarioFlags,
  SimulatorConfig,
} from '../../../server/src/contract.js';
import type { DiffSide, PresetsClient } from '../api/presets-client.js';
import { describeApiError, type ApiError, type FieldIssue, type Result } from '../api/result.js';
import type { GetState, SetState, StoreDeps } from './app-state.js';
import type { AppStore } from './create-app-store.js';

export type PresetKind = 'persona' | 'scenario';
export interface PresetRef {
  kind: PresetKind;
  id: string;
}

export const EXPORT_FORMATS = [
  'json',
  'env',
  'config',
  'compose',
] as const satisfies readonly ExportFormat[];

/** The flags a scenario may set; omitted ones stay as the simulator started. */
export const SCENARIO_FLAG_NAMES = [
  'publishNewIdTokenSigningKeys',
  'useNewIdTokenSigningKeys',
  'publishNewCoreIdentitySigningKeys',
  'useNewCoreIdentitySigningKeys',
  'retireOldIdTokenSigningKeys',
  'retireOldCoreIdentitySigningKeys',
  'interactiveMode',
] as const satisfies readonly (keyof ScenarioFlags)[];

/** How many scenarios Alt+1…9 can reach. */
export const SCENARIO_SHORTCUTS = 9;

export const presetKey = (ref: PresetRef): string => `${ref.kind}:${ref.id}`;

export interface ImportState {
  format: ExportFormat;
  text: string;
  /** For formats that carry no name (config); overrides the one in the text. */
  name: string;
  status: 'idle' | 'checking' | 'saving';
  /** The scenario the text describes, once checked (or saved). */
  result: ImportResult | null;
  /** Every problem the simulator found, with its field path. */
  issues: FieldIssue[];
  error: string | null;
}

export interface DiffState {
  left: DiffSide;
  right: DiffSide;
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: DiffEntry[];
  error: string | null;
}

export interface ExportState {
  id: string;
  format: ExportFormat;
  status: 'loading' | 'ready' | 'error';
  text: string;
  error: string | null;
}

/** The editor of a saved persona (or a new one): its response fields live in a form store. */
export interface PersonaEditor {
  /** null: a new persona, created on save. */
  id: string | null;
  name: string;
  description: string;
  /** A store of the configuration form's shape: the persona's fields are its draft. */
  form: AppStore;
  saving: boolean;
  /** Problems with the name, description or anything outside the response fields. */
  issues: FieldIssue[];
  error: string | null;
}

/** A scenario as its editor shows it. */
export interface ScenarioDraft {
  name: string;
  description: string;
  /** A persona id; '' keeps the current persona; INLINE_PERSONA keeps the one written inline. */
  persona: string;
  inlinePersona?: Exclude<Scenario['persona'], string | undefined>;
  errors: ErrorConfiguration;
  flags: ScenarioFlags;
  /** clientConfiguration changes, as JSON text. */
  clientText: string;
}

export const INLINE_PERSONA = '(inline)';

export interface ScenarioEditor {
  id: string;
  draft: ScenarioDraft;
  saving: boolean;
  issues: FieldIssue[];
  error: string | null;
}

export interface PresetsState {
  personas: Persona[];
  scenarios: Scenario[];
  presetProblems: PresetProblem[];
  /** The data folder; null without one; undefined until the lists are loaded. */
  dataDir: string | null | undefined;
  presetsLoading: boolean;
  presetsError: string | null;
  /** What was applied last, and whether the configuration changed since. */
  active: ActivePreset | null;
  /** The preset being applied (its presetKey). */
  applyingPreset: string | null;
  presetNotice: string | null;
  presetError: string | null;
  selectedPreset: PresetRef | null;
  presetsView: 'library' | 'compare';
  pendingDelete: PresetRef | null;
  importState: ImportState;
  exportState: ExportState | null;
  diffState: DiffState;
  personaEditor: PersonaEditor | null;
  scenarioEditor: ScenarioEditor | null;
}

export const initialImportState = (): ImportState => ({
  format: 'env',
  text: '',
  name: '',
  status: 'idle',
  result: null,
  issues: [],
  error: null,
});

export const initialPresetsState = (): PresetsState => ({
  personas: [],
  scenarios: [],
  presetProblems: [],
  dataDir: undefined,
  presetsLoading: false,
  presetsError: null,
  active: null,
  applyingPreset: null,
  presetNotice: null,
  presetError: null,
  selectedPreset: null,
  presetsView: 'library',
  pendingDelete: null,
  importState: initialImportState(),
  exportState: null,
  diffState: { left: 'defaults', right: 'active', status: 'idle', entries: [], error: null },
  personaEditor: null,
  scenarioEditor: null,
});

// ---- pure reducers ------------------------------------------------------------------------

/** New lists from the simulator; the selection goes when its item is gone. */
export function receivePresetLists(
  state: PresetsState,
  personas: PresetList<Persona>,
  scenarios: PresetList<Scenario>,
): Partial<PresetsState> {
  const patch: Partial<PresetsState> = {
    personas: personas.items,
    scenarios: scenarios.items,
    presetProblems: [...scenarios.problems, ...personas.problems],
    dataDir: scenarios.dataDir ?? personas.dataDir,
    presetsLoading: false,
    presetsError: null,
  };
  const selected = state.selectedPreset;
  if (selected && !findPreset(patch as PresetsState, selected)) patch.selectedPreset = null;
  return patch;
}

export function findPreset(
  state: Pick<PresetsState, 'personas' | 'scenarios'>,
  ref: PresetRef,
): Persona | Scenario | undefined {
  const list: readonly (Persona | Scenario)[] =
    ref.kind === 'persona' ? state.personas : state.scenarios;
  return list.find((p) => p.id === ref.id);
}

/** The Nth scenario of the list (1-based), as Alt+N applies it. */
export function scenarioAt(scenarios: readonly Scenario[], n: number): Scenario | undefined {
  if (!Number.isInteger(n) || n < 1 || n > SCENARIO_SHORTCUTS) return undefined;
  return scenarios[n - 1];
}

/** Whether this preset is what was applied last. */
export function isActivePreset(active: ActivePreset | null, ref: PresetRef): boolean {
  if (!active) return false;
  return (ref.kind === 'scenario' ? active.scenario : active.persona)?.id === ref.id;
}

export const EMPTY_ERROR_CONFIGURATION: ErrorConfiguration = {
  authoriseErrors: [],
  idTokenErrors: [],
  coreIdentityErrors: [],
  tokenErrors: [],
  userInfoErrors: [],
  faults: [],
};

/** A scenario as its editor shows it. */
export function scenarioDraftOf(scenario: Scenario): ScenarioDraft {
  const draft: ScenarioDraft = {
    name: scenario.name,
    description: scenario.description,
    persona: '',
    errors: structuredClone(scenario.errorConfiguration),
    flags: { ...scenario.flags },
    clientText:
      Object.keys(scenario.clientConfiguration).length === 0
        ? ''
        : JSON.stringify(scenario.clientConfiguration, null, 2),
  };
  if (typeof scenario.persona === 'string') draft.persona = scenario.persona;
  else if (scenario.persona) {
    draft.persona = INLINE_PERSONA;
    draft.inlinePersona = structuredClone(scenario.persona);
  }
  return draft;
}

/** The document PUT /scenarios/:id takes, or the problems of the draft itself. */
export function scenarioDocumentOf(draft: ScenarioDraft): Result<ScenarioDocument, FieldIssue[]> {
  const issues: FieldIssue[] = [];
  let clientConfiguration: Record<string, unknown> = {};
  const text = draft.clientText.trim();
  if (text !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        issues.push({ path: 'clientConfiguration', message: 'must be a JSON object' });
      else clientConfiguration = parsed as Record<string, unknown>;
    } catch (e) {
      issues.push({
        path: 'clientConfiguration',
        message: `is not valid JSON (${e instanceof Error ? e.message : String(e)})`,
      });
    }
  }
  if (issues.length) return { ok: false, error: issues };
  const doc: ScenarioDocument = {
    name: draft.name,
    description: draft.description,
    clientConfiguration,
    errorConfiguration: draft.errors,
    flags: draft.flags,
  };
  if (draft.persona === INLINE_PERSONA) {
    if (draft.inlinePersona) doc.persona = draft.inlinePersona;
  } else if (draft.persona !== '') doc.persona = draft.persona;
  return { ok: true, value: doc };
}

/** Issues at a path or below it, and the rest. */
export function splitIssues(
  issues: readonly FieldIssue[],
  prefix: string,
): { inside: FieldIssue[]; outside: FieldIssue[] } {
  const inside: FieldIssue[] = [];
  const outside: FieldIssue[] = [];
  for (const issue of issues) {
    const at = issue.path === prefix || issue.path.startsWith(`${prefix}.`);
    (at ? inside : outside).push(issue);
  }
  return { inside, outside };
}

function issuesOf(error: ApiError): FieldIssue[] {
  return error.kind === 'invalid' ? error.issues : [];
}

const nameOf = (state: PresetsState, ref: PresetRef): string =>
  findPreset(state, ref)?.name ?? ref.id;

// ---- actions -------------------------------------------------------------------------------

export interface PresetsActions {
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

  setImport(patch: Partial<Pick<ImportState, 'format' | 'text' | 'name'>>): void;
  /** Sends the text to POST /import without saving: every problem, or the scenario it gives. */
  checkImport(): Promise<void>;
  /** Saves the imported scenario (data folder only), and applies it when asked. */
  saveImport(apply: boolean): Promise<void>;
  resetImport(): void;

  openExport(id: string, format?: ExportFormat): Promise<void>;
  closeExport(): void;

  setDiffSides(left: DiffSide, right: DiffSide): Promise<void>;
  loadDiff(): Promise<void>;

  editPersona(id: string): void;
  /** A new persona holding the simulator's current user. */
  newPersonaFromCurrent(): void;
  updatePersonaEditor(patch: Partial<Pick<PersonaEditor, 'name' | 'description'>>): void;
  savePersonaEditor(): Promise<boolean>;
  closePersonaEditor(): void;

  editScenario(id: string): void;
  updateScenarioEditor(recipe: (draft: ScenarioDraft) => ScenarioDraft): void;
  saveScenarioEditor(): Promise<boolean>;
  closeScenarioEditor(): void;
  /** Saves the simulator's whole current configuration as a new scenario. */
  saveCurrentAsScenario(name: string): Promise<boolean>;
}

export type PresetsSlice = PresetsState & PresetsActions;

export interface PresetsDeps extends StoreDeps {
  presets: PresetsClient;
  /** A store of the configuration form's shape, for editing a persona's response fields. */
  makeFormStore: () => AppStore;
}

export function createPresetsSlice(set: SetState, get: GetState, deps: PresetsDeps): PresetsSlice {
  const api = deps.presets;
  // Answers to GET /active can cross: only the newest request's answer is kept.
  let activeSeq = 0;
  let diffSeq = 0;
  let exportSeq = 0;

  const fail = (error: ApiError) =>
    set({ presetError: describeApiError(error), presetNotice: null });

  const formStoreFor = (config: SimulatorConfig) => {
    const form = deps.makeFormStore();
    const defaults = get().defaults;
    form.setState({ current: config, draft: config, defaults: defaults ?? config });
    return form;
  };

  const baseConfig = (): SimulatorConfig | null => get().current;

  return {
    ...initialPresetsState(),

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
      const seq = ++activeSeq;
      const result = await api.getActive();
      if (seq !== activeSeq || !result.ok) return;
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
      activeSeq++;
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

    async openExport(id, format = get().exportState?.format ?? 'json') {
      const seq = ++exportSeq;
      set({
        dialog: 'export',
        exportState: { id, format, status: 'loading', text: '', error: null },
      });
      const result = await api.exportScenario(id, format);
      if (seq !== exportSeq || get().exportState === null) return;
      set({
        exportState: result.ok
          ? { id, format, status: 'ready', text: result.value, error: null }
          : { id, format, status: 'error', text: '', error: describeApiError(result.error) },
      });
    },
    closeExport: () => {
      exportSeq++;
      set({ exportState: null, dialog: null });
    },

    async setDiffSides(left, right) {
      set((s) => ({ diffState: { ...s.diffState, left, right } }));
      await get().loadDiff();
    },
    async loadDiff() {
      const seq = ++diffSeq;
      const { left, right } = get().diffState;
      set((s) => ({ diffState: { ...s.diffState, status: 'loading', error: null } }));
      const result = await api.diff(left, right);
      if (seq !== diffSeq) return;
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

    editPersona(id) {
      const persona = get().personas.find((p) => p.id === id);
      const base = baseConfig();
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
      const base = baseConfig();
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
