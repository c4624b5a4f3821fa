/**
 * The installed app, proved without the Electron binary: electron-builder packs the app around a
 * fake Electron build (electronDist) exactly as `npm run dist` would, and the test checks what
 * went into app.asar, then runs the packed main process under Node with a stand-in `electron`
 * module to prove that every import resolves and that the UI is served from inside the package.
 */
import { spawn, spawnSync } from 'node:child_process';
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
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractAll, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

    it('starts the packed main process and serves the UI from inside the package', async () => {
      const app = join(work, 'app');
      extractAll(asarPath, app);
      const stub = join(app, 'node_modules', 'electron');
      mkdirSync(stub, { recursive: true });
      writeFileSync(
        join(stub, 'package.json'),
        JSON.stringify({ name: 'electron', type: 'module', exports: './index.js' }),
      );
      copyFileSync(join(repo, 'electron', 'test', 'stub-electron.mjs'), join(stub, 'index.js'));
      const home = join(work, 'home');
      const child = spawn(
        process.execPath,
        [join(app, 'dist', 'electron', 'main.js'), '--port=0', '--no-sandbox'],
        {
          cwd: app,
          env: {
            PATH: process.env.PATH ?? '',
            STUB_ELECTRON_HOME: home,
            STUB_ELECTRON_VERSION: pkg.version,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      try {
        let out = '';
        let err = '';
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        const loaded = await new Promise<string>((done, fail) => {
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            for (const line of out.split('\n')) {
              if (!line.startsWith('{')) continue;
              const event = JSON.parse(line) as { event: string; url?: string };
              if (event.event === 'loadURL' && event.url) done(event.url);
            }
          });
          child.once('exit', (code) =>
            fail(new Error(`the packed main process exited (${code}):\n${out}\n${err}`)),
          );
        });
        expect(loaded).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_simulator\/$/);
        expect(out).toContain(`"preload":"${join(app, 'dist', 'electron', 'preload.cjs')}"`);
        const page = await fetch(loaded);
        expect(page.status).toBe(200);
        expect(await page.text()).toBe(
          readFileSync(join(app, 'dist', 'renderer', 'index.html'), 'utf8'),
        );
        const discovery = await fetch(new URL('/.well-known/openid-configuration', loaded));
        expect(discovery.status).toBe(200);
        // The log file of the installed app, under its logs folder.
        const log = readFileSync(join(home, 'userData', 'logs', 'main.log'), 'utf8');
        expect(log).toContain(`Identity Simulator ${pkg.version} starting`);
        expect(log).toContain("WARN The window runs without Chromium's sandbox (--no-sandbox)");
      } finally {
        child.kill('SIGKILL');
      }
    }, 60_000);
  },
);
