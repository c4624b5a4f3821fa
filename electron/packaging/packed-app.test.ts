/**
 * The installed app, proved without the Electron binary: electron-builder packs the app for Linux
 * and Windows around fake Electron builds (electronDist: a script or an empty PE file carrying
 * Electron's fuse wire) exactly as `npm run dist` would, and the test checks the installers'
 * file names, the fuses flipped in the binaries, Windows' asar integrity resource, what went into
 * app.asar and beside it (the Argon2id worker, which must hash from there), and the update
 * metadata; then it runs the packed main process under Node with a stand-in `electron` module to
 * prove that every import resolves, that the UI is served from inside the package, and how the
 * app behaves in a --smoke-test run, with a second copy, and after a crash.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractAll, extractFile, getRawHeader, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import yaml from 'js-yaml';
import * as ResEdit from 'resedit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkArgon2idWorker } from '../smoke/check-argon2id-worker.js';
import { updateFeedOf } from '../updates/update-feed.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
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
  code?: number;
  userData?: string | null;
}

/** Electron's fuse wire marker; the fake binaries carry it with Electron 45's default wire. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const DEFAULT_WIRE = Buffer.concat([
  Buffer.from(FUSE_SENTINEL),
  Buffer.from([1, 8]),
  // RunAsNode, cookie encryption, NODE_OPTIONS, --inspect, asar integrity, only app.asar,
  // browser V8 snapshot, file:// privileges
  Buffer.from('10110001'),
]);

/** A Linux "Electron": a shell script with the fuse wire in a comment. */
function fakeLinuxElectron(): Buffer {
  return Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n# '), DEFAULT_WIRE, Buffer.from('\n')]);
}

/** A Windows "electron.exe": an empty PE image with version information and the fuse wire. */
function fakeWindowsElectron(): Buffer {
  const exe = ResEdit.NtExecutable.createEmpty(false, false);
  const resources = ResEdit.NtExecutableResource.from(exe);
  const version = ResEdit.Resource.VersionInfo.createEmpty();
  version.lang = 1033;
  version.setStringValues({ lang: 1033, codepage: 1200 }, { ProductName: 'Electron' });
  version.outputToResourceEntries(resources.entries);
  resources.outputResource(exe);
  exe.setExtraData(DEFAULT_WIRE);
  return Buffer.from(exe.generate());
}

/** Installer file names electron-builder would give, by target and architecture. */
const artifactNames: string[] = [];

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

/**
 * Production dependencies only headless mode loads (--drive-browser): electron-builder.yml leaves
 * them out of the desktop app.
 */
