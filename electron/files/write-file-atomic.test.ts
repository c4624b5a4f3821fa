import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeAtomicWriteFs, writeFileAtomic, type AtomicWriteFs } from './write-file-atomic.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes a new file and replaces an existing one, leaving no temporary file', async () => {
    const target = join(dir, 'a.json');
    await writeFileAtomic(target, 'one');
    await writeFileAtomic(target, 'two');
    expect(await readFile(target, 'utf8')).toBe('two');
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('leaves the old content in place when the rename fails', async () => {
    const target = join(dir, 'a.json');
    await writeFile(target, 'old');
    const failing: AtomicWriteFs = {
      ...nodeAtomicWriteFs,
      rename: () => Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' })),
    };
    await expect(writeFileAtomic(target, 'new', failing)).rejects.toThrow('disk full');
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('leaves the old content in place when writing stops half way', async () => {
    const target = join(dir, 'a.json');
    await writeFile(target, 'old');
    const failing: AtomicWriteFs = {
      ...nodeAtomicWriteFs,
      async writeNewFile(path, data) {
        await writeFile(path, data.slice(0, 2));
        throw new Error('power cut');
      },
    };
    await expect(writeFileAtomic(target, 'new content', failing)).rejects.toThrow('power cut');
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('retries a rename the system refuses for a moment', async () => {
    const target = join(dir, 'a.json');
    let refusals = 2;
    const flaky: AtomicWriteFs = {
      ...nodeAtomicWriteFs,
      rename(from, to) {
        if (refusals-- > 0)
          return Promise.reject(Object.assign(new Error('busy'), { code: 'EBUSY' }));
        return nodeAtomicWriteFs.rename(from, to);
      },
    };
    await writeFileAtomic(target, 'ok', flaky);
    expect(await readFile(target, 'utf8')).toBe('ok');
  });

  it('fails when the folder does not exist', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'a.json'), 'x')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
