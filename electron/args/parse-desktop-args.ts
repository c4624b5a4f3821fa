import { parsePort } from '../../server/src/index.js';
import { parseHost } from '../host/parse-listen-address.js';

/** Command-line options of the desktop app (all optional; the saved settings apply otherwise). */
export interface DesktopArgs {
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
  /** Options that were given but could not be used, in words for the user. */
  issues: string[];
}

/**
 * Reads `--port N`, `--host ADDRESS` and `--user-data-dir DIR` (or `--flag=value`) and the
 * `--smoke-test` switch from the command line. Anything else (Chromium switches, the app path)
 * is left alone.
 */
export function parseDesktopArgs(argv: readonly string[]): DesktopArgs {
  const out: DesktopArgs = { issues: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (flag === '--smoke-test') {
      if (eq > 0) out.issues.push(`--smoke-test takes no value (got "${arg.slice(eq + 1)}").`);
      else out.smokeTest = true;
      continue;
    }
    if (flag !== '--port' && flag !== '--host' && flag !== '--user-data-dir') continue;
    const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
    if (flag === '--port') {
      const port = value === undefined ? null : parsePort(value);
      if (port === null)
        out.issues.push(
          `--port needs a whole number from 0 to 65535 (got "${value ?? ''}"); the saved port is used.`,
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
