/**
 * The desktop app's main process: starts the provider on the configured port, shows its UI in one
 * locked-down window, and keeps the desktop settings. Everything it decides is in small modules
 * beside it; this file only wires them to Electron.
 */
import { app, nativeTheme, screen, shell, type BrowserWindow } from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDesktopActions } from './desktop-actions.js';
import { providerWorkerEntry } from '../server/src/tokens/client-auth/create-secret-verifier.js';
import { createDialogs, showFatalError } from './dialogs.js';
import type { TrustedSenders } from './guards/is-trusted-sender.js';
import {
  describeHostFailure,
  hostFailureTitle,
  type ListenFailure,
} from './host/describe-host-failure.js';
import { findFreePort } from './host/find-free-port.js';
import { prepareProviderStart } from './host/prepare-provider-start.js';
import { planSecondLaunch } from './host/second-launch.js';
import {
  createProviderHost,
  type ProviderHost,
  type ProviderStatus,
} from './host/provider-host.js';
import { registerDesktopIpc } from './ipc.js';
import { parseDesktopArgs } from './args/parse-desktop-args.js';
import { copyConsoleTo, createFileLog, type FileLog } from './log/file-log.js';
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
import { describeCrash } from './crash/describe-crash.js';
import { bannerChoice, restartBannerScript } from './crash/restart-banner.js';
import { checkArgon2idWorker } from './smoke/check-argon2id-worker.js';
import { probeProvider } from './smoke/probe-provider.js';
import { createSmokeTest, type SmokeEvent } from './smoke/smoke-test.js';
import { checkForUpdates } from './updates/check-for-updates.js';
import { readBuildOrigin, updateFeedOf } from './updates/update-feed.js';

const here = dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = join(here, 'preload.cjs');
const UI_DIR = join(here, '..', 'renderer');

const PACKAGE_JSON = join(here, '..', '..', 'package.json');
/** The repository the build was made from (npm run dist records it; absent in a local build). */
const BUILD_ORIGIN = join(here, 'build-origin.json');
/** How long a --smoke-test run waits for the provider, the UI and the worker. */
const SMOKE_TEST_MS = 90_000;

const args = parseDesktopArgs(process.argv.slice(1));
// One copy of the app per settings folder: the single-instance lock is keyed on the user-data
// folder, so it is set first. The lock is taken before anything is written there (the log
// included), so a second start leaves the running copy's files alone.
if (args.userDataDir !== undefined) app.setPath('userData', resolve(args.userDataDir));
const primary = app.requestSingleInstanceLock();

let fileLog: FileLog;
/** Set in a --smoke-test run: what it has seen so far. */
const smoke = args.smokeTest ? createSmokeTest() : undefined;

let window: BrowserWindow | undefined;
/** Set once the provider host exists: what a second start of the app asks of this one. */
let onSecondLaunch: ((argv: string[]) => void) | undefined;
/** The start-error page while it is shown (the bridge trusts exactly this URL). */
let localPageUrl: string | undefined;

/** Ends a --smoke-test run at its outcome (nothing when the run is over or not a smoke test). */
function smokeEvent(event: SmokeEvent): void {
  const outcome = smoke?.record(event);
  if (!outcome) return;
  if (outcome.code === 0) console.info(outcome.line);
  else console.error(outcome.line);
  app.exit(outcome.code);
}

function fatal(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`Identity Simulator could not start: ${text}`);
  if (smoke) {
    smokeEvent({ kind: 'failed', reason: `the app could not start: ${text}` });
    return;
  }
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

/** A start refused before anything ran (a bad option, the data folder in use): said, then quit. */
function refuseStart(line: string): void {
  console.error(`Identity Simulator could not start: ${line}`);
  if (smoke) {
    smokeEvent({ kind: 'failed', reason: line });
    return;
  }
  showFatalError('Identity Simulator could not start', line);
  app.exit(2);
}

