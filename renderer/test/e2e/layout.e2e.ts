import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, REPO_ROOT, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage, type ScreenName } from './pages/app.page.js';
import { LayoutProbe } from './pages/layout.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const SCREENS: ScreenName[] = ['config', 'scenarios', 'log', 'tokens', 'presets', 'rp-check'];

const LONG_NAME =
  'Verified with a passport and a driving permit, Welsh-speaking, address history (long name)';

const SHOTS = join(REPO_ROOT, 'test-artifacts', 'layout');

describe.skipIf(needs.skip)(
  'the window at 800×600, 1280×720 and 1920×1080 (Chromium, real simulator)',
  () => {
    let ui: UiHarness;
    let dataDir: string;
    let app: AppPage;
    let probe: LayoutProbe;

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      dataDir = mkdtempSync(join(tmpdir(), 'layout-e2e-'));
      ui = await openUi({ dataDir });
      app = new AppPage(ui.page);
      probe = new LayoutProbe(ui.page);
      // A scenario with a long name, applied, so the header has the most to show.
      const created = await fetch(`${ui.baseUrl}/_simulator/api/scenarios`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: LONG_NAME,
          description: 'A scenario whose name is longer than any header could show in full.',
          persona: 'identity-passport',
          clientConfiguration: {},
          errorConfiguration: { authoriseErrors: [], idTokenErrors: [], coreIdentityErrors: [] },
          flags: {},
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const applied = await fetch(`${ui.baseUrl}/_simulator/api/scenarios/${id}/apply`, {
        method: 'POST',
      });
      expect(applied.status).toBe(200);
      // Some traffic, so the log and the inspector have rows to lay out.
      await runFlow(ui.baseUrl);
      await runFlow(ui.baseUrl);
      await app.open(ui.uiUrl);
    });
    afterAll(async () => {
      await ui?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    for (const size of WINDOW_SIZES) {
      it(`${size.width}×${size.height}: no sideways scrolling, one-line tabs, header names what is in force`, async () => {
        await ui.page.setViewportSize(size);
        for (const screen of SCREENS) {
          await app.goTo(screen);
          await ui.page.locator(`.app[data-screen="${screen}"]`).waitFor();
          if (screen === 'log') await ui.page.getByTestId('log-row').first().waitFor();
          if (screen === 'tokens')
            await ui.page.getByTestId('tokens-screen').waitFor({ state: 'visible' });
          await ui.page.screenshot({
            path: join(SHOTS, `${screen}-${size.width}x${size.height}.png`),
          });
          const layout = await probe.measure();
          expect(layout.scrollWidth, `${screen}: page scroll width`).toBeLessThanOrEqual(
            layout.clientWidth,
          );
          expect(layout.overflowing, `${screen}: elements sticking out`).toEqual([]);
          expect(layout.tabLines, `${screen}: tab label lines`).toEqual(
            layout.tabLines.map(() => 1),
          );
          expect(layout.headerOverflowing, `${screen}: header items out of view`).toEqual([]);
          // The header names the scenario and the persona in force.
          await expect
            .poll(() => ui.page.getByTestId('active-preset').getAttribute('aria-label'))
            .toContain(LONG_NAME);
          await expect
            .poll(() => ui.page.getByTestId('active-preset').getAttribute('aria-label'))
            .toContain('Verified with a passport (P2)');
        }
      });

      it(`${size.width}×${size.height}: every tab and the apply bar can be reached`, async () => {
        await ui.page.setViewportSize(size);
        await app.goTo('config');
        // Every screen is reachable: visible as a tab, or in the overflow menu.
        for (const screen of SCREENS) {
          await app.goTo(screen);
          await ui.page.locator(`.app[data-screen="${screen}"]`).waitFor();
        }
        await app.goTo('config');
        const bar = ui.page.getByTestId('apply-bar');
        await bar.waitFor();
        for (const name of ['Apply', 'Discard', 'Reset']) {
          const button = bar.getByRole('button', { name, exact: false }).first();
          expect(await probe.fullyInView(button), `${name} in view`).toBe(true);
        }
        // Still in view after scrolling the form to its end.
        await ui.page.getByTestId('config-section-simulator').scrollIntoViewIfNeeded();
        expect(await probe.fullyInView(bar.getByRole('button', { name: 'Apply' }))).toBe(true);
        // The section navigation stays usable: as a sidebar or as a list of section links.
        const sectionNav = ui.page.getByRole('navigation', { name: 'Configuration sections' });
        await sectionNav.getByRole('link', { name: 'Simulator & keys' }).click();
        await expect
          .poll(() =>
            sectionNav
              .locator('[aria-current="location"]')
              .textContent()
              .then((t) => t?.trim()),
          )
          .toBe('Simulator & keys');
        expect(await probe.fullyInView(sectionNav.getByRole('link', { name: 'Client' }))).toBe(
          true,
        );
        await ui.page.screenshot({
          path: join(SHOTS, `config-end-${size.width}x${size.height}.png`),
        });
      });
    }

    it('800×600: the import dialog and the persona editor fit too', async () => {
      await ui.page.setViewportSize({ width: 800, height: 600 });
      await app.goTo('presets');
      await ui.page.getByTestId('open-import').click();
      await ui.page.getByTestId('import-dialog').waitFor();
      await ui.page.getByTestId('import-text').fill('PKCE_ENABLD=true');
      await ui.page.getByTestId('import-check').click();
      await ui.page.getByTestId('import-problem').first().waitFor();
      await ui.page.screenshot({ path: join(SHOTS, 'import-800x600.png') });
      expect(await probe.fullyInView(ui.page.getByTestId('import-apply'))).toBe(true);
      let layout = await probe.measure();
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.overflowing).toEqual([]);
      await ui.page.keyboard.press('Escape');

      const copy = (await (
        await fetch(`${ui.baseUrl}/_simulator/api/personas/no-phone/duplicate`, { method: 'POST' })
      ).json()) as { id: string };
      await ui.page.reload();
      await app.waitConnected();
      await app.goTo('presets');
      await ui.page
        .locator(
          `[data-testid="preset-row"][data-kind="persona"][data-id="${copy.id}"] .preset-row-main`,
        )
        .click();
      await ui.page.getByTestId('detail-edit').click();
      await ui.page.getByTestId('persona-editor').waitFor();
      await ui.page.screenshot({ path: join(SHOTS, 'persona-editor-800x600.png') });
      layout = await probe.measure();
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.overflowing).toEqual([]);
      expect(await probe.fullyInView(ui.page.getByTestId('persona-save'))).toBe(true);
      await ui.page.getByTestId('persona-cancel').click();
    });

    it('a skip link leads past the header to the screen', async () => {
      await ui.page.setViewportSize({ width: 1280, height: 720 });
      await ui.page.goto(ui.uiUrl);
      await app.waitConnected();
      await ui.page.keyboard.press('Tab');
      const skip = ui.page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await probe.fullyInView(skip)).toBe(true);
      await ui.page.keyboard.press('Enter');
      expect(await ui.page.evaluate(() => document.activeElement?.id)).toBe('main');
    });

    it('"/" then fast typing lands in the log filter, never in the quick switcher', async () => {
      await ui.page.setViewportSize({ width: 1280, height: 720 });
      await app.goTo('config');
      await ui.page.locator('body').click({ position: { x: 5, y: 300 } });
      // Keys as fast as a typist's burst: all in one task, before the log screen can render.
      await ui.page.evaluate(() => {
        for (const key of ['/', 's', 't', 'a', 't', 'e'])
          document.body.dispatchEvent(
            new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
          );
      });
      const filter = ui.page.locator('#log-filter');
      await expect.poll(() => filter.inputValue()).toBe('state');
      expect(await filter.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await ui.page.getByTestId('quick-switcher').count()).toBe(0);
      // Typing on goes on into the filter.
      await ui.page.keyboard.type('=x');
      expect(await filter.inputValue()).toBe('state=x');
      await filter.fill('');
      await ui.page.keyboard.press('Escape');
    });
  },
);
