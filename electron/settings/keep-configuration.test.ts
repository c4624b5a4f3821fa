import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepConfiguration } from './keep-configuration.js';
import { createSettingsStore, type SettingsStore } from './settings-store.js';

let dir: string;
let store: SettingsStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keep-'));
  store = createSettingsStore(dir);
  await store.load();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const onDisk = async () =>
  JSON.parse(await readFile(store.path, 'utf8')) as { lastConfiguration: unknown };

describe('keepConfiguration', () => {
  it('saves the last of a burst of changes once, after a pause', async () => {
    await store.update({ restoreOnStart: true });
    const update = vi.spyOn(store, 'update');
    const keeper = keepConfiguration(store, () => undefined, 20);
    keeper.changed({ n: 1 });
    keeper.changed({ n: 2 });
    await vi.waitFor(async () => expect((await onDisk()).lastConfiguration).toEqual({ n: 2 }));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('saves a pending change at once on flush', async () => {
    await store.update({ restoreOnStart: true });
    const keeper = keepConfiguration(store, () => undefined, 60_000);
    keeper.changed({ n: 3 });
    await keeper.flush();
    expect((await onDisk()).lastConfiguration).toEqual({ n: 3 });
  });

  it('saves nothing while restoreOnStart is off', async () => {
    await store.update({ port: 3100 });
    const keeper = keepConfiguration(store, () => undefined, 1);
    keeper.changed({ n: 4 });
    await keeper.flush();
    expect((await onDisk()).lastConfiguration).toBeNull();
  });

  it('reports a failed write instead of throwing', async () => {
    await store.update({ restoreOnStart: true });
    vi.spyOn(store, 'update').mockRejectedValue(new Error('read-only disk'));
    const errors: string[] = [];
    const keeper = keepConfiguration(store, (m) => errors.push(m), 60_000);
    keeper.changed({ n: 5 });
    await keeper.flush();
    expect(errors).toEqual([
      'The configuration could not be saved for the next start (read-only disk).',
    ]);
  });
});