async function start(): Promise<void> {
  // The data folder is taken (as the headless mode takes its own) before anything is written.
  const dataDir = join(app.getPath('userData'), 'presets');
  const prepared = prepareProviderStart({ args, dataDir });
  if (!prepared.ok) {
    refuseStart(prepared.error);
    return;
  }
  const { releaseDataFolder, ...multiSimulator } = prepared.value;
  process.once('exit', releaseDataFolder);
  app.once('will-quit', releaseDataFolder);

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
    dataDir,
    ...multiSimulator,
  });
  const keeper = keepConfiguration(store, (message) => console.error(message));
  host.onConfigChange((config) => keeper.changed(config));
  host.onStop((reason) => {
    const status = host.status();
    console.error(`The provider on ${status.host}:${status.port} stopped: ${reason}.`);
    smokeEvent({ kind: 'failed', reason: `the provider stopped: ${reason}` });
    // The UI came from the provider: the window shows why, with a form to start it again.
    void showStopped(reason, status.port, status.host).catch((e: unknown) => console.error(e));
  });

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

  const showStopped = async (reason: string, port: number, hostName: string) => {
    const page = buildStartErrorPage({
      title: 'The simulator stopped',
      message: `The provider stopped unexpectedly (${reason}). Start it again on this port or another one; details are in ${fileLog.path}.`,
      port,
      host: hostName,
      suggestedPort: port,
    });
    localPageUrl = page.url;
    await window?.loadURL(page.url);
  };

  const feed = updateFeedOf(
    readBuildOrigin(BUILD_ORIGIN),
    (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { repository?: unknown }).repository,
  );
  /** Help › Check for updates: asks GitHub once, on the tester's click only. */
  const checkUpdates = async () => {
    if (!feed.ok) {
      await dialogs.showError('Updates could not be checked', feed.error);
      return;
    }
    const news = await checkForUpdates(feed.value, app.getVersion());
    if (!news.ok) {
      console.warn(`Check for updates: ${news.error}`);
      await dialogs.showError('Updates could not be checked', news.error);
      return;
    }
    const url = news.value.releaseUrl;
    if (!url) {
      await dialogs.showInfo(news.value.title, news.value.message);
      return;
    }
    const choice = await dialogs.ask(news.value.title, news.value.message, [
      'Open the release page',
      'Later',
    ]);
    if (choice === 0) await shell.openExternal(url);
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
      checkForUpdates: () => void checkUpdates().catch((e: unknown) => console.error(e)),
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
    smokeEvent({ kind: 'failed', reason: `the window's page stopped (${details.reason})` });
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
    smokeEvent({ kind: 'failed', reason: `${url} could not be loaded: ${description} (${code})` });
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

  if (smoke) {
    // The UI has rendered once React has put something in #root.
    win.webContents.on('did-finish-load', () => {
      const status = host.status();
      if (!win.webContents.getURL().startsWith(status.uiUrl)) return;
      void waitForRenderedUi(win).then((rendered) =>
        smokeEvent(
          rendered
            ? { kind: 'passed', check: 'ui', detail: `UI rendered at ${status.uiUrl}` }
            : { kind: 'failed', reason: `${status.uiUrl} loaded but rendered nothing` },
        ),
      );
    });
    setTimeout(() => {
      const outcome = smoke.timedOut(SMOKE_TEST_MS);
      if (outcome)
        smokeEvent({ kind: 'failed', reason: outcome.line.replace(/^Smoke test failed: /, '') });
    }, SMOKE_TEST_MS).unref();
    void checkArgon2idWorker(providerWorkerEntry()).then((checked) =>
      smokeEvent(
        checked.ok
          ? { kind: 'passed', check: 'worker', detail: checked.value }
          : { kind: 'failed', reason: checked.error },
      ),
    );
  }

  const started = await host.listen(args.port ?? settings.port, args.host ?? settings.host);
  if (started.ok) showUi(started.value);
  else await showStartError(started.error);
  if (smoke) {
    if (!started.ok) {
      smokeEvent({ kind: 'failed', reason: describeHostFailure(started.error) });
    } else {
      const probed = await probeProvider(started.value.origin);
      smokeEvent(
        probed.ok
          ? { kind: 'passed', check: 'provider', detail: probed.value }
          : { kind: 'failed', reason: probed.error },
      );
    }
  }
  if (warnings.length > 0 && smoke) console.warn(warnings.join('\n'));
  else if (warnings.length > 0) {
    void dialogs.showWarnings('Identity Simulator started with warnings', warnings);
  }
}

