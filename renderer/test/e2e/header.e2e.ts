/**
 * The header's tabs never move: not with the scenario or persona in force, not with the screen
 * open, not with the log's count. Every tab is one click away at 800 px, and the scenario's name
 * stays readable below 900 px, its whole text on hover and focus.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');
import { AppPage, type ScreenName } from './pages/app.page.js';

const SCREENS: ScreenName[] = ['config', 'scenarios', 'log', 'tokens', 'presets', 'rp-check'];

/** Readable in full below 900 px (the window promises it). */
const MEDIUM_NAME = 'ID token signed with the wrong key';
const LONG_NAME =
  'ID token signed with the wrong key, then a verified passport identity, Welsh-speaking';

describe.skipIf(needs.skip)(
  'the header: tabs that never move, a chip that gives way (Chromium, real simulator)',
  () => {
    let ui: UiHarness;
    let dataDir: string;
    let app: AppPage;

    const saveScenario = async (name: string): Promise<string> => {
      const res = await fetch(`${ui.baseUrl}/_simulator/api/scenarios`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name,
          description: 'For the header test.',
          persona: 'identity-passport',
          clientConfiguration: {},
          errorConfiguration: {
            authoriseErrors: [],
            idTokenErrors: ['INVALID_SIGNATURE'],
            coreIdentityErrors: [],
          },
          flags: {},
        }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const apply = async (id: string) => {
      const res = await fetch(`${ui.baseUrl}/_simulator/api/scenarios/${id}/apply`, {
        method: 'POST',
      });
      expect(res.status).toBe(200);
    };

    /** Each tab's left edge and width, per screen open. */
    const tabBoxes = async (): Promise<Record<string, string>> => {
      const out: Record<string, string> = {};
      for (const screen of SCREENS) {
        await app.goTo(screen);
        await ui.page.locator(`.app[data-screen="${screen}"]`).waitFor();
        expect(await ui.page.getByTestId('nav-more').count(), `${screen}: a More menu`).toBe(0);
        const boxes = await ui.page.locator('.nav-tabs [role="tab"]').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return `${e.getAttribute('data-testid')}@${Math.round(r.left)}+${Math.round(r.width)}`;
          }),
        );
        out[screen] = boxes.join(' ');
      }
      return out;
    };

    let mediumId: string;
    let longId: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'header-e2e-'));
      ui = await openUi({ dataDir });
      app = new AppPage(ui.page);
      mediumId = await saveScenario(MEDIUM_NAME);
      longId = await saveScenario(LONG_NAME);
    });
    afterAll(async () => {
      await ui?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    for (const size of WINDOW_SIZES) {
      it(`${size.width}×${size.height}: every tab in the bar, in the same place whatever is applied or open`, async () => {
        await ui.page.setViewportSize(size);
        await apply(mediumId);
        await app.open(ui.uiUrl);
        await ui.page.getByTestId('active-preset-scenario').waitFor();
        const withMedium = await tabBoxes();
        // The same on every screen (the open tab does not push the others).
        expect(new Set(Object.values(withMedium)).size, JSON.stringify(withMedium)).toBe(1);
        for (const screen of SCREENS)
          expect(await app.navTab(screen).isVisible(), `${screen} tab`).toBe(true);

        // Below 900 px the scenario's name is readable in full.
        if (size.width < 900) {
          const cut = await ui.page
            .getByTestId('active-preset-scenario')
            .evaluate((e) => e.scrollWidth > e.clientWidth + 1);
          expect(cut, 'the scenario name is cut').toBe(false);
        }

        // A much longer name, and traffic for the log's count: nothing moves.
        await apply(longId);
        await runFlow(ui.baseUrl);
        await app.open(ui.uiUrl);
        await ui.page
          .getByTestId('active-preset-scenario')
          .filter({ hasText: LONG_NAME.slice(0, 12) })
          .waitFor();
        await ui.page.locator('.nav-badge:not(.is-empty)').first().waitFor();
        const withLong = await tabBoxes();
        expect(withLong).toEqual(withMedium);

        // The chip gave way; its whole text is there on hover and on keyboard focus.
        const tip = ui.page.getByTestId('active-preset-tip');
        expect(await tip.isVisible()).toBe(false);
        await ui.page.getByTestId('active-preset').hover();
        await tip.waitFor({ state: 'visible' });
        expect(await tip.textContent()).toContain(`Scenario: ${LONG_NAME}`);
        expect(await tip.textContent()).toContain('Persona: ');
        const tipBox = await tip.boundingBox();
        expect(tipBox && tipBox.x >= 0 && tipBox.x + tipBox.width <= size.width + 1).toBe(true);
        await ui.page.mouse.move(1, size.height - 1);
        await tip.waitFor({ state: 'hidden' });
        await ui.page.getByTestId('theme-toggle').focus();
        await ui.page.keyboard.press('Shift+Tab');
        expect(
          await ui.page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
        ).toBe('active-preset');
        await tip.waitFor({ state: 'visible' });
        expect(ui.pageErrors).toEqual([]);
      });
    }
  },
);
