/**
 * The inspector's edit in place: a pasted token's header and payload edited as JSON are signed
 * again at once, the token shown follows; invalid JSON is named and the last good token stays.
 * At the three sizes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, REPO_ROOT, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { InspectorPage } from './pages/inspector.page.js';

const needs = requires('chromium');
const SHOTS = join(REPO_ROOT, 'test-artifacts', 'tools');

describe.skipIf(needs.skip)('the inspector: edit and re-sign in place (Chromium)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let inspector: InspectorPage;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await openUi();
    app = new AppPage(ui.page);
    inspector = new InspectorPage(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: a payload edit re-signs the token shown`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('tokens');
      const flow = await runFlow(ui.baseUrl);
      const original = String(flow.tokenBody.id_token);
      await inspector.inspect(original);
      const payload = page.getByTestId('edit-in-place-payload');
      await payload.waitFor();
      const claims = JSON.parse(await payload.inputValue()) as Record<string, unknown>;
      expect(claims.sub).toBe(decodeJwt(original).sub);

      const sub = `edited-${size.width}`;
      await payload.fill(JSON.stringify({ ...claims, sub }, null, 2));
      await page.waitForFunction((want) => {
        const box = document.querySelector<HTMLTextAreaElement>('[data-testid="paste-token"]');
        const part = box?.value.split('.')[1] ?? '';
        try {
          return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))).sub === want;
        } catch {
          return false;
        }
      }, sub);
      const signed = await inspector.pasteBox.inputValue();
      expect(decodeJwt(signed).sub).toBe(sub);
      await page
        .locator('[data-testid="token-check"][data-check-name="signature"][data-ok="true"]')
        .waitFor();
      // The editor keeps what was typed.
      expect(JSON.parse(await payload.inputValue()).sub).toBe(sub);

      // Invalid JSON: named inline, the last good token stays.
      await payload.fill('{"sub": ');
      await page.getByTestId('edit-in-place-error').waitFor();
      expect(await page.getByTestId('edit-in-place-error').textContent()).toMatch(/not valid JSON/);
      await page.waitForTimeout(700);
      expect(await inspector.pasteBox.inputValue()).toBe(signed);

      // A wrong key: the header edit is kept, the signature no longer verifies.
      await payload.fill(JSON.stringify({ ...claims, sub }, null, 2));
      const header = page.getByTestId('edit-in-place-header');
      const h = JSON.parse(await header.inputValue()) as Record<string, unknown>;
      await header.fill(JSON.stringify({ ...h, typ: 'JWT', x_edited: 'yes' }));
      await page.getByTestId('edit-in-place-key-wrong').check();
      await page
        .locator('[data-testid="token-check"][data-check-name="signature"][data-ok="false"]')
        .waitFor();
      const wrong = await inspector.pasteBox.inputValue();
      // What was typed stays as typed (the editor is not rewritten by its own re-sign).
      expect(await header.inputValue()).toBe(JSON.stringify({ ...h, typ: 'JWT', x_edited: 'yes' }));
      expect(decodeProtectedHeader(wrong)).toMatchObject({ x_edited: 'yes' });
      expect(decodeJwt(wrong).sub).toBe(sub);
      if (size.width === 800) {
        await page.getByTestId('edit-in-place').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, 'edit-in-place-800.png') });
      }
      expect(ui.pageErrors).toEqual([]);
    });
  }
});
