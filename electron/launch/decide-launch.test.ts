import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDesktopArgs } from '../args/parse-desktop-args.js';
import { decideLaunch, installFailedNotice, type LaunchInput } from './decide-launch.js';
import { findElectronBinary, type BinaryProbe } from './find-electron-binary.js';
import type { ElectronInstaller } from './electron-installer.js';

const APP = '/app';
const DIR = join(APP, 'node_modules', 'electron');
const BINARY = join(DIR, 'dist', 'electron');
const INSTALLER: ElectronInstaller = { script: join(DIR, 'install.js'), version: '45.4.1' };

/** The launch decision with a fake file system behind the binary lookup. */
function decide(files: Record<string, string>, over: Partial<LaunchInput> = {}) {
  const probe: BinaryProbe = { readText: (p) => files[p], isFile: (p) => p in files };
  return decideLaunch({
    lookup: findElectronBinary(DIR, probe),
    installer: undefined,
    appDir: APP,
    argv: [],
    env: { DISPLAY: ':0' },
    platform: 'linux',
    ...over,
  });
}

const present = { [join(DIR, 'path.txt')]: 'electron', [BINARY]: '' };

describe('decideLaunch', () => {
  it('runs the desktop app when the binary is present', () => {
    expect(decide(present, { argv: ['--port', '4000'] })).toEqual({
      mode: 'desktop',
      binary: BINARY,
      args: [APP, '--port', '4000'],
    });
  });

  it('passes PORT from the environment on as --port', () => {
    expect(decide(present, { env: { DISPLAY: ':0', PORT: '4100' } })).toMatchObject({
      args: [APP, '--port=4100'],
    });
    expect(
      decide(present, { argv: ['--port=4200'], env: { DISPLAY: ':0', PORT: '4100' } }),
    ).toMatchObject({
      args: [APP, '--port=4200'],
    });
  });

  it('passes MAX_SIMULATORS and BACKCHANNEL_URL on as their flags, a flag given winning', () => {
    const env = { DISPLAY: ':0', MAX_SIMULATORS: '8', BACKCHANNEL_URL: 'http://simulator:3000' };
    expect(decide(present, { env })).toMatchObject({
      args: [APP, '--max-simulators=8', '--backchannel-url=http://simulator:3000'],
    });
    expect(
      decide(present, { argv: ['--max-simulators', '2', '--backchannel-url=http://b:1'], env }),
    ).toMatchObject({
      args: [APP, '--max-simulators', '2', '--backchannel-url=http://b:1'],
    });
    // A bad value goes on as it is: the app refuses it in the headless mode's words.
    const bad = decide(present, { env: { DISPLAY: ':0', MAX_SIMULATORS: 'many' } });
    expect(bad.mode === 'desktop' && parseDesktopArgs(bad.args).errors).toEqual([
      '--max-simulators needs a whole number from 0 to 1000, got "many"',
    ]);
  });

  it('needs no display on macOS and Windows', () => {
    expect(decide(present, { platform: 'darwin', env: {} }).mode).toBe('desktop');
    expect(decide(present, { platform: 'win32', env: {} }).mode).toBe('desktop');
  });

  it('falls back to headless mode when the binary is missing, saying why in one line', () => {
    const plan = decide({});
    expect(plan).toEqual({
      mode: 'headless',
      notice:
        'Electron binary not available on this machine (the Electron binary was never downloaded (node_modules/electron/path.txt is missing)); starting headless mode instead (UI at http://127.0.0.1:3000/_simulator/).',
      argv: [],
    });
    expect(plan.mode === 'headless' && plan.notice.includes('\n')).toBe(false);
  });

  it('falls back when path.txt points to a file that is not there', () => {
    const plan = decide({ [join(DIR, 'path.txt')]: 'electron' });
    expect(plan.mode).toBe('headless');
    expect(plan.mode === 'headless' && plan.notice).toContain(`${BINARY} is missing`);
  });

  it('falls back on Linux without a display', () => {
    const plan = decide(present, { env: {} });
    expect(plan.mode === 'headless' && plan.notice).toMatch(/^No graphical display here/);
    expect(decide(present, { env: { WAYLAND_DISPLAY: 'wayland-0' } }).mode).toBe('desktop');
  });

  it('names the port and address headless mode will use', () => {
    const fromArgs = decide({}, { argv: ['--port', '4500', '--host', '0.0.0.0'] });
    expect(fromArgs).toMatchObject({ argv: ['--port', '4500', '--host', '0.0.0.0'] });
    expect(fromArgs.mode === 'headless' && fromArgs.notice).toContain(
      'UI at http://127.0.0.1:4500/_simulator/',
    );
    const fromEnv = decide({}, { env: { PORT: '4600' } });
    expect(fromEnv.mode === 'headless' && fromEnv.notice).toContain('http://127.0.0.1:4600/');
    const random = decide({}, { argv: ['--port=0'] });
    expect(random.mode === 'headless' && random.notice).toContain('UI address printed below');
  });

  it('keeps the default port in the notice when PORT is not a number (headless mode reports it)', () => {
    const plan = decide({}, { env: { PORT: 'abc' } });
    expect(plan.mode === 'headless' && plan.notice).toContain('http://127.0.0.1:3000/');
  });

  it('runs the electron package installer first when only the binary is missing', () => {
    const plan = decide({}, { installer: INSTALLER, argv: ['--port', '4000'] });
    expect(plan).toEqual({
      mode: 'install',
      installer: INSTALLER,
      notice:
        'Downloading Electron 45.4.1 (about 100 MB) for the desktop window; this happens once…',
    });
  });

  it('falls back to headless mode once the installer has run and the binary is still missing', () => {
    const plan = decide({}, { installer: INSTALLER, installerRan: true });
    expect(plan.mode).toBe('headless');
    expect(plan.mode === 'headless' && plan.notice).toMatch(
      /^Electron binary not available on this machine .*starting headless mode instead/,
    );
  });

  it('never downloads on Linux without a display: headless mode starts at once', () => {
    const plan = decide({}, { installer: INSTALLER, env: {} });
    expect(plan.mode === 'headless' && plan.notice).toMatch(/^No graphical display here/);
  });

  it.each(['true', '1', 'yes'])('skips the download when CI=%s', (ci) => {
    const plan = decide({}, { installer: INSTALLER, env: { DISPLAY: ':0', CI: ci } });
    expect(plan.mode).toBe('headless');
    expect(plan.mode === 'headless' && plan.notice).toContain('CI is set, so it is not downloaded');
  });

  it.each(['false', '0', ''])('downloads when CI=%j does not mark a CI run', (ci) => {
    expect(decide({}, { installer: INSTALLER, env: { DISPLAY: ':0', CI: ci } }).mode).toBe(
      'install',
    );
  });

  it('runs headless mode for --headless, even with the binary present, and drops the flag', () => {
    for (const files of [present, {}]) {
      const plan = decide(files, { installer: INSTALLER, argv: ['--headless', '--port', '4000'] });
      expect(plan).toEqual({ mode: 'headless', notice: '', argv: ['--port', '4000'] });
    }
  });
  it('turns the sandbox off for root on Linux, where Chromium refuses to start with it', () => {
    expect(decide(present, { isRoot: true })).toMatchObject({ args: [APP, '--no-sandbox'] });
    expect(decide(present, { isRoot: true, argv: ['--no-sandbox'] })).toMatchObject({
      args: [APP, '--no-sandbox'],
    });
    expect(decide(present, { isRoot: false })).toMatchObject({ args: [APP] });
    expect(decide(present, { isRoot: true, platform: 'darwin' })).toMatchObject({ args: [APP] });
  });
});

describe('installFailedNotice', () => {
  it('says why, what runs instead and how to retry, on one line', () => {
    const line = installFailedNotice(
      INSTALLER,
      'connect ECONNREFUSED 127.0.0.1:9',
      ['--port=4100'],
      {},
    );
    expect(line).toBe(
      `Electron 45.4.1 could not be downloaded from Electron's GitHub releases (connect ECONNREFUSED 127.0.0.1:9); starting headless mode instead (UI at http://127.0.0.1:4100/_simulator/). Retry with "npm run desktop:install" (ELECTRON_MIRROR and proxy settings apply), then "npm start".`,
    );
    expect(
      installFailedNotice(INSTALLER, 'x', [], { ELECTRON_MIRROR: 'https://mirror.example/e/' }),
    ).toContain('could not be downloaded from https://mirror.example/e/ (x)');
    expect(line).not.toContain('\n');
  });
});
