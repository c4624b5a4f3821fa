import { join } from 'node:path';
import { keyFileText, parseKeyFile } from '../keys/key-file.js';
import { generateKeyMaterial, type KeyMaterial } from '../keys/key-store.js';
import { writeFileAtomic } from '../presets/preset-store.js';
import { DataFileError, readDataFile } from '../presets/read-data-file.js';

/**
 * The signing keys kept in the data folder: <data-dir>/keys/simulator.json for the root
 * simulator, <data-dir>/keys/sim-<name>.json for a named one (kept when it is deleted, so the
 * name gets its keys back). Read at the first need; made and written when missing. A file that
 * cannot be used (not JSON, a wrong key, a link out of the folder, too large) is replaced by new
 * keys, and `warn` says so; a folder that cannot be written keeps the new keys in memory only.
 * Nothing here throws.
 */

export function keyFileOf(dataDir: string, name?: string): string {
  return join(dataDir, 'keys', name === undefined ? 'simulator.json' : `sim-${name}.json`);
}

const reasonOf = (error: unknown): string =>
  error instanceof DataFileError
    ? error.message
    : typeof (error as { code?: unknown }).code === 'string'
      ? String((error as { code: string }).code)
      : 'cannot be read';

export async function loadOrCreateKeys(
  dataDir: string,
  name: string | undefined,
  warn: (message: string) => void,
): Promise<KeyMaterial> {
  const file = keyFileOf(dataDir, name);
  let problem: string | undefined;
  try {
    const read = parseKeyFile(readDataFile(file, dataDir));
    if (read.ok) return read.value;
    problem = read.error;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') problem = reasonOf(error);
  }
  const keys = await generateKeyMaterial();
  try {
    writeFileAtomic(file, keyFileText(keys), 0o600);
    if (problem)
      warn(
        `${file} ${problem}: it was replaced by new signing keys (relying parties that cached the old keys fetch the key set and DID document again)`,
      );
  } catch (error) {
    warn(
      `${file}${problem ? ` ${problem}, and it` : ''} could not be written (${reasonOf(error)}): the signing keys are new at every start until it can be`,
    );
  }
  return keys;
}
