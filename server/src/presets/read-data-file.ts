import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
} from 'node:fs';
import { relative, isAbsolute } from 'node:path';

/** The most a data file (persona, scenario, plan, schema copy) may hold. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** A data file that cannot be read, with a message that names no byte of its contents. */
export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/** Whether `path` (resolved) lies inside `folder` (resolved). */
function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Reads a data file as UTF-8 text, safely whatever sits at that name: only a regular file is
 * read (a named pipe, a device or a socket is refused without blocking: it is opened
 * non-blocking and checked once open), never more than MAX_FILE_BYTES, and, when `folder` is
 * given, a link is followed only to a file inside that folder. Missing files throw ENOENT as
 * fs does; every other refusal is a DataFileError.
 */
export function readDataFile(file: string, folder?: string): string {
  if (folder !== undefined && lstatSync(file).isSymbolicLink()) {
    let target: string;
    let root: string;
    try {
      target = realpathSync(file);
      root = realpathSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new DataFileError('is a link to nothing');
      throw error;
    }
    if (!inside(root, target)) throw new DataFileError('is a link to outside the data folder');
  }
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new DataFileError('is a folder, not a file');
    if (!stat.isFile())
      throw new DataFileError('is not a regular file (a pipe, device or socket); it was not read');
    if (stat.size > MAX_FILE_BYTES) throw tooLarge();
    // Read at most one byte past the cap: a file that grows while read is still bounded.
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_FILE_BYTES) + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buffer.length) {
        if (length > MAX_FILE_BYTES) throw tooLarge();
        break;
      }
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const tooLarge = () => new DataFileError(`is larger than ${MAX_FILE_BYTES / 1024} KiB`);

/**
 * Why a data file could not be used, in words that never quote the file (JSON.parse messages
 * show its first bytes, which may be anything a link pointed at): the position of a JSON error,
 * the rule a refusal broke, or the kind of system error.
 */
export function dataFileProblem(error: unknown): string {
  if (error instanceof SyntaxError) {
    const at = /at position \d+(?: \(line \d+ column \d+\))?/.exec(error.message);
    return `is not valid JSON${at ? ` (${at[0]})` : ''}`;
  }
  if (error instanceof DataFileError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'EISDIR') return 'is a folder, not a file';
  if (code === 'ELOOP') return 'is a link that loops';
  return code ? `cannot be read (${code})` : 'cannot be read';
}
