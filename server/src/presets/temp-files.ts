import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * The temporary file an atomic save writes before renaming it over its target:
 * `.<name>.<pid>.<12 hex digits>.tmp`, hidden and in the target's own folder.
 */
export function tempFileFor(file: string): string {
  return join(
    dirname(file),
    `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
}

/** Matches the names tempFileFor makes, and nothing else. */
export const TEMP_FILE_NAME = /^\.[^/\\]+\.\d{1,10}\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temporary files a save cut short (kill -9 between write and rename) left in a data
 * folder and its folders one level down (personas, scenarios, plans, schemas). Called by the one
 * simulator that has just taken the folder's lock, so no save of another is under way. Only
 * regular files named as tempFileFor names them are removed; links are not followed. Answers
 * how many were removed.
 */
export function removeLeftoverTempFiles(dataDir: string): number {
  let removed = 0;
  const sweep = (dir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let isFile = false;
      let isDir = false;
      try {
        const stats = lstatSync(path);
        isFile = stats.isFile();
        isDir = stats.isDirectory();
      } catch {
        continue;
      }
      if (isDir && depth === 0 && !name.startsWith('.')) sweep(path, 1);
      else if (isFile && TEMP_FILE_NAME.test(name)) {
        try {
          unlinkSync(path);
          removed++;
        } catch {
          // Read-only or gone: the next start tries again.
        }
      }
    }
  };
  sweep(dataDir, 0);
  return removed;
}
