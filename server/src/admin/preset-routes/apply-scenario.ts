import type { ApplyResult, Scenario } from '../../presets/preset-types.js';
import { resolveScenario } from '../../presets/resolve-preset.js';
import { conflict, describeIssues } from './preset-http-error.js';
import type { PresetRoutesContext } from './preset-routes-context.js';

/** Puts a scenario (saved or not) in force, as one configuration change, or a 409 saying why not. */
export function applyScenario(
  { ctx, store, tracker }: PresetRoutesContext,
  scenario: Scenario,
): ApplyResult {
  const resolved = resolveScenario(scenario, {
    baseline: ctx.config.initialConfig(),
    current: ctx.config.get(),
    lookup: store.lookupPersona,
  });
  if (!resolved.ok)
    throw conflict(
      `the scenario cannot be applied: ${describeIssues(resolved.error)}`,
      resolved.error,
    );
  const result = tracker.apply(resolved.value.body, {
    scenario: { id: scenario.id, name: scenario.name },
    ...(resolved.value.persona ? { persona: resolved.value.persona } : {}),
    keepPersona: scenario.persona === undefined,
  });
  if (!result.ok)
    throw conflict(`the scenario cannot be applied: ${describeIssues(result.error)}`, result.error);
  return { config: result.value, active: tracker.get() };
}
