import { emptyErrorConfiguration } from '../config/parse-config-request.js';
import type { SimulatorConfig } from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import type { PresetStore } from '../presets/preset-store.js';
import { describeIssues } from '../presets/preset-store.js';
import type { Scenario } from '../presets/preset-types.js';
import { resolveScenario } from '../presets/resolve-preset.js';
import { checkScenario } from '../presets/check-scenario.js';
import type { PlanStepDocument } from './rp-check-types.js';

/**
 * A step's scenario (none, a scenario id, or one written inline) as the /config body that puts
 * it in force, on top of `base` (the configuration the run started with), or why it cannot be.
 */
export function resolveStepScenario(
  step: PlanStepDocument,
  base: Readonly<SimulatorConfig>,
  presets: PresetStore,
  simulatorUrl: string,
): Result<Record<string, unknown>, string> {
  let scenario: Scenario;
  if (step.scenario === undefined)
    scenario = {
      id: 'rp-check-step',
      name: step.title,
      description: '',
      builtIn: false,
      clientConfiguration: {},
      errorConfiguration: emptyErrorConfiguration(),
      flags: {},
    };
  else if (typeof step.scenario === 'string') {
    const found = presets.getScenario(step.scenario);
    if (found.kind === 'missing') return err(`no scenario has the id "${step.scenario}"`);
    if (found.kind === 'broken')
      return err(`${found.problem.file} cannot be used: ${found.problem.message}`);
    scenario = found.value;
  } else {
    const checked = checkScenario(step.scenario, 'rp-check-step', presets.lookupPersona);
    if (!checked.ok) return err(`its scenario cannot be used: ${describeIssues(checked.error)}`);
    scenario = checked.value;
  }
  const resolved = resolveScenario(scenario, {
    // The client and flags the tester had when the run started (as the README says), not the
    // start-up ones: a redirect URI registered in the window stays registered.
    baseline: { ...base, simulatorUrl },
    current: { ...base, simulatorUrl },
    lookup: presets.lookupPersona,
  });
  if (!resolved.ok) return err(`its scenario cannot be applied: ${describeIssues(resolved.error)}`);
  return ok(resolved.value.body);
}

/** The first step whose scenario cannot be applied, as a message, or undefined. */
export function planProblem(
  steps: readonly PlanStepDocument[],
  resolve: (step: PlanStepDocument) => Result<unknown, string>,
): string | undefined {
  for (const [i, step] of steps.entries()) {
    const r = resolve(step);
    if (!r.ok) return `step ${i + 1} (${step.id}): ${r.error}`;
  }
  return undefined;
}
