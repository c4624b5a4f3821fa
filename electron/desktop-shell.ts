import { app, nativeTheme, shell } from 'electron';
import { mkdir } from 'node:fs/promises';
import type { DesktopShell } from './desktop-actions.js';
import type { createDialogs } from './dialogs.js';
import type { ProviderHost, ProviderStatus } from './host/provider-host.js';
import type { WindowBounds } from './settings/desktop-settings.js';

/** The desktop actions' shell in the app: Electron's dialogs, folders and theme. */
export function createDesktopShell(
  dialogs: ReturnType<typeof createDialogs>,
  showUi: (status: ProviderStatus) => void,
): DesktopShell {
  return {
    chooseSavePath: dialogs.chooseSavePath,
    chooseOpenPath: dialogs.chooseOpenPath,
    showError: dialogs.showError,
    showInfo: dialogs.showInfo,
    async openFolder(path) {
      await mkdir(path, { recursive: true });
      const problem = await shell.openPath(path);
      if (problem) throw new Error(problem);
    },
    applyTheme(theme) {
      nativeTheme.themeSource = theme;
    },
    // After the bridge call has answered: loading the new address replaces the calling page.
    showUi: (status) => setImmediate(() => showUi(status)),
    log: (message) => console.error(message),
  };
}

export interface QuitDeps {
  /** Where the window is (or was when it closed). */
  bounds: () => WindowBounds;
  /** Writes what is still to be saved of the configuration. */
  flush: () => Promise<void>;
  saveBounds: (bounds: WindowBounds) => Promise<unknown>;
  host: ProviderHost;
}

/**
 * Quitting waits for the configuration and the window position to be saved and for the provider
 * to stop (in-flight requests finish), then quits for real.
 */
export function quitCleanly(deps: QuitDeps): void {
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    quitting = true;
    const lastBounds = deps.bounds();
    void (async () => {
      try {
        await deps.flush();
        await deps.saveBounds(lastBounds);
      } catch (error) {
        console.error(`The window position could not be saved: ${String(error)}`);
      }
      await deps.host.stop().catch((error: unknown) => console.error(error));
      app.quit();
    })();
  });
}
