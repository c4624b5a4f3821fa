#!/usr/bin/env node
/**
 * Headless mode: the provider and its web UI from plain Node. The only module (with the desktop
 * launcher) that reads process.env and argv.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { configFromEnv, parsePort, type Env } from './config/from-env.js';
import { isLoopbackHostname } from './http/loopback-host.js';
import { createSimulator } from './create-simulator.js';
import { startSimulator, type HostFailure } from './start-simulator.js';
import { UI_PREFIX } from './http/prefixes.js';
import { loadStartupFiles } from './startup-files.js';
import { lockDataFolder } from './presets/data-folder-lock.js';
import { MAX_TIMEOUT_SECONDS } from './rp-check/parse-plan.js';
import { formatForFile } from './rp-check/render-report.js';
import { prepareRpCheck } from './start-rp-check.js';
import {
  DRIVE_FLAGS,
  DRIVE_KEYS,
  DRIVE_URL_KEYS,
  parseDriveSettings,
  textProblem,
  urlProblem,
} from './rp-check/drive/drive-settings.js';
import type { DriveSettings } from './rp-check/rp-check-types.js';
import type { Result } from './errors/result.js';
import {
  readBackchannelUrl,
  readMaxSimulators,
  withMultiSimulatorEnv,
  type MultiSimulatorOptions,
} from './multi-simulator-options.js';

export interface CliOptions extends MultiSimulatorOptions {
  port?: number;
  host: string;
  help: boolean;
  scenario?: string;
  dataDir?: string;
  logCapacity?: number;
  /** The request log's byte budget. */
  logBytes?: number;
  /** Run the relying-party check unattended: a plan id or file ('' for the built-in plan). */
  rpCheck?: string;
  /** Where to write its report when the plan ends (.xml JUnit, .json, .html). */
  report?: string;
  /** Overrides the plan's journey timeout, in seconds. */
  rpCheckTimeout?: number;
  /** A step "not judged" (or skipped) fails the run too. */
  rpCheckStrict?: boolean;
  /** The --drive-* flags: the check drives the service itself. */
  drive?: DriveSettings;
}

export { parseBackchannelUrl, parseMaxSimulators } from './multi-simulator-options.js';

export const USAGE = `Usage: npm run headless -- [--port N] [--host ADDRESS] [--scenario FILE|ID] [--data-dir DIR] [--log-size N]
                         [--log-bytes SIZE]
                         [--rp-check [PLAN] [--report FILE] [--rp-check-timeout SECONDS]
                          [--rp-check-strict]
                          [--drive-sign-in URL [--drive-identity-sign-in URL] --drive-signed-in URL
                           [--drive-signed-in-text TEXT] [--drive-sign-out URL] [--drive-identity-text TEXT]
                           [--drive-reauthenticate URL]]]
                         [--max-simulators N] [--backchannel-url URL]

Starts the identity provider simulator without the desktop window.
  --port N         port to listen on (default: PORT or 3000)
  --host ADDRESS   address to bind (default 127.0.0.1; use 0.0.0.0 to expose it: the admin
                   API then needs the admin token printed at start-up, or SIMULATOR_ADMIN_TOKEN)
  --scenario FILE|ID  apply a scenario at start: a scenario file (JSON), or the id of a
                   built-in or saved scenario (e.g. pkce-enforced)
  --data-dir DIR   folder of saved personas and scenarios
  --log-size N     how many exchanges the request log keeps (default 1000)
  --log-bytes SIZE how much memory the request log may hold, e.g. 64m or 1g (default 64m);
                   past it the oldest exchanges go, pinned ones included
  --rp-check [PLAN]  run the relying-party check unattended: PLAN is a plan file (JSON) or the id
                   of a saved plan (default: the built-in plan); exits when the plan ends, after
                   writing the report: 0 when steps were judged and none failed, 1 when one
                   failed (or the run was stopped), 2 on a usage error, 3 when the check could
                   not observe the service (it never saw the authentication sign-in succeed)
  --report FILE    with --rp-check: write the report when the plan ends, by extension: .xml
                   (JUnit), .json or .html
  --rp-check-timeout SECONDS  a sign-in journey ends when the client sends nothing more for
                   this long (default: the plan's, 10)
  --rp-check-strict  with --rp-check: a step "not judged" or skipped also exits 1
  --drive-sign-in URL  with --rp-check: the check drives your service itself, as the user's
                   browser: each step opens this address (authentication only) and follows it
                   through the simulator and back (needs --drive-signed-in)
  --drive-identity-sign-in URL  the address that opens a sign-in asking for identity (without
                   it, identity steps are not judged)
  --drive-signed-in URL  the signed-in probe: answers 2xx only to a signed-in user
  --drive-signed-in-text TEXT  the probe counts as signed in only when its page shows TEXT
  --drive-sign-out URL  opened after each step to sign the user out
  --drive-identity-text TEXT  what shows the identity was accepted (default: the family name
                   of the verified name in force)
  --drive-reauthenticate URL  the service's address that re-authenticates a signed-in user
                   (it asks with prompt=login); without it, the login_required step is not judged
  --max-simulators N  how many named simulators (/sim/<name>/) may exist at once (default:
                   MAX_SIMULATORS or 64; 0 turns them off)
  --backchannel-url URL  the address a relying party's server reaches the simulator at (default:
                   BACKCHANNEL_URL): discovery advertises token, userinfo and JWKS there, while
                   authorize and the issuer stay at SIMULATOR_URL
Every environment variable of the configuration (CLIENT_ID, REDIRECT_URLS, ...) is read too.`;

