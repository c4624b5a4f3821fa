import type express from 'express';
import type { SimulatorConfig } from './config/config-types.js';
import { systemClock, type Clock } from './state/clock.js';
import { ConfigStore } from './config/config-store.js';
import { defaultConfig } from './config/defaults.js';
import { generateKeyMaterial, type KeyMaterial } from './keys/key-store.js';
import { loadOrCreateKeys } from './simulator/persisted-keys.js';
import { ExpiringStore } from './state/expiring-store.js';
import { createClientKeyResolver } from './tokens/client-auth/client-key-resolver.js';
import { SimulatorEvents } from './simulator/simulator-events.js';
import { STORE_LIMITS } from './state/lifetimes.js';
import { ByteBudget, STORE_BYTES } from './state/store-budget.js';
import type { SimulatorContext } from './simulator/simulator-context.js';
import { buildApp } from './build-app.js';
import type { AdminAccessSettings } from './http/admin-access.js';
import { ExchangeBuffer } from './log/exchange-buffer.js';
import type { StartupPreset } from './presets/preset-types.js';
import { PresetStore } from './presets/preset-store.js';
import {
  createSecretVerifier,
  type SecretVerifier,
} from './tokens/client-auth/create-secret-verifier.js';
import { UsedAssertionIds } from './tokens/client-auth/used-assertion-ids.js';
import { PlanStore } from './rp-check/plan-store.js';
import { RpCheckRun } from './rp-check/rp-check-run.js';
import { SimulatorRegistry, type NamedSimulator } from './http/simulator-registry.js';
import { createExchangeAnalyzer, type ExchangeAnalyzer } from './analysis/exchange-analyzer.js';
import { DEFAULT_MAX_SIMULATORS, simulatorPath } from './config/simulator-name.js';

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
  /**
   * About how many bytes (of JSON text) waiting codes and interactive sign-ins may hold, all
   * simulators together, and as many again sessions and access-token records (default
   * STORE_BYTES, 32 MiB each).
   */
  storeBytes?: number;
  /** Folder of the built renderer served at /_simulator/ (none: the UI route answers 404). */
  uiDir?: string;
  /**
   * Folder where personas and scenarios are saved, one JSON file each, and the signing keys
   * (keys/), reused at the next start.
   */
  dataDir?: string;
  /** Told of a problem that does not stop the simulator (a key file replaced); stderr in the CLI. */
  warn?: (message: string) => void;
  /** The scenario the starting configuration came from (headless --scenario). */
  startupPreset?: StartupPreset;
  /**
   * The token other machines must present to use the admin API (the host prints it when it
   * listens beyond loopback). Without one, the admin API answers this machine only.
   */
  adminToken?: string;
  /** Version reported by the admin status endpoint. */
  version?: string;
  /** How many named simulators (/sim/<name>/) may exist at once (default 64; 0: none). */
  maxSimulators?: number;
  /**
   * The origin a relying party's back channel reaches (BACKCHANNEL_URL): discovery advertises
   * token, userinfo, JWKS and DID there; authorize and the issuer stay at simulatorUrl.
   */
  backchannelUrl?: string;
}

export interface Simulator {
  app: express.Express;
  config: ConfigStore;
  events: SimulatorEvents;
  log: ExchangeBuffer;
  context: SimulatorContext;
  /** The relying-party check: its plans and its (single) run. */
  rpCheck: { run: RpCheckRun; plans: PlanStore };
  /** The named simulators served under /sim/<name>/. */
  simulators: SimulatorRegistry;
  /** The byte budgets the stores of every simulator share: waiting codes and sign-ins; sessions and tokens. */
  storeBudget: ByteBudget;
  heldBudget: ByteBudget;
  /** Resolves when the signing keys are ready. Requests needing keys wait for it anyway. */
  ready: Promise<void>;
  /** Stops timers and closes event streams. */
  close(): void;
}

