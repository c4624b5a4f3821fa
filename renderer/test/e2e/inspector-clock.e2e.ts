/**
 * The inspector's time checks and its claims table read one clock, in one wording: minutes after
 * a token was inspected, the check on exp says what the table says. At the three sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { InspectorPage } from './pages/inspector.page.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('the inspector: one clock, one wording (Chromium)', () => {
  let ui: UiHarness;

  beforeAll(async () => {
    ui = await openUi();
  });
  afterAll(async () => {
    await ui?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: a pasted JWT is decoded at once, no button pressed`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      const app = new AppPage(page);
      await app.open(ui.uiUrl);
      await app.goTo('tokens');
      const flow = await runFlow(ui.baseUrl);
      const token = String(flow.tokenBody.id_token);
      await page.getByTestId('paste-token').evaluate((el, text) => {
        const data = new DataTransfer();
        data.setData('text', text);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      }, token);
      const view = page.getByTestId('token-view').first();
      await view.waitFor();
      expect(await page.getByTestId('paste-token').inputValue()).toBe(token);
      expect(await view.locator('[data-claim="nonce"]').count()).toBeGreaterThan(0);
      expect(ui.pageErrors).toEqual([]);
    });

    it(`${size.width}×${size.height}: an empty URL field means the address it shows; the matching key is named; the reading note names the menu`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      const app = new AppPage(page);
      const inspector = new InspectorPage(page);
      await app.open(ui.uiUrl);
      await app.goTo('tokens');
      const flow = await runFlow(ui.baseUrl);
      const token = flow.tokenBody.id_token as string;
      await inspector.inspect(token);
      await inspector.tokenView().first().waitFor();
      // The guess is said in the window's words: its menu, not an API parameter.
      const notes = (await page.getByTestId('token-note').allTextContents()).join(' ');
      expect(notes).toContain('Read as an ID token');
      expect(notes).toContain('“Check it as”');
      expect(notes).not.toContain('"role"');
      expect(notes).not.toContain('a id token');
      await page.getByTestId('verify-source-url').check();
      await page.getByTestId('verify-url').fill('');
      expect(await page.getByTestId('verify-url').getAttribute('placeholder')).toContain(
        '/.well-known/jwks.json',
      );
      await page.getByTestId('verify-run').click();
      await page.locator('[data-testid="verify-result"][data-ok="true"]').waitFor();
      expect(await page.getByTestId('verify-error').count()).toBe(0);
      const header = JSON.parse(
        Buffer.from(token.split('.')[0] as string, 'base64url').toString(),
      ) as { kid: string; alg: string };
      const key = await page.getByTestId('verify-matching-key').textContent();
      expect(key).toContain(`kid ${header.kid}`);
      expect(key).toContain(header.alg);
      expect(key).toContain('/.well-known/jwks.json');
      expect(ui.pageErrors).toEqual([]);
    });

    it(`${size.width}×${size.height}: the exp check and the claims table agree minutes later`, async () => {
      const context = await ui.browser.newContext({ viewport: size });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.clock.install({ time: Date.now() });
        const app = new AppPage(page);
        const inspector = new InspectorPage(page);
        await app.open(ui.uiUrl);
        await app.goTo('tokens');
        // A fresh ID token (it lives 120 s).
        const flow = await runFlow(ui.baseUrl);
        const token = flow.tokenBody.id_token as string;
        expect(typeof token).toBe('string');
        await inspector.inspect(token);
        const view = inspector.tokenView().first();
        await view.waitFor();
        const exp = inspector.check(view, 'exp');
        await exp.waitFor();
        // Three minutes later (the window's clock): expired, in the table and in the check.
        await page.clock.fastForward('03:00');
        const table = page.getByTestId('claim-time-exp').first();
        await expect.poll(() => table.textContent()).toContain('1 minute ago');
        const relative = (await table.locator('strong').textContent()) ?? '';
        const detail = (await exp.locator('.check-detail').textContent()) ?? '';
        expect(detail).toContain(`(${relative})`);
        expect(detail).not.toMatch(/in \d+ min\b/);
        // The absolute time in the same form as the table's.
        const absolute = ((await table.textContent()) ?? '').split(' · ')[0] ?? '';
        expect(detail).toContain(absolute);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
