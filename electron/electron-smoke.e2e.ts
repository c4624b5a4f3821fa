import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, type ElectronApplication } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from './launch/find-electron-binary.js';

// Launches the real desktop app where this machine has the Electron binary. Elsewhere the suite
// is reported as skipped, with the reason in its name; it never passes without running.

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainScript = join(appDir, 'dist', 'electron', 'main.js');

function electronDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

const lookup = findElectronBinary(electronDir(), {
  readText: (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined),
  isFile: (p) => statSync(p, { throwIfNoEntry: false })?.isFile() ?? false,
});

const skipReason = !lookup.found
  ? `Electron binary not available: ${lookup.reason}`
  : !existsSync(mainScript)
    ? `${mainScript} is not built (run npm run build)`
    : process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY
      ? 'no graphical display (DISPLAY is not set)'
      : undefined;
if (skipReason) console.warn(`electron-smoke: SKIPPED (${skipReason})`);

const BRIDGE_METHODS = [
  'exportConfig',
  'getInfo',
  'importConfig',
  'revealDataFolder',
  'setPort',
  'setPreferences',
];

const running: ElectronApplication[] = [];
const dirs: string[] = [];
const blockers: Server[] = [];

/** A port that something else listens on until the test ends. */
function takenPort(): Promise<number> {
  return new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      blockers.push(s);
      const a = s.address();
      done(typeof a === 'object' && a ? a.port : -1);
    });
  });
}

function freshUserData(): string {
  const userData = mkdtempSync(join(tmpdir(), 'identity-simulator-smoke-'));
  dirs.push(userData);
  return userData;
}

const sandboxArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];

/** Runs the app to its end (as a release check does), with its exit code and output. */
function runToExit(args: string[]): Promise<{ code: number | null; output: string }> {
  if (!lookup.found) throw new Error('unreachable: the suite is skipped without a binary');
  const child = spawn(lookup.path, [appDir, ...sandboxArgs, ...args], { stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    }),
  );
}

async function launch(
  extraArgs: string[],
  userData = freshUserData(),
): Promise<ElectronApplication> {
  if (!lookup.found) throw new Error('unreachable: the suite is skipped without a binary');
  const app = await electron.launch({
    executablePath: lookup.path,
    args: [appDir, ...sandboxArgs, `--user-data-dir=${userData}`, ...extraArgs],
    timeout: 30_000,
  });
  running.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close().catch(() => undefined)));
  await Promise.all(blockers.splice(0).map((s) => new Promise((r) => s.close(r))));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skipReason !== undefined)(
  `Electron desktop app${skipReason ? ` (SKIPPED: ${skipReason})` : ''}`,
  () => {
    it('opens the UI of its own provider in a locked-down window', async () => {
      const app = await launch(['--port=0']);
      const page = await app.firstWindow();
      await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/_simulator\/$/);

      const inPage = await page.evaluate(() => {
        const g = globalThis as unknown as Record<string, unknown>;
        const bridge = g.simulatorDesktop as Record<string, unknown> | undefined;
        return {
          require: typeof g.require,
          process: typeof g.process,
          bridge: bridge ? Object.keys(bridge).sort() : null,
        };
      });
      expect(inPage).toEqual({
        require: 'undefined',
        process: 'undefined',
        bridge: BRIDGE_METHODS,
      });

      const info = await page.evaluate(() =>
        (
          globalThis as unknown as { simulatorDesktop: { getInfo(): Promise<unknown> } }
        ).simulatorDesktop.getInfo(),
      );
      expect(info).toMatchObject({ running: true, host: '127.0.0.1' });

      expect(app.windows()).toHaveLength(1);
    });

    it('keeps the window on the UI origin', async () => {
      const app = await launch(['--port=0']);
      const page = await app.firstWindow();
      await page.waitForURL(/\/_simulator\/$/);
      const before = page.url();
      await page.evaluate(() => {
        (globalThis as unknown as { location: { href: string } }).location.href =
          'https://example.com/';
      });
      await page.waitForTimeout(500);
      expect(page.url()).toBe(before);
    });

    it('explains a port in use and starts on the port the user picks', async () => {
      const taken = await takenPort();
      const app = await launch([`--port=${taken}`]);
      const page = await app.firstWindow();
      await page.getByRole('heading', { name: 'The port is already in use' }).waitFor();
      await page.getByRole('button', { name: 'Start on this port' }).click();
      await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/_simulator\/$/);
      expect(page.url()).not.toContain(`:${taken}/`);
    });

    it('--smoke-test exits 0 once the provider, the UI and the Argon2id worker all answered', async () => {
      const userData = freshUserData();
      const run = await runToExit(['--smoke-test', '--port=0', `--user-data-dir=${userData}`]);
      const log = readFileSync(join(userData, 'logs', 'main.log'), 'utf8');
      expect(run.code, log).toBe(0);
      expect(log).toMatch(
        /Smoke test passed: provider answered at .*; UI rendered at .*; Argon2id worker hashed a secret/,
      );
    }, 150_000);

    it('--smoke-test exits 1 with the reason when its port is taken', async () => {
      const taken = await takenPort();
      const userData = freshUserData();
      const run = await runToExit([
        '--smoke-test',
        `--port=${taken}`,
        `--user-data-dir=${userData}`,
      ]);
      expect(run.code).toBe(1);
      expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8')).toMatch(
        new RegExp(`Smoke test failed: .*${taken}`),
      );
    }, 150_000);

    it('runs one copy per settings folder: a second start there leaves, another folder runs beside it', async () => {
      const userData = freshUserData();
      const first = await launch(['--port=0'], userData);
      await (await first.firstWindow()).waitForURL(/\/_simulator\/$/);
      const log = readFileSync(join(userData, 'logs', 'main.log'), 'utf8');
      const again = await runToExit(['--smoke-test', '--port=0', `--user-data-dir=${userData}`]);
      expect(again.code).toBe(2);
      expect(again.output).toContain(
        'Identity Simulator is already running with this settings folder',
      );
      // The running copy's log was left alone.
      expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8').startsWith(log)).toBe(true);
      const beside = freshUserData();
      const other = await runToExit(['--smoke-test', '--port=0', `--user-data-dir=${beside}`]);
      expect(other.code).toBe(0);
    }, 150_000);

    it('writes an uncaught exception of the main process to main.log and offers a restart in a banner', async () => {
      const userData = freshUserData();
      const app = await launch(['--port=0'], userData);
      const page = await app.firstWindow();
      await page.waitForURL(/\/_simulator\/$/);
      await app.evaluate(() => {
        setImmediate(() => {
          throw new Error('thrown for the test');
        });
      });
      await expect
        .poll(() => readFileSync(join(userData, 'logs', 'main.log'), 'utf8'), { timeout: 10_000 })
        .toContain('Uncaught exception in the main process: Error: thrown for the test');
      const banner = page
        .getByRole('alert')
        .filter({ hasText: 'Identity Simulator hit an unexpected error' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Error: thrown for the test');
      await page.getByRole('button', { name: 'Keep running' }).click();
      await banner.waitFor({ state: 'detached' });
    }, 150_000);
  },
);
