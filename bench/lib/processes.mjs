/** Starting and stopping the processes under test: the headless simulator and the floor. */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = fileURLToPath(new URL('../../dist/server/src/headless.mjs', import.meta.url));
/**
 * The same program unbundled (TypeScript's output, dependencies from node_modules): a CPU profile
 * of it names the file of every function, where the bundle has one file for everything.
 */
export const UNBUNDLED_CLI = fileURLToPath(
  new URL('../../dist/server/src/cli.js', import.meta.url),
);
export const FLOOR_SERVER = fileURLToPath(new URL('../floor-server.mjs', import.meta.url));
export const MEMORY_PROBE = fileURLToPath(new URL('../memory-probe.mjs', import.meta.url));

/**
 * The Node flags `npm run headless` starts the simulator with (its V8 memory settings), read from
 * package.json so the benchmark measures the process a user runs.
 * @returns {string[]}
 */
export function headlessNodeFlags() {
  const { scripts } = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  );
  const match = /\bnode((?: --[^\s]+)*) dist\/server\/src\/headless\.mjs\b/.exec(scripts.headless);
  if (!match)
    throw new Error('package.json: the headless script does not run dist/server/src/headless.mjs');
  return match[1].trim().split(/\s+/).filter(Boolean);
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Builds the server when dist/ has no CLI yet (a fresh checkout). */
export function ensureBuilt() {
  if (existsSync(CLI)) return;
  console.error('bench: dist/server/src/headless.mjs is missing, building the app');
  const ensure = fileURLToPath(new URL('../../server/scripts/ensure-built.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [ensure], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(CLI)) throw new Error('building the server failed');
}

/** process.env plus `extra`; a key set to undefined in `extra` is removed. */
function childEnv(extra) {
  const env = { ...process.env, ...extra };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/**
 * Runs a Node process to its end (or kills it after `timeoutMs`) and answers its exit code and
 * output.
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string }>}
 */
export function runNode(args, { env = {}, timeoutMs = 15_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * Spawns a Node process and waits for its first stdout line that starts with http://.
 * @param {string[]} args node arguments (flags, script, script arguments)
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options]
 * @returns {Promise<import("./processes.d.mts").SpawnedNode>}
 */
export function spawnNode(args, { env = {}, timeoutMs = 15_000 } = {}) {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  let stdout = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`no URL on stdout within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    const lines = createInterface({ input: child.stdout });
    let found = false;
    lines.on('line', (line) => {
      stdout = `${stdout}${line}\n`.slice(-8000);
      if (found || !line.startsWith('http://')) return;
      found = true;
      clearTimeout(timer);
      resolve({
        child,
        url: line,
        spawnedAt,
        urlAt: performance.now(),
        stdout: () => stdout,
        stderr: () => stderr,
        exited,
        stop,
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing its URL; stderr: ${stderr}`));
    });
  });
}

/**
 * Starts the headless simulator exactly as `npm run headless` does (dist/server/src/headless.mjs),
 * optionally with the memory probe preloaded, under the CPU profiler, or unbundled (`unbundled`,
 * for profiles that name every function's file).
 * @param {{ probePort?: number, cpuProfDir?: string, unbundled?: boolean, env?: NodeJS.ProcessEnv, nodeFlags?: string[], args?: string[] }} [options]
 */
export async function startSimulatorProcess({
  probePort,
  cpuProfDir,
  unbundled = false,
  env = {},
  nodeFlags = [],
  args = [],
} = {}) {
  const port = await freePort();
  const flags = [...headlessNodeFlags(), ...nodeFlags];
  if (probePort) flags.push('--expose-gc', '--import', MEMORY_PROBE);
  if (cpuProfDir) flags.push('--cpu-prof', '--cpu-prof-dir', cpuProfDir);
  const base = `http://127.0.0.1:${port}`;
  const started = await spawnNode(
    [...flags, unbundled ? UNBUNDLED_CLI : CLI, '--port', String(port), ...args],
    {
      env: {
        PORT: String(port),
        SIMULATOR_URL: base,
        ...(probePort ? { BENCH_PROBE_PORT: String(probePort) } : {}),
        ...env,
      },
    },
  );
  return { ...started, port, base };
}

/**
 * Starts the bare Express app that gives the floor, optionally with the probe preloaded (for a
 * profile of the floor).
 * @param {{ probePort?: number }} [options]
 */
export async function startFloorProcess({ probePort } = {}) {
  const port = await freePort();
  const flags = probePort ? ['--import', MEMORY_PROBE] : [];
  const started = await spawnNode([...flags, FLOOR_SERVER, String(port)], {
    env: probePort ? { BENCH_PROBE_PORT: String(probePort) } : {},
  });
  return { ...started, port, base: `http://127.0.0.1:${port}` };
}
