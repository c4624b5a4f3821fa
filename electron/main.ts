/**
 * The desktop app's main process: starts the provider on the configured port, shows its UI in one
 * locked-down window, and keeps the desktop settings. Everything it decides is in small modules
 * beside it; this file only wires them to Electron.
 */
import { app, nativeTheme, screen, shell, type BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDesktopActions } from './desktop-actions.js';
import { createDialogs, showFatalError } from './dialogs.js';
import type { TrustedSenders } from './guards/is-trusted-sender.js';
import {
  describeHostFailure,
  hostFailureTitle,
  type ListenFailure,
} from './host/describe-host-failure.js';
import { findFreePort } from './host/find-free-port.js';
import { planSecondLaunch } from './host/second-launch.js';
import {
  createProviderHost,
  type ProviderHost,
  type ProviderStatus,
} from './host/provider-host.js';
import { registerDesktopIpc } from './ipc.js';
import { parseDesktopArgs } from './args/parse-desktop-args.js';
import { copyConsoleTo, createFileLog } from './log/file-log.js';
import { installMenu } from './menu.js';
import { buildStartErrorPage } from './pages/start-error-page.js';
import type { WindowBounds } from './settings/desktop-settings.js';
import { keepConfiguration } from './settings/keep-configuration.js';
import { createSettingsStore } from './settings/settings-store.js';
import { startingConfiguration } from './settings/starting-configuration.js';
import { createMainWindow } from './window.js';
import { fitWindowBounds } from './window/fit-window-bounds.js';
import { createReloadBudget } from './window/reload-budget.js';
import { sandboxNotice } from './window/sandbox-notice.js';

const here = dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = join(here, 'preload.cjs');
const UI_DIR = join(here, '..', 'renderer');

const args = parseDesktopArgs(process.argv.slice(1));
if (args.userDataDir !== undefined) app.setPath('userData', resolve(args.userDataDir));
// The log folder: ~/Library/Logs/Identity Simulator on macOS, <userData>/logs elsewhere. Everything
// the main process prints goes there too, start-up failures included.
app.setAppLogsPath();
const fileLog = createFileLog(app.getPath('logs'));
copyConsoleTo(fileLog);
console.info(`Identity Simulator ${app.getVersion()} starting (log: ${fileLog.path})`);
const noSandbox = sandboxNotice(process.platform, app.commandLine.hasSwitch('no-sandbox'));
if (noSandbox) console.warn(noSandbox);

let window: BrowserWindow | undefined;
/** Set once the provider host exists: what a second start of the app asks of this one. */
let onSecondLaunch: ((argv: string[]) => void) | undefined;
/** The start-error page while it is shown (the bridge trusts exactly this URL). */
let localPageUrl: string | undefined;

function fatal(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`Identity Simulator could not start: ${text}`);
  showFatalError(
    'Identity Simulator could not start',
    `${error instanceof Error ? error.message : text}\n\nDetails are in ${fileLog.path}.`,
  );
  app.exit(1);
}

function captureBounds(win: BrowserWindow): WindowBounds {
  const { x, y, width, height } = win.getNormalBounds();
  return { x, y, width, height, maximized: win.isMaximized() };
}