const HEADLESS_ONLY = ['playwright-core'];

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
    beforeAll(async () => {
      if (!existsSync(join(repo, 'dist', 'electron', 'main.js'))) {
        throw new Error('dist/ is not built: run npm run build first');
      }
      const config = yaml.load(
        readFileSync(join(repo, 'electron-builder.yml'), 'utf8'),
      ) as Configuration;
      for (const [system, file, contents] of [
        ['linux', 'electron', fakeLinuxElectron()],
        ['win', 'electron.exe', fakeWindowsElectron()],
      ] as const) {
        mkdirSync(join(work, `electron-${system}`));
        writeFileSync(join(work, `electron-${system}`, file), contents, { mode: 0o755 });
        writeFileSync(join(work, `electron-${system}`, 'version'), '45.0.0');
      }
      process.env.CI = 'true';
      // As npm run dist does in a fork's release workflow: the build records its repository.
      const origin = join(repo, 'dist', 'electron', 'build-origin.json');
      const kept = existsSync(origin) ? readFileSync(origin) : undefined;
      const recorded = spawnSync(process.execPath, ['server/scripts/record-build-origin.mjs'], {
        cwd: repo,
        encoding: 'utf8',
        env: {
          ...process.env,
          GITHUB_REPOSITORY: 'a-fork/identity-simulator',
          GITHUB_SERVER_URL: '',
        },
      });
      if (recorded.status !== 0) throw new Error(`record-build-origin failed: ${recorded.stderr}`);
      try {
        for (const [platform, system, extra] of [
          [Platform.LINUX, 'linux', {}],
          // Editing the .exe's icon and version needs Windows tools (rcedit); not under test here.
          [Platform.WINDOWS, 'win', { win: { ...config.win, signAndEditExecutable: false } }],
        ] as const) {
          await build({
            projectDir: repo,
            targets: platform.createTarget('dir', Arch.x64),
            publish: 'never',
            config: {
              ...config,
              ...extra,
              electronDist: join(work, `electron-${system}`),
              directories: { ...config.directories, output: join(work, `out-${system}`) },
              // The names the installers of this system get, for both architectures.
              afterPack: (context) => {
                const packager = context.packager;
                const targets =
                  system === 'linux'
                    ? ([
                        [config.appImage, 'AppImage'],
                        [config.deb, 'deb'],
                      ] as const)
                    : ([[config.nsis, 'exe']] as const);
                for (const arch of [Arch.x64, Arch.arm64]) {
                  for (const [options, ext] of targets)
                    artifactNames.push(
                      packager.expandArtifactNamePattern(options, ext, arch, undefined, false),
                    );
                  if (system === 'linux')
                    artifactNames.push(
                      packager.expandMacro(config.dmg?.artifactName ?? '', Arch[arch], {
                        ext: 'dmg',
                      }),
                    );
                }
                return Promise.resolve();
              },
            },
          });
        }
      } finally {
        if (kept) writeFileSync(origin, kept);
        else rmSync(origin, { force: true });
      }
      asarPath = join(work, 'out-linux', 'linux-unpacked', 'resources', 'app.asar');
      entries = listPackage(asarPath, { isPack: false }).map((e) => e.replaceAll('\\', '/'));
    }, 300_000);

    it('names every installer without spaces, one per system and architecture', () => {
      const v = pkg.version;
      expect(artifactNames.sort()).toEqual(
        [
          `identity-simulator-${v}-x86_64.AppImage`,
          `identity-simulator-${v}-arm64.AppImage`,
          `identity-simulator-${v}-amd64.deb`,
          `identity-simulator-${v}-arm64.deb`,
          `identity-simulator-${v}-x64.dmg`,
          `identity-simulator-${v}-arm64.dmg`,
          `identity-simulator-setup-${v}-x64.exe`,
          `identity-simulator-setup-${v}-arm64.exe`,
        ].sort(),
      );
      // The desktop app's documentation names the same files.
      const readme = readFileSync(join(repo, 'docs', 'desktop-app.md'), 'utf8');
      for (const name of artifactNames)
        expect(readme, name).toContain(name.replace(v, '<version>'));
    });

    it('flips the fuses in the packed Linux and Windows binaries', async () => {
      for (const binary of [
        join(work, 'out-linux', 'linux-unpacked', 'identity-simulator'),
        join(work, 'out-win', 'win-unpacked', 'Identity Simulator.exe'),
      ]) {
        const wire = await getCurrentFuseWire(binary);
        const state = (fuse: FuseV1Options) => String.fromCharCode(wire[fuse] as number);
        expect(state(FuseV1Options.RunAsNode), binary).toBe('0');
        expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
        expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
        expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
        expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
        expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('0');
      }
    });

    it("records app.asar's integrity hash in the Windows executable", () => {
      const exe = ResEdit.NtExecutable.from(
        readFileSync(join(work, 'out-win', 'win-unpacked', 'Identity Simulator.exe')),
      );
      const entry = ResEdit.NtExecutableResource.from(exe).entries.find(
        (e) => e.type === 'INTEGRITY' && e.id === 'ELECTRONASAR',
      );
      expect(entry).toBeDefined();
      const winAsar = join(work, 'out-win', 'win-unpacked', 'resources', 'app.asar');
      const header = getRawHeader(winAsar).headerString;
      expect(JSON.parse(Buffer.from(entry?.bin ?? new ArrayBuffer(0)).toString('utf8'))).toEqual([
        {
          file: 'resources\\app.asar',
          alg: 'SHA256',
          value: createHash('sha256').update(header).digest('hex'),
        },
      ]);
    });

    it('unpacks the Argon2id worker beside app.asar, where it hashes a secret', async () => {
      for (const system of ['linux', 'win']) {
        const unpacked = system === 'linux' ? 'linux-unpacked' : 'win-unpacked';
        const worker = join(
          work,
          `out-${system}`,
          unpacked,
          'resources',
          'app.asar.unpacked',
          'dist/server/src/tokens/client-auth/argon2id-worker.mjs',
        );
        expect(existsSync(worker), worker).toBe(true);
        const checked = await checkArgon2idWorker({ url: pathToFileURL(worker), execArgv: [] });
        expect(checked.ok, checked.ok ? '' : checked.error).toBe(true);
      }
      // In app.asar the worker is only a stub entry marked "unpacked".
      expect(listPackage(asarPath, { isPack: true }).map((e) => e.replaceAll('\\', '/'))).toContain(
        'unpack : /dist/server/src/tokens/client-auth/argon2id-worker.mjs',
      );
    }, 60_000);

    it('carries what the update check needs, and no auto-updater metadata', () => {
      const packed = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as {
        version: string;
        repository: unknown;
        desktopName: string;
      };
      expect(packed.version).toBe(pkg.version);
      expect(packed.desktopName).toBe('identity-simulator.desktop');
      // The repository the build recorded (a fork here), not the one package.json names.
      const origin = JSON.parse(
        extractFile(asarPath, 'dist/electron/build-origin.json').toString('utf8'),
      ) as unknown;
      expect(updateFeedOf(origin, packed.repository)).toEqual({
        ok: true,
        value: {
          latestUrl: 'https://api.github.com/repos/a-fork/identity-simulator/releases/latest',
          releasesPage: 'https://github.com/a-fork/identity-simulator/releases',
        },
      });
      expect(updateFeedOf(undefined, packed.repository)).toMatchObject({
        ok: true,
        value: {
          releasesPage: 'https://github.com/identity-simulator/identity-simulator/releases',
        },
      });
      for (const system of ['linux-unpacked', 'win-unpacked'])
        expect(
          existsSync(
            join(
              work,
              system.startsWith('linux') ? 'out-linux' : 'out-win',
              system,
              'resources',
              'app-update.yml',
            ),
          ),
        ).toBe(false);
    });

    it('holds the main process, preload, renderer, server and package.json', () => {
      for (const file of [
        '/package.json',
        '/dist/electron/main.js',
        '/dist/electron/preload.cjs',
        '/dist/electron/window.js',
        '/dist/renderer/index.html',
        '/dist/server/src/index.js',
        '/dist/server/src/create-simulator.js',
        '/dist/server/src/tokens/client-auth/argon2id-worker.mjs',
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
        ).toBe(!HEADLESS_ONLY.includes(name));
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
        /^\/dist\/server\/src\/(headless\.mjs|argon2id-worker\.js)$/,
        // The compiled worker needs @noble/hashes beside it; the self-contained .mjs is used.
        /^\/dist\/server\/src\/tokens\/client-auth\/argon2id-worker\.js$/,
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
    function startPacked(args: string[], env: Record<string, string> = {}) {
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
          ...env,
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
      const exited = new Promise<number | null>((done) =>
        child.once('exit', (code) => {
          for (const wake of waiters.splice(0)) wake();
          done(code);
        }),
      );
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
      const emitProcess = (event: string, args: unknown[]) =>
        child.stdin.write(`${JSON.stringify({ target: 'process', event, args })}\n`);
      return {
        app,
        home,
        pid: child.pid,
        events,
        next,
        emit,
        emitProcess,
        exited,
        stderr: () => errors,
        stdout: () => out,
      };
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

    it('--smoke-test exits 0 once the provider answered, the UI rendered and the worker hashed', async () => {
      const packed = startPacked(['--smoke-test', '--port=0']);
      expect(await packed.exited).toBe(0);
      const log = readFileSync(join(packed.home, 'userData', 'logs', 'main.log'), 'utf8');
      expect(log).toMatch(
        /Smoke test passed: provider answered at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openid-configuration \(issuer http:\/\/localhost:\d+\/\); UI rendered at http:\/\/127\.0\.0\.1:\d+\/_simulator\/; Argon2id worker hashed a secret \(.*argon2id-worker\.mjs\)\./,
      );
    }, 60_000);

    it('--smoke-test exits 1 with the reason when the provider cannot start or the UI stays empty', async () => {
      const taken = createServer();
      await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
      const { port } = taken.address() as AddressInfo;
      try {
        const packed = startPacked(['--smoke-test', `--port=${port}`]);
        expect(await packed.exited).toBe(1);
        const log = readFileSync(join(packed.home, 'userData', 'logs', 'main.log'), 'utf8');
        expect(log).toContain('Smoke test failed:');
        expect(log).toContain(`${port}`);
        expect(log).toMatch(/in use/);
      } finally {
        await new Promise((done) => taken.close(done));
      }
      // A UI that never renders, whose page then crashes: the run fails at once, saying so.
      const blank = startPacked(['--smoke-test', '--port=0'], { STUB_UI_ROOT_CHILDREN: '0' });
      await blank.next((e) => e.event === 'loadURL');
      blank.emit('contents', 'render-process-gone', [{}, { reason: 'crashed', exitCode: 1 }]);
      expect(await blank.exited).toBe(1);
      expect(readFileSync(join(blank.home, 'userData', 'logs', 'main.log'), 'utf8')).toContain(
        "Smoke test failed: the window's page stopped (crashed)",
      );
    }, 60_000);

    it('takes the single-instance lock for the --user-data-dir folder before writing anything there', async () => {
      const folder = join(work, 'own-settings');
      const first = startPacked(['--port=0', `--user-data-dir=${folder}`]);
      await first.next((e) => e.event === 'loadURL');
      expect(first.events.find((e) => e.event === 'lock')?.userData).toBe(folder);
      expect(existsSync(join(folder, 'logs', 'main.log'))).toBe(true);

      // A second copy for the same folder (the lock is held) leaves at once and writes nothing.
      const other = join(work, 'held-settings');
      const second = startPacked(['--port=0', `--user-data-dir=${other}`], {
        STUB_ELECTRON_LOCK: 'held',
      });
      expect(await second.exited).toBe(0);
      expect(second.events.map((e) => e.event)).toEqual(['lock', 'quit']);
      expect(second.events[0]?.userData).toBe(other);
      expect(existsSync(other)).toBe(false);

      const smoke = startPacked(['--smoke-test', `--user-data-dir=${other}`], {
        STUB_ELECTRON_LOCK: 'held',
      });
      expect(await smoke.exited).toBe(2);
      expect(smoke.stderr()).toContain('Smoke test failed: Identity Simulator is already running');
      expect(existsSync(other)).toBe(false);
    }, 60_000);

    it('logs an uncaught exception to main.log and offers a restart in a banner, which relaunches the app', async () => {
      const packed = startPacked(['--port=0']);
      await packed.next((e) => e.event === 'loadURL');
      packed.emitProcess('throw', ['the provider fell over']);
      const offer = await packed.next((e) => e.event === 'banner');
      expect(offer.content).toContain(JSON.stringify('Identity Simulator hit an unexpected error'));
      expect(offer.content).toContain('Error: the provider fell over');
      expect(offer.content).toContain('main.log');
      await packed.next((e) => e.event === 'relaunch');
      expect(await packed.exited).toBe(0);
      const log = readFileSync(join(packed.home, 'userData', 'logs', 'main.log'), 'utf8');
      expect(log).toContain(
        'Uncaught exception in the main process: Error: the provider fell over',
      );
      expect(log).toContain('Restarting after an unexpected error, as asked.');
    }, 60_000);

    it('takes the data folder as headless does, reads --max-simulators and --backchannel-url, and gives the folder back on quit', async () => {
      const folder = join(work, 'multi-settings');
      const packed = startPacked([
        '--port=0',
        `--user-data-dir=${folder}`,
        '--max-simulators=2',
        '--backchannel-url=http://simulator:3000',
      ]);
      const ui = (await packed.next((e) => e.event === 'loadURL')).url ?? '';
      const lock = join(folder, 'presets', '.identity-simulator.lock');
      expect((JSON.parse(readFileSync(lock, 'utf8')) as { pid: unknown }).pid).toBe(packed.pid);
      const list = (await (await fetch(new URL('/_simulator/api/simulators', ui))).json()) as {
        max: number;
      };
      expect(list.max).toBe(2);
      const discovery = (await (
        await fetch(new URL('/.well-known/openid-configuration', ui))
      ).json()) as { token_endpoint: string };
      expect(discovery.token_endpoint).toBe('http://simulator:3000/token');
      packed.emit('app', 'window-all-closed', []);
      expect(await packed.exited).toBe(0);
      expect(existsSync(lock)).toBe(false);
    }, 60_000);

    it('refuses to start, in one line and a dialog, on a data folder another simulator holds or with a bad option', async () => {
      const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
        stdio: 'ignore',
      });
      running.push(holder);
      const folder = join(work, 'held-data');
      mkdirSync(join(folder, 'presets'), { recursive: true });
      const lock = join(folder, 'presets', '.identity-simulator.lock');
      writeFileSync(lock, `${holder.pid}\n`);
      const line = `the data folder ${join(folder, 'presets')} is in use by another simulator (process ${holder.pid}); stop it or start the app with another --user-data-dir (two simulators on one folder would overwrite each other's files)`;

      const held = startPacked(['--port=0', `--user-data-dir=${folder}`]);
      expect(await held.exited).toBe(2);
      expect(held.events.filter((e) => e.event === 'dialog')).toEqual([
        { event: 'dialog', title: 'Identity Simulator could not start', content: line },
      ]);
      expect(held.events.some((e) => e.event === 'loadURL')).toBe(false);
      expect(held.stderr()).toContain(`Identity Simulator could not start: ${line}`);
      expect(readFileSync(lock, 'utf8')).toBe(`${holder.pid}\n`);

      const smoke = startPacked(['--smoke-test', '--port=0', `--user-data-dir=${folder}`]);
      expect(await smoke.exited).toBe(1);
      expect(smoke.stderr()).toContain(`Smoke test failed: ${line}`);

      const bad = startPacked(['--port=0', '--max-simulators=many']);
      expect(await bad.exited).toBe(2);
      expect(bad.events.find((e) => e.event === 'dialog')?.content).toBe(
        '--max-simulators needs a whole number from 0 to 1000, got "many"',
      );
      expect(bad.events.some((e) => e.event === 'loadURL')).toBe(false);
      const badUrl = startPacked(['--port=0', '--backchannel-url', 'not a url']);
      expect(await badUrl.exited).toBe(2);
      expect(badUrl.events.find((e) => e.event === 'dialog')?.content).toMatch(
        /^--backchannel-url .*, got "not a url"$/,
      );
    }, 60_000);

    it('keeps running after an uncaught exception when the tester chooses so', async () => {
      const packed = startPacked(['--port=0'], { STUB_BANNER_CHOICE: 'keep' });
      const ui = (await packed.next((e) => e.event === 'loadURL')).url ?? '';
      packed.emitProcess('throw', ['once']);
      await packed.next((e) => e.event === 'banner');
      packed.emitProcess('throw', ['twice']);
      await packed.next((e) => e.event === 'banner', 2);
      expect((await fetch(ui)).status).toBe(200);
      expect(packed.events.some((e) => e.event === 'relaunch')).toBe(false);
      expect(packed.events.some((e) => e.event === 'dialog')).toBe(false);
    }, 60_000);
  },
);
