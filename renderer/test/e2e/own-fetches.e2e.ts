/**
 * The simulator's own key-set fetches (the inspector's "verify by URL") are marked as its own in
 * the log and hidden unless the tester asks for them. At the three sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { InspectorPage } from './pages/inspector.page.js';
import { LogPage } from './pages/log.page.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)("the simulator's own requests in the log (Chromium)", () => {
  let ui: UiHarness;
  let app: AppPage;
  let inspector: InspectorPage;
  let log: LogPage;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    inspector = new InspectorPage(ui.page);
    log = new LogPage(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: a verify by URL leaves no relying-party row; shown on request, marked as the simulator's own`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      const flow = await runFlow(ui.baseUrl);
      await app.goTo('tokens');
      await inspector.inspect(String(flow.tokenBody.id_token));
      await page.getByTestId('verify-source-url').check();
      await page.getByTestId('verify-url').fill('');
      await page.getByTestId('verify-run').click();
      await page.locator('[data-testid="verify-result"][data-ok="true"]').waitFor();

      await app.goTo('log');
      await log.rows.first().waitFor();
      const toggle = page.getByTestId('log-show-own');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator('[data-testid="log-row"][data-own="true"]').count()).toBe(0);
      // The relying party's own jwks fetch (runFlow's) is a row like any other.
      const before = await log.rows.count();
      await toggle.click();
      const own = page.locator('[data-testid="log-row"][data-own="true"]');
      await own.first().waitFor();
      expect(await own.first().getByTestId('row-own').textContent()).toContain("simulator's own");
      expect(await log.rows.count()).toBeGreaterThan(before);
      await toggle.click();
      await own.first().waitFor({ state: 'detached' });
      expect(ui.pageErrors).toEqual([]);
    });
  }
});
