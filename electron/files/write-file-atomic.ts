import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file operations an atomic write needs (replaceable in tests). */
export interface AtomicWriteFs {
  /** Creates a new file, writes `data` and flushes it to disk. */
  writeNewFile(path: string, data: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export const nodeAtomicWriteFs: AtomicWriteFs = {
  async writeNewFile(path, data) {
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => rename(from, to),
  remove: (path) => rm(path, { force: true }),
};

/** Windows refuses a rename while another program (a virus scanner, say) holds the file open. */
const RETRYABLE = new Set(['EPERM', 'EACCES', 'EBUSY']);

/**
 * Writes a file so that readers see either the old content or the new, never a half-written
 * file: the data goes to a temporary file in the same folder, then replaces the target in one
 * rename. The temporary file is removed when anything fails.
 */
export async function writeFileAtomic(
  path: string,
  data: string,
  fs: AtomicWriteFs = nodeAtomicWriteFs,
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.tmp`);
  try {
    await fs.writeNewFile(temp, data);
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.rename(temp, path);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (attempt >= 4 || !RETRYABLE.has(code)) throw error;
        await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
      }
    }
  } catch (error) {
    await fs.remove(temp).catch(() => undefined);
    throw error;
  }
}
