import type { DesktopArgs } from '../args/parse-desktop-args.js';

/** What a second start of the app (while one runs) asks of the running one. */
export type SecondLaunchPlan =
  | { kind: 'focus' }
  | { kind: 'move'; port: number; host: string }
  | { kind: 'explain'; message: string };

/**
 * Only one copy of the app runs; a second start hands its command line to the running one. With
 * `--port`/`--host` naming another address, the provider moves there (for this run, not saved);
 * options it cannot use are explained rather than silently dropped. A second start reaches the
 * running copy only when it names the same settings folder (the lock is keyed on it), so
 * `--user-data-dir` asks nothing more of it.
 */
export function planSecondLaunch(
  args: DesktopArgs,
  current: { port: number; host: string; running: boolean },
): SecondLaunchPlan {
  const where = `${current.host}:${current.port}`;
  if (args.issues.length > 0) {
    return {
      kind: 'explain',
      message: `Identity Simulator is already running (on ${where}). ${args.issues.join(' ')}`,
    };
  }
  const port = args.port ?? current.port;
  const host = args.host ?? current.host;
  if (port === current.port && host === current.host && current.running) return { kind: 'focus' };
  if (args.port === undefined && args.host === undefined) return { kind: 'focus' };
  return { kind: 'move', port, host };
}
