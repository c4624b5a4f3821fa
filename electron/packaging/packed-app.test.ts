/**
 * The installed app, proved without the Electron binary: electron-builder packs the app around a
 * fake Electron build (electronDist) exactly as `npm run dist` would, and the test checks what
 * went into app.asar, then runs the packed main process under Node with a stand-in `electron`
 * module to prove that every import resolves and that the UI is served from inside the package.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractAll, listPackage } from '@electron/asar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const skipReason =
  process.platform !== 'linux'
    ? 'the fake Electron build is a Linux one (the release workflow packs the real app on every system)'
    : !['x64', 'arm64'].includes(process.arch)
      ? `no Linux Electron build for ${process.arch}`
      : undefined;
if (skipReason) console.warn(`packed-app: SKIPPED (${skipReason})`);

const work = mkdtempSync(join(tmpdir(), 'identity-simulator-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface StubEvent {
  event: string;
  url?: string;
  preload?: string;
  title?: string;
  content?: string;
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

let entries: string[] = [];
let asarPath = '';

/** Every package the app needs at run time: its dependencies and theirs, by name. */
function productionPackages(): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    let manifest: string;
    try {
      manifest = createRequire(from).resolve(`${name}/package.json`);
    } catch {
      // A package whose exports hide package.json: find it beside its entry point.
      let dir = dirname(createRequire(from).resolve(name));
      while (!existsSync(join(dir, 'package.json')) || !dir.endsWith(name)) dir = dirname(dir);
      manifest = join(dir, 'package.json');
    }
    const deps = (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: object })
      .dependencies;
    for (const dep of Object.keys(deps ?? {})) visit(dep, manifest);
  };
  for (const name of Object.keys(pkg.dependencies)) visit(name, join(repo, 'package.json'));
  return seen;
}

