import type {
  DesktopBridge,
  DesktopInfo,
  DesktopPreferences,
  DesktopTheme,
  ExportConfigResult,
  SetPortResult,
  SetPreferencesResult,
} from './bridge.js';
import { readConfigFile } from './files/read-config-file.js';
import { writeFileAtomic } from './files/write-file-atomic.js';
import { fetchConfigJson, postConfigJson } from './host/config-client.js';
import { describeHostFailure } from '../server/src/index.js';
import type { ProviderHost, ProviderStatus } from './host/provider-host.js';
import {
  parseExportConfigArgs,
  parsePreferencesArgs,
  parseSetPortArgs,
} from './ipc/parse-bridge-args.js';
import type { SettingsStore } from './settings/settings-store.js';

/** What the actions need from the desktop shell (Electron in the app, fakes in tests). */
export interface DesktopShell {
  /** Save dialog for a configuration file; null when cancelled. */
  chooseSavePath(): Promise<string | null>;
  /** Open dialog for a configuration file; null when cancelled. */
  chooseOpenPath(): Promise<string | null>;
  showError(title: string, message: string): Promise<void>;
  showInfo(title: string, message: string): Promise<void>;
  /** Opens a folder in the system file manager. */
  openFolder(path: string): Promise<void>;
  applyTheme(theme: DesktopTheme): void;
  /** The provider moved or started: show its UI. */
  showUi(status: ProviderStatus): void;
  log(message: string): void;
}

export interface DesktopActionDeps {
  host: Pick<ProviderHost, 'listen' | 'status' | 'config'>;
  settings: Pick<SettingsStore, 'get' | 'update' | 'path' | 'dir'>;
  version: string;
  /** Start-up warnings, for getInfo. */
  warnings: () => readonly string[];
  shell: DesktopShell;
  writeFile?: (path: string, data: string) => Promise<void>;
}

/** Each bridge method, taking the raw (untrusted) IPC arguments. */
export type BridgeHandlers = {
  [K in keyof DesktopBridge]: (...args: unknown[]) => ReturnType<DesktopBridge[K]>;
};

export interface DesktopActions extends BridgeHandlers {
  /** File › Import configuration…: choose a file, POST it to /config, say what happened. */
  importFromMenu(): Promise<void>;
  /** File › Export configuration…: GET /config, choose where, write it. */
  exportFromMenu(): Promise<void>;
}

const describeError = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

/** The desktop app's actions, shared by the bridge (IPC) and the menu. */
export function createDesktopActions(deps: DesktopActionDeps): DesktopActions {
  const { host, settings, shell } = deps;
  const writeFile = deps.writeFile ?? ((path: string, data: string) => writeFileAtomic(path, data));

  const save = async (json: string): Promise<ExportConfigResult> => {
    const path = await shell.chooseSavePath();
    if (path === null) return { ok: false, code: 'CANCELLED', message: 'Export cancelled.' };
    try {
      await writeFile(path, json);
      return { ok: true, path };
    } catch (error) {
      return {
        ok: false,
        code: 'WRITE_FAILED',
        message: `${path} could not be written (${describeError(error)}).`,
      };
    }
  };

  /** Asks for a file and reads it; null (after telling the user why) when nothing can be used. */
  const open = async (): Promise<string | null> => {
    const path = await shell.chooseOpenPath();
    if (path === null) return null;
    const read = await readConfigFile(path);
    if (read.ok) return read.value;
    await shell.showError('The configuration could not be imported', read.error);
    return null;
  };

  return {
    async getInfo(): Promise<DesktopInfo> {
      const status = host.status();
      const s = settings.get();
      return {
        port: status.port,
        host: status.host,
        url: status.baseUrl,
        running: status.running,
        version: deps.version,
        settingsPath: settings.path,
        dataFolder: settings.dir,
        theme: s.theme,
        restoreOnStart: s.restoreOnStart,
        warnings: [...deps.warnings()],
      };
    },

    async setPort(...args): Promise<SetPortResult> {
      const parsed = parseSetPortArgs(args);
      if (!parsed.ok) return { ok: false, ...parsed.error };
      const bindHost = parsed.value.host ?? host.status().host;
      const moved = await host.listen(parsed.value.port, bindHost);
      if (!moved.ok)
        return { ok: false, code: moved.error.code, message: describeHostFailure(moved.error) };
      const status = moved.value;
      try {
        await settings.update({ port: status.port, host: status.host });
      } catch (error) {
        shell.log(`The new port could not be saved in ${settings.path} (${describeError(error)}).`);
      }
      shell.showUi(status);
      return { ok: true, url: status.baseUrl, port: status.port, host: status.host };
    },

    async exportConfig(...args): Promise<ExportConfigResult> {
      const parsed = parseExportConfigArgs(args);
      if (!parsed.ok) return { ok: false, code: 'INVALID_ARGUMENT', message: parsed.error.message };
      return save(parsed.value);
    },

    importConfig: () => open(),

    async revealDataFolder(): Promise<void> {
      await shell.openFolder(settings.dir);
    },

    async setPreferences(...args): Promise<SetPreferencesResult> {
      const parsed = parsePreferencesArgs(args);
      if (!parsed.ok) return { ok: false, code: 'INVALID_ARGUMENT', message: parsed.error.message };
      const patch = parsed.value;
      const before = settings.get();
      if (patch.theme !== undefined) shell.applyTheme(patch.theme);
      try {
        const after = await settings.update({
          ...patch,
          ...(patch.restoreOnStart === true && !before.restoreOnStart
            ? { lastConfiguration: host.config() as unknown as Record<string, unknown> }
            : {}),
        });
        const preferences: DesktopPreferences = {
          theme: after.theme,
          restoreOnStart: after.restoreOnStart,
        };
        return { ok: true, preferences };
      } catch (error) {
        return {
          ok: false,
          code: 'WRITE_FAILED',
          message: `The preferences could not be saved in ${settings.path} (${describeError(error)}).`,
        };
      }
    },

    async importFromMenu() {
      const status = host.status();
      if (!status.running) {
        await shell.showError(
          'The configuration could not be imported',
          'The simulator is not running.',
        );
        return;
      }
      const json = await open();
      if (json === null) return;
      const posted = await postConfigJson(status.baseUrl, json);
      if (!posted.ok)
        await shell.showError('The configuration could not be imported', posted.error);
      else
        await shell.showInfo(
          'Configuration imported',
          'The simulator now uses the imported configuration.',
        );
    },

    async exportFromMenu() {
      const status = host.status();
      if (!status.running) {
        await shell.showError(
          'The configuration could not be exported',
          'The simulator is not running.',
        );
        return;
      }
      const json = await fetchConfigJson(status.baseUrl);
      if (!json.ok) {
        await shell.showError('The configuration could not be exported', json.error);
        return;
      }
      const saved = await save(json.value);
      if (!saved.ok && saved.code !== 'CANCELLED') {
        await shell.showError('The configuration could not be exported', saved.message);
      }
    },
  };
}
