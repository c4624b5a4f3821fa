import type {
  ClientConfiguration,
  ConfigIssue,
  ErrorConfiguration,
  ResponseConfiguration,
  SimulatorConfig,
} from '../config/config-types.js';

/**
 * Personas and scenarios: the file format (documents) and what the admin API answers (the
 * normalised values, with every field present).
 */

/** A persona as written in a file or sent to POST /personas. Omitted fields take the defaults. */
export interface PersonaDocument {
  $schema?: string;
  id?: string;
  name: string;
  description?: string;
  /** The name on the Welsh form (ui_locales=cy); the name when absent. */
  nameCy?: string;
  /** The description on the Welsh form; the description when absent. */
  descriptionCy?: string;
  responseConfiguration: Partial<ResponseConfiguration>;
}

/** A persona as the admin API answers it: the complete response configuration. */
export interface Persona {
  id: string;
  name: string;
  description: string;
  /** The name on the Welsh form (ui_locales=cy); the name when absent. */
  nameCy?: string;
  /** The description on the Welsh form; the description when absent. */
  descriptionCy?: string;
  builtIn: boolean;
  responseConfiguration: ResponseConfiguration;
}

/** The switches of POST /config a scenario may set (omitted: as the simulator started). */
export interface ScenarioFlags {
  publishNewIdTokenSigningKeys?: boolean;
  useNewIdTokenSigningKeys?: boolean;
  publishNewCoreIdentitySigningKeys?: boolean;
  useNewCoreIdentitySigningKeys?: boolean;
  retireOldIdTokenSigningKeys?: boolean;
  retireOldCoreIdentitySigningKeys?: boolean;
  interactiveMode?: boolean;
}

export const SCENARIO_FLAGS = [
  'publishNewIdTokenSigningKeys',
  'useNewIdTokenSigningKeys',
  'publishNewCoreIdentitySigningKeys',
  'useNewCoreIdentitySigningKeys',
  'retireOldIdTokenSigningKeys',
  'retireOldCoreIdentitySigningKeys',
  'interactiveMode',
] as const satisfies readonly (keyof ScenarioFlags)[];

/** The name GET /config gives each flag. */
export const FLAG_CONFIG_FIELD = {
  publishNewIdTokenSigningKeys: 'publishNewIdTokenKeysEnabled',
  useNewIdTokenSigningKeys: 'usingNewIdTokenSigningKeys',
  publishNewCoreIdentitySigningKeys: 'publishNewCoreIdentityKeysEnabled',
  useNewCoreIdentitySigningKeys: 'usingNewCoreIdentitySigningKeys',
  retireOldIdTokenSigningKeys: 'oldIdTokenKeysRetired',
  retireOldCoreIdentitySigningKeys: 'oldCoreIdentityKeysRetired',
  interactiveMode: 'interactiveMode',
} as const satisfies Record<keyof ScenarioFlags, keyof SimulatorConfig>;

/** A persona written inside a scenario (instead of naming one by id). */
export interface InlinePersona {
  id?: string;
  name: string;
  description?: string;
  /** The name on the Welsh form (ui_locales=cy); the name when absent. */
  nameCy?: string;
  /** The description on the Welsh form; the description when absent. */
  descriptionCy?: string;
  responseConfiguration: Partial<ResponseConfiguration>;
}

/** A scenario as written in a file, sent to POST /scenarios or imported as JSON. */
export interface ScenarioDocument {
  $schema?: string;
  id?: string;
  name: string;
  description?: string;
  /** A persona id (built-in or saved) or a persona written inline. Omitted: keep the current one. */
  persona?: string | InlinePersona;
  /** Client fields to change; the others stay as the simulator started. */
  clientConfiguration?: Partial<ClientConfiguration>;
  /** The errors to inject; omitted lists are empty. */
  errorConfiguration?: Partial<ErrorConfiguration>;
  flags?: ScenarioFlags;
}

/** A scenario as the admin API answers it. */
export interface Scenario {
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  /** Persona id, or an inline persona (its response configuration complete). */
  persona?: string | (InlinePersona & { responseConfiguration: ResponseConfiguration });
  clientConfiguration: Partial<ClientConfiguration>;
  errorConfiguration: ErrorConfiguration;
  flags: ScenarioFlags;
}

/** A file of the data folder that could not be loaded. */
export interface PresetProblem {
  /** Path relative to the data folder, e.g. personas/broken.json. */
  file: string;
  message: string;
}

/** GET /personas and GET /scenarios. */
export interface PresetList<T> {
  items: T[];
  problems: PresetProblem[];
  /** The data folder, or null when none was given (built-ins only, nothing can be saved). */
  dataDir: string | null;
}

export interface ActiveRef {
  id: string;
  name: string;
}

/** GET /active: what was last applied, and whether the configuration changed since. */
export interface ActivePreset {
  scenario?: ActiveRef;
  persona?: ActiveRef;
  modifiedSinceApplied: boolean;
}

/** POST /personas/:id/apply and POST /scenarios/:id/apply. */
export interface ApplyResult {
  config: SimulatorConfig;
  active: ActivePreset;
}

/** One changed leaf of GET /diff. `left`/`right` are absent where the path does not exist. */
export interface DiffEntry {
  path: string;
  left?: unknown;
  right?: unknown;
}

export const EXPORT_FORMATS = ['json', 'env', 'config', 'compose'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** POST /import body. */
export interface ImportRequest {
  format: ExportFormat;
  text: string;
  /** Name for formats that carry none (config); overrides the one in the text. */
  name?: string;
}

/** POST /import answer. */
export interface ImportResult {
  scenario: Scenario;
  saved: boolean;
  warnings: string[];
  /** With ?apply=true: the configuration now in force and what GET /active reports. */
  applied?: ApplyResult;
}

/** The error body of every refused admin request. */
export interface PresetErrorBody {
  error: 'invalid_request' | 'not_found' | 'forbidden' | 'conflict' | 'server_error';
  error_description: string;
  issues?: { path: string; message: string }[];
}

export type Issues = ConfigIssue[];

/** Which scenario (and persona) produced the configuration a simulator started with. */
export interface StartupPreset {
  scenario?: ActiveRef;
  persona?: ActiveRef;
}
