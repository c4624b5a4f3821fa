import {
  PORT_RULE,
  readBackchannelUrl,
  readPortFlag,
  splitFlag,
  readMaxSimulators,
  type MultiSimulatorOptions,
} from '../../server/src/index.js';
import { parseHost } from './parse-listen-address.js';

/** Command-line options of the desktop app (all optional; the saved settings apply otherwise). */
export interface DesktopArgs extends MultiSimulatorOptions {
  /** Listen on this port for this run only (not saved). */
  port?: number;
  /** Bind this address for this run only (not saved). */
  host?: string;
  /** Keep settings and browser data in this folder instead of the system's usual place. */
  userDataDir?: string;
  /**
   * `--smoke-test`: start, wait until the provider answers and the window's UI has loaded, then
   * exit 0 (or non-zero, with the reason, when either fails). For release checks of a build.
   */
  smokeTest?: true;
  /** Options that were given but could not be used, in words for the user (the app starts). */
  issues: string[];
  /**
   * Options whose value is wrong and has no saved setting to fall back on (--max-simulators,
   * --backchannel-url): one line each, as the headless mode words them; the app does not start.
   */
  errors: string[];
}

/** Options with a value, as the headless mode spells them. */
const VALUE_FLAGS = [
  '--port',
  '--host',
  '--user-data-dir',
  '--max-simulators',
  '--backchannel-url',
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];
const isValueFlag = (flag: string): flag is ValueFlag =>
  (VALUE_FLAGS as readonly string[]).includes(flag);

/**
 * Reads `--port N`, `--host ADDRESS`, `--user-data-dir DIR`, `--max-simulators N` and
 * `--backchannel-url URL` (or `--flag=value`) and the `--smoke-test` switch from the command
 * line. Anything else (Chromium switches, the app path) is left alone.
 */
export function parseDesktopArgs(argv: readonly string[]): DesktopArgs {
  const out: DesktopArgs = { issues: [], errors: [] };
  for (let i = 0; i < argv.length; i++) {
    const { flag, inline } = splitFlag(argv[i] ?? '');
    if (flag === '--smoke-test') {
      if (inline !== undefined) out.issues.push(`--smoke-test takes no value (got "${inline}").`);
      else out.smokeTest = true;
      continue;
    }
    if (!isValueFlag(flag)) continue;
    const value = inline ?? argv[++i];
    if (flag === '--max-simulators') {
      const n = readMaxSimulators(value, flag);
      if (n.ok) out.maxSimulators = n.value;
      else out.errors.push(n.error);
    } else if (flag === '--backchannel-url') {
      const url = readBackchannelUrl(value, flag);
      if (url.ok) out.backchannelUrl = url.value;
      else out.errors.push(url.error);
    } else if (flag === '--port') {
      const port = readPortFlag(value);
      if (port === null)
        out.issues.push(
          `--port needs ${PORT_RULE} (got "${value ?? ''}"); the saved port is used.`,
        );
      else out.port = port;
    } else if (flag === '--host') {
      const host = parseHost(value);
      if (!host.ok) out.issues.push(`--host: ${host.error.message} The saved address is used.`);
      else out.host = host.value;
    } else if (value === undefined || value.trim() === '') {
      out.issues.push('--user-data-dir needs a folder path; the usual folder is used.');
    } else {
      out.userDataDir = value;
    }
  }
  return out;
}
