import type { ConfigIssue } from '../../config/config-types.js';
import { defaultConfig } from '../../config/defaults.js';
import { isPlainObject } from '../../config/field-rules.js';
import { applyConfigPatch, parseConfigRequest } from '../../config/parse-config-request.js';
import { err, ok, type Result } from '../../shared/result.js';
import { slugify } from '../../shared/preset-id.js';
import { FLAG_CONFIG_FIELD, SCENARIO_FLAGS } from '../preset-types.js';
import { resolvePortable } from '../resolve-preset.js';
import { parseJsonText, withSyntax } from './json-text.js';
import {
  DEFAULT_IMPORT_NAME,
  type ImportOptions,
  type Imported,
  type ScenarioCodec,
} from './scenario-codec.js';
import { scenarioFromConfig } from './scenario-from-config.js';
import { unknownErrorNames } from './unknown-error-names.js';

/** The POST /config body that applies the scenario to a simulator started with the defaults. */
export const configFormat: ScenarioCodec = {
  export(scenario, lookup) {
    const resolved = resolvePortable(scenario, lookup);
    if (!resolved.ok) return resolved;
    const config = resolved.value.config;
    const body: Record<string, unknown> = {
      clientConfiguration: config.clientConfiguration,
      ...(scenario.persona === undefined
        ? {}
        : { responseConfiguration: config.responseConfiguration }),
      errorConfiguration: config.errorConfiguration,
    };
    for (const flag of SCENARIO_FLAGS) body[flag] = config[FLAG_CONFIG_FIELD[flag]];
    return ok({
      contentType: 'application/json',
      fileName: `${scenario.id}.config.json`,
      text: `${JSON.stringify(body, null, 2)}\n`,
    });
  },
  import: importConfigBody,
};

function importConfigBody(text: string, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const json = parseJsonText(text);
  if (!json.ok) return json;
  return withSyntax(json.value, importConfigValue(json.value.value, options));
}

function importConfigValue(body: unknown, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  const warnings: string[] = [];
  if (isPlainObject(body)) {
    issues.push(...unknownErrorNames(body.errorConfiguration));
    if (body.simulatorUrl !== undefined)
      warnings.push(
        'simulatorUrl is where a simulator runs, not part of a scenario; it was left out',
      );
  }
  const parsed = parseConfigRequest(body);
  if (!parsed.ok) return err([...parsed.error, ...issues]);
  if (issues.length) return err(issues);
  const patch = { ...parsed.value };
  delete patch.simulatorUrl;
  const merged = applyConfigPatch(defaultConfig(), patch);
  if (!merged.ok) return merged;
  const name = options.name ?? DEFAULT_IMPORT_NAME;
  const hasResponse = patch.responseConfiguration !== undefined;
  const scenario = scenarioFromConfig(merged.value, {
    name,
    id: slugify(name, 'scenario'),
    persona: hasResponse ? undefined : 'none',
  });
  return ok({ scenario, warnings });
}
