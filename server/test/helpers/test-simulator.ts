/** Simulators for tests: shared key material (made once per file), listening on port 0. */
import {
  createSimulator,
  startSimulator,
  type Simulator,
  type SimulatorOptions,
  type RunningSimulator,
} from '../../src/index.js';
import { generateKeyMaterial, type KeyMaterial } from '../../src/keys/key-store.js';
import { defaultConfig } from '../../src/config/defaults.js';

let sharedKeys: Promise<KeyMaterial> | undefined;
/** One set of signing keys for the whole test file: key generation is slow, tests are not. */
export function testKeys(): Promise<KeyMaterial> {
  sharedKeys ??= generateKeyMaterial();
  return sharedKeys;
}

/** An in-process simulator (no socket) for supertest. */
export function testSimulator(options: SimulatorOptions = {}): Simulator {
  return createSimulator({ keys: testKeys(), ...options });
}

export interface ListeningSimulator {
  simulator: Simulator;
  running: RunningSimulator;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A simulator listening on a free port, its simulatorUrl set to where it really listens, so
 * issuer, audiences and redirects all line up for real HTTP clients.
 */
export async function listeningSimulator(
  options: SimulatorOptions = {},
): Promise<ListeningSimulator> {
  const simulator = testSimulator(options);
  const started = await startSimulator(simulator, { port: 0 });
  if (!started.ok) throw new Error(`could not listen: ${started.error.detail}`);
  const running = started.value;
  const baseUrl = `http://localhost:${running.port}`;
  const res = simulator.config.update({
    simulatorUrl: baseUrl,
    errorConfiguration: simulator.config.get().errorConfiguration,
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return { simulator, running, baseUrl, close: () => running.close() };
}

export { defaultConfig };

/**
 * Where a relying-party library's test points it: the root simulator, and the named simulator
 * /sim/ci of the same process (created on first use from the starting configuration). The issuer
 * is `${baseUrl}${path}/`.
 */
export const SIMULATOR_PATHS = [
  { at: 'the root simulator', path: '' },
  { at: 'the named simulator /sim/ci', path: '/sim/ci' },
] as const;
