/**
 * Compare reads tokens claim by claim, side by side, the differences marked (not JWT strings in
 * scroll boxes). At the three sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ToolsPage } from './pages/tools.page.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('compare: the claims side by side (Chromium)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let tools: ToolsPage;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    tools = new ToolsPage(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: a resent token request compared with the original, claim by claim`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('log');
      expect(await tools.signIn('authentication')).toBe('accepted');
      await page
        .locator('[data-testid="exchange-detail"] .detail-path', { hasText: '/token' })
        .waitFor();
      await tools.resend.click();
      await tools.compareView.waitFor();
      // The client assertions differ in their jti: read as claims, the row says which claim.
      const jti = page.locator('[data-testid="compare-row"][data-field$="· jti"]').first();
      await jti.waitFor();
      expect(await jti.getAttribute('class')).toContain('is-different');
      expect(await jti.locator('th').textContent()).toContain('Tokens');
      const assertion = await tools.compareRow('body · client_assertion').textContent();
      expect(assertion).toContain('claims under Tokens');
      expect(assertion).not.toMatch(/eyJ[\w-]{40,}/);
      // Both sides of a claim row are in view side by side.
      const cells = await jti.locator('td').all();
      const [l, r] = [await cells[0]?.boundingBox(), await cells[1]?.boundingBox()];
      expect(l && r && l.y === r.y && l.x < r.x && r.x + r.width <= size.width).toBe(true);
      await page.getByTestId('compare-close').click();
      expect(ui.pageErrors).toEqual([]);
    });
  }
});