const MIN_LOG_BYTES = 1024 * 1024;
const MAX_LOG_BYTES = 4 * 1024 * 1024 * 1024;

/** "65536", "64k", "64m", "1g" (binary units, any case) in bytes; null when not a size. */
export function parseByteSize(raw: string): number | null {
  const m = /^(\d{1,10})([kmg]?)$/i.exec(raw.trim());
  if (!m) return null;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] as string).toLowerCase()];
  return Number(m[1]) * (unit as number);
}

/** Parses command-line flags. Returns a message for anything it does not understand. */
export function parseArgs(
  argv: readonly string[],
): { ok: true; value: CliOptions } | { ok: false; message: string } {
  const options: CliOptions = { host: '127.0.0.1', help: false };
  const drive: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        options.help = true;
        break;
      case '--port': {
        const raw = value();
        const port = raw === undefined ? null : parsePort(raw);
        if (port === null)
          return {
            ok: false,
            message: `--port needs a whole number from 0 to 65535, got "${raw ?? ''}"`,
          };
        options.port = port;
        break;
      }
      case '--host': {
        const raw = value();
        if (!raw)
          return { ok: false, message: '--host needs an address, e.g. 127.0.0.1 or 0.0.0.0' };
        if (raw.includes('%'))
          return {
            ok: false,
            message: `--host cannot take an IPv6 zone id ("${raw.slice(raw.indexOf('%'))}"): give the address alone, e.g. ::1 or 0.0.0.0`,
          };
        options.host = raw;
        break;
      }
      case '--scenario': {
        const raw = value();
        if (!raw) return { ok: false, message: '--scenario needs a scenario file or id' };
        options.scenario = raw;
        break;
      }
      case '--data-dir': {
        const raw = value();
        if (!raw) return { ok: false, message: '--data-dir needs a folder path' };
        options.dataDir = raw;
        break;
      }
      case '--log-size': {
        const raw = value();
        const n = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
        if (!(n >= 1 && n <= 100_000))
          return {
            ok: false,
            message: `--log-size needs a whole number from 1 to 100000, got "${raw ?? ''}"`,
          };
        options.logCapacity = n;
        break;
      }
      case '--log-bytes': {
        const raw = value();
        const n = raw === undefined ? null : parseByteSize(raw);
        if (n === null || n < MIN_LOG_BYTES || n > MAX_LOG_BYTES)
          return {
            ok: false,
            message: `--log-bytes needs a size from 1m to 4g (bytes, or a number ending in k, m or g), got "${raw ?? ''}"`,
          };
        options.logBytes = n;
        break;
      }
      case '--rp-check': {
        // The plan is optional: the next argument is it unless it is another option.
        const next = argv[i + 1];
        if (inline !== undefined) options.rpCheck = inline;
        else if (next !== undefined && !next.startsWith('-')) options.rpCheck = argv[++i] as string;
        else options.rpCheck = '';
        break;
      }
      case '--report': {
        const raw = value();
        if (!raw || formatForFile(raw) === undefined)
          return {
            ok: false,
            message: `--report needs a file ending in .xml (JUnit), .json or .html, got "${raw ?? ''}"`,
          };
        options.report = raw;
        break;
      }
      case '--rp-check-timeout': {
        const raw = value();
        const n = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
        if (!(n >= 1 && n <= MAX_TIMEOUT_SECONDS))
          return {
            ok: false,
            message: `--rp-check-timeout needs a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}, got "${raw ?? ''}"`,
          };
        options.rpCheckTimeout = n;
        break;
      }
      case '--rp-check-strict':
        if (inline !== undefined) return { ok: false, message: '--rp-check-strict takes no value' };
        options.rpCheckStrict = true;
        break;
      case '--max-simulators': {
        const n = readMaxSimulators(value(), '--max-simulators');
        if (!n.ok) return { ok: false, message: n.error };
        options.maxSimulators = n.value;
        break;
      }
      case '--backchannel-url': {
        const url = readBackchannelUrl(value(), '--backchannel-url');
        if (!url.ok) return { ok: false, message: url.error };
        options.backchannelUrl = url.value;
        break;
      }
      case '--drive-sign-in':
      case '--drive-identity-sign-in':
      case '--drive-signed-in':
      case '--drive-signed-in-text':
      case '--drive-sign-out':
      case '--drive-identity-text':
      case '--drive-reauthenticate': {
        const key = DRIVE_KEYS.find((k) => DRIVE_FLAGS[k] === flag) as (typeof DRIVE_KEYS)[number];
        const raw = value();
        const problem = (DRIVE_URL_KEYS as readonly string[]).includes(key)
          ? urlProblem(raw)
          : textProblem(raw);
        if (problem) return { ok: false, message: `${flag} ${problem}, got "${raw ?? ''}"` };
        drive[key] = raw as string;
        break;
      }
      default:
        return { ok: false, message: `unknown option "${arg}" (see --help)` };
    }
  }
  if (options.rpCheck === undefined) {
    const lone = options.report
      ? '--report'
      : options.rpCheckTimeout
        ? '--rp-check-timeout'
        : options.rpCheckStrict
          ? '--rp-check-strict'
          : undefined;
    if (lone) return { ok: false, message: `${lone} needs --rp-check` };
  }
  const driveFlags = Object.keys(drive) as (typeof DRIVE_KEYS)[number][];
  if (driveFlags.length) {
    if (options.rpCheck === undefined)
      return { ok: false, message: `${DRIVE_FLAGS[driveFlags[0]!]} needs --rp-check` };
    const settings = parseDriveSettings(drive, '');
    if (!settings.ok) {
      const missing = settings.error[0]?.path as (typeof DRIVE_KEYS)[number];
      return {
        ok: false,
        message: `${DRIVE_FLAGS[missing]} is needed with the other --drive-* flags`,
      };
    }
    options.drive = settings.value;
  }
  return { ok: true, value: options };
}

