import { DEFAULT_PORT, parsePort, UI_PREFIX, type Env } from '../../server/src/index.js';
import { uiAddressFor } from '../host/ui-address.js';
import type { BinaryLookup } from './find-electron-binary.js';
import { parseDesktopArgs } from './parse-desktop-args.js';

export interface LaunchInput {
  lookup: BinaryLookup;
  /** The folder holding package.json, given to Electron as the app to run. */
  appDir: string;
  /** Command-line arguments after the script name; passed on to either mode. */
  argv: readonly string[];
  env: Env;
  platform: string;
}

export type LaunchPlan =
  | { mode: 'desktop'; binary: string; args: string[] }
  | { mode: 'headless'; notice: string; argv: string[] };

/** Where headless mode will show its UI, for the notice. */
function headlessUi(input: LaunchInput): string {
  const args = parseDesktopArgs(input.argv);
  const port = args.port ?? (input.env.PORT ? parsePort(input.env.PORT) : null) ?? DEFAULT_PORT;
  if (port === 0) return 'UI address printed below';
  return `UI at ${uiAddressFor(args.host ?? '127.0.0.1', port, UI_PREFIX).uiUrl}`;
}

/**
 * What `npm start` runs: the desktop app when its Electron binary is here and there is a display
 * to show it on, otherwise headless mode with a one-line notice saying why.
 */
export function decideLaunch(input: LaunchInput): LaunchPlan {
  const argv = [...input.argv];
  const fallback = (why: string): LaunchPlan => ({
    mode: 'headless',
    notice: `${why}; starting headless mode instead (${headlessUi(input)}).`,
    argv,
  });
  if (!input.lookup.found) {
    return fallback(`Electron binary not available on this machine (${input.lookup.reason})`);
  }
  if (input.platform === 'linux' && !input.env.DISPLAY && !input.env.WAYLAND_DISPLAY) {
    return fallback('No graphical display here (DISPLAY and WAYLAND_DISPLAY are not set)');
  }
  const hasPort = argv.some((a) => a === '--port' || a.startsWith('--port='));
  const portFromEnv = !hasPort && input.env.PORT ? [`--port=${input.env.PORT}`] : [];
  return {
    mode: 'desktop',
    binary: input.lookup.path,
    args: [input.appDir, ...argv, ...portFromEnv],
  };
}
