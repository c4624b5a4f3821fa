#!/usr/bin/env node
/**
 * Headless mode: the provider and its web UI from plain Node. The only module (with the desktop
 * launcher) that reads process.env and argv.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { configFromEnv, type Env } from './config/from-env.js';
import { isLoopbackHostname } from './http/loopback-host.js';
import { createSimulator } from './create-simulator.js';
import { startSimulator } from './start-simulator.js';
import { describeHostFailure } from './describe-host-failure.js';
import { UI_PREFIX } from './http/prefixes.js';
import { loadStartupFiles } from './startup-files.js';
import { lockDataFolder } from './presets/data-folder-lock.js';
import { prepareRpCheck, type StartRefusal } from './start-rp-check.js';
import { findBrowser } from './rp-check/drive/find-browser.js';
import { launchRealBrowser, type JourneyBrowserFactory } from './rp-check/drive/real-browser.js';
import type { Result } from './shared/result.js';
import { withMultiSimulatorEnv } from './multi-simulator-options.js';
import { parseArgs, USAGE } from './cli-args.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The built renderer, next to the compiled server (dist/server/src → dist/renderer). */
function findUiDir(): string | undefined {
  const candidate = resolve(here, '../../renderer');
  return existsSync(resolve(candidate, 'index.html')) ? candidate : undefined;
}

function readVersion(): string {
  for (const p of [resolve(here, '../../../package.json'), resolve(here, '../../package.json')]) {
    try {
      const pkg = JSON.parse(readFileSync(p, 'utf8')) as { version?: string };
      if (pkg.version) return pkg.version;
    } catch {
      // try the next place
    }
  }
  return '0.0.0';
}

