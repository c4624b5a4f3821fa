/** A write that fails at the last step (the rename) leaves the saved file as it was. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const failRename = { on: false };
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return {
    ...real,
    renameSync: (from: string, to: string) => {
      if (failRename.on) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      real.renameSync(from, to);
    },
  };
});

const { PresetStore } = await import('./preset-store.js');
const { toPersona } = await import('./resolve-preset.js');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'presets-fail-'));
  failRename.on = false;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const persona = (name: string) =>
  toPersona({ name, responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:x' } }, 'pat');

describe('atomic writes', () => {
  it('keep the previous content and remove the temporary file when the rename fails', () => {
    const store = new PresetStore(dir);
    store.savePersona(persona('Kept'));
    failRename.on = true;
    expect(() => store.savePersona(persona('Lost'))).toThrow('EIO');
    expect(store.lookupPersona('pat')?.name).toBe('Kept');
    expect(readdirSync(join(dir, 'personas'))).toEqual(['pat.json']);
  });
});
