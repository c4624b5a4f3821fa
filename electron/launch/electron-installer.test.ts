import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronInstaller, installerFailureReason } from './electron-installer.js';
import type { BinaryProbe } from './find-electron-binary.js';

const DIR = join('/app', 'node_modules', 'electron');
const fakeFs = (files: Record<string, string>): BinaryProbe => ({
  readText: (p) => files[p],
  isFile: (p) => p in files,
});

describe('findElectronInstaller', () => {
  it('finds install.js and the version it fetches', () => {
    const files = {
      [join(DIR, 'install.js')]: '',
      [join(DIR, 'package.json')]: '{"name":"electron","version":"45.4.1"}',
    };
    expect(findElectronInstaller(DIR, fakeFs(files))).toEqual({
      script: join(DIR, 'install.js'),
      version: '45.4.1',
    });
  });

  it('has none without the package, its install.js or a readable version', () => {
    expect(findElectronInstaller(undefined, fakeFs({}))).toBeUndefined();
    expect(
      findElectronInstaller(DIR, fakeFs({ [join(DIR, 'package.json')]: '{"version":"45.4.1"}' })),
    ).toBeUndefined();
    for (const pkg of ['not json', '{"version":45}', '{"version":""}', 'null', '[]']) {
      const files = { [join(DIR, 'install.js')]: '', [join(DIR, 'package.json')]: pkg };
      expect(findElectronInstaller(DIR, fakeFs(files))).toBeUndefined();
    }
  });
});

describe('installerFailureReason', () => {
  it('keeps the first line of the error, not its stack', () => {
    const stderr =
      'RequestError: connect ECONNREFUSED 127.0.0.1:9\n    at ClientRequest.<anonymous> (x.js:1:1)\n    at more\n';
    expect(installerFailureReason(stderr, 1, null)).toBe(
      'RequestError: connect ECONNREFUSED 127.0.0.1:9; the installer exited with 1',
    );
  });

  it('says how the installer ended when it wrote nothing, and shortens long lines', () => {
    expect(installerFailureReason('', 1, null)).toBe('the installer exited with 1');
    expect(installerFailureReason('\n\n', null, 'SIGKILL')).toBe(
      'the installer stopped on SIGKILL',
    );
    const long = installerFailureReason('x'.repeat(500), 1, null);
    expect(long.length).toBeLessThan(300);
    expect(long).toMatch(/\.\.\.; the installer exited with 1$/);
  });
});
