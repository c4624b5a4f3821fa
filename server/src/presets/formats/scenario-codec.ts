import type { ConfigIssue } from '../../config/config-types.js';
import type { Result } from '../../shared/result.js';
import type { Scenario } from '../preset-types.js';
import type { PersonaLookup } from '../resolve-preset.js';

export interface Exported {
  contentType: 'application/json' | 'text/plain';
  fileName: string;
  text: string;
}

export interface ImportOptions {
  /** Replaces the name the text carries (or gives one where it has none). */
  name?: string;
  lookup: PersonaLookup;
}

export interface Imported {
  scenario: Scenario;
  warnings: string[];
}

export const DEFAULT_IMPORT_NAME = 'Imported scenario';

/** One export form of a scenario and its import, which reads back what the export wrote. */
export interface ScenarioCodec {
  export(scenario: Scenario, lookup: PersonaLookup): Result<Exported, ConfigIssue[]>;
  import(text: string, options: ImportOptions): Result<Imported, ConfigIssue[]>;
}
