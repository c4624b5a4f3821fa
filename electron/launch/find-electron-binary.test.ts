import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary, type BinaryProbe } from './find-electron-binary.js';

const DIR = join('/app', 'node_modules', 'electron');

/** A file system holding exactly the given files. */
const fakeFs = (files: Record<string, string>): BinaryProbe => ({
  readText: (p) => files[p],
  isFile: (p) => p in files,
});

describe('findElectronBinary', () => {
  it('finds the binary path.txt names inside dist/', () => {
    const binary = join(DIR, 'dist', 'electron');
    const probe = fakeFs({ [join(DIR, 'path.txt')]: 'electron', [binary]: '' });
    expect(findElectronBinary(DIR, probe)).toEqual({ found: true, path: binary });
  });

  it('finds the macOS app bundle binary', () => {
    const binary = join(DIR, 'dist', 'Electron.app/Contents/MacOS/Electron');
    const probe = fakeFs({
      [join(DIR, 'path.txt')]: 'Electron.app/Contents/MacOS/Electron',
      [binary]: '',
    });
    expect(findElectronBinary(DIR, probe)).toEqual({ found: true, path: binary });
  });

  it('reports a missing path.txt (download never ran) without downloading', () => {
    expect(findElectronBinary(DIR, fakeFs({}))).toEqual({
      found: false,
      reason:
        'the Electron binary was never downloaded (node_modules/electron/path.txt is missing)',
    });
  });

  it('reports a path.txt that points to a file that is not there', () => {
    const probe = fakeFs({ [join(DIR, 'path.txt')]: 'electron' });
    expect(findElectronBinary(DIR, probe)).toEqual({
      found: false,
      reason: `the Electron binary ${join(DIR, 'dist', 'electron')} is missing`,
    });
  });

  it('refuses a path.txt that leaves the package', () => {
    for (const text of ['../../evil', '/usr/bin/evil']) {
      const probe = fakeFs({ [join(DIR, 'path.txt')]: text, '/usr/bin/evil': '' });
      expect(findElectronBinary(DIR, probe)).toMatchObject({ found: false });
    }
  });

  it('reports a missing electron package', () => {
    expect(findElectronBinary(undefined, fakeFs({}))).toEqual({
      found: false,
      reason: 'the electron package is not installed',
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package', () => {
    const binary = join('/opt/electron', 'electron');
    expect(findElectronBinary(DIR, fakeFs({ [binary]: '' }), '/opt/electron')).toEqual({
      found: true,
      path: binary,
    });
    expect(findElectronBinary(DIR, fakeFs({}), '/opt/electron')).toMatchObject({ found: false });
  });
});
