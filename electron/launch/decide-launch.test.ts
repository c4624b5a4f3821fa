import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideLaunch, type LaunchInput } from './decide-launch.js';
import { findElectronBinary, type BinaryProbe } from './find-electron-binary.js';

const APP = '/app';
const DIR = join(APP, 'node_modules', 'electron');
const BINARY = join(DIR, 'dist', 'electron');

/** The launch decision with a fake file system behind the binary lookup. */
function decide(files: Record<string, string>, over: Partial<LaunchInput> = {}) {
  const probe: BinaryProbe = { readText: (p) => files[p], isFile: (p) => p in files };
  return decideLaunch({
    lookup: findElectronBinary(DIR, probe),
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
});
