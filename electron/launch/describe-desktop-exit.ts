/** How `npm start` goes on after the desktop app ended, and what it tells the user first. */
export type DesktopExit =
  | { kind: 'code'; code: number }
  | { kind: 'signal'; signal: NodeJS.Signals }
  /** Electron could not start at all: say why, then run headless mode instead. */
  | { kind: 'headless'; hint: string };

/** A SIGTRAP this soon after the start is Chromium refusing to start, not a crash in use. */
export const START_UP_MS = 15_000;

/**
 * Electron's Chromium aborts with SIGTRAP before any app code runs when it refuses to start its
 * sandbox (Ubuntu 24.04's AppArmor restriction on unprivileged user namespaces, or a chrome-sandbox
 * helper that is not setuid root). Say so instead of leaving a bare "Trace/breakpoint trap".
 */
export const SANDBOX_HINT =
  'Electron stopped at start-up (SIGTRAP): on Linux this usually means the Chromium sandbox could ' +
  'not start. On Ubuntu 24.04 and later AppArmor blocks it for binaries outside /opt and /usr: ' +
  'make the sandbox helper setuid root (sudo chown root node_modules/electron/dist/chrome-sandbox ' +
  '&& sudo chmod 4755 node_modules/electron/dist/chrome-sandbox), or install the .deb package, or ' +
  'run headless mode (npm start -- --headless).';

/**
 * The caller sees the app's own ending: its exit code, or the signal that ended it (SIGINT and
 * SIGTERM re-raised). A SIGTRAP at start-up on Linux gives the sandbox hint and headless mode,
 * so the tester still has a simulator; a later SIGTRAP ends with code 133 (128 + 5) rather than
 * a core dump of the launcher.
 */
export function describeDesktopExit(
  code: number | null,
  signal: NodeJS.Signals | null,
  platform: string,
  runningMs: number,
): DesktopExit {
  if (signal === 'SIGTRAP') {
    if (platform === 'linux' && runningMs < START_UP_MS)
      return { kind: 'headless', hint: SANDBOX_HINT };
    return { kind: 'code', code: 133 };
  }
  if (signal) return { kind: 'signal', signal };
  return { kind: 'code', code: code ?? 1 };
}
