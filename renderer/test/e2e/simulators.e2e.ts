import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { chromiumAvailable, openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
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
  },
);
