/**
 * `npm start` on a machine without the Electron binary, end to end: the real launcher
 * (dist/electron/launch.js) in a fresh copy of the app, the electron package's real installer,
 * and a fake Electron release served from loopback as ELECTRON_MIRROR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  electronPlatformPath,
  serveFakeElectronRelease,
  type FakeMirror,
} from '../test/fake-electron-release.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const builtLauncher = join(repo, 'dist', 'electron', 'launch.js');
const electronPackage = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const electronVersion = (
  JSON.parse(readFileSync(join(electronPackage, 'package.json'), 'utf8')) as { version: string }
).version;

const skipReason =
  process.platform === 'win32'
    ? 'the fake Electron build is a shell script, which Windows cannot execute'
    : undefined;
if (skipReason) console.warn(`first-start: SKIPPED (${skipReason})`);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** The folder of package `name` as `from` resolves it. */
function packageDir(from: string, name: string): string {
  let dir = dirname(createRequire(from).resolve(name));
  while (!dir.endsWith(join('node_modules', name))) dir = dirname(dir);
  return dir;
}

/** A fresh copy of the installed app whose electron package has never downloaded its binary. */
function freshApp(): string {
  const app = mkdtempSync(join(tmpdir(), 'identity-simulator-first-start-'));
  cleanups.push(() => rmSync(app, { recursive: true, force: true }));
  writeFileSync(join(app, 'package.json'), readFileSync(join(repo, 'package.json')));
  mkdirSync(join(app, 'dist'));
  cpSync(join(repo, 'dist', 'electron'), join(app, 'dist', 'electron'), { recursive: true });
  symlinkSync(join(repo, 'dist', 'server'), join(app, 'dist', 'server'), 'dir');
  symlinkSync(join(repo, 'dist', 'renderer'), join(app, 'dist', 'renderer'), 'dir');
  const modules = join(app, 'node_modules');
  const electron = join(modules, 'electron');
  mkdirSync(electron, { recursive: true });
  for (const file of ['package.json', 'install.js', 'checksums.json', 'index.js', 'cli.js']) {
    cpSync(join(electronPackage, file), join(electron, file));
  }
  // The installer's own dependencies, as npm would have installed them beside it.
  for (const dep of ['@electron/get', '@electron-internal/extract-zip']) {
    mkdirSync(dirname(join(modules, dep)), { recursive: true });
    symlinkSync(packageDir(join(electronPackage, 'install.js'), dep), join(modules, dep), 'dir');
  }
  return app;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitFor: (pattern: RegExp) => Promise<string>;
}

