import { screen, type BrowserWindow } from 'electron';
import type { createDialogs } from './dialogs.js';
import type { ProviderHost } from './host/provider-host.js';
import { buildStartErrorPage, type StartErrorPage } from './pages/start-error-page.js';
import type { WindowBounds } from './settings/desktop-settings.js';
import type { SmokeRun } from './smoke-run.js';
import { createMainWindow } from './window.js';
import { fitWindowBounds } from './window/fit-window-bounds.js';
import { createReloadBudget } from './window/reload-budget.js';

export interface WindowLifecycleInput {
  preloadPath: string;
  /** Where the window opened last time (and whether it was maximized). */
  bounds: WindowBounds;
  allowDevTools: boolean;
  dark: boolean;
  uiOrigin: () => string | undefined;
  host: ProviderHost;
  dialogs: ReturnType<typeof createDialogs>;
  logPath: string;
  smoke: SmokeRun;
  /** Shows a local page (the start-error page) in the window. */
  showPage: (page: StartErrorPage) => Promise<void>;
  onClosed: () => void;
}

export interface MainWindowLife {
  win: BrowserWindow;
  /** Where the window is now, or was when it closed: what the next start opens at. */
  bounds(): WindowBounds;
}

function captureBounds(win: BrowserWindow): WindowBounds {
  const { x, y, width, height } = win.getNormalBounds();
  return { x, y, width, height, maximized: win.isMaximized() };
}

/**
 * Opens the main window on a display that still exists, keeps its position for the next start,
 * reloads a page that crashed (a few times a minute at most, then says so), and replaces a page
 * that cannot be loaded by the start-error page rather than leaving a blank or hidden window.
 */
export function openMainWindow(input: WindowLifecycleInput): MainWindowLife {
  const { dialogs, smoke } = input;
  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)];
  let lastBounds = input.bounds;
  const win = createMainWindow({
    preloadPath: input.preloadPath,
    bounds: fitWindowBounds(
      input.bounds,
      displays.map((d) => d.workArea),
    ),
    maximized: input.bounds.maximized,
    allowDevTools: input.allowDevTools,
    dark: input.dark,
    uiOrigin: input.uiOrigin,
  });
  win.on('close', () => {
    lastBounds = captureBounds(win);
  });
  win.on('closed', input.onClosed);
  // A page that keeps crashing is reloaded a few times, then left alone with an explanation.
  const mayReload = createReloadBudget(3, 60_000);
  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit' || win.isDestroyed()) return;
    smoke.event({ kind: 'failed', reason: `the window's page stopped (${details.reason})` });
    if (mayReload(Date.now())) {
      console.error(`The window's page stopped (${details.reason}); reloading it.`);
      win.webContents.reload();
      return;
    }
    console.error(`The window's page keeps stopping (${details.reason}); not reloading it again.`);
    void dialogs.showError(
      "The simulator's page keeps stopping",
      `It stopped (${details.reason}) several times within a minute, so it is no longer reloaded. ` +
        `The provider keeps running. Use View › Reload to try again; details are in ${input.logPath}.`,
    );
  });
  // A page that cannot be loaded (the first one included) is replaced by the start-error page,
  // and the window is shown, rather than leaving a hidden or blank window.
  win.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    // -3 is an aborted load: the page was replaced on purpose (a port change, say).
    if (!isMainFrame || code === -3 || url.startsWith('data:')) return;
    console.error(`The simulator page ${url} could not be loaded: ${description} (${code}).`);
    smoke.event({ kind: 'failed', reason: `${url} could not be loaded: ${description} (${code})` });
    const status = input.host.status();
    const page = buildStartErrorPage({
      title: 'The simulator page could not be loaded',
      message: `${url}: ${description} (${code}). Try another port, or View › Reload.`,
      port: status.port,
      host: status.host,
      suggestedPort: null,
    });
    void input.showPage(page).finally(() => {
      if (!win.isDestroyed()) win.show();
    });
  });
  return {
    win,
    bounds: () => (win.isDestroyed() ? lastBounds : (lastBounds = captureBounds(win))),
  };
}