/** Polls the page until #root has content (true), or gives up after `ms` (false). */
async function waitForRenderedUi(win: BrowserWindow, ms = 30_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && !win.isDestroyed()) {
    const count: unknown = await win.webContents
      .executeJavaScript("document.getElementById('root')?.childElementCount ?? 0")
      .catch(() => 0);
    if (typeof count === 'number' && count > 0) return true;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return false;
}

function restartAfterCrash(): void {
  console.info('Restarting after an unexpected error, as asked.');
  app.relaunch();
  app.quit();
}

let crashDialogOpen = false;
/** The restart offer as a message box, where no window can show the banner. */
function offerRestartByDialog(title: string, detail: string): void {
  if (crashDialogOpen) return;
  crashDialogOpen = true;
  void createDialogs(() => window)
    .ask(title, detail, ['Restart Identity Simulator', 'Keep running'])
    .then((choice) => {
      crashDialogOpen = false;
      if (choice === 0) restartAfterCrash();
    })
    .catch(() => (crashDialogOpen = false));
}

/**
 * An error nothing else caught: logged; after an exception the window shows a banner offering a
 * restart (a newer offer replaces an older one), since the main process may be left half-way
 * through something.
 */
function onCrash(kind: 'exception' | 'rejection', error: unknown): void {
  const crash = describeCrash(kind, error, fileLog.path);
  console.error(crash.log);
  // A promise nobody waited for is logged only: the app carries on as before.
  if (kind === 'rejection') return;
  smokeEvent({ kind: 'failed', reason: crash.log });
  if (smoke) return;
  const win = window;
  if (!win || win.isDestroyed()) {
    offerRestartByDialog(crash.title, crash.detail);
    return;
  }
  win.webContents
    .executeJavaScript(restartBannerScript(crash.title, crash.detail))
    .then((choice: unknown) => {
      if (bannerChoice(choice) === 'restart') restartAfterCrash();
    })
    .catch(() => offerRestartByDialog(crash.title, crash.detail));
}

if (!primary) {
  // Another copy runs with this settings folder: it is focused (second-instance below) and this
  // one leaves, having written nothing.
  if (args.smokeTest) {
    process.stderr.write(
      'Smoke test failed: Identity Simulator is already running with this settings folder; quit it or pass another --user-data-dir.\n',
    );
    app.exit(2);
  } else app.quit();
} else {
  // The log folder: ~/Library/Logs/Identity Simulator on macOS, <userData>/logs elsewhere, and
  // <userData>/logs everywhere with --user-data-dir (each copy keeps its own log). Everything
  // the main process prints goes there too, start-up failures and crashes included.
  app.setAppLogsPath(
    args.userDataDir !== undefined ? join(app.getPath('userData'), 'logs') : undefined,
  );
  fileLog = createFileLog(app.getPath('logs'));
  copyConsoleTo(fileLog);
  console.info(`Identity Simulator ${app.getVersion()} starting (log: ${fileLog.path})`);
  const noSandbox = sandboxNotice(process.platform, app.commandLine.hasSwitch('no-sandbox'));
  if (noSandbox) console.warn(noSandbox);
  if (smoke) console.info('Smoke test: waiting for the provider, the UI and the Argon2id worker.');
  process.on('uncaughtException', (error) => onCrash('exception', error));
  process.on('unhandledRejection', (reason) => onCrash('rejection', reason));

  app.on('second-instance', (_event, argv) => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    onSecondLaunch?.(argv);
  });
  app.on('window-all-closed', () => app.quit());
  app.whenReady().then(start).catch(fatal);
}
