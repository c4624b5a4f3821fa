import { ConfigStore, defaultConfig, type SimulatorConfig } from '../../server/src/index.js';
import type { DesktopSettings } from './desktop-settings.js';

export interface StartingConfiguration {
  /** The configuration to start with; undefined: the defaults. */
  config: SimulatorConfig | undefined;
  /** The port the configuration's simulatorUrl was made for. */
  configPort: number;
  warnings: string[];
}

/**
 * What the provider starts with: the saved configuration when restoreOnStart is on and it is
 * still valid, the defaults otherwise. A saved configuration the provider refuses is reported and
 * left out, never a reason not to start.
 */
export function startingConfiguration(settings: DesktopSettings): StartingConfiguration {
  const configPort = settings.port;
  const saved = settings.lastConfiguration;
  if (!settings.restoreOnStart || saved === null)
    return { config: undefined, configPort, warnings: [] };
  const store = new ConfigStore(defaultConfig(`http://localhost:${configPort}`));
  const applied = store.update(saved);
  if (applied.ok) return { config: applied.value, configPort, warnings: [] };
  const issues = applied.error
    .slice(0, 5)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  return {
    config: undefined,
    configPort,
    warnings: [
      `The saved configuration could not be restored (${issues}); the default configuration is used.`,
    ],
  };
}