/** How long after creation the signing keys are generated if nothing has needed them yet. */
const KEY_GENERATION_DELAY_MS = 250;

/** What every simulator of one process shares: the clock, the one log, the saved files. */
interface SharedParts {
  clock: Clock;
  log: ExchangeBuffer;
  presets: PresetStore;
  plans: PlanStore;
  secretVerifier: SecretVerifier;
  adminToken: string | undefined;
  /**
   * The one rule for trusted origins, shared by the root and every named simulator: loopback
   * names and what was given at start-up (the root's start-up simulatorUrl, the bound address),
   * never a simulatorUrl POST /config set, at the root or at a named simulator.
   */
  access: AdminAccessSettings;
  /**
   * The byte budgets every simulator's stores share (see ByteBudget): one for what waits to be
   * used (codes, interactive sign-ins: refused past it), one for what is kept (sessions,
   * access-token records: the oldest evicted past it), so a flood of one never blocks the other.
   */
  storeBudget: ByteBudget;
  heldBudget: ByteBudget;
  version: string;
  startupPreset: StartupPreset | undefined;
  /** Where the signing keys are kept (none: new keys at every start). */
  dataDir: string | undefined;
  warn: (message: string) => void;
}

/** One simulator's own state and app: the root one, or one named simulator. */
interface SimulatorParts {
  app: express.Express;
  context: SimulatorContext;
  events: SimulatorEvents;
  rpCheck: { run: RpCheckRun; plans: PlanStore };
  keys: () => Promise<KeyMaterial>;
  analyzer: ExchangeAnalyzer;
  close(): void;
  /** Empties its stores, giving their bytes back to the shared budgets (see NamedSimulator). */
  release(): void;
}

function createParts(
  shared: SharedParts,
  own: {
    config: SimulatorConfig;
    keys: Promise<KeyMaterial> | undefined;
    backchannelUrl: string | undefined;
    uiDir?: string | undefined;
    /** The named simulator's name and the events its exchanges also go to (the one log's). */
    named?: { name: string; logEvents: SimulatorEvents };
    registry?: SimulatorRegistry;
  },
): SimulatorParts {
  const { clock } = shared;
  const config = new ConfigStore(own.config);
  // Keys are made once, on first need (or shortly after start for the root simulator): making
  // them right away would compete with the first requests for the CPU.
  let keysPromise = own.keys;
  const keys = (): Promise<KeyMaterial> => {
    if (!keysPromise) {
      keysPromise =
        shared.dataDir === undefined
          ? generateKeyMaterial()
          : loadOrCreateKeys(shared.dataDir, own.named?.name, shared.warn);
      // Avoid an unhandled rejection before a request awaits it.
      keysPromise.catch(() => undefined);
    }
    return keysPromise;
  };
  const events = new SimulatorEvents();
  const context: SimulatorContext = {
    config,
    keys,
    clock,
    codes: new ExpiringStore(clock, STORE_LIMITS.codes, shared.storeBudget),
    usedAssertionIds: new UsedAssertionIds(),
    accessTokens: new ExpiringStore(clock, STORE_LIMITS.accessTokens, shared.heldBudget),
    sessions: new ExpiringStore(clock, STORE_LIMITS.sessions, shared.heldBudget),
    interactions: new ExpiringStore(clock, STORE_LIMITS.interactions, shared.storeBudget),
    clientKeys: createClientKeyResolver(),
    presets: shared.presets,
    secretVerifier: shared.secretVerifier,
    adminToken: shared.adminToken,
    backchannelUrl: own.backchannelUrl,
    simulatorName: own.named?.name,
    keySetCache: { maxAgeSeconds: undefined },
  };
  config.onChange((c) => events.emit('config', c));
  const rpCheck = {
    run: new RpCheckRun({
      config,
      presets: context.presets,
      events,
      clock,
      simulator: own.named?.name,
      keySetCache: context.keySetCache,
    }),
    plans: shared.plans,
  };
  const closers: (() => void)[] = [];
  const analyzer = createExchangeAnalyzer({ context, events, log: shared.log });
  const app = buildApp({
    context,
    events,
    analyzer,
    logEvents: own.named?.logEvents ?? events,
    log: shared.log,
    uiDir: own.uiDir,
    startupPreset: shared.startupPreset,
    version: shared.version,
    rpCheck,
    simulator: own.named?.name,
    registry: own.registry,
    access: shared.access,
    onClose: (fn) => closers.push(fn),
  });
  if (own.named) {
    // The one log: a named simulator's exchanges reach the root stream's subscribers too.
    const logEvents = own.named.logEvents;
    events.on('exchange', (e) => logEvents.emit('exchange', e));
    events.on('reset', (simulator) => logEvents.emit('reset', simulator));
  }
  return {
    app,
    context,
    events,
    rpCheck,
    keys,
    analyzer,
    close() {
      rpCheck.run.close();
      for (const fn of closers.splice(0)) fn();
      events.removeAllListeners();
    },
    release() {
      context.codes.clear();
      context.accessTokens.clear();
      context.sessions.clear();
      context.interactions.clear();
    },
  };
}

