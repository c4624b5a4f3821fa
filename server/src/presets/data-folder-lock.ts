import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  readSync,
  renameSync,
  unlinkSync,
  utimesSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { err, ok, type Result } from '../shared/result.js';
import { removeLeftoverTempFiles } from './temp-files.js';

/** The lock file a simulator holds in its data folder while it runs. */
export const LOCK_FILE = '.identity-simulator.lock';

/**
 * An empty lock file this recent is one another starter has created and not yet written into:
 * taking it over then would leave two simulators each sure it holds the folder.
 */
export const LOCK_WRITE_GRACE_MS = 2000;
/** How often the holder touches its lock file, to show it still runs. */
export const LOCK_HEARTBEAT_MS = 10_000;
/**
 * A lock written in another container or on another machine (whose process this one cannot see)
 * is held while it was touched this recently; older, its holder has gone and it is taken over.
 */
export const LOCK_STALE_MS = 30_000;
/**
 * Open flags Windows does not have (its named pipes and links are not files there anyway): 0,
 * so the other flags stay a valid number.
 */
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** The largest lock file read: a simulator writes about 200 bytes. */
export const MAX_LOCK_BYTES = 4096;

/**
 * Who holds the lock. The process id alone cannot say: two containers on one volume each run
 * their simulator as process 1, and a process id is reused once its process has gone.
 */
export interface LockHolder {
  pid: number;
  /** The machine's (or container's) host name. */
  host: string;
  /** The kernel's boot id (Linux), so a reboot's process ids are not taken for this boot's. */
  boot: string;
  /** The process-id namespace (Linux: /proc/self/ns/pid): a container's own numbering. */
  pidns: string;
  /** The process's start time in clock ticks since boot (Linux), telling a reused id apart. */
  start: string;
  /** Random, per start: the holder recognises its own lock, nobody else's. */
  token: string;
}

