import type { ConfigIssue } from '../config/config-types.js';
import type { Result } from '../shared/result.js';
import { composeFormat } from './formats/compose-format.js';
import { configFormat } from './formats/config-format.js';
import { envFormat } from './formats/env-format.js';
import { jsonFormat } from './formats/json-format.js';
import type { Exported, ImportOptions, Imported, ScenarioCodec } from './formats/scenario-codec.js';
import type { ExportFormat, Scenario } from './preset-types.js';
import type { PersonaLookup } from './resolve-preset.js';

/**
 * A scenario in four forms, each read back by its import:
 * - json: the scenario file;
 * - config: the POST /config body that applies it;
 * - env: the environment variables that start a simulator with it (POSIX shell syntax);
 * - compose: the same variables as a docker-compose `environment:` block.
 * The config, env and compose forms describe the configuration the scenario gives on a simulator
 * started with the defaults, so they mean the same everywhere.
 */

const CODECS: Record<ExportFormat, ScenarioCodec> = {
  json: jsonFormat,
  config: configFormat,
  env: envFormat,
  compose: composeFormat,
};

export function exportScenario(
  scenario: Scenario,
  format: ExportFormat,
  lookup: PersonaLookup,
): Result<Exported, ConfigIssue[]> {
  return CODECS[format].export(scenario, lookup);
}

/** Reads a scenario in any export form, checking everything. Every problem is reported. */
export function importScenario(
  format: ExportFormat,
  text: string,
  options: ImportOptions,
): Result<Imported, ConfigIssue[]> {
  return CODECS[format].import(text, options);
}
