/**
 * The log at 800×600 is usable: a one-line toolbar, several rows of the list and room for the
 * exchange's detail at once. The same holds at 1280×720 and 1920×1080.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('the log at small sizes (Chromium)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let log: LogPage;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    log = new LogPage(ui.page);
    for (let i = 0; i < 4; i++) await runFlow(ui.baseUrl);
  });
  afterAll(async () => {
    await ui?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: a one-line toolbar, five rows or more and the detail in view together`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('log');
      await log.rows.nth(5).waitFor();
      await log.rows.first().click();
      await log.detail.waitFor();
      const toolbar = await page.locator('.log-toolbar').boundingBox();
      expect(toolbar?.height ?? 999, 'toolbar height').toBeLessThanOrEqual(48);
      const layout = await page.evaluate(() => {
        const scroll = document.querySelector('.log-scroll') as HTMLElement;
        const box = scroll.getBoundingClientRect();
        const rows = Array.from(document.querySelectorAll('[data-testid="log-row"]')).filter(
          (r) => {
            const b = r.getBoundingClientRect();
            return b.top >= box.top - 1 && b.bottom <= box.bottom + 1;
          },
        ).length;
        const detail = (
          document.querySelector('[data-testid="exchange-detail"]') as HTMLElement
        ).getBoundingClientRect();
        const visible = Math.min(detail.bottom, window.innerHeight) - Math.max(detail.top, 0);
        return { rows, detail: visible };
      });
      expect(layout.rows, 'rows fully in view').toBeGreaterThanOrEqual(5);
      expect(layout.detail, 'detail height in view').toBeGreaterThanOrEqual(180);
      // Every toolbar button still has its name (tooltips and screen readers).
      for (const id of ['log-pinned-first', 'log-pause', 'log-clear'])
        expect(await page.getByTestId(id).getAttribute('aria-label'), id).toBeTruthy();
      expect(ui.pageErrors).toEqual([]);
    });
  }
});
