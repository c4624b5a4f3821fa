import type { ConfigIssue, Fault, SimulatorConfig } from './config-types.js';
import type { Result } from '../shared/result.js';
import { applyConfigPatch, parseConfigRequest } from './parse-config-request.js';

const clone = <T>(v: T): T => structuredClone(v);

/** The live configuration of one simulator instance. */
export class ConfigStore {
  private current: SimulatorConfig;
  private readonly listeners = new Set<(config: Readonly<SimulatorConfig>) => void>();

  private readonly initial: SimulatorConfig;

  constructor(initial: SimulatorConfig) {
    this.initial = clone(initial);
    this.current = clone(initial);
  }

  /** The live configuration. Treat as read-only: change it through `update` or `replace`. */
  get(): Readonly<SimulatorConfig> {
    return this.current;
  }

  /** A copy of the configuration the simulator started with. */
  initialConfig(): SimulatorConfig {
    return clone(this.initial);
  }

  /** Validates and applies a POST /config body. Nothing is applied when anything is invalid. */
  update(body: unknown): Result<SimulatorConfig, ConfigIssue[]> {
    const parsed = parseConfigRequest(body);
    if (!parsed.ok) return parsed;
    const merged = applyConfigPatch(this.current, parsed.value);
    if (!merged.ok) return merged;
    this.current = merged.value;
    this.emit();
    return { ok: true, value: clone(this.current) };
  }

  /**
   * Replaces the faults, as a counted fault is used up request by request. The list comes from
   * the store itself (already valid), so it is not checked again.
   */
  setFaults(faults: Fault[]): void {
    const errorConfiguration = { ...this.current.errorConfiguration, faults };
    this.current = { ...this.current, errorConfiguration };
    this.emit();
  }

  /** The simulatorUrl the simulator started with (the host program may rebase it; POST /config never). */
  startupSimulatorUrl(): string {
    return this.initial.simulatorUrl;
  }

  /** Back to the configuration the simulator started with. */
  reset(): SimulatorConfig {
    this.current = clone(this.initial);
    this.emit();
    return clone(this.current);
  }

  /**
   * Moves the simulator to a new base URL (the host learns its real port only once listening):
   * both the start configuration and the live one follow.
   */
  rebase(simulatorUrl: string): void {
    this.initial.simulatorUrl = simulatorUrl;
    this.current = { ...this.current, simulatorUrl };
    this.emit();
  }

  onChange(listener: (config: Readonly<SimulatorConfig>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells the listeners. They get the live configuration itself, read-only: the store never
   * changes one in place (each change makes a new object), so no copy is needed, and a counted
   * fault, used up request by request, costs no copy of a large configuration per request.
   */
  private emit(): void {
    const current = this.current;
    for (const l of this.listeners) l(current);
  }
}
