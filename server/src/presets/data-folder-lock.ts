import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { err, ok, type Result } from '../errors/result.js';

/** The lock file a simulator holds in its data folder while it runs. */
export const LOCK_FILE = '.identity-simulator.lock';

/** Whether a process with this id runs (one of another user's counts too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An empty lock file this recent is one another starter has created and not yet written its
 * process id into: taking it over then would leave two simulators each sure it holds the folder.
 */
export const LOCK_WRITE_GRACE_MS = 2000;

function beingWritten(file: string): boolean {
  try {
    const { size, mtimeMs } = statSync(file);
    return size === 0 && Math.abs(Date.now() - mtimeMs) < LOCK_WRITE_GRACE_MS;
  } catch {
    return false;
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data folder for this process: `<dir>/.identity-simulator.lock`, created exclusively,
 * holds its process id. Two simulators on one folder would overwrite each other's files (each
 * checks a name is free, then writes), so a second one is refused with a line naming the folder
 * and the process that holds it. A lock left by a process that no longer runs is taken over (an
 * empty one only once it is LOCK_WRITE_GRACE_MS old: until then its starter is writing it).
 * Returns the function that releases it.
 */
export function lockDataFolder(
  dir: string,
  pid = process.pid,
  /** How this host is given another folder, for the refusal line. */
  anotherFolder = 'give another --data-dir',
): Result<() => void, string> {
  const file = join(dir, LOCK_FILE);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    return err(
      `the data folder ${dir} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      return ok(() => {
        if (holderOf(file) === pid) unlinkSync(file);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST')
        return err(`the data folder ${dir} cannot be locked (${code ?? 'error'}): is it writable?`);
    }
    const holder = holderOf(file);
    if (holder !== undefined && holder !== pid && isRunning(holder))
      return err(
        `the data folder ${dir} is in use by another simulator (process ${holder}); stop it or ${anotherFolder} (two simulators on one folder would overwrite each other's files)`,
      );
    if (holder === undefined && beingWritten(file)) break;
    // Left by a process that has gone (or by this one): take it over.
    try {
      unlinkSync(file);
    } catch {
      // Another starter removed it first: the next attempt decides.
    }
  }
  return err(
    `the data folder ${dir} is being taken by another simulator starting at the same time`,
  );
}
