import { statSync } from 'node:fs';
import type { SimulatorConfig } from './config/config-types.js';
import { err, ok, type Result } from './shared/result.js';
import { parseScenarioDocument } from './presets/parse-preset.js';
import { isPresetId, slugify } from './shared/preset-id.js';
import { describeIssues, PresetStore } from './presets/preset-store.js';
import { dataFileProblem, readDataFile } from './presets/read-data-file.js';
import type { Scenario } from './presets/preset-types.js';
import { resolveScenario, toScenario } from './presets/resolve-preset.js';
import type { StartupPreset } from './presets/preset-types.js';

/**
 * Applies a scenario named on the command line to the starting configuration (from the
 * environment). `scenario` is a path to a scenario file, or the id of a built-in or saved
 * scenario. A scenario file may name a built-in persona, or a persona saved in `dataDir`, or
 * write its persona inline. Any problem is one message naming the file and every field at fault.
 */
export function loadStartupFiles(
  config: SimulatorConfig,
  options: { scenario?: string; dataDir?: string },
): Result<{ config: SimulatorConfig; preset?: StartupPreset }, string> {
  if (options.scenario === undefined) return ok({ config });
  const store = new PresetStore(options.dataDir);
  const loaded = readScenario(options.scenario, store);
  if (!loaded.ok) return loaded;
  const scenario = loaded.value;

  const resolved = resolveScenario(scenario, {
    baseline: config,
    current: config,
    lookup: store.lookupPersona,
  });
  if (!resolved.ok) return err(`--scenario ${options.scenario}: ${describeIssues(resolved.error)}`);
  return ok({
    config: resolved.value.config,
    preset: {
      scenario: { id: scenario.id, name: scenario.name },
      ...(resolved.value.persona ? { persona: resolved.value.persona } : {}),
    },
  });
}

function readScenario(arg: string, store: PresetStore): Result<Scenario, string> {
  const label = `--scenario ${arg}`;
  let isFile = false;
  try {
    isFile = statSync(arg).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) {
    if (isPresetId(arg)) {
      const found = store.getScenario(arg);
      if (found.kind === 'found') return ok(found.value);
      if (found.kind === 'broken')
        return err(`${label}: ${found.problem.file} ${found.problem.message}`);
    }
    return err(
      `${label}: no such file${isPresetId(arg) ? ' and no built-in or saved scenario with that id' : ''}`,
    );
  }
  let text: string;
  try {
    text = readDataFile(arg);
  } catch (error) {
    return err(`${label}: the file ${dataFileProblem(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return err(`${label}: the file ${dataFileProblem(error)}`);
  }
  const doc = parseScenarioDocument(json);
  if (!doc.ok) return err(`${label}: ${describeIssues(doc.error)}`);
  return ok(toScenario(doc.value, doc.value.id ?? slugify(doc.value.name, 'scenario')));
}
