import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import {
  nodeAtomicWriteFs,
  writeFileAtomic,
  type AtomicWriteFs,
} from '../files/write-file-atomic.js';
import { defaultSettings, parseSettings, type DesktopSettings } from './desktop-settings.js';

export const SETTINGS_FILE_NAME = 'settings.json';
/** Where a damaged settings file is kept, so nothing the user had is lost. */
export const DAMAGED_SETTINGS_FILE_NAME = 'settings.damaged.json';

export interface LoadedSettings {
  settings: DesktopSettings;
  /** Problems found, in words for the user; empty when the file was fine or absent. */
  warnings: string[];
}

export interface SettingsStore {
  /** Full path of settings.json. */
  readonly path: string;
  /** The folder holding it. */
  readonly dir: string;
  /** Reads the file. Never throws: a missing file gives defaults, a damaged one defaults and a warning. */
  load(): Promise<LoadedSettings>;
  /** The settings as last loaded or updated. */
  get(): DesktopSettings;
  /** Changes some settings and writes the file (atomically). Rejects when the file cannot be written. */
  update(patch: Partial<DesktopSettings>): Promise<DesktopSettings>;
}

function errorCode(error: unknown): string {
  return (
    (error as NodeJS.ErrnoException).code ??
    (error instanceof Error ? error.message : String(error))
  );
}

/** The desktop settings kept in `<dir>/settings.json`. No Electron here: the caller gives the folder. */
export function createSettingsStore(
  dir: string,
  fs: AtomicWriteFs = nodeAtomicWriteFs,
): SettingsStore {
  const path = join(dir, SETTINGS_FILE_NAME);
  let current = defaultSettings();
  let writes: Promise<void> = Promise.resolve();

  const write = (settings: DesktopSettings): Promise<void> => {
    const data = `${JSON.stringify(settings, null, 2)}\n`;
    const next = writes.then(async () => {
      await mkdir(dir, { recursive: true });
      await writeFileAtomic(path, data, fs);
    });
    writes = next.catch(() => undefined);
    return next;
  };

  const writeReporting = async (settings: DesktopSettings, warnings: string[]) => {
    try {
      await write(settings);
    } catch (error) {
      warnings.push(
        `The settings file ${path} could not be written (${errorCode(error)}); changes will not be kept.`,
      );
    }
  };

  return {
    path,
    dir,
    get: () => structuredClone(current),

    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        current = defaultSettings();
        if (errorCode(error) === 'ENOENT')
          return { settings: structuredClone(current), warnings: [] };
        return {
          settings: structuredClone(current),
          warnings: [
            `The settings file ${path} could not be read (${errorCode(error)}); the default settings are used.`,
          ],
        };
      }

      let json: unknown;
      try {
        json = JSON.parse(text.replace(/^\uFEFF/, ''));
      } catch {
        const warnings: string[] = [];
        const damaged = join(dir, DAMAGED_SETTINGS_FILE_NAME);
        let kept = true;
        try {
          await rename(path, damaged);
        } catch {
          kept = false;
        }
        warnings.push(
          `The settings file ${path} was damaged (not valid JSON)${kept ? ` and was kept as ${damaged}` : ''}; the default settings are used.`,
        );
        current = defaultSettings();
        await writeReporting(current, warnings);
        return { settings: structuredClone(current), warnings };
      }

      const parsed = parseSettings(json);
      current = parsed.settings;
      const warnings = parsed.warnings.map((w) => `Settings file ${path}: ${w}.`);
      if (warnings.length > 0) await writeReporting(current, warnings);
      return { settings: structuredClone(current), warnings };
    },

    async update(patch) {
      const next: DesktopSettings = { ...current, ...structuredClone(patch) };
      if (!next.restoreOnStart) next.lastConfiguration = null;
      current = next;
      await write(next);
      return structuredClone(next);
    },
  };
}
