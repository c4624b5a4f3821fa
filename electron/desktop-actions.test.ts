import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyMaterial } from '../server/src/index.js';
import type { DesktopTheme } from './bridge.js';
import { createDesktopActions, type DesktopActions, type DesktopShell } from './desktop-actions.js';
import {
  createProviderHost,
  type ProviderHost,
  type ProviderStatus,
} from './host/provider-host.js';
import { createSettingsStore, type SettingsStore } from './settings/settings-store.js';

interface FakeShell extends DesktopShell {
  savePath: string | null;
  openPath: string | null;
  errors: string[];
  infos: string[];
  opened: string[];
  themes: DesktopTheme[];
  shown: ProviderStatus[];
}

function fakeShell(): FakeShell {
  const shell: FakeShell = {
    savePath: null,
    openPath: null,
    errors: [],
    infos: [],
    opened: [],
    themes: [],
    shown: [],
    chooseSavePath: async () => shell.savePath,
    chooseOpenPath: async () => shell.openPath,
    showError: async (title, message) => void shell.errors.push(`${title}: ${message}`),
    showInfo: async (title) => void shell.infos.push(title),
    openFolder: async (path) => void shell.opened.push(path),
    applyTheme: (theme) => void shell.themes.push(theme),
    showUi: (status) => void shell.shown.push(status),
    log: () => undefined,
  };
  return shell;
}

let dir: string;
let host: ProviderHost;
let settings: SettingsStore;
let shell: FakeShell;
let actions: DesktopActions;
let baseUrl: string;
const blockers: Server[] = [];
// One key set for the whole file: generating keys is the slow part of starting a provider.
const keys = generateKeyMaterial();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'actions-'));
  settings = createSettingsStore(join(dir, 'userData'));
  await settings.load();
  host = createProviderHost({ version: '1.2.3', configPort: 3000, keys });
  const started = await host.listen(0, '127.0.0.1');
  if (!started.ok) throw new Error('provider did not start');
  baseUrl = started.value.baseUrl;
  shell = fakeShell();
  actions = createDesktopActions({
    host,
    settings,
    version: '1.2.3',
    warnings: () => ['w1'],
    shell,
  });
});

afterEach(async () => {
  await host.stop();
  await Promise.all(blockers.splice(0).map((s) => new Promise((r) => s.close(r))));
  await rm(dir, { recursive: true, force: true });
});

const getConfig = async () =>
  (await (await fetch(`${baseUrl}/config`)).json()) as Record<string, unknown>;

describe('getInfo', () => {
  it('describes the running provider and the settings', async () => {
    const info = await actions.getInfo();
    expect(info).toEqual({
      port: host.status().port,
      host: '127.0.0.1',
      url: baseUrl,
      running: true,
      version: '1.2.3',
      settingsPath: settings.path,
      dataFolder: settings.dir,
      theme: 'system',
      restoreOnStart: false,
      warnings: ['w1'],
    });
  });
});

describe('setPort', () => {
  it('moves the provider, remembers the port and shows the UI at its new address', async () => {
    const r = await actions.setPort(0);
    if (!r.ok) throw new Error(r.message);
    expect(r.url).toBe(`http://127.0.0.1:${r.port}`);
    expect(r.url).not.toBe(baseUrl);
    expect(settings.get()).toMatchObject({ port: r.port, host: '127.0.0.1' });
    expect(shell.shown.map((s) => s.uiUrl)).toEqual([`${r.url}/_simulator/`]);
  });

  it('says clearly that a port is in use, and changes nothing', async () => {
    const taken = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        blockers.push(s);
        const a = s.address();
        resolve(typeof a === 'object' && a ? a.port : -1);
      });
    });
    const r = await actions.setPort(taken);
    expect(r).toEqual({
      ok: false,
      code: 'PORT_IN_USE',
      message: `Port ${taken} on 127.0.0.1 is already in use by another program. Choose another port, or stop the program that uses it.`,
    });
    expect(settings.get().port).toBe(3000);
    expect(shell.shown).toEqual([]);
    expect(host.status().baseUrl).toBe(baseUrl);
  });

  it.each([[['3000']], [[99999]], [[]], [[3000, 'evil.example']]])(
    'refuses the arguments %j',
    async (args) => {
      const r = await actions.setPort(...args);
      expect(r.ok).toBe(false);
      expect(host.status().baseUrl).toBe(baseUrl);
    },
  );
});