/** Runs headless mode until SIGINT/SIGTERM. Resolves with the process exit code. */
export async function runCli(argv: readonly string[], env: Env): Promise<number> {
  const args = parseArgs(argv);
  if (!args.ok) {
    console.error(`identity-simulator: ${args.message}`);
    return 2;
  }
  if (args.value.help) {
    console.log(USAGE);
    return 0;
  }
  // Listen for the stop signals before anything else, so one sent at any moment is a clean stop.
  const stopSignal = new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  const settings = configFromEnv(env, args.value.port);
  if (!settings.ok) {
    const first = settings.error[0];
    const more = settings.error.length > 1 ? ` (and ${settings.error.length - 1} more)` : '';
    console.error(`identity-simulator: ${first?.path} ${first?.message}${more}`);
    for (const issue of settings.error.slice(1)) console.error(`  ${issue.path} ${issue.message}`);
    return 2;
  }
  for (const w of settings.value.warnings) console.error(`identity-simulator: warning: ${w}`);

  const multi = withMultiSimulatorEnv(args.value, env);
  if (!multi.ok) {
    console.error(`identity-simulator: ${multi.error}`);
    return 2;
  }
  const { maxSimulators, backchannelUrl } = multi.value;

  const startup = loadStartupFiles(settings.value.config, args.value);
  if (!startup.ok) {
    console.error(`identity-simulator: ${startup.error}`);
    return 2;
  }

  // Listening beyond loopback, other machines may use the admin API only with a token.
  const exposed = !isLoopbackHostname(args.value.host);
  let adminToken: string | undefined;
  if (exposed) {
    adminToken = env.SIMULATOR_ADMIN_TOKEN ?? randomBytes(24).toString('base64url');
    if (!/^[\x21-\x7e]{16,256}$/.test(adminToken)) {
      console.error(
        'identity-simulator: SIMULATOR_ADMIN_TOKEN must be 16 to 256 visible ASCII characters',
      );
      return 2;
    }
  }

  // One simulator per data folder: a second one would overwrite the first one's files.
  if (args.value.dataDir) {
    const locked = lockDataFolder(args.value.dataDir);
    if (!locked.ok) {
      console.error(`identity-simulator: ${locked.error}`);
      return 2;
    }
    process.once('exit', () => {
      try {
        locked.value();
      } catch {
        // Nothing more can be done while exiting.
      }
    });
  }

  const simulator = createSimulator({
    ...(adminToken ? { adminToken } : {}),
    config: startup.value.config,
    ...(startup.value.preset ? { startupPreset: startup.value.preset } : {}),
    ...(args.value.dataDir ? { dataDir: args.value.dataDir } : {}),
    warn: (message) => console.error(`identity-simulator: ${message}`),
    uiDir: findUiDir(),
    version: readVersion(),
    ...(args.value.logCapacity ? { logCapacity: args.value.logCapacity } : {}),
    ...(maxSimulators === undefined ? {} : { maxSimulators }),
    ...(backchannelUrl === undefined ? {} : { backchannelUrl }),
    ...(args.value.logBytes ? { logBytes: args.value.logBytes } : {}),
  });
  simulator.events.on('notice', (notice) => console.error(`identity-simulator: ${notice.message}`));
  let startCheck: (() => Promise<Result<void, StartRefusal>>) | undefined;
  let checkDone: Promise<number> | undefined;
  let browser: JourneyBrowserFactory | undefined;
  if (args.value.rpCheck !== undefined) {
    if (args.value.driveBrowser) {
      // Never a silent fallback: a check that was asked for a browser runs with one or not at all.
      const found = findBrowser(args.value.driveBrowser.path, env, process.platform);
      const launched = found.ok ? await launchRealBrowser(found.value) : found;
      if (!found.ok || !launched.ok) {
        console.error(`identity-simulator: ${launched.ok ? '' : launched.error}`);
        simulator.close();
        return 2;
      }
      browser = launched.value;
      console.error(`identity-simulator: rp-check drives the service with ${found.value}`);
    }
    let done: (code: number) => void = () => undefined;
    checkDone = new Promise<number>((resolve) => (done = resolve)).finally(() => browser?.close());
    const prepared = prepareRpCheck(simulator, {
      plan: args.value.rpCheck,
      strict: args.value.rpCheckStrict === true,
      onDone: (code) => done(code),
      ...(args.value.report ? { report: args.value.report } : {}),
      ...(args.value.rpCheckTimeout ? { timeoutSeconds: args.value.rpCheckTimeout } : {}),
      ...(args.value.drive ? { drive: args.value.drive } : {}),
      ...(browser ? { browser, wantsBrowser: true } : {}),
      version: readVersion(),
      say: (line) => console.error(`identity-simulator: ${line}`),
    });
    if (!prepared.ok) {
      console.error(`identity-simulator: ${prepared.error}`);
      await browser?.close();
      simulator.close();
      return 2;
    }
    startCheck = prepared.value;
  }
  const started = await startSimulator(simulator, {
    port: settings.value.port,
    host: args.value.host,
  });
  if (!started.ok) {
    console.error(`identity-simulator: ${describeHostFailure(started.error, 'headless')}`);
    await browser?.close();
    return 1;
  }
  const running = started.value;
  // With --port 0 (or PORT=0) the real port is known only now; SIMULATOR_URL, when set, wins.
  if (settings.value.port !== running.port && !env.SIMULATOR_URL)
    simulator.config.rebase(`http://localhost:${running.port}`);
  const base = simulator.config.get().simulatorUrl;
  console.log(base);
  console.error(
    `identity-simulator: listening on ${running.url} (UI: ${running.url}${UI_PREFIX}/, discovery: ${base}/.well-known/openid-configuration)`,
  );
  if (startCheck) {
    const started = await startCheck();
    if (!started.ok) {
      console.error(`identity-simulator: ${started.error.message}`);
      await browser?.close();
      await running.close();
      simulator.close();
      return started.error.exitCode;
    }
  }

  if (adminToken) {
    console.error(
      `identity-simulator: listening beyond this machine (${running.host}): other machines reach the provider endpoints and /config; ` +
        `the admin API answers them only with the admin token ${adminToken} ` +
        `(send "Authorization: Bearer <token>", or open ${['0.0.0.0', '::'].includes(running.host) ? `http://<this machine's address>:${running.port}` : running.url}${UI_PREFIX}/?token=${adminToken})`,
    );
  }

  // An unattended check ends the process when its plan ends, with the run's exit code.
  const ended = await Promise.race([stopSignal, checkDone ?? new Promise<never>(() => undefined)]);
  if (typeof ended === 'number') {
    // The client is still reading the answer that ended the plan: let it arrive first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await running.close();
    simulator.close();
    return ended;
  }
  console.error(`identity-simulator: ${ended} received, stopping`);
  await browser?.close();
  await running.close();
  return 0;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  runCli(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        `identity-simulator: unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    },
  );
}
