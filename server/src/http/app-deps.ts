import type { SimulatorContext } from '../simulator/simulator-context.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import type { ExchangeBuffer } from '../log/exchange-buffer.js';
import type { StartupPreset } from '../presets/preset-types.js';
import type { PlanStore } from '../rp-check/plan-store.js';
import type { RpCheckRun } from '../rp-check/rp-check-run.js';
import type { SimulatorRegistry } from './simulator-registry.js';
import type { ExchangeAnalyzer } from '../analysis/exchange-analyzer.js';
import type { AdminAccessSettings } from './admin-access.js';

/**
 * What the app and every router mounted on it are built from. It lives apart from app.ts so the
 * routers depend on this description, not on the app that mounts them.
 */
export interface AppDeps {
  context: SimulatorContext;
  events: SimulatorEvents;
  /** Where the one request log's events are emitted (the root simulator's events). */
  logEvents: SimulatorEvents;
  log: ExchangeBuffer;
  /** The token analysis of this simulator's exchanges, judged by its own keys and configuration. */
  analyzer: ExchangeAnalyzer;
  uiDir: string | undefined;
  /** The scenario applied at start (--scenario), named by GET /_simulator/api/active. */
  startupPreset: StartupPreset | undefined;
  version: string;
  /** The relying-party check (absent: its routes answer 404). */
  rpCheck?: { run: RpCheckRun; plans: PlanStore };
  onClose: (fn: () => void) => void;
  /** The named simulator this app serves (/sim/<name>/); absent for the root simulator. */
  simulator?: string | undefined;
  /** The root simulator's registry of named simulators (absent in a named simulator's app). */
  registry?: SimulatorRegistry | undefined;
  /**
   * Who may use the admin API and /config from a browser: one object shared by the root and
   * every named simulator of a process (absent: this app's own, from its start-up address).
   */
  access?: AdminAccessSettings | undefined;
}
