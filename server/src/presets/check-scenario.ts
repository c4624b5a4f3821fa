import type { ConfigIssue } from '../config/config-types.js';
import { ok, type Result } from '../shared/result.js';
import type { Scenario, ScenarioDocument } from './preset-types.js';
import { resolvePortable, toScenario, type PersonaLookup } from './resolve-preset.js';

/** Checks a scenario fully: its document, its persona reference and the configuration it gives. */
export function checkScenario(
  doc: ScenarioDocument,
  id: string,
  lookup: PersonaLookup,
): Result<Scenario, ConfigIssue[]> {
  const scenario = toScenario(doc, id);
  const resolved = resolvePortable(scenario, lookup);
  return resolved.ok ? ok(scenario) : resolved;
}
