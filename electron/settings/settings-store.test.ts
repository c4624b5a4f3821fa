import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeAtomicWriteFs, type AtomicWriteFs } from '../files/write-file-atomic.js';
import { defaultSettings } from './desktop-settings.js';
import {
  createSettingsStore,
  DAMAGED_SETTINGS_FILE_NAME,
  SETTINGS_FILE_NAME,
} from './settings-store.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'settings-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8'));

describe('createSettingsStore', () => {
  it('gives the defaults when there is no file yet, without writing one', async () => {
    const store = createSettingsStore(root);
    expect(await store.load()).toEqual({ settings: defaultSettings(), warnings: [] });
    expect(await readdir(root)).toEqual([]);
    expect(store.path).toBe(join(root, SETTINGS_FILE_NAME));
  });

  it('creates a missing folder on the first write', async () => {
    const dir = join(root, 'nested', 'Identity Simulator');
    const store = createSettingsStore(dir);
    await store.load();
    await store.update({ port: 4000 });
    expect(await readJson(join(dir, SETTINGS_FILE_NAME))).toMatchObject({ port: 4000 });
  });

  it('survives a restart: what was written is read back', async () => {
    const first = createSettingsStore(root);
    await first.load();
    await first.update({ port: 4100, host: '0.0.0.0', theme: 'dark' });
    const second = createSettingsStore(root);
    const { settings, warnings } = await second.load();
    expect(warnings).toEqual([]);
    expect(settings).toMatchObject({ port: 4100, host: '0.0.0.0', theme: 'dark' });
  });

  it('keeps the configuration only while restoreOnStart is on', async () => {
    const store = createSettingsStore(root);
    await store.load();
    await store.update({
      restoreOnStart: true,
      lastConfiguration: { simulatorUrl: 'http://localhost:3000' },
    });
    expect((await createSettingsStore(root).load()).settings.lastConfiguration).toEqual({
      simulatorUrl: 'http://localhost:3000',
    });
    await store.update({ restoreOnStart: false });
    expect((await createSettingsStore(root).load()).settings.lastConfiguration).toBeNull();
    await store.update({ lastConfiguration: { a: 1 } });
    expect(store.get().lastConfiguration).toBeNull();
  });

  it('reports a damaged file, keeps a copy of it and goes back to defaults', async () => {
    await writeFile(join(root, SETTINGS_FILE_NAME), '{"port": 4000,');
    const store = createSettingsStore(root);
    const { settings, warnings } = await store.load();
    expect(settings).toEqual(defaultSettings());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('was damaged (not valid JSON)');
    expect(warnings[0]).toContain(DAMAGED_SETTINGS_FILE_NAME);
    expect(await readFile(join(root, DAMAGED_SETTINGS_FILE_NAME), 'utf8')).toBe('{"port": 4000,');
    expect(await readJson(join(root, SETTINGS_FILE_NAME))).toEqual(defaultSettings());
  });

  it('reads a file with a byte order mark', async () => {
    await writeFile(join(root, SETTINGS_FILE_NAME), '\uFEFF{"port": 4200}');
    expect((await createSettingsStore(root).load()).settings.port).toBe(4200);
  });

  it('replaces only the fields of the wrong type, and rewrites the file clean', async () => {
    await writeFile(
      join(root, SETTINGS_FILE_NAME),
      JSON.stringify({ port: 'three thousand', theme: 'dark', restoreOnStart: 1 }),
    );
    const { settings, warnings } = await createSettingsStore(root).load();
    expect(settings).toMatchObject({ port: 3000, theme: 'dark', restoreOnStart: false });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/"port" must be a whole number/);
    expect(await readJson(join(root, SETTINGS_FILE_NAME))).toMatchObject({
      port: 3000,
      theme: 'dark',
    });
  });

  it('treats a JSON value that is not an object as damaged settings', async () => {
    await writeFile(join(root, SETTINGS_FILE_NAME), '[1,2,3]');
    const { settings, warnings } = await createSettingsStore(root).load();
    expect(settings).toEqual(defaultSettings());
    expect(warnings[0]).toMatch(/not a JSON object/);
  });

  it('reports a settings path it cannot read instead of failing', async () => {
    await mkdir(join(root, SETTINGS_FILE_NAME));
    const { settings, warnings } = await createSettingsStore(root).load();
    expect(settings).toEqual(defaultSettings());
    expect(warnings[0]).toMatch(/could not be read \(EISDIR\)/);
  });

  it('writes atomically: a failed write leaves the previous file whole', async () => {
    const good = createSettingsStore(root);
    await good.load();
    await good.update({ port: 4300 });
    const failing: AtomicWriteFs = {
      ...nodeAtomicWriteFs,
      rename: () => Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' })),
    };
    const store = createSettingsStore(root, failing);
    await store.load();
    await expect(store.update({ port: 4400 })).rejects.toThrow('no space');
    expect(await readJson(join(root, SETTINGS_FILE_NAME))).toMatchObject({ port: 4300 });
    expect(await readdir(root)).toEqual([SETTINGS_FILE_NAME]);
  });

  it('keeps the last of several quick updates', async () => {
    const store = createSettingsStore(root);
    await store.load();
    await Promise.all([
      store.update({ port: 5001 }),
      store.update({ port: 5002 }),
      store.update({ theme: 'light' }),
    ]);
    expect(await readJson(join(root, SETTINGS_FILE_NAME))).toMatchObject({
      port: 5002,
      theme: 'light',
    });
  });
});
