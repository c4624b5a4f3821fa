/** The public API of the provider library. Hosts (CLI, desktop) import only this file. */
export { createSimulator, type Simulator, type SimulatorOptions } from './create-simulator.js';
export {
  startSimulator,
  HOST_FAILURE_CODES,
  type HostFailure,
  type HostFailureCode,
  type RunningSimulator,
  type ListenOptions,
} from './start-simulator.js';
export {
  describeHostFailure,
  hostFailureTitle,
  type HostFailureAudience,
} from './describe-host-failure.js';
export {
  configFromEnv,
  parsePort,
  ENV_VARS,
  type Env,
  type EnvSettings,
} from './config/from-env.js';
export { defaultConfig, DEFAULT_PORT } from './config/defaults.js';
export { splitFlag, readPortFlag, PORT_RULE, zoneIdOf } from './config/command-line-flags.js';
export { parseConfigRequest, applyConfigPatch } from './config/parse-config-request.js';
export { ConfigStore } from './config/config-store.js';
export { generateKeyMaterial, type KeyMaterial } from './keys/key-store.js';
export { loadOrCreateKeys } from './simulator/persisted-keys.js';
export { UI_PREFIX, ADMIN_PREFIX } from './http/prefixes.js';
export {
  readBackchannelUrl,
  readMaxSimulators,
  type MultiSimulatorOptions,
} from './multi-simulator-options.js';
export { lockDataFolder, LOCK_FILE } from './presets/data-folder-lock.js';
export type * from './contract.js';
