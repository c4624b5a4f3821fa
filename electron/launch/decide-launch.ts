import { DEFAULT_PORT, parsePort, UI_PREFIX, type Env } from '../../server/src/index.js';
import { uiAddressFor } from '../host/ui-address.js';
import type { ElectronInstaller } from './electron-installer.js';
import type { BinaryLookup } from './find-electron-binary.js';
import { parseDesktopArgs } from '../args/parse-desktop-args.js';

/** `npm start -- --headless`: run headless mode without looking for (or fetching) Electron. */
export const HEADLESS_FLAG = '--headless';

/** Environment variables passed on to the desktop app as the flags of the same meaning. */
const ENV_FLAGS = [
  ['PORT', '--port'],
  ['MAX_SIMULATORS', '--max-simulators'],
  ['BACKCHANNEL_URL', '--backchannel-url'],
] as const;

/** The command that fetches the Electron binary by hand (package.json `desktop:install`). */
export const INSTALL_COMMAND = 'npm run desktop:install';

export interface LaunchInput {
  lookup: BinaryLookup;
  /** The electron package's own installer, when the package is installed. */
  installer: ElectronInstaller | undefined;
  /** True once the installer has run in this launch (its outcome is then final). */
  installerRan?: boolean;
  /** The folder holding package.json, given to Electron as the app to run. */
  appDir: string;
  /** Command-line arguments after the script name; passed on to either mode. */
  argv: readonly string[];
  env: Env;
  platform: string;
  /** Running as root, where Chromium refuses to start unless its sandbox is off. */
  isRoot?: boolean;
}

export type LaunchPlan =
  | { mode: 'desktop'; binary: string; args: string[] }
  | { mode: 'install'; installer: ElectronInstaller; notice: string }
  | { mode: 'headless'; notice: string; argv: string[] };

/** Where headless mode will show its UI, for the notice. */
function headlessUi(argv: readonly string[], env: Env): string {
  const args = parseDesktopArgs(argv);
  const port = args.port ?? (env.PORT ? parsePort(env.PORT) : null) ?? DEFAULT_PORT;
  if (port === 0) return 'UI address printed below';
  return `UI at ${uiAddressFor(args.host ?? '127.0.0.1', port, UI_PREFIX).uiUrl}`;
}

/** The one line saying why headless mode runs instead of the window, and where its UI is. */
export function headlessNotice(why: string, argv: readonly string[], env: Env): string {
  return `${why}; starting headless mode instead (${headlessUi(
    argv.filter((a) => a !== HEADLESS_FLAG),
    env,
  )}).`;
}

/** CI=true (or any value but false/0) marks an unattended run: never start a download there. */
function isCi(env: Env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/**
 * What `npm start` runs: the desktop app when its Electron binary is here and there is a display
 * to show it on; the electron package's own installer first when only the binary is missing;
 * otherwise headless mode with a one-line notice saying why.
 */
export function decideLaunch(input: LaunchInput): LaunchPlan {
  const headlessRequested = input.argv.includes(HEADLESS_FLAG);
  const argv = input.argv.filter((a) => a !== HEADLESS_FLAG);
  const fallback = (why: string): LaunchPlan => ({
    mode: 'headless',
    notice: headlessNotice(why, argv, input.env),
    argv,
  });
  if (headlessRequested) {
    return { mode: 'headless', notice: '', argv };
  }
  if (input.platform === 'linux' && !input.env.DISPLAY && !input.env.WAYLAND_DISPLAY) {
    return fallback('No graphical display here (DISPLAY and WAYLAND_DISPLAY are not set)');
  }
  if (!input.lookup.found) {
    const why = `Electron binary not available on this machine (${input.lookup.reason})`;
    if (input.installerRan) return fallback(why);
    if (input.installer === undefined) return fallback(why);
    if (isCi(input.env)) return fallback(`${why}; CI is set, so it is not downloaded`);
    return {
      mode: 'install',
      installer: input.installer,
      notice: `Downloading Electron ${input.installer.version} (about 100 MB) for the desktop window; this happens once…`,
    };
  }
  // The variables the desktop app honours become its flags (a flag given wins): the app's main
  // process reads no environment.
  const fromEnv = ENV_FLAGS.flatMap(([name, flag]) => {
    const value = input.env[name];
    const given = argv.some((a) => a === flag || a.startsWith(`${flag}=`));
    return !given && value ? [`${flag}=${value}`] : [];
  });
  // Chromium will not run as root with its sandbox on (it aborts at once).
  const rootNoSandbox =
    input.isRoot && input.platform === 'linux' && !argv.includes('--no-sandbox')
      ? ['--no-sandbox']
      : [];
  return {
    mode: 'desktop',
    binary: input.lookup.path,
    args: [input.appDir, ...argv, ...fromEnv, ...rootNoSandbox],
  };
}

/** The one line printed when the download failed: why, what runs instead, and how to retry. */
export function installFailedNotice(
  installer: ElectronInstaller,
  reason: string,
  argv: readonly string[],
  env: Env,
): string {
  const rest = argv.filter((a) => a !== HEADLESS_FLAG);
  const mirror = env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror;
  const from = mirror ? `from ${mirror}` : `from Electron's GitHub releases`;
  return (
    `Electron ${installer.version} could not be downloaded ${from} (${reason}); starting headless mode ` +
    `instead (${headlessUi(rest, env)}). Retry with "${INSTALL_COMMAND}" ` +
    `(ELECTRON_MIRROR and proxy settings apply), then "npm start".`
  );
}