/** Builds a simulator: an Express app plus its state. It never listens; the host does. */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const presets = new PresetStore(options.dataDir);
  const shared: SharedParts = {
    clock: options.clock ?? systemClock,
    log: new ExchangeBuffer(options.logCapacity ?? 1000, options.logBytes),
    presets,
    plans: new PlanStore(options.dataDir),
    secretVerifier: createSecretVerifier(),
    adminToken: options.adminToken,
    storeBudget: new ByteBudget(options.storeBytes ?? STORE_BYTES),
    heldBudget: new ByteBudget(options.storeBytes ?? STORE_BYTES),
    access: {
      adminToken: options.adminToken,
      startupUrl: () => root.context.config.startupSimulatorUrl(),
      startupHosts: new Set(),
    },
    version: options.version ?? '0.0.0',
    startupPreset: options.startupPreset,
    dataDir: options.dataDir,
    warn: options.warn ?? (() => undefined),
  };
  // Named simulators start from the root's starting configuration (rebased when the host learns
  // its port) under their own path, with keys and state of their own.
  const registry = new SimulatorRegistry({
    max: options.maxSimulators ?? DEFAULT_MAX_SIMULATORS,
    create: (name): NamedSimulator => {
      const start = root.context.config.initialConfig();
      const base = root.context.config.get().simulatorUrl;
      const parts = createParts(shared, {
        config: { ...start, simulatorUrl: `${base}${simulatorPath(name)}` },
        keys: undefined,
        backchannelUrl:
          options.backchannelUrl === undefined
            ? undefined
            : `${options.backchannelUrl}${simulatorPath(name)}`,
        named: { name, logEvents: root.events },
      });
      return { name, createdAt: shared.clock(), ...parts };
    },
    onChange: (change) => root.events.emit('simulators', change),
  });
  const root = createParts(shared, {
    config: options.config ?? defaultConfig(),
    keys: options.keys === undefined ? undefined : Promise.resolve(options.keys),
    backchannelUrl: options.backchannelUrl,
    uiDir: options.uiDir,
    registry,
  });
  const warmUp = setTimeout(() => void root.keys(), KEY_GENERATION_DELAY_MS);
  warmUp.unref();

  return {
    app: root.app,
    config: root.context.config,
    events: root.events,
    log: shared.log,
    context: root.context,
    rpCheck: root.rpCheck,
    simulators: registry,
    storeBudget: shared.storeBudget,
    heldBudget: shared.heldBudget,
    get ready() {
      return root.keys().then(() => undefined);
    },
    close() {
      clearTimeout(warmUp);
      registry.close();
      shared.secretVerifier.close();
      root.close();
    },
  };
}