export function describeHostFailure(f: HostFailure): string {
  switch (f.code) {
    case 'PORT_IN_USE':
      return `port ${f.port} on ${f.host} is already in use; choose another with PORT=<n> or --port <n>`;
    case 'PERMISSION_DENIED':
      return `not allowed to listen on ${f.host}:${f.port}; choose a port above 1023`;
    case 'HOST_INVALID':
      return `cannot listen on host "${f.host}": ${f.detail}`;
    case 'PORT_INVALID':
      return `port ${f.port} is not valid: ${f.detail}`;
    default:
      return `could not listen on ${f.host}:${f.port}: ${f.detail}`;
  }
}

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
    uiDir: findUiDir(),
    version: readVersion(),
    ...(args.value.logCapacity ? { logCapacity: args.value.logCapacity } : {}),
    ...(maxSimulators === undefined ? {} : { maxSimulators }),
    ...(backchannelUrl === undefined ? {} : { backchannelUrl }),
    ...(args.value.logBytes ? { logBytes: args.value.logBytes } : {}),
  });
  simulator.events.on('notice', (notice) => console.error(`identity-simulator: ${notice.message}`));
  let startCheck: (() => Result<void, string>) | undefined;
  let checkDone: Promise<number> | undefined;
  if (args.value.rpCheck !== undefined) {
    let done: (code: number) => void = () => undefined;
    checkDone = new Promise<number>((resolve) => (done = resolve));
    const prepared = prepareRpCheck(simulator, {
      plan: args.value.rpCheck,
      strict: args.value.rpCheckStrict === true,
      onDone: (code) => done(code),
      ...(args.value.report ? { report: args.value.report } : {}),
      ...(args.value.rpCheckTimeout ? { timeoutSeconds: args.value.rpCheckTimeout } : {}),
      ...(args.value.drive ? { drive: args.value.drive } : {}),
      version: readVersion(),
      say: (line) => console.error(`identity-simulator: ${line}`),
    });
    if (!prepared.ok) {
      console.error(`identity-simulator: ${prepared.error}`);
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
    console.error(`identity-simulator: ${describeHostFailure(started.error)}`);
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
    const started = startCheck();
    if (!started.ok) {
      console.error(`identity-simulator: ${started.error}`);
      await running.close();
      return 2;
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
