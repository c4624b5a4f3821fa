import { app, type BrowserWindow } from 'electron';
import { createDialogs } from './dialogs.js';
import { describeCrash } from './crash/describe-crash.js';
import { bannerChoice, restartBannerScript } from './crash/restart-banner.js';
import type { SmokeRun } from './smoke-run.js';

export interface CrashRestartInput {
  window: () => BrowserWindow | undefined;
  logPath: string;
  smoke: SmokeRun;
}

function restartAfterCrash(): void {
  console.info('Restarting after an unexpected error, as asked.');
  app.relaunch();
  app.quit();
}

/**
 * Handles errors nothing else caught: each is logged; after an exception the window shows a
 * banner offering a restart (a newer offer replaces an older one), since the main process may
 * be left half-way through something. Where no window can show the banner, a message box asks.
 */
export function installCrashRestart(input: CrashRestartInput): void {
  let dialogOpen = false;
  const offerByDialog = (title: string, detail: string): void => {
    if (dialogOpen) return;
    dialogOpen = true;
    void createDialogs(input.window)
      .ask(title, detail, ['Restart Identity Simulator', 'Keep running'])
      .then((choice) => {
        dialogOpen = false;
        if (choice === 0) restartAfterCrash();
      })
      .catch(() => (dialogOpen = false));
  };

  const onCrash = (kind: 'exception' | 'rejection', error: unknown): void => {
    const crash = describeCrash(kind, error, input.logPath);
    console.error(crash.log);
    // A promise nobody waited for is logged only: the app carries on as before.
    if (kind === 'rejection') return;
    input.smoke.event({ kind: 'failed', reason: crash.log });
    if (input.smoke.active) return;
    const win = input.window();
    if (!win || win.isDestroyed()) {
      offerByDialog(crash.title, crash.detail);
      return;
    }
    win.webContents
      .executeJavaScript(restartBannerScript(crash.title, crash.detail))
      .then((choice: unknown) => {
        if (bannerChoice(choice) === 'restart') restartAfterCrash();
      })
      .catch(() => offerByDialog(crash.title, crash.detail));
  };

  process.on('uncaughtException', (error) => onCrash('exception', error));
  process.on('unhandledRejection', (reason) => onCrash('rejection', reason));
}
