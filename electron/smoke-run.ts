import { app, type BrowserWindow } from 'electron';
import { describeHostFailure } from '../server/src/index.js';
import type { ProviderHost } from './host/provider-host.js';
import { checkArgon2idWorker } from './smoke/check-argon2id-worker.js';
import { probeProvider } from './smoke/probe-provider.js';
import { createSmokeTest, type SmokeEvent } from './smoke/smoke-test.js';

/** How long a --smoke-test run waits for the provider, the UI and the worker. */
const SMOKE_TEST_MS = 90_000;

/** A --smoke-test run (or nothing, in a normal start: every method does nothing then). */
export interface SmokeRun {
  active: boolean;
  /** Ends the run at its outcome (nothing when the run is over or not a smoke test). */
  event(event: SmokeEvent): void;
  /** Watches the window render the UI, starts the timer and checks the Argon2id worker. */
  watch(
    win: BrowserWindow,
    host: ProviderHost,
    workerEntry: Parameters<typeof checkArgon2idWorker>[0],
  ): void;
  /** Reports the provider's start, probing it when it listens. */
  started(started: Awaited<ReturnType<ProviderHost['listen']>>): Promise<void>;
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

export function createSmokeRun(enabled: boolean | undefined): SmokeRun {
  const smoke = enabled ? createSmokeTest() : undefined;
  const event = (e: SmokeEvent): void => {
    const outcome = smoke?.record(e);
    if (!outcome) return;
    if (outcome.code === 0) console.info(outcome.line);
    else console.error(outcome.line);
    app.exit(outcome.code);
  };
  return {
    active: smoke !== undefined,
    event,
    watch(win, host, workerEntry) {
      if (!smoke) return;
      // The UI has rendered once React has put something in #root.
      win.webContents.on('did-finish-load', () => {
        const status = host.status();
        if (!win.webContents.getURL().startsWith(status.uiUrl)) return;
        void waitForRenderedUi(win).then((rendered) =>
          event(
            rendered
              ? { kind: 'passed', check: 'ui', detail: `UI rendered at ${status.uiUrl}` }
              : { kind: 'failed', reason: `${status.uiUrl} loaded but rendered nothing` },
          ),
        );
      });
      setTimeout(() => {
        const outcome = smoke.timedOut(SMOKE_TEST_MS);
        if (outcome)
          event({ kind: 'failed', reason: outcome.line.replace(/^Smoke test failed: /, '') });
      }, SMOKE_TEST_MS).unref();
      void checkArgon2idWorker(workerEntry).then((checked) =>
        event(
          checked.ok
            ? { kind: 'passed', check: 'worker', detail: checked.value }
            : { kind: 'failed', reason: checked.error },
        ),
      );
    },
    async started(started) {
      if (!smoke) return;
      if (!started.ok) {
        event({ kind: 'failed', reason: describeHostFailure(started.error) });
        return;
      }
      const probed = await probeProvider(started.value.origin);
      event(
        probed.ok
          ? { kind: 'passed', check: 'provider', detail: probed.value }
          : { kind: 'failed', reason: probed.error },
      );
    },
  };
}
