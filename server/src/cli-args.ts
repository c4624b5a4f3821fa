/**
 * The headless mode's command line: its flags, read into options, and the usage text. Port, the
 * `--flag=value` form and the zone-id rule are read as the desktop app reads them
 * (config/command-line-flags.ts); each words its refusals its own way.
 */
import { PORT_RULE, readPortFlag, splitFlag, zoneIdOf } from './config/command-line-flags.js';
import { MAX_TIMEOUT_SECONDS } from './rp-check/parse-plan.js';
import { formatForFile } from './rp-check/render-report.js';
import {
  DRIVE_FLAGS,
  DRIVE_KEYS,
  DRIVE_URL_KEYS,
  parseDriveSettings,
  textProblem,
  urlProblem,
} from './rp-check/drive/drive-settings.js';
import type { DriveSettings } from './rp-check/rp-check-types.js';
import { browserPathProblem } from './rp-check/drive/find-browser.js';
import {
  readBackchannelUrl,
  readMaxSimulators,
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
  /**
   * --drive-browser: a real browser drives the service. `path` from --drive-browser=PATH (checked
   * to be an executable file); without it the usual places are searched at start.
   */
  driveBrowser?: { path?: string };
}

export const USAGE = `Usage: npm run headless -- [--port N] [--host ADDRESS] [--scenario FILE|ID] [--data-dir DIR] [--log-size N]
                         [--log-bytes SIZE]
                         [--rp-check [PLAN] [--report FILE] [--rp-check-timeout SECONDS]
                          [--rp-check-strict]
                          [--drive-sign-in URL [--drive-identity-sign-in URL] --drive-signed-in URL
                           [--drive-signed-in-text TEXT] [--drive-sign-out URL] [--drive-identity-text TEXT]
                           [--drive-reauthenticate URL] [--drive-browser[=PATH]]]]
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
  --drive-browser[=PATH]  drive the service with your own Chromium or Chrome (headless), for a
                   sign-in that needs JavaScript: PATH, else CHROMIUM_PATH or the usual install
                   places; exits 2 when none starts. Without it a built-in HTTP driver is used
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
    const { flag, inline } = splitFlag(arg);
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        options.help = true;
        break;
      case '--port': {
        const raw = value();
        const port = readPortFlag(raw);
        if (port === null)
          return { ok: false, message: `--port needs ${PORT_RULE}, got "${raw ?? ''}"` };
        options.port = port;
        break;
      }
      case '--host': {
        const raw = value();
        if (!raw)
          return { ok: false, message: '--host needs an address, e.g. 127.0.0.1 or 0.0.0.0' };
        const zone = zoneIdOf(raw);
        if (zone !== undefined)
          return {
            ok: false,
            message: `--host cannot take an IPv6 zone id ("${zone}"): give the address alone, e.g. ::1 or 0.0.0.0`,
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
      case '--drive-browser': {
        if (options.driveBrowser)
          return { ok: false, message: '--drive-browser is given more than once' };
        if (inline === undefined) {
          const next = argv[i + 1];
          if (next !== undefined && !next.startsWith('-'))
            return {
              ok: false,
              message: `--drive-browser takes its path after "=", e.g. --drive-browser=${next}`,
            };
          options.driveBrowser = {};
          break;
        }
        const problem = browserPathProblem(inline);
        if (problem) return { ok: false, message: `--drive-browser ${problem}` };
        options.driveBrowser = { path: inline };
        break;
      }
      default:
        return { ok: false, message: `unknown option "${arg}" (see --help)` };
    }
  }
  if (options.rpCheck === undefined) {
    if (options.driveBrowser) return { ok: false, message: '--drive-browser needs --rp-check' };
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
