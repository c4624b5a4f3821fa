import { ok } from '../../shared/result.js';
import { checkScenario } from '../check-scenario.js';
import { parseScenarioDocument } from '../parse-preset.js';
import { slugify } from '../../shared/preset-id.js';
import { scenarioToDocument } from '../resolve-preset.js';
import { parseJsonText, withSyntax } from './json-text.js';
import type { ImportOptions, Imported, ScenarioCodec } from './scenario-codec.js';
import type { ConfigIssue } from '../../config/config-types.js';
import type { Result } from '../../shared/result.js';

/** The scenario file: the scenario document, saved personas inlined so it stands alone. */
export const jsonFormat: ScenarioCodec = {
  export(scenario, lookup) {
    const doc = scenarioToDocument(scenario, { lookup, inlineSaved: true });
    return ok({
      contentType: 'application/json',
      fileName: `${scenario.id}.json`,
      text: `${JSON.stringify(doc, null, 2)}\n`,
    });
  },
  import: importJson,
};

function importJson(text: string, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const json = parseJsonText(text);
  if (!json.ok) return json;
  return withSyntax(json.value, importJsonValue(json.value.value, options));
}

function importJsonValue(json: unknown, options: ImportOptions): Result<Imported, ConfigIssue[]> {
  const doc = parseScenarioDocument(json);
  if (!doc.ok) return doc;
  const value = { ...doc.value };
  if (options.name !== undefined) value.name = options.name;
  const id = value.id ?? slugify(value.name, 'scenario');
  const checked = checkScenario(value, id, options.lookup);
  return checked.ok ? ok({ scenario: checked.value, warnings: [] }) : checked;
}
