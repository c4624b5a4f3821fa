/** How `npm start` ends after the desktop app ended, and what it tells the user first. */
export type DesktopExit =
  | { kind: 'code'; code: number; hint?: string }
  | { kind: 'signal'; signal: NodeJS.Signals; hint?: string };

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
 * SIGTERM re-raised). A SIGTRAP on Linux ends with code 133 (128 + 5) and the sandbox hint rather
 * than a core dump of the launcher.
 */
export function describeDesktopExit(
  code: number | null,
  signal: NodeJS.Signals | null,
  platform: string,
): DesktopExit {
  if (signal === 'SIGTRAP') {
    return platform === 'linux'
      ? { kind: 'code', code: 133, hint: SANDBOX_HINT }
      : { kind: 'code', code: 133, hint: 'Electron stopped at start-up (SIGTRAP).' };
  }
  if (signal) return { kind: 'signal', signal };
  return { kind: 'code', code: code ?? 1 };
}