function launch(app: string, args: string[], env: Record<string, string>, script?: string): Run {
  const cache = mkdtempSync(join(tmpdir(), 'identity-simulator-electron-cache-'));
  cleanups.push(() => rmSync(cache, { recursive: true, force: true }));
  const child = spawn(
    process.execPath,
    [script ?? join(app, 'dist', 'electron', 'launch.js'), ...args],
    {
      cwd: app,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? app,
        DISPLAY: ':99',
        electron_config_cache: cache,
        FAKE_ELECTRON_RECORD: join(app, 'record.txt'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  const waiters: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      for (const wake of waiters.splice(0)) wake();
      done({ code, signal });
    }),
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const waitFor = async (pattern: RegExp): Promise<string> => {
    for (;;) {
      const match = pattern.exec(text);
      if (match) return match[0];
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the launcher ended before printing ${String(pattern)}:\n${text}`);
      }
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  return { child, output: () => text, exited, waitFor };
}

async function mirror(checksums?: string): Promise<FakeMirror> {
  const served = await serveFakeElectronRelease(
    electronVersion,
    process.platform,
    process.arch,
    checksums,
  );
  cleanups.push(() => served.close());
  return served;
}

async function waitForFile(path: string): Promise<void> {
  for (let i = 0; i < 200 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 25));
  if (!existsSync(path)) throw new Error(`${path} never appeared`);
}

/** What the launcher adds for root on Linux (Chromium will not run as root with its sandbox). */
const rootArgs = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];

const zipName = `electron-v${electronVersion}-${process.platform}-${process.arch}.zip`;

describe.skipIf(skipReason !== undefined)(
  `npm start without the Electron binary${skipReason ? ` (SKIPPED: ${skipReason})` : ''}`,
  () => {
    beforeAll(() => {
      if (!existsSync(builtLauncher))
        throw new Error(`${builtLauncher} is missing: run npm run build`);
    });

    it('downloads Electron with its own installer, then starts it with the app folder and the arguments', async () => {
      const app = freshApp();
      const served = await mirror();
      const run = launch(app, ['--port', '4321'], {
        ELECTRON_MIRROR: served.url,
        electron_use_remote_checksums: '1',
      });
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(run.output()).toContain(
        `Downloading Electron ${electronVersion} (about 100 MB) for the desktop window; this happens once…`,
      );
      expect(run.output()).toContain('Electron is ready; opening the window.');
      expect(served.requests.map((p) => p.slice(p.lastIndexOf('/') + 1)).sort()).toEqual([
        'SHASUMS256.txt',
        zipName,
      ]);
      expect(readFileSync(join(app, 'node_modules', 'electron', 'path.txt'), 'utf8')).toBe(
        electronPlatformPath(process.platform),
      );
      expect(readFileSync(join(app, 'record.txt'), 'utf8').trim().split('\n')).toEqual([
        app,
        '--port',
        '4321',
        ...rootArgs,
      ]);

      // The second start finds the binary and downloads nothing.
      const again = launch(app, [], {
        ELECTRON_MIRROR: served.url,
        electron_use_remote_checksums: '1',
        PORT: '4400',
      });
      expect(await again.exited).toEqual({ code: 0, signal: null });
      expect(again.output()).not.toContain('Downloading');
      expect(served.requests).toHaveLength(2);
      expect(readFileSync(join(app, 'record.txt'), 'utf8').trim().split('\n')).toEqual([
        app,
        '--port=4400',
        ...rootArgs,
      ]);
    });

    it('passes the app exit code, SIGINT and SIGTERM through to the caller', async () => {
      const app = freshApp();
      const served = await mirror();
      const env = { ELECTRON_MIRROR: served.url, electron_use_remote_checksums: '1' };
      const failing = launch(app, [], { ...env, FAKE_ELECTRON_MODE: 'exit-7' });
      expect(await failing.exited).toEqual({ code: 7, signal: null });

      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        rmSync(join(app, 'record.txt.ready'), { force: true });
        const waiting = launch(app, [], { ...env, FAKE_ELECTRON_MODE: 'wait' });
        await waitForFile(join(app, 'record.txt.ready'));
        waiting.child.kill(signal);
        expect(await waiting.exited).toEqual({ code: null, signal });
      }
    });

    it.runIf(process.platform === 'linux')(
      'explains a SIGTRAP at start-up (the Chromium sandbox refused to start) and runs headless mode',
      async () => {
        const app = freshApp();
        const served = await mirror();
        const run = launch(app, ['--port', '0'], {
          ELECTRON_MIRROR: served.url,
          electron_use_remote_checksums: '1',
          FAKE_ELECTRON_MODE: 'trap',
        });
        const url = await run.waitFor(/http:\/\/localhost:\d+\b/);
        expect(run.output()).toContain('Electron stopped at start-up (SIGTRAP)');
        expect(run.output()).toContain('chrome-sandbox');
        expect(run.output()).toContain(
          'The desktop window could not start; starting headless mode instead (UI address printed below).',
        );
        expect((await fetch(`${url}/.well-known/openid-configuration`)).status).toBe(200);
        run.child.kill('SIGTERM');
        expect(await run.exited).toEqual({ code: 0, signal: null });
      },
    );

    it('starts headless mode with one line saying why when the mirror cannot be reached', async () => {
      const app = freshApp();
      const served = await mirror();
      await served.close();
      const run = launch(app, ['--port', '0'], {
        ELECTRON_MIRROR: served.url,
        electron_use_remote_checksums: '1',
      });
      const url = await run.waitFor(/http:\/\/localhost:\d+\b/);
      const notice = run
        .output()
        .split('\n')
        .find((line) => line.includes('could not be downloaded'));
      expect(notice).toMatch(
        new RegExp(
          `^Electron ${electronVersion.replaceAll('.', '\\.')} could not be downloaded from ${served.url.replaceAll('.', '\\.')} \\(.+\\); starting headless mode instead \\(UI address printed below\\)\\. Retry with "npm run desktop:install"`,
        ),
      );
      expect(run.output()).not.toMatch(/^\s+at /m);
      const discovery = await fetch(`${url}/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect(existsSync(join(app, 'record.txt'))).toBe(false);
      run.child.kill('SIGTERM');
      expect((await run.exited).code).toBe(0);
    });

    it('refuses a download whose checksum does not match, and runs headless mode', async () => {
      const app = freshApp();
      const served = await mirror(`${'0'.repeat(64)} *${zipName}\n`);
      const run = launch(app, ['--port', '0'], {
        ELECTRON_MIRROR: served.url,
        electron_use_remote_checksums: '1',
      });
      await run.waitFor(/http:\/\/localhost:\d+\b/);
      expect(run.output()).toContain('could not be downloaded');
      expect(existsSync(join(app, 'node_modules', 'electron', 'path.txt'))).toBe(false);
      expect(existsSync(join(app, 'record.txt'))).toBe(false);
      run.child.kill('SIGTERM');
      await run.exited;
    });

    it.each([
      ['CI=true', { CI: 'true' }, ['--port', '0']],
      ['--headless', {}, ['--headless', '--port', '0']],
    ] as const)('skips the download with %s', async (_name, extraEnv, args) => {
      const app = freshApp();
      const served = await mirror();
      const run = launch(app, [...args], {
        ELECTRON_MIRROR: served.url,
        electron_use_remote_checksums: '1',
        ...extraEnv,
      });
      await run.waitFor(/http:\/\/localhost:\d+\b/);
      expect(served.requests).toEqual([]);
      expect(run.output()).not.toContain('Downloading');
      run.child.kill('SIGTERM');
      expect((await run.exited).code).toBe(0);
    });

    it('runs when started through a symlink to launch.js', async () => {
      const app = freshApp();
      const link = join(app, 'identity-simulator');
      symlinkSync(join(app, 'dist', 'electron', 'launch.js'), link);
      const run = launch(app, ['--headless', '--port', '0'], {}, link);
      await run.waitFor(/http:\/\/localhost:\d+\b/);
      run.child.kill('SIGTERM');
      expect((await run.exited).code).toBe(0);
    });
  },
);
