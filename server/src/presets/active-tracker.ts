import { isDeepStrictEqual } from 'node:util';
import type { ConfigIssue, SimulatorConfig } from '../config/config-types.js';
import type { ConfigStore } from '../config/config-store.js';
import type { Result } from '../shared/result.js';
import type { ActivePreset, ActiveRef } from './preset-types.js';

/** Two configurations are the same scenario when they differ at most in where the simulator runs. */
const sameSetup = (a: Readonly<SimulatorConfig>, b: Readonly<SimulatorConfig>): boolean => {
  try {
    return isDeepStrictEqual({ ...a, simulatorUrl: '' }, { ...b, simulatorUrl: '' });
  } catch {
    // Too deep to compare (a hostile configuration): certainly not what was applied.
    return false;
  }
};

/**
 * What was last applied to one simulator, and whether its configuration changed since (someone
 * posted /config, reset it, or applied something by hand). Changing it back clears the mark.
 * Where the simulator runs (simulatorUrl) is not part of a scenario and is not compared.
 */
export class ActiveTracker {
  private scenario: ActiveRef | undefined;
  private persona: ActiveRef | undefined;
  private applied: SimulatorConfig | undefined;
  private modified = false;
  private applying = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: ConfigStore,
    initial?: { scenario?: ActiveRef; persona?: ActiveRef },
  ) {
    if (initial && (initial.scenario || initial.persona)) {
      this.scenario = initial.scenario;
      this.persona = initial.persona;
      this.applied = store.initialConfig();
      this.modified = !sameSetup(store.get(), this.applied);
    }
    this.unsubscribe = store.onChange((config) => {
      if (this.applying || !this.applied) return;
      this.modified = !sameSetup(config, this.applied);
    });
  }

  /**
   * Applies a POST /config body and records what it was. Nothing changes when it is refused.
   * `keepPersona`: a scenario that names no persona leaves the one in force (unless the
   * configuration was changed since). `keepScenario`: a persona applied on top of a scenario
   * changes only who the user is, so the scenario stays in force; changes made on top of the
   * scenario before stay flagged.
   */
  apply(
    body: unknown,
    next: {
      scenario?: ActiveRef;
      persona?: ActiveRef;
      keepPersona?: boolean;
      keepScenario?: boolean;
    },
  ): Result<SimulatorConfig, ConfigIssue[]> {
    const keptPersona = next.keepPersona && !this.modified ? this.persona : undefined;
    const keptScenario = next.keepScenario ? this.scenario : undefined;
    const before = this.applied;
    this.applying = true;
    let result: Result<SimulatorConfig, ConfigIssue[]>;
    try {
      result = this.store.update(body);
    } finally {
      this.applying = false;
    }
    if (result.ok) {
      this.scenario = next.scenario ?? keptScenario;
      this.persona = next.persona ?? keptPersona;
      if (keptScenario && before) {
        // What the scenario set, with the new user: edits made on top of it still show.
        this.applied = {
          ...before,
          responseConfiguration: result.value.responseConfiguration,
        } as SimulatorConfig;
        this.modified = !sameSetup(result.value, this.applied);
      } else {
        this.applied = result.value;
        this.modified = false;
      }
    }
    return result;
  }

  get(): ActivePreset {
    const out: ActivePreset = { modifiedSinceApplied: this.modified };
    if (this.scenario) out.scenario = { ...this.scenario };
    if (this.persona) out.persona = { ...this.persona };
    return out;
  }

  /**
   * A saved persona or scenario was deleted (or given a new id, `replacement`): keep GET /active
   * truthful.
   */
  forget(kind: 'persona' | 'scenario', id: string, replacement?: ActiveRef): void {
    if (kind === 'persona' && this.persona?.id === id) this.persona = replacement;
    if (kind === 'scenario' && this.scenario?.id === id) this.scenario = replacement;
  }

  rename(kind: 'persona' | 'scenario', id: string, name: string): void {
    if (kind === 'persona' && this.persona?.id === id) this.persona = { id, name };
    if (kind === 'scenario' && this.scenario?.id === id) this.scenario = { id, name };
  }

  close(): void {
    this.unsubscribe();
  }
}