describe('exportConfig', () => {
  it('writes the given configuration where the user chose', async () => {
    shell.savePath = join(dir, 'out.json');
    expect(await actions.exportConfig('{"interactiveMode":true}')).toEqual({
      ok: true,
      path: shell.savePath,
    });
    expect(await readFile(shell.savePath, 'utf8')).toBe('{\n  "interactiveMode": true\n}\n');
  });

  it('reports a cancelled dialog, bad JSON and a failed write', async () => {
    expect(await actions.exportConfig('{}')).toMatchObject({ ok: false, code: 'CANCELLED' });
    expect(await actions.exportConfig('{oops')).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
    });
    expect(await actions.exportConfig(42)).toMatchObject({ ok: false, code: 'INVALID_ARGUMENT' });
    shell.savePath = join(dir, 'missing-folder', 'out.json');
    expect(await actions.exportConfig('{}')).toMatchObject({
      ok: false,
      code: 'WRITE_FAILED',
      message: expect.stringContaining('ENOENT'),
    });
  });
});

describe('importConfig', () => {
  it('gives the chosen file as JSON text', async () => {
    shell.openPath = join(dir, 'in.json');
    await writeFile(shell.openPath, '{"interactiveMode":true}');
    expect(await actions.importConfig()).toBe('{\n  "interactiveMode": true\n}\n');
  });

  it('gives null when cancelled', async () => {
    expect(await actions.importConfig()).toBeNull();
    expect(shell.errors).toEqual([]);
  });

  it('gives null and tells the user when the file is not a configuration', async () => {
    shell.openPath = join(dir, 'in.json');
    await writeFile(shell.openPath, 'not json');
    expect(await actions.importConfig()).toBeNull();
    expect(shell.errors[0]).toMatch(/could not be imported: .*not valid JSON/);
  });
});

describe('revealDataFolder', () => {
  it('opens the folder of the settings file', async () => {
    await actions.revealDataFolder();
    expect(shell.opened).toEqual([settings.dir]);
  });
});

describe('setPreferences', () => {
  it('applies and saves the theme', async () => {
    expect(await actions.setPreferences({ theme: 'dark' })).toEqual({
      ok: true,
      preferences: { theme: 'dark', restoreOnStart: false },
    });
    expect(shell.themes).toEqual(['dark']);
    expect((await createSettingsStore(settings.dir).load()).settings.theme).toBe('dark');
  });

  it('keeps the current configuration when restoreOnStart is switched on, and drops it when off', async () => {
    await actions.setPreferences({ restoreOnStart: true });
    expect(settings.get().lastConfiguration).toMatchObject({
      simulatorUrl: host.config().simulatorUrl,
    });
    await actions.setPreferences({ restoreOnStart: false });
    expect(settings.get().lastConfiguration).toBeNull();
  });

  it.each([[[{ theme: 'neon' }]], [[{ restoreOnStart: 1 }]], [['dark']], [[]]])(
    'refuses %j',
    async (args) => {
      expect(await actions.setPreferences(...args)).toMatchObject({
        ok: false,
        code: 'INVALID_ARGUMENT',
      });
      expect(shell.themes).toEqual([]);
    },
  );
});

describe('menu import and export', () => {
  it('exports GET /config to the chosen file', async () => {
    shell.savePath = join(dir, 'exported.json');
    await actions.exportFromMenu();
    expect(JSON.parse(await readFile(shell.savePath, 'utf8'))).toEqual(await getConfig());
    expect(shell.errors).toEqual([]);
  });

  it('imports a file through POST /config', async () => {
    shell.openPath = join(dir, 'in.json');
    await writeFile(
      shell.openPath,
      JSON.stringify({ responseConfiguration: { email: 'imported@example.com' } }),
    );
    await actions.importFromMenu();
    expect(shell.errors).toEqual([]);
    expect(shell.infos).toEqual(['Configuration imported']);
    expect((await getConfig()).responseConfiguration).toMatchObject({
      email: 'imported@example.com',
    });
  });

  it('shows what the provider refused and applies nothing', async () => {
    shell.openPath = join(dir, 'in.json');
    await writeFile(
      shell.openPath,
      JSON.stringify({ responseConfiguration: { emailVerified: 'perhaps' } }),
    );
    const before = await getConfig();
    await actions.importFromMenu();
    expect(shell.errors).toHaveLength(1);
    expect(shell.errors[0]).toMatch(/refused the configuration \(400\)/);
    expect(await getConfig()).toEqual(before);
  });

  it('says so when the provider is not running', async () => {
    await host.stop();
    await actions.exportFromMenu();
    await actions.importFromMenu();
    expect(shell.errors).toEqual([
      'The configuration could not be exported: The simulator is not running.',
      'The configuration could not be imported: The simulator is not running.',
    ]);
  });
});