describe.skipIf(skipReason !== undefined)(
  `the packed desktop app${skipReason ? ` (SKIPPED: ${skipReason})` : ''}`,
  () => {
    beforeAll(() => {
      if (!existsSync(join(repo, 'dist', 'electron', 'main.js'))) {
        throw new Error('dist/ is not built: run npm run build first');
      }
      const electronDist = join(work, 'electron-dist');
      mkdirSync(electronDist);
      writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\nexit 0\n');
      chmodSync(join(electronDist, 'electron'), 0o755);
      writeFileSync(join(electronDist, 'version'), '45.0.0');
      const builderPkg = require.resolve('electron-builder/package.json');
      const bin = (JSON.parse(readFileSync(builderPkg, 'utf8')) as { bin: Record<string, string> })
        .bin['electron-builder'];
      const result = spawnSync(
        process.execPath,
        [
          join(dirname(builderPkg), bin ?? 'cli.js'),
          '--config',
          'electron-builder.yml',
          '--dir',
          '--linux',
          `--${process.arch}`,
          `-c.electronDist=${electronDist}`,
          `-c.directories.output=${join(work, 'out')}`,
        ],
        { cwd: repo, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
      );
      if (result.status !== 0) {
        throw new Error(`electron-builder failed:\n${result.stdout}\n${result.stderr}`);
      }
      const unpacked = process.arch === 'x64' ? 'linux-unpacked' : `linux-${process.arch}-unpacked`;
      asarPath = join(work, 'out', unpacked, 'resources', 'app.asar');
      entries = listPackage(asarPath, { isPack: false }).map((e) => e.replaceAll('\\', '/'));
    }, 120_000);

    it('holds the main process, preload, renderer, server and package.json', () => {
      for (const file of [
        '/package.json',
        '/dist/electron/main.js',
        '/dist/electron/preload.cjs',
        '/dist/electron/window.js',
        '/dist/renderer/index.html',
        '/dist/server/src/index.js',
        '/dist/server/src/create-simulator.js',
      ]) {
        expect(entries, file).toContain(file);
      }
      expect(entries.some((e) => /^\/dist\/renderer\/assets\/.+\.js$/.test(e))).toBe(true);
      expect(entries.some((e) => /^\/dist\/renderer\/assets\/.+\.css$/.test(e))).toBe(true);
    });

    it('holds every production dependency, and no development one', () => {
      const needed = productionPackages();
      expect(needed.size).toBeGreaterThan(20);
      for (const name of needed) {
        expect(
          entries.some((e) => e.endsWith(`/node_modules/${name}/package.json`)),
          name,
        ).toBe(true);
      }
      for (const name of Object.keys(pkg.devDependencies)) {
        if (needed.has(name)) continue;
        expect(
          entries.filter((e) => e.startsWith(`/node_modules/${name}/`)),
          name,
        ).toEqual([]);
      }
    });

    it('leaves out sources, tests, maps, type declarations, the headless bundle and the launcher', () => {
      const own = entries.filter((e) => !e.startsWith('/node_modules/'));
      const forbidden = [
        /\.tsx?$/,
        /\.map$/,
        /\.d\.c?ts$/,
        /\.(test|e2e)\./,
        /^\/(server|renderer|electron|bench|resources|\.ci|\.github)\//,
        /^\/dist\/\.tsbuild\//,
        /^\/dist\/server\/src\/headless\.mjs$/,
        /^\/dist\/electron\/launch(\.js$|\/)/,
        /^\/dist\/electron\/test\//,
        /^\/(README\.md|tsconfig\.json|vite\.config\.ts|electron-builder\.yml|Dockerfile)$/,
      ];
      for (const pattern of forbidden) {
        expect(
          own.filter((e) => pattern.test(e)),
          String(pattern),
        ).toEqual([]);
      }
    });

    /** The packed main process under Node, with the stand-in electron module. */
    function startPacked(args: string[]) {
      const app = join(work, 'app');
      if (!existsSync(app)) {
        extractAll(asarPath, app);
        const stub = join(app, 'node_modules', 'electron');
        mkdirSync(stub, { recursive: true });
        writeFileSync(
          join(stub, 'package.json'),
          JSON.stringify({ name: 'electron', type: 'module', exports: './index.js' }),
        );
        copyFileSync(join(repo, 'electron', 'test', 'stub-electron.mjs'), join(stub, 'index.js'));
      }
      const home = mkdtempSync(join(work, 'home-'));
      const child = spawn(process.execPath, [join(app, 'dist', 'electron', 'main.js'), ...args], {
        cwd: app,
        env: {
          PATH: process.env.PATH ?? '',
          STUB_ELECTRON_HOME: home,
          STUB_ELECTRON_VERSION: pkg.version,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      running.push(child);
      const events: StubEvent[] = [];
      let out = '';
      let errors = '';
      const waiters: (() => void)[] = [];
      child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const lines = out.split('\n');
        out = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('{')) events.push(JSON.parse(line) as StubEvent);
        }
        for (const wake of waiters.splice(0)) wake();
      });
      child.once('exit', () => {
        for (const wake of waiters.splice(0)) wake();
      });
      /** Waits for the n-th event (counting from 1) that matches. */
      const next = async (match: (e: StubEvent) => boolean, nth = 1): Promise<StubEvent> => {
        for (;;) {
          const found = events.filter(match)[nth - 1];
          if (found) return found;
          if (child.exitCode !== null) {
            throw new Error(`the packed main process exited (${child.exitCode}):\n${errors}`);
          }
          await new Promise<void>((wake) => waiters.push(wake));
        }
      };
      const emit = (target: 'app' | 'window' | 'contents', event: string, args: unknown[]) =>
        child.stdin.write(`${JSON.stringify({ target, event, args })}\n`);
      return { app, home, events, next, emit };
    }

    it('starts the packed main process and serves the UI from inside the package', async () => {
      const packed = startPacked(['--port=0', '--no-sandbox']);
      const loaded = (await packed.next((e) => e.event === 'loadURL')).url ?? '';
      expect(loaded).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_simulator\/$/);
      expect(packed.events.find((e) => e.event === 'window')?.preload).toBe(
        join(packed.app, 'dist', 'electron', 'preload.cjs'),
      );
      const page = await fetch(loaded);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(
        readFileSync(join(packed.app, 'dist', 'renderer', 'index.html'), 'utf8'),
      );
      const discovery = await fetch(new URL('/.well-known/openid-configuration', loaded));
      expect(discovery.status).toBe(200);
      // The log file of the installed app, under its logs folder.
      const log = readFileSync(join(packed.home, 'userData', 'logs', 'main.log'), 'utf8');
      expect(log).toContain(`Identity Simulator ${pkg.version} starting`);
      expect(log).toContain("WARN The window runs without Chromium's sandbox (--no-sandbox)");
    }, 60_000);

    it('honours --port on a second launch, and says why when it cannot', async () => {
      const packed = startPacked(['--port=0']);
      const first = new URL((await packed.next((e) => e.event === 'loadURL')).url ?? '');
      const free = await freePort();
      packed.emit('app', 'second-instance', [{}, ['/opt/identity-simulator', `--port=${free}`]]);
      const moved = await packed.next((e) => e.event === 'loadURL', 2);
      expect(moved.url).toBe(`http://127.0.0.1:${free}/_simulator/`);
      expect(
        (await fetch(`http://127.0.0.1:${free}/.well-known/openid-configuration`)).status,
      ).toBe(200);
      await expect(fetch(first)).rejects.toThrow();

      packed.emit('app', 'second-instance', [{}, ['/opt/identity-simulator', '--port=abc']]);
      const explained = await packed.next((e) => e.event === 'dialog');
      expect(explained.title).toBe('Identity Simulator is already running');
      expect(explained.content).toContain(`already running (on 127.0.0.1:${free})`);
      expect(explained.content).toContain('--port needs a whole number');
    }, 60_000);

    it('shows a page saying why when the UI fails to load, and stops reloading a page that keeps crashing', async () => {
      const packed = startPacked(['--port=0']);
      const ui = (await packed.next((e) => e.event === 'loadURL')).url ?? '';
      packed.emit('contents', 'did-fail-load', [{}, -102, 'ERR_CONNECTION_REFUSED', ui, true]);
      const errorPage = await packed.next((e) => e.event === 'loadURL', 2);
      expect(errorPage.url).toMatch(/^data:text\/html/);
      expect(decodeURIComponent(errorPage.url ?? '')).toContain(
        'The simulator page could not be loaded',
      );
      await packed.next((e) => e.event === 'show');

      for (let i = 0; i < 4; i++) {
        packed.emit('contents', 'render-process-gone', [{}, { reason: 'crashed', exitCode: 1 }]);
      }
      const dialog = await packed.next((e) => e.event === 'dialog');
      expect(dialog.title).toBe("The simulator's page keeps stopping");
      expect(packed.events.filter((e) => e.event === 'reload')).toHaveLength(3);
    }, 60_000);
  },
);
