import { readFile, stat } from 'node:fs/promises';
import { err, type Result } from '../../server/src/shared/result.js';
import { MAX_CONFIG_JSON_BYTES, parseConfigJson } from './parse-config-json.js';

/** Reads a configuration file chosen by the user: a JSON object of at most 1 MB. */
export async function readConfigFile(path: string): Promise<Result<string, string>> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return err(`${path} is not a file.`);
    if (info.size > MAX_CONFIG_JSON_BYTES) {
      return err(
        `${path} is too large for a configuration file (at most ${MAX_CONFIG_JSON_BYTES / 1000} kB).`,
      );
    }
    const parsed = parseConfigJson(await readFile(path, 'utf8'));
    return parsed.ok ? parsed : err(`${path}: ${parsed.error}`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return err(`${path} could not be read (${code}).`);
  }
}
