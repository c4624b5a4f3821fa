/**
 * The desktop app's main process: starts the provider on the configured port, shows its UI in one
 * locked-down window, and keeps the desktop settings. Everything it decides is in small modules
 * beside it; this file only wires them to Electron.
 */
import { app, nativeTheme, type BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDesktopActions } from './desktop-actions.js';
import { providerWorkerEntry } from '../server/src/tokens/client-auth/create-secret-verifier.js';
import { createDialogs, showFatalError } from './dialogs.js';
import type { TrustedSenders } from './guards/is-trusted-sender.js';
import { prepareProviderStart } from './host/prepare-provider-start.js';
import { followSecondLaunch } from './host/follow-second-launch.js';
import {
  createProviderHost,
  type ProviderHost,
  type ProviderStatus,
} from './host/provider-host.js';
import { registerDesktopIpc } from './ipc.js';
import { parseDesktopArgs } from './args/parse-desktop-args.js';
import { copyConsoleTo, createFileLog, type FileLog } from './log/file-log.js';
import { installMenu } from './menu.js';
import type { StartErrorPage } from './pages/start-error-page.js';
import { listenFailurePage, providerStoppedPage } from './pages/host-pages.js';
import { keepConfiguration } from './settings/keep-configuration.js';
import { createSettingsStore } from './settings/settings-store.js';
import { startingConfiguration } from './settings/starting-configuration.js';
import { sandboxNotice } from './window/sandbox-notice.js';
import { installCrashRestart } from './crash-restart.js';
import { createSmokeRun } from './smoke-run.js';
import { createUpdateCheck } from './update-dialog.js';
import { createDesktopShell, quitCleanly } from './desktop-shell.js';
import { openMainWindow } from './window-lifecycle.js';

const here = dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = join(here, 'preload.cjs');
const UI_DIR = join(here, '..', 'renderer');

const PACKAGE_JSON = join(here, '..', '..', 'package.json');
/** The repository the build was made from (npm run dist records it; absent in a local build). */
const BUILD_ORIGIN = join(here, 'build-origin.json');

const args = parseDesktopArgs(process.argv.slice(1));
// One copy of the app per settings folder: the single-instance lock is keyed on the user-data
// folder, so it is set first. The lock is taken before anything is written there (the log
// included), so a second start leaves the running copy's files alone.
if (args.userDataDir !== undefined) app.setPath('userData', resolve(args.userDataDir));
const primary = app.requestSingleInstanceLock();

let fileLog: FileLog;
/** A --smoke-test run (inactive otherwise). */
const smoke = createSmokeRun(args.smokeTest);

let window: BrowserWindow | undefined;
/** Set once the provider host exists: what a second start of the app asks of this one. */
let onSecondLaunch: ((argv: string[]) => void) | undefined;
/** The start-error page while it is shown (the bridge trusts exactly this URL). */
let localPageUrl: string | undefined;

/** Shows a local page (the start-error page) in the window; the bridge trusts it while shown. */
async function showPage(page: StartErrorPage): Promise<void> {
  localPageUrl = page.url;
  await window?.loadURL(page.url);
}

function fatal(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`Identity Simulator could not start: ${text}`);
  if (smoke.active) {
    smoke.event({ kind: 'failed', reason: `the app could not start: ${text}` });
    return;
  }
  showFatalError(
    'Identity Simulator could not start',
    `${error instanceof Error ? error.message : text}\n\nDetails are in ${fileLog.path}.`,
  );
  app.exit(1);
}

/** A start refused before anything ran (a bad option, the data folder in use): said, then quit. */
function refuseStart(line: string): void {
  console.error(`Identity Simulator could not start: ${line}`);
  if (smoke.active) {
    smoke.event({ kind: 'failed', reason: line });
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
    smoke.event({ kind: 'failed', reason: `the provider stopped: ${reason}` });
    // The UI came from the provider: the window shows why, with a form to start it again.
    void showPage(providerStoppedPage(reason, status, fileLog.path)).catch((e: unknown) =>
      console.error(e),
    );
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
  const checkUpdates = createUpdateCheck({
    buildOriginPath: BUILD_ORIGIN,
    packageJsonPath: PACKAGE_JSON,
    version: app.getVersion(),
    dialogs,
  });

  const actions = createDesktopActions({
    host,
    settings: store,
    version: app.getVersion(),
    warnings: () => warnings,
    shell: createDesktopShell(dialogs, showUi),
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

  const life = openMainWindow({
    preloadPath: PRELOAD_PATH,
    bounds: settings.windowBounds,
    allowDevTools: !app.isPackaged,
    dark: nativeTheme.shouldUseDarkColors,
    uiOrigin,
    host,
    dialogs,
    logPath: fileLog.path,
    smoke,
    showPage,
    onClosed: () => {
      window = undefined;
    },
  });
  window = life.win;

  onSecondLaunch = (argv) =>
    followSecondLaunch(argv, { host, showUi, showError: dialogs.showError });
  quitCleanly({
    bounds: life.bounds,
    flush: () => keeper.flush(),
    saveBounds: (windowBounds) => store.update({ windowBounds }),
    host,
  });

  smoke.watch(life.win, host, providerWorkerEntry());

  const started = await host.listen(args.port ?? settings.port, args.host ?? settings.host);
  if (started.ok) showUi(started.value);
  else await showPage(await listenFailurePage(started.error));
  await smoke.started(started);
  if (warnings.length > 0 && smoke.active) console.warn(warnings.join('\n'));
  else if (warnings.length > 0) {
    void dialogs.showWarnings('Identity Simulator started with warnings', warnings);
  }
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
  if (smoke.active)
    console.info('Smoke test: waiting for the provider, the UI and the Argon2id worker.');
  installCrashRestart({ window: () => window, logPath: fileLog.path, smoke });

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
