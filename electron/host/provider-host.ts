import {
  createSimulator,
  defaultConfig,
  generateKeyMaterial,
  loadOrCreateKeys,
  startSimulator,
  UI_PREFIX,
  type HostFailure,
  type HostFailureCode,
  type KeyMaterial,
  type MultiSimulatorOptions,
  type RunningSimulator,
  type Simulator,
  type SimulatorConfig,
} from '../../server/src/index.js';
import type { DesktopHostFailureCode } from '../bridge.js';
import { err, ok, type Result } from '../../server/src/shared/result.js';
import { followSimulatorUrl } from './follow-simulator-url.js';
import { uiAddressFor, type UiAddress } from './ui-address.js';
import { watchServerStop } from './watch-server-stop.js';

// The bridge repeats the server's failure codes (it must not import server types); keep them equal.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameFailureCodes: Same<HostFailureCode, DesktopHostFailureCode> = true;
void sameFailureCodes;

export interface ProviderHostOptions extends MultiSimulatorOptions {
  /** Reported by the provider's status endpoint. */
  version: string;
  /** Folder of the built UI, served at /_simulator/. */
  uiDir?: string;
  /** The configuration to start with; the defaults for `configPort` when absent. */
  config?: SimulatorConfig;
  /** The port that `config.simulatorUrl` was made for, so the URL can follow a port change. */
  configPort: number;
  /** Signing keys, kept across restarts; generated once when absent. */
  keys?: KeyMaterial | Promise<KeyMaterial>;
  logCapacity?: number;
  /** Folder where personas and scenarios are saved. */
  dataDir?: string;
}

export interface ProviderStatus extends UiAddress {
  /** The port listened on (or last tried, when not running). */
  port: number;
  host: string;
  running: boolean;
}

export interface ProviderHost {
  /**
   * Starts the provider on `host`:`port`, or moves it there, keeping the current configuration
   * and signing keys. Calls run one after another. On failure a provider that was running keeps
   * running where it was.
   */
  listen(port: number, host: string): Promise<Result<ProviderStatus, HostFailure>>;
  status(): ProviderStatus;
  /** A copy of the current configuration (the GET /config body). */
  config(): SimulatorConfig;
  /** Called on every configuration change, across restarts. Returns an unsubscribe function. */
  onConfigChange(listener: (config: SimulatorConfig) => void): () => void;
  /**
   * Called when the provider stops without being asked to (its server closed or failed), with
   * the reason; the status then says it is not running, and `listen` starts it again.
   */
  onStop(listener: (reason: string) => void): void;
  /** Stops listening and releases the provider. */
  stop(): Promise<void>;
}

function followConfig(config: SimulatorConfig, fromPort: number, toPort: number): SimulatorConfig {
  return {
    ...structuredClone(config),
    simulatorUrl: followSimulatorUrl(config.simulatorUrl, fromPort, toPort),
  };
}

