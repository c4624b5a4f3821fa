import { isAbsolute, join } from 'node:path';

/** File checks the lookup needs (the real file system, or a fake in tests). */
export interface BinaryProbe {
  /** The file's text, or undefined when it cannot be read. */
  readText(path: string): string | undefined;
  isFile(path: string): boolean;
}

export type BinaryLookup = { found: true; path: string } | { found: false; reason: string };

/**
 * Finds the Electron executable the way the electron package does (path.txt names it inside the
 * package's dist/ folder), but only looks: unlike `require('electron')`, it never starts a
 * download when the binary is missing.
 */
export function findElectronBinary(
  electronDir: string | undefined,
  probe: BinaryProbe,
  overrideDistPath?: string,
): BinaryLookup {
  if (electronDir === undefined)
    return { found: false, reason: 'the electron package is not installed' };
  const relative = probe.readText(join(electronDir, 'path.txt'))?.trim();
  if (overrideDistPath) {
    const path = join(overrideDistPath, relative || 'electron');
    return probe.isFile(path)
      ? { found: true, path }
      : {
          found: false,
          reason: `ELECTRON_OVERRIDE_DIST_PATH points to ${path}, which does not exist`,
        };
  }
  if (relative === undefined || relative === '') {
    return {
      found: false,
      reason:
        'the Electron binary was never downloaded (node_modules/electron/path.txt is missing)',
    };
  }
  if (isAbsolute(relative) || relative.split(/[\\/]/).includes('..')) {
    return {
      found: false,
      reason: 'node_modules/electron/path.txt does not name a file inside the package',
    };
  }
  const path = join(electronDir, 'dist', relative);
  return probe.isFile(path)
    ? { found: true, path }
    : { found: false, reason: `the Electron binary ${path} is missing` };
}
