import type {
  ActivePreset,
  Persona,
  PresetList,
  Scenario,
} from '../../../../server/src/contract.js';
import { SCENARIO_SHORTCUTS, type PresetRef, type PresetsState } from './presets-state.js';

export const presetKey = (ref: PresetRef): string => `${ref.kind}:${ref.id}`;

/** New lists from the simulator; the selection goes when its item is gone. */
export function receivePresetLists(
  state: PresetsState,
  personas: PresetList<Persona>,
  scenarios: PresetList<Scenario>,
): Partial<PresetsState> {
  const patch: Partial<PresetsState> = {
    personas: personas.items,
    scenarios: scenarios.items,
    presetProblems: [...scenarios.problems, ...personas.problems],
    dataDir: scenarios.dataDir ?? personas.dataDir,
    presetsLoading: false,
    presetsError: null,
  };
  const selected = state.selectedPreset;
  if (selected && !findPreset(patch as PresetsState, selected)) patch.selectedPreset = null;
  return patch;
}

export function findPreset(
  state: Pick<PresetsState, 'personas' | 'scenarios'>,
  ref: PresetRef,
): Persona | Scenario | undefined {
  const list: readonly (Persona | Scenario)[] =
    ref.kind === 'persona' ? state.personas : state.scenarios;
  return list.find((p) => p.id === ref.id);
}

/** The Nth scenario of the list (1-based), as Alt+N applies it. */
export function scenarioAt(scenarios: readonly Scenario[], n: number): Scenario | undefined {
  if (!Number.isInteger(n) || n < 1 || n > SCENARIO_SHORTCUTS) return undefined;
  return scenarios[n - 1];
}

/** Whether this preset is what was applied last. */
export function isActivePreset(active: ActivePreset | null, ref: PresetRef): boolean {
  if (!active) return false;
  return (ref.kind === 'scenario' ? active.scenario : active.persona)?.id === ref.id;
}

export const nameOf = (state: PresetsState, ref: PresetRef): string =>
  findPreset(state, ref)?.name ?? ref.id;
