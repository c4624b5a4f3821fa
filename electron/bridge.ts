/**
 * The desktop bridge: what the desktop app adds to the web UI, exposed by the preload script as
 * `window.simulatorDesktop`. Types only, with no imports, so the renderer can `import type` this
 * file without pulling in Node or Electron types. The bridge is optional: a browser pointed at
 * the headless simulator has no `window.simulatorDesktop`.
 */

/** Colour scheme of the window: follow the operating system, or force one. */
export type DesktopTheme = 'system' | 'light' | 'dark';

/** Why the provider could not listen (the same codes as the server's `HostFailureCode`). */
export type DesktopHostFailureCode =
  'PORT_IN_USE' | 'PORT_INVALID' | 'PERMISSION_DENIED' | 'HOST_INVALID' | 'LISTEN_FAILED';

/** What the desktop app knows about itself and the provider it runs. */
export interface DesktopInfo {
  /** The port the provider listens on (or tried to, when `running` is false). */
  port: number;
  /** The address it is bound to, e.g. 127.0.0.1. */
  host: string;
  /** The provider's base URL as this machine reaches it, e.g. http://127.0.0.1:3000 */
  url: string;
  /** False when the provider could not start (the port was taken, say). */
  running: boolean;
  /** The desktop app's version. */
  version: string;
  /** Full path of the desktop settings file. */
  settingsPath: string;
  /** Folder holding the settings file (what `revealDataFolder` opens). */
  dataFolder: string;
  theme: DesktopTheme;
  /** Whether the configuration is kept across restarts. */
  restoreOnStart: boolean;
  /** Problems found at start-up (a damaged settings file, say), worded for the user. */
  warnings: string[];
}

/** Preferences the UI may change. */
export interface DesktopPreferences {
  theme: DesktopTheme;
  restoreOnStart: boolean;
}

export type SetPortResult =
  | { ok: true; url: string; port: number; host: string }
  | { ok: false; code: DesktopHostFailureCode | 'INVALID_ARGUMENT'; message: string };

export type ExportConfigResult =
  | { ok: true; path: string }
  | {
      ok: false;
      code: 'CANCELLED' | 'INVALID_ARGUMENT' | 'WRITE_FAILED';
      message: string;
    };

export type SetPreferencesResult =
  | { ok: true; preferences: DesktopPreferences }
  | { ok: false; code: 'INVALID_ARGUMENT' | 'WRITE_FAILED'; message: string };

export interface DesktopBridge {
  /** Port, host, URL, version, settings location, preferences and start-up warnings. */
  getInfo(): Promise<DesktopInfo>;
  /**
   * Restarts the provider on another port (and optionally another address), keeping the current
   * configuration. On success the window then loads the UI from the new address; on failure the
   * provider keeps running where it was. `simulatorUrl` follows the port unless it was set to
   * something other than this machine's own address.
   */
  setPort(port: number, host?: string): Promise<SetPortResult>;
  /** Asks where to save, then writes the given configuration JSON (the GET /config body). */
  exportConfig(json: string): Promise<ExportConfigResult>;
  /**
   * Asks for a configuration file and returns its JSON text, to be posted to /config by the UI.
   * Null when the user cancelled or the file could not be used (the app has already said why).
   */
  importConfig(): Promise<string | null>;
  /** Opens the folder holding the settings file in the system file manager. */
  revealDataFolder(): Promise<void>;
  /** Changes the theme and/or restoreOnStart; the other field keeps its value. */
  setPreferences(preferences: Partial<DesktopPreferences>): Promise<SetPreferencesResult>;
}

/** The IPC channel behind each bridge method: `desktop:<verb-noun>`, one handler each. */
export interface DesktopChannels {
  getInfo: 'desktop:get-info';
  setPort: 'desktop:set-port';
  exportConfig: 'desktop:export-config';
  importConfig: 'desktop:import-config';
  revealDataFolder: 'desktop:reveal-data-folder';
  setPreferences: 'desktop:set-preferences';
}

export type DesktopChannel = DesktopChannels[keyof DesktopChannels];