/** Runs the provider for a desktop host: listen, move to another port, stop. */
export function createProviderHost(options: ProviderHostOptions): ProviderHost {
  // Kept in the data folder: a restarted app signs with the keys relying parties cached.
  const keys = Promise.resolve(
    options.keys ??
      (options.dataDir !== undefined
        ? loadOrCreateKeys(options.dataDir, undefined, (m) =>
            console.warn(`identity-simulator: ${m}`),
          )
        : generateKeyMaterial()),
  );
  keys.catch(() => undefined);
  const build = (config: SimulatorConfig): Simulator => {
    const built = createSimulator({
      config,
      keys,
      version: options.version,
      ...(options.uiDir !== undefined ? { uiDir: options.uiDir } : {}),
      ...(options.logCapacity !== undefined ? { logCapacity: options.logCapacity } : {}),
      ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
      ...(options.maxSimulators !== undefined ? { maxSimulators: options.maxSimulators } : {}),
      ...(options.backchannelUrl !== undefined ? { backchannelUrl: options.backchannelUrl } : {}),
    });
    // Notices (a slow event-stream client dropped, say) reach the log file through the console.
    built.events.on('notice', (notice) => console.warn(`identity-simulator: ${notice.message}`));
    return built;
  };

  /**
   * A fresh simulator carrying `previous`'s start-up and current configuration, with
   * simulatorUrl moved from `fromPort` to `toPort` where it pointed at this provider.
   */
  const successor = (previous: Simulator, fromPort: number, toPort: number): Simulator => {
    const initial = followConfig(previous.config.initialConfig(), fromPort, toPort);
    const current = followConfig(previous.config.get(), fromPort, toPort);
    const next = build(initial);
    if (next.config.update(current).ok) return next;
    // Should not happen (the current configuration was accepted once); keep it as the start-up one.
    next.close();
    return build(current);
  };

  const listeners = new Set<(config: SimulatorConfig) => void>();
  const notify = (config: SimulatorConfig) => {
    for (const listener of listeners) listener(structuredClone(config));
  };

  const stopListeners: ((reason: string) => void)[] = [];
  /** Servers this host is closing itself: their close is no stop to report. */
  const closing = new WeakSet<RunningSimulator>();
  const close = (listening: RunningSimulator): Promise<void> => {
    closing.add(listening);
    return listening.close();
  };
  const watch = (listening: RunningSimulator) =>
    watchServerStop(
      listening.server,
      () => closing.has(listening),
      (reason) => {
        if (running === listening) {
          running = undefined;
          status = { ...status, running: false };
        }
        for (const listener of stopListeners) listener(reason);
      },
    );

  let simulator = build(options.config ?? defaultConfig(`http://localhost:${options.configPort}`));
  /** The port the simulator's configuration was made for. */
  let configPort = options.configPort;
  let running: RunningSimulator | undefined;
  let unwatch = simulator.config.onChange(notify);
  let status: ProviderStatus = {
    ...uiAddressFor('127.0.0.1', options.configPort, UI_PREFIX),
    port: options.configPort,
    host: '127.0.0.1',
    running: false,
  };

  /** Makes `next` the current simulator; `madeFor` is the port its configuration was made for. */
  const adopt = (
    next: Simulator,
    madeFor: number,
    listening: RunningSimulator | undefined,
    port: number,
    host: string,
  ) => {
    unwatch();
    simulator = next;
    running = listening;
    configPort = madeFor;
    if (listening && listening.port !== madeFor) {
      // Port 0: the real port is known only now; let simulatorUrl follow it.
      next.config.update(followConfig(next.config.get(), madeFor, listening.port));
      configPort = listening.port;
    }
    unwatch = next.config.onChange(notify);
    if (listening) watch(listening);
    const actualPort = listening?.port ?? port;
    status = {
      ...uiAddressFor(host, actualPort, UI_PREFIX),
      port: actualPort,
      host,
      running: !!listening,
    };
    notify(next.config.get());
  };

  const move = async (port: number, host: string): Promise<Result<ProviderStatus, HostFailure>> => {
    if (running && running.port === port && running.host === host) return ok(status);
    const previous = running;
    // For port 0 the real port is known only after listening; the URL follows it then.
    const madeFor = port === 0 ? configPort : port;
    const next = successor(simulator, configPort, madeFor);

    if (previous && previous.port === port) {
      // Same port on another address: the old listener must let the port go first.
      const oldHost = previous.host;
      await close(previous);
      running = undefined;
      const started = await startSimulator(next, { port, host });
      if (started.ok) {
        adopt(next, madeFor, started.value, port, host);
        return ok(status);
      }
      next.close();
      const back = successor(simulator, configPort, configPort);
      const restarted = await startSimulator(back, { port, host: oldHost });
      if (restarted.ok) adopt(back, configPort, restarted.value, port, oldHost);
      else {
        back.close();
        status = { ...status, running: false };
      }
      return err(started.error);
    }

    const started = await startSimulator(next, { port, host });
    if (!started.ok) {
      next.close();
      if (!previous)
        status = { ...uiAddressFor(host, port, UI_PREFIX), port, host, running: false };
      return err(started.error);
    }
    const replaced = simulator;
    adopt(next, madeFor, started.value, port, host);
    if (previous) await close(previous);
    else replaced.close();
    return ok(status);
  };

  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    listen: (port, host) => serially(() => move(port, host)),
    status: () => ({ ...status }),
    config: () => structuredClone(simulator.config.get()) as SimulatorConfig,
    onConfigChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStop(listener) {
      stopListeners.push(listener);
    },
    stop: () =>
      serially(async () => {
        unwatch();
        const current = running;
        running = undefined;
        status = { ...status, running: false };
        if (current) await close(current);
        else simulator.close();
      }),
  };
}
