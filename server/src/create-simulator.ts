import type express from 'express';
import type { SimulatorConfig } from './contract.js';
import { systemClock, type Clock } from './clock.js';
import { ConfigStore } from './config/config-store.js';
import { defaultConfig } from './config/defaults.js';
import { generateKeyMaterial, type KeyMaterial } from './keys/key-store.js';
import { ExpiringStore } from './state/expiring-store.js';
import { createClientKeyResolver } from './tokens/client-auth/client-key-resolver.js';
import { SimulatorEvents } from './simulator-events.js';
import { STORE_LIMITS, type SimulatorContext } from './simulator-context.js';
import { buildApp } from './build-app.js';
import { ExchangeBuffer } from './log/exchange-buffer.js';
import type { StartupPreset } from './presets/preset-types.js';
import { PresetStore } from './presets/preset-store.js';
import { createSecretVerifier } from './tokens/client-auth/create-secret-verifier.js';
import { UsedAssertionIds } from './tokens/client-auth/used-assertion-ids.js';
import { PlanStore } from './rp-check/plan-store.js';
import { RpCheckRun } from './rp-check/rp-check-run.js';

export interface SimulatorOptions {
  /** Starting configuration (from the environment, say); defaults otherwise. */
  config?: SimulatorConfig;
  /** Signing keys; generated once for this instance when not given. */
  keys?: KeyMaterial | Promise<KeyMaterial>;
  clock?: Clock;
  /** How many exchanges the request log keeps (default 1,000). */
  logCapacity?: number;
  /** About how many bytes the request log may hold (default 64 MiB). */
  logBytes?: number;
  /** Folder of the built renderer served at /_simulator/ (none: the UI route answers 404). */
  uiDir?: string;
  /** Folder where personas and scenarios are saved, one JSON file each. */
  dataDir?: string;
  /** The scenario the starting configuration came from (headless --scenario). */
  startupPreset?: StartupPreset;
  /**
   * The token other machines must present to use the admin API (the host prints it when it
   * listens beyond loopback). Without one, the admin API answers this machine only.
   */
  adminToken?: string;
  /** Version reported by the admin status endpoint. */
  version?: string;
}

export interface Simulator {
  app: express.Express;
  config: ConfigStore;
  events: SimulatorEvents;
  log: ExchangeBuffer;
  context: SimulatorContext;
  /** The relying-party check: its plans and its (single) run. */
  rpCheck: { run: RpCheckRun; plans: PlanStore };
  /** Resolves when the signing keys are ready. Requests needing keys wait for it anyway. */
  ready: Promise<void>;
  /** Stops timers and closes event streams. */
  close(): void;
}

/** How long after creation the signing keys are generated if nothing has needed them yet. */
const KEY_GENERATION_DELAY_MS = 250;

/** Builds a simulator: an Express app plus its state. It never listens; the host does. */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = options.clock ?? systemClock;
  const config = new ConfigStore(options.config ?? defaultConfig());
  // Keys are made once, on first need or shortly after start, whichever comes first: generating
  // them right away would compete with the first requests for the CPU.
  let keysPromise: Promise<KeyMaterial> | undefined =
    options.keys === undefined ? undefined : Promise.resolve(options.keys);
  const keys = (): Promise<KeyMaterial> => {
    if (!keysPromise) {
      keysPromise = generateKeyMaterial();
      // Avoid an unhandled rejection before a request awaits it.
      keysPromise.catch(() => undefined);
    }
    return keysPromise;
  };
  const warmUp = setTimeout(() => void keys(), KEY_GENERATION_DELAY_MS);
  warmUp.unref();
  const events = new SimulatorEvents();
  const log = new ExchangeBuffer(options.logCapacity ?? 1000, options.logBytes);

  const context: SimulatorContext = {
    config,
    keys,
    clock,
    codes: new ExpiringStore(clock, STORE_LIMITS.codes),
    usedAssertionIds: new UsedAssertionIds(),
    accessTokens: new ExpiringStore(clock, STORE_LIMITS.accessTokens),
    sessions: new ExpiringStore(clock, STORE_LIMITS.sessions),
    interactions: new ExpiringStore(clock, STORE_LIMITS.interactions),
    clientKeys: createClientKeyResolver(),
    presets: new PresetStore(options.dataDir),
    secretVerifier: createSecretVerifier(),
    adminToken: options.adminToken,
  };
  config.onChange((c) => events.emit('config', c));
  const rpCheck = {
    run: new RpCheckRun({ config, presets: context.presets, events, clock }),
    plans: new PlanStore(options.dataDir),
  };

  const closers: (() => void)[] = [];
  const app = buildApp({
    context,
    events,
    log,
    uiDir: options.uiDir,
    startupPreset: options.startupPreset,
    version: options.version ?? '0.0.0',
    rpCheck,
    onClose: (fn) => closers.push(fn),
  });

  return {
    app,
    config,
    events,
    log,
    context,
    rpCheck,
    get ready() {
      return keys().then(() => undefined);
    },
    close() {
      clearTimeout(warmUp);
      context.secretVerifier.close();
      rpCheck.run.close();
      for (const fn of closers.splice(0)) fn();
      events.removeAllListeners();
    },
  };
}