async function start(): Promise<void> {
  const warnings: string[] = [...args.issues];
  const store = createSettingsStore(app.getPath('userData'));
  const loaded = await store.load();
  warnings.push(...loaded.warnings);
  const settings = loaded.settings;
  nativeTheme.themeSource = settings.theme;

  const starting = startingConfiguration(settings);
  warnings.push(...starting.warnings);
  const uiBuilt = existsSync(join(UI_DIR, 'index.html'));
  if (!uiBuilt)
    warnings.push(`The web UI is not built (${UI_DIR} is missing); run "npm run build".`);

  const host: ProviderHost = createProviderHost({
    version: app.getVersion(),
    ...(uiBuilt ? { uiDir: UI_DIR } : {}),
    ...(starting.config ? { config: starting.config } : {}),
    configPort: starting.configPort,
    dataDir: join(app.getPath('userData'), 'presets'),
  });
  const keeper = keepConfiguration(store, (message) => console.error(message));
  host.onConfigChange((config) => keeper.changed(config));

  const uiOrigin = () => {
    const status = host.status();
    return status.running ? status.origin : undefined;
  };
  const trusted = (): TrustedSenders => ({ uiOrigin: uiOrigin(), localPageUrl });
  const dialogs = createDialogs(() => window);

  const showUi = (status: ProviderStatus) => {
    localPageUrl = undefined;
    void window?.loadURL(status.uiUrl).catch((error: unknown) => console.error(error));
  };
  const showStartError = async (failure: ListenFailure) => {
    const suggestedPort =
      failure.code === 'PORT_IN_USE' ? await findFreePort(failure.port, failure.host) : null;
    const page = buildStartErrorPage({
      title: hostFailureTitle(failure.code),
      message: describeHostFailure(failure),
      port: failure.port,
      host: failure.host,
      suggestedPort,
    });
    localPageUrl = page.url;
    await window?.loadURL(page.url);
  };

  const actions = createDesktopActions({
    host,
    settings: store,
    version: app.getVersion(),
    warnings: () => warnings,
    shell: {
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
    },
  });
  registerDesktopIpc(actions, trusted);
  installMenu({
    isPackaged: app.isPackaged,
    actions: {
      importConfig: () => void actions.importFromMenu(),
      exportConfig: () => void actions.exportFromMenu(),
      revealDataFolder: () =>
        void actions.revealDataFolder().catch((e: unknown) => console.error(e)),
    },
  });

  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)];
  let lastBounds = settings.windowBounds;
  window = createMainWindow({
    preloadPath: PRELOAD_PATH,
    bounds: fitWindowBounds(
      settings.windowBounds,
      displays.map((d) => d.workArea),
    ),
    maximized: settings.windowBounds.maximized,
    allowDevTools: !app.isPackaged,
    dark: nativeTheme.shouldUseDarkColors,
    uiOrigin,
  });
  const win = window;
  win.on('close', () => {
    lastBounds = captureBounds(win);
  });
  win.on('closed', () => {
    window = undefined;
  });
  // A page that keeps crashing is reloaded a few times, then left alone with an explanation.
  const mayReload = createReloadBudget(3, 60_000);
  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit' || win.isDestroyed()) return;
    if (mayReload(Date.now())) {
      console.error(`The window's page stopped (${details.reason}); reloading it.`);
      win.webContents.reload();
      return;
    }
    console.error(`The window's page keeps stopping (${details.reason}); not reloading it again.`);
    void dialogs.showError(
      "The simulator's page keeps stopping",
      `It stopped (${details.reason}) several times within a minute, so it is no longer reloaded. ` +
        `The provider keeps running. Use View › Reload to try again; details are in ${fileLog.path}.`,
    );
  });
  // A page that cannot be loaded (the first one included) is replaced by the start-error page,
  // and the window is shown, rather than leaving a hidden or blank window.
  win.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    // -3 is an aborted load: the page was replaced on purpose (a port change, say).
    if (!isMainFrame || code === -3 || url.startsWith('data:')) return;
    console.error(`The simulator page ${url} could not be loaded: ${description} (${code}).`);
    const status = host.status();
    const page = buildStartErrorPage({
      title: 'The simulator page could not be loaded',
      message: `${url}: ${description} (${code}). Try another port, or View › Reload.`,
      port: status.port,
      host: status.host,
      suggestedPort: null,
    });
    localPageUrl = page.url;
    void win.loadURL(page.url).finally(() => {
      if (!win.isDestroyed()) win.show();
    });
  });

  onSecondLaunch = (argv) => {
    const plan = planSecondLaunch(parseDesktopArgs(argv.slice(1)), host.status());
    if (plan.kind === 'explain') {
      void dialogs.showError('Identity Simulator is already running', plan.message);
      return;
    }
    if (plan.kind === 'focus') return;
    void host.listen(plan.port, plan.host).then((moved) => {
      if (moved.ok) {
        showUi(moved.value);
        return;
      }
      void dialogs.showError(
        'Identity Simulator is already running',
        `It could not move to ${plan.host}:${plan.port}: ${describeHostFailure(moved.error)}`,
      );
    });
  };

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    quitting = true;
    if (window && !window.isDestroyed()) lastBounds = captureBounds(window);
    void (async () => {
      try {
        await keeper.flush();
        await store.update({ windowBounds: lastBounds });
      } catch (error) {
        console.error(`The window position could not be saved: ${String(error)}`);
      }
      await host.stop().catch((error: unknown) => console.error(error));
      app.quit();
    })();
  });

  const started = await host.listen(args.port ?? settings.port, args.host ?? settings.host);
  if (started.ok) showUi(started.value);
  else await showStartError(started.error);
  if (warnings.length > 0) {
    void dialogs.showWarnings('Identity Simulator started with warnings', warnings);
  }
}

if (!app.requestSingleInstanceLock()) {
  // Another instance runs: it is focused (second-instance below) and this one leaves.
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    onSecondLaunch?.(argv);
  });
  app.on('window-all-closed', () => app.quit());
  process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', reason));
  app.whenReady().then(start).catch(fatal);
}