const readText = (path: string): string => {
  try {
    const fd = openSync(path, constants.O_RDONLY | NONBLOCK);
    try {
      const buffer = Buffer.alloc(4096);
      const n = readSync(fd, buffer, 0, buffer.length, null);
      return buffer.subarray(0, n).toString('utf8').trim();
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
};

const readLink = (path: string): string => {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
};

/** A process's start time since boot (field 22 of /proc/<pid>/stat), or '' where unknown. */
export function processStartTime(pid: number): string {
  const stat = readText(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? '';
}

/** This machine's identity parts, read once. */
const here = {
  host: hostname(),
  boot: readText('/proc/sys/kernel/random/boot_id'),
  pidns: readLink('/proc/self/ns/pid'),
};

/** Whether a process with this id runs (one of another user's counts too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type LockText =
  | { kind: 'missing' }
  | { kind: 'refused'; why: string }
  | { kind: 'text'; text: string; stats: Stats };

/** What a path that is no regular file is, in words. */
function describeKind(file: string, stats: Stats): string | undefined {
  if (stats.isSymbolicLink()) return `a link (to ${JSON.stringify(readLink(file))})`;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (!stats.isFile()) return 'not a regular file';
  return undefined;
}

/**
 * The lock file's text, read without ever waiting on it: looked at first (a link is not
 * followed), opened non-blocking and without following links, and read only when it is a
 * regular file of at most MAX_LOCK_BYTES. Anything else is refused with what it is.
 */
function readLockFile(file: string): LockText {
  let stats: Stats;
  try {
    stats = lstatSync(file);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? { kind: 'missing' }
      : { kind: 'refused', why: `cannot be read (${(error as NodeJS.ErrnoException).code})` };
  }
  const kind = describeKind(file, stats);
  if (kind) return { kind: 'refused', why: `is ${kind}, not a lock file a simulator wrote` };
  if (stats.size > MAX_LOCK_BYTES)
    return {
      kind: 'refused',
      why: `is larger than ${MAX_LOCK_BYTES} bytes, not a lock file a simulator wrote`,
    };
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NONBLOCK | NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'refused', why: `cannot be read (${code ?? 'error'})` };
  }
  try {
    // Checked again on what was opened: it may have been swapped since lstat.
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.size > MAX_LOCK_BYTES)
      return {
        kind: 'refused',
        why: 'changed while it was read; not a lock file a simulator wrote',
      };
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    const n = readSync(fd, buffer, 0, MAX_LOCK_BYTES, 0);
    return { kind: 'text', text: buffer.subarray(0, n).toString('utf8'), stats: opened };
  } finally {
    closeSync(fd);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The holder a lock's text names: JSON (this version), a bare process id (older ones), or none. */
function parseHolder(text: string): LockHolder | { pid: number; legacy: true } | undefined {
  const trimmed = text.trim();
  if (/^\d{1,10}$/.test(trimmed)) {
    const pid = Number(trimmed);
    return pid > 0 ? { pid, legacy: true } : undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const { pid, host, boot, pidns, start, token } = value;
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  if (![host, boot, pidns, start, token].every((v) => typeof v === 'string')) return undefined;
  return { pid, host, boot, pidns, start, token } as LockHolder;
}

/** The words naming a holder in a refusal. */
const describeHolder = (h: { pid: number; host?: string }): string =>
  h.host === undefined || h.host === here.host
    ? `process ${h.pid}`
    : `process ${h.pid} on host ${JSON.stringify(h.host)}`;

/**
 * Whether the holder a lock names still runs, as far as this process can tell:
 * - In this process-id namespace of this machine (same host name, boot and namespace): its
 *   process runs, and (where /proc tells) started when the lock says. A reused id, or this
 *   process's own id in a lock it did not write (another container's process 1 before a restart),
 *   is a holder that has gone.
 * - Elsewhere (another container on a shared volume, another machine): its process cannot be
 *   seen, so the lock holds while its holder touches it (every LOCK_HEARTBEAT_MS), and is taken
 *   over once untouched for LOCK_STALE_MS.
 */
function holderRuns(
  holder: LockHolder | { pid: number; legacy: true },
  stats: Stats,
  self: LockHolder,
): boolean {
  if ('legacy' in holder) return holder.pid !== self.pid && isRunning(holder.pid);
  const sameSpace =
    holder.host === here.host && holder.boot === here.boot && holder.pidns === here.pidns;
  if (!sameSpace) return Math.abs(Date.now() - stats.mtimeMs) < LOCK_STALE_MS;
  if (holder.token === self.token) return false;
  if (holder.pid === self.pid) return false;
  if (!isRunning(holder.pid)) return false;
  const start = processStartTime(holder.pid);
  if (start !== '' && holder.start !== '') return start === holder.start;
  // No /proc (macOS, Windows): the heartbeat tells a live holder from a reused id.
  return Math.abs(Date.now() - stats.mtimeMs) < LOCK_STALE_MS;
}

/**
 * Takes a stale lock out of the way, only if it is still the one judged stale: it is moved aside
 * under a name of this starter's own, then compared; one that changed meanwhile (another starter
 * took the folder first) is put back.
 */
function removeStale(file: string, judged: string, self: LockHolder): void {
  const aside = `${file}.${self.token}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // gone already: the next attempt decides
  }
  const moved = readLockFile(aside);
  if (moved.kind === 'text' && moved.text !== judged) {
    try {
      linkSync(aside, file); // fails if a newer one is already there: that one decides
    } catch {
      // the newer lock stays
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // nothing more to do
  }
}

/** The holder this process writes: its id, host, boot, namespace, start time and a random token. */
export function lockHolder(pid = process.pid): LockHolder {
  return {
    pid,
    host: here.host,
    boot: here.boot,
    pidns: here.pidns,
    start: processStartTime(pid),
    token: randomBytes(16).toString('hex'),
  };
}

/**
 * Takes the data folder for this process: `<dir>/.identity-simulator.lock`, created exclusively,
 * names its holder (see LockHolder) and is touched every LOCK_HEARTBEAT_MS while it is held. Two
 * simulators on one folder would overwrite each other's files (each checks a name is free, then
 * writes), so a second one is refused with a line naming the folder and the holder. A lock whose
 * holder has gone (see holderRuns) is taken over; an empty one only once it is LOCK_WRITE_GRACE_MS
 * old. A lock path that is not a small regular file is refused, never waited on, with what it is.
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
  const self = lockHolder(pid);
  const text = `${JSON.stringify(self)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(
        file,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW,
        0o644,
      );
      writeSync(fd, text);
      closeSync(fd);
      // The folder is this simulator's alone now: saves a kill -9 cut short left their temporary
      // files behind, which nobody else would ever remove.
      removeLeftoverTempFiles(dir);
      return ok(holdLock(file, text));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST')
        return err(`the data folder ${dir} cannot be locked (${code ?? 'error'}): is it writable?`);
    }
    const found = readLockFile(file);
    if (found.kind === 'missing') continue;
    if (found.kind === 'refused')
      return err(
        `the data folder ${dir} cannot be locked: its lock file ${file} ${found.why}; remove it and start again`,
      );
    const holder = parseHolder(found.text);
    if (holder !== undefined && holderRuns(holder, found.stats, self))
      return err(
        `the data folder ${dir} is in use by another simulator (${describeHolder(holder)}); stop it or ${anotherFolder} (two simulators on one folder would overwrite each other's files)`,
      );
    if (
      holder === undefined &&
      found.text.trim() === '' &&
      Math.abs(Date.now() - found.stats.mtimeMs) < LOCK_WRITE_GRACE_MS
    )
      break;
    // Left by a holder that has gone (or unreadable): take it over.
    removeStale(file, found.text, self);
  }
  return err(
    `the data folder ${dir} is being taken by another simulator starting at the same time`,
  );
}

/** Touches the lock while it is held; the returned function stops that and removes it. */
function holdLock(file: string, text: string): () => void {
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // A folder gone or read-only: the next start decides.
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    const found = readLockFile(file);
    if (found.kind === 'text' && found.text === text) unlinkSync(file);
  };
}
