import { join } from 'node:path';
import type { BinaryProbe } from './find-electron-binary.js';

/** The electron package's own installer (install.js) and the version it fetches. */
export interface ElectronInstaller {
  script: string;
  version: string;
}

/**
 * Finds `install.js` in the installed electron package. Running it (rather than fetching the
 * binary ourselves) keeps ELECTRON_MIRROR, electron_config_cache, electron_use_remote_checksums,
 * proxies and checksum verification exactly as Electron documents them.
 */
export function findElectronInstaller(
  electronDir: string | undefined,
  probe: BinaryProbe,
): ElectronInstaller | undefined {
  if (electronDir === undefined) return undefined;
  const script = join(electronDir, 'install.js');
  if (!probe.isFile(script)) return undefined;
  let version: unknown;
  try {
    version = (
      JSON.parse(probe.readText(join(electronDir, 'package.json')) ?? 'null') as {
        version?: unknown;
      } | null
    )?.version;
  } catch {
    return undefined;
  }
  return typeof version === 'string' && version !== '' ? { script, version } : undefined;
}

/**
 * The one-line reason an installer run failed, from what it wrote to stderr (its first line that
 * is not a stack frame), or from its exit.
 */
export function installerFailureReason(
  stderr: string,
  code: number | null,
  signal: string | null,
): string {
  const line = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('at '));
  const exit = signal ? `the installer stopped on ${signal}` : `the installer exited with ${code}`;
  if (line === undefined) return exit;
  const short = line.length > 240 ? `${line.slice(0, 237)}...` : line;
  return `${short}; ${exit}`;
}
