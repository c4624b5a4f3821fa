/**
 * Edit and resend: the logged request's query, headers and body shown in fields, one edited,
 * and the new exchange carries the edit (compared with the original). At the three sizes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, REPO_ROOT, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { ToolsPage } from './pages/tools.page.js';

const needs = requires('chromium');
const SHOTS = join(REPO_ROOT, 'test-artifacts', 'tools');

describe.skipIf(needs.skip)('edit and resend (Chromium)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let log: LogPage;
  let tools: ToolsPage;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await openUi();
    app = new AppPage(ui.page);
    log = new LogPage(ui.page);
    tools = new ToolsPage(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: an authorize request resent with an edited state`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('log');
      expect(await tools.signIn('authentication')).toBe('accepted');
      await page.getByTestId('test-client-dismiss').click();
      await log.select('authorize');
      await page.getByTestId('resend-edit').click();
      const editor = page.getByTestId('resend-editor');
      await editor.waitFor();
      // Prefilled from the log: the query and the headers the client sent.
      const state = page.getByTestId('resend-query-value-state');
      expect(await state.inputValue()).not.toBe('');
      expect(
        await editor.locator('[data-testid^="resend-headers-value-"]').count(),
      ).toBeGreaterThan(0);
      expect(await page.getByTestId('resend-headers-value-host').count()).toBe(0);
      const edited = `edited-${size.width}`;
      await state.fill(edited);
      if (size.width === 800) {
        await editor.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, 'resend-edit-800.png') });
      }
      await page.getByTestId('resend-send').click();
      await tools.compareView.waitFor();
      const row = tools.compareRow('query · state');
      expect(await row.textContent()).toContain(edited);
      expect(await row.getAttribute('class')).toContain('is-different');
      await page.getByTestId('compare-close').click();
      expect(await tools.resendResult.textContent()).toMatch(/query edited/);
      expect(ui.pageErrors).toEqual([]);
    });
  }
});
