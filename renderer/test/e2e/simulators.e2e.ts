import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { chromiumAvailable, openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
import { LayoutProbe } from './pages/layout.page.js';
import { LogPage } from './pages/log.page.js';

describe.skipIf(!chromiumAvailable())(
  'named simulators in the window (Chromium, real simulator)',
  () => {
    let ui: UiHarness;
    let app: AppPage;
    let config: ConfigPage;
    let log: LogPage;

    beforeAll(async () => {
      ui = await openUi();
      app = new AppPage(ui.page);
      config = new ConfigPage(ui.page);
      log = new LogPage(ui.page);
      await app.open(ui.uiUrl);
      await config.screen.waitFor();
    });
    afterAll(async () => {
      await ui?.close();
    });

    it('creates a simulator from the header, and the configuration screen acts on it alone', async () => {
      const page = ui.page;
      await page.getByTestId('simulator-new-open').click();
      await page.getByTestId('simulator-new-name').fill('from-window');
      await page.getByTestId('simulator-create').click();
      await page.waitForURL(/\?simulator=from-window$/);
      await config.screen.waitFor();
      expect(await page.getByTestId('simulator-select').inputValue()).toBe('from-window');
      const list = (await (await fetch(`${ui.baseUrl}/_simulator/api/simulators`)).json()) as {
        simulators: { name: string }[];
      };
      expect(list.simulators.map((s) => s.name)).toEqual(['from-window']);

      await config.setText('responseConfiguration.email', 'named@example.com');
      await config.waitAccepted();
      await config.apply();
      await config.changedMarker('responseConfiguration.email').waitFor();

      const named = (await (await fetch(`${ui.baseUrl}/sim/from-window/config`)).json()) as {
        responseConfiguration: { email: string };
      };
      expect(named.responseConfiguration.email).toBe('named@example.com');
      const root = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
        responseConfiguration: { email: string };
      };
      expect(root.responseConfiguration.email).not.toBe('named@example.com');
    });

    it("the log shows the chosen simulator's exchanges; switching back shows the root's", async () => {
      const flow = await runFlow(`${ui.baseUrl}/sim/from-window`);
      expect(flow.userinfo.email).toBe('named@example.com');
      await runFlow(ui.baseUrl);

      await app.goTo('log');
      await log.rowsFor('userinfo').first().waitFor();
      expect(await log.rowsFor('userinfo').count()).toBe(1);
      await log.select('userinfo');
      await log.tab('response').click();
      await log.responseBody.filter({ hasText: 'named@example.com' }).waitFor();

      await ui.page.getByTestId('simulator-select').selectOption('');
      await ui.page.waitForURL((url) => !url.search.includes('simulator='));
      await app.goTo('log');
      await log.rowsFor('userinfo').first().waitFor();
      expect(await log.rowsFor('userinfo').count()).toBe(1);
      await log.select('userinfo');
      await log.tab('response').click();
      const body = await log.responseBody.textContent();
      expect(body).not.toContain('named@example.com');
      expect(ui.pageErrors).toEqual([]);
    });

    /** Downloads the HAR from the log screen: the paths of its entries. */
    async function downloadHar(): Promise<string[]> {
      const [download] = await Promise.all([ui.page.waitForEvent('download'), log.harLink.click()]);
      const file = await download.path();
      const har = JSON.parse(await readFile(file, 'utf8')) as {
        log: { entries: { request: { url: string } }[] };
      };
      return har.log.entries.map((e) => new URL(e.request.url).pathname);
    }

    it("the HAR download holds the chosen simulator's exchanges, or every simulator's", async () => {
      const page = ui.page;
      await page.getByTestId('simulator-select').selectOption('from-window');
      await page.waitForURL(/\?simulator=from-window$/);
      await app.goTo('log');
      await log.rowsFor('userinfo').first().waitFor();
      expect(await log.harLink.getAttribute('download')).toBe('identity-simulator-from-window.har');
      const named = await downloadHar();
      expect(named.length).toBeGreaterThan(0);
      expect(named.every((p) => p.startsWith('/sim/from-window/'))).toBe(true);
      expect(named).toContain('/sim/from-window/userinfo');

      await page.getByTestId('log-export-scope').selectOption('all');
      const all = await downloadHar();
      expect(all).toContain('/sim/from-window/userinfo');
      expect(all).toContain('/userinfo');
      expect(all.length).toBeGreaterThan(named.length);
    });

    it('resets the chosen simulator after asking, and says so', async () => {
      const page = ui.page;
      const email = async () =>
        (
          (await (await fetch(`${ui.baseUrl}/sim/from-window/config`)).json()) as {
            responseConfiguration: { email: string };
          }
        ).responseConfiguration.email;
      expect(await email()).toBe('named@example.com');

      // Asked first; keeping it changes nothing.
      await page.getByTestId('simulator-reset').click();
      const dialog = page.getByTestId('simulator-confirm');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('/sim/from-window/');
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await email()).toBe('named@example.com');

      await page.getByTestId('simulator-reset').click();
      await page.getByTestId('simulator-confirm-action').click();
      const notice = page.getByTestId('simulator-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('/sim/from-window/ was reset');
      expect(await email()).not.toBe('named@example.com');
      // The window stays on it, and its configuration screen shows the fresh configuration.
      expect(page.url()).toMatch(/\?simulator=from-window$/);
      await app.goTo('config');
      await page
        .locator('[data-testid="status-connection"][data-state="open"]')
        .waitFor({ timeout: 10_000 });
      await config.screen.waitFor();
      expect(ui.pageErrors).toEqual([]);
    });

    it('a failed reset is shown as an error, and nothing moves', async () => {
      const page = ui.page;
      await page.route('**/_simulator/api/simulators/*/reset', (route) => route.abort());
      try {
        await page.getByTestId('simulator-reset').click();
        await page.getByTestId('simulator-confirm-action').click();
        const alert = page.getByTestId('simulator-error');
        await alert.waitFor();
        expect(await alert.textContent()).toContain('Could not reset /sim/from-window/');
        expect(page.url()).toMatch(/\?simulator=from-window$/);
      } finally {
        await page.unroute('**/_simulator/api/simulators/*/reset');
      }
    });

    it('deletes the chosen simulator after asking, and goes back to the root', async () => {
      const page = ui.page;
      await page.getByTestId('simulator-delete').click();
      const dialog = page.getByTestId('simulator-confirm');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await listNames()).toEqual(['from-window']);

      await page.getByTestId('simulator-delete').click();
      await page.getByTestId('simulator-confirm-action').click();
      await page.waitForURL((url) => !url.search.includes('simulator='));
      await app.waitConnected();
      const notice = page.getByTestId('simulator-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('/sim/from-window/ was deleted');
      expect(await page.getByTestId('simulator-select').inputValue()).toBe('');
      // The root simulator can be neither reset nor deleted from here.
      expect(await page.getByTestId('simulator-delete').count()).toBe(0);
      expect(await page.getByTestId('simulator-reset').count()).toBe(0);
      expect(await listNames()).toEqual([]);
    });

    it('a window on a simulator deleted elsewhere goes back to the root, without bringing it back', async () => {
      const page = ui.page;
      const made = await fetch(`${ui.baseUrl}/_simulator/api/simulators`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'elsewhere' }),
      });
      expect(made.status).toBe(201);
      // The root window's switcher hears of it.
      await page.locator('[data-testid="simulator-select"] option[value="elsewhere"]').waitFor({
        state: 'attached',
      });
      await page.getByTestId('simulator-select').selectOption('elsewhere');
      await page.waitForURL(/\?simulator=elsewhere$/);
      await app.waitConnected();

      const gone = await fetch(`${ui.baseUrl}/_simulator/api/simulators/elsewhere`, {
        method: 'DELETE',
      });
      expect(gone.status).toBe(204);
      await page.waitForURL((url) => !url.search.includes('simulator='));
      await app.waitConnected();
      const notice = page.getByTestId('simulator-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('/sim/elsewhere/ was deleted elsewhere');
      expect(await listNames()).toEqual([]);
      expect(ui.pageErrors).toEqual([]);
    });

    it('at 800×600, the header keeps the switcher with its reset and delete buttons in view', async () => {
      const page = ui.page;
      await page.setViewportSize({ width: 800, height: 600 });
      // A usual name: nothing sticks out anywhere. The longest name (64 characters): the header
      // still holds everything (the status bar then cuts the long base URL short).
      for (const [name, whole] of [
        ['worker-12', true],
        [`w-${'x'.repeat(62)}`, false],
      ] as const) {
        try {
          await page.goto(`${ui.uiUrl}?simulator=${name}`);
          await app.waitConnected();
          for (const screen of ['config', 'log'] as const) {
            await app.goTo(screen);
            const layout = await new LayoutProbe(page).measure();
            expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
            expect(layout.headerOverflowing, `${name} ${screen}: header out of view`).toEqual([]);
            if (whole) expect(layout.overflowing, `${name} ${screen}: sticking out`).toEqual([]);
            for (const id of ['simulator-select', 'simulator-reset', 'simulator-delete'])
              expect(await page.getByTestId(id).isVisible(), id).toBe(true);
          }
        } finally {
          await fetch(`${ui.baseUrl}/_simulator/api/simulators/${name}`, { method: 'DELETE' });
          // The window hears of it and goes back to the root before the next name is opened.
          await page.waitForURL((url) => !url.search.includes('simulator='));
        }
      }
      await page.setViewportSize({ width: 1400, height: 900 });
    });

    async function listNames(): Promise<string[]> {
      const list = (await (await fetch(`${ui.baseUrl}/_simulator/api/simulators`)).json()) as {
        simulators: { name: string }[];
      };
      return list.simulators.map((s) => s.name);
    }
  },
);
