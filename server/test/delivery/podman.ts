/**
 * Running podman from tests: whether it is usable here (and why not), and one call with its
 * output and exit code. runc is chosen as the OCI runtime where it is installed, since some
 * machines have podman with runc but without podman's default runtime (crun).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface PodmanResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Podman {
  /** Runs `podman <global flags> <args>`; never throws for a non-zero exit. */
  run(args: readonly string[], options?: { timeoutMs?: number }): Promise<PodmanResult>;
  /** Like run, but throws with the output when the exit code is not 0. */
  ok(args: readonly string[], options?: { timeoutMs?: number }): Promise<string>;
  version: string;
  /** The OCI runtime chosen with `--runtime`, or undefined for podman's default. */
  runtime: string | undefined;
}

export type PodmanLookup = { ok: true; podman: Podman } | { ok: false; reason: string };

function onPath(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Finds a working podman (it must answer `podman info`), or says why there is none. */
export function findPodman(): PodmanLookup {
  const version = spawnSync('podman', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0)
    return {
      ok: false,
      reason: 'podman is not installed (on Debian or Ubuntu: .ci/install-podman)',
    };
  const globalFlags = onPath('runc') ? ['--runtime', 'runc'] : [];
  const info = spawnSync(
    'podman',
    [...globalFlags, 'info', '--format', '{{.Host.OCIRuntime.Name}}'],
    {
      encoding: 'utf8',
    },
  );
  if (info.status !== 0)
    return {
      ok: false,
      reason: `podman is installed but cannot run containers here: ${info.stderr.trim().split('\n')[0]}`,
    };

  const run: Podman['run'] = (args, { timeoutMs = 60_000 } = {}) =>
    new Promise((resolve) => {
      const child = spawn('podman', [...globalFlags, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr
        .setEncoding('utf8')
        .on('data', (c: string) => (stderr = (stderr + c).slice(-20_000)));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  const ok: Podman['ok'] = async (args, options) => {
    const result = await run(args, options);
    if (result.code !== 0)
      throw new Error(
        `podman ${args.join(' ')} exited with ${result.code}:\n${result.stderr}\n${result.stdout}`.slice(
          -8000,
        ),
      );
    return result.stdout;
  };
  return {
    ok: true,
    podman: { run, ok, version: version.stdout.trim(), runtime: globalFlags[1] },
  };
}

/**
 * The open-file and process limits of this machine, as `nofile=N:N` and `nproc=N:N`, for
 * containers to run with: podman otherwise raises them, which sandboxed machines refuse ("error
 * setting rlimit").
 */
export function hostUlimits(): string[] {
  if (!existsSync('/proc/self/limits')) return [];
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const hard = (name: string): number | undefined => {
    const match = new RegExp(`^${name}\\s+\\S+\\s+(\\d+)`, 'm').exec(limits);
    return match?.[1] ? Number(match[1]) : undefined;
  };
  const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8').trim());
  const files = hard('Max open files');
  const processes = Math.min(hard('Max processes') ?? Infinity, pidMax);
  return [
    ...(files ? [`nofile=${files}:${files}`] : []),
    ...(Number.isFinite(processes) ? [`nproc=${processes}:${processes}`] : []),
  ];
}

/** Podman's own log lines (about health check timers where there is no systemd) removed. */
export function withoutPodmanLog(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !/^time="[^"]*" level=/.test(line))
    .join('\n');
}

/** Polls `probe` every 250 ms until it answers something other than undefined. */
export async function until<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
