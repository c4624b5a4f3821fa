import type {
  ActivePreset,
  DiffEntry,
  ErrorConfiguration,
  ExportFormat,
  ImportResult,
  Persona,
  PresetProblem,
  Scenario,
  ScenarioFlags,
} from '../../../../server/src/contract.js';
import type { DiffSide } from '../../api/presets-client.js';
import type { FieldIssue } from '../../api/result.js';
import type { AppStore } from '../create-app-store.js';

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

export interface ImportState {
  format: ExportFormat;
  /** The format the pasted text looks like, when it looks like one. */
  detected: ExportFormat | null;
  /** The tester picked the format: pasted text no longer switches it. */
  formatChosen: boolean;
  text: string;
  /** For formats that carry no name (config); overrides the one in the text. */
  name: string;
  status: 'idle' | 'checking' | 'saving' | 'applying';
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
  /** The id it is saved under: the same, or a new one (the persona is then renamed). */
  newId: string;
  /** The id follows the name (a fresh copy) until it is typed by hand. */
  idFollowsName: boolean;
  name: string;
  description: string;
  /** The name and description on the Welsh form; '' for none. */
  nameCy: string;
  descriptionCy: string;
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
  format: 'json',
  detected: null,
  formatChosen: false,
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
