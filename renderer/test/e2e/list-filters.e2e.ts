import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUi, REPO_ROOT, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LayoutProbe } from './pages/layout.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const SHOTS = join(REPO_ROOT, 'test-artifacts', 'list-filters');
describe.skipIf(needs.skip)(
  'find a switch, a persona or a scenario (Chromium, real simulator)',
  () => {
    let ui: UiHarness;
    let app: AppPage;
    let probe: LayoutProbe;
    const focusedTestId = () =>
      ui.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    const groups = () =>
      ui.page
        .locator('[data-testid^="scenario-group-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      ui = await openUi();
      app = new AppPage(ui.page);
      probe = new LayoutProbe(ui.page);
      await app.open(ui.uiUrl);
    });
    afterAll(async () => {
      await ui?.close();
    });

    it('Errors: / focuses the filter, and a switch is found in every group that has it', async () => {
      await ui.page.setViewportSize({ width: 1280, height: 720 });
      await app.goTo('scenarios');
      await ui.page.locator('body').click({ position: { x: 5, y: 300 } });
      // Typed straight after "/", before the box has the focus: nothing is lost or taken as a shortcut.
      await ui.page.keyboard.type('/signature');
      await expect.poll(focusedTestId).toBe('switch-filter');
      expect(await ui.page.getByTestId('switch-filter').inputValue()).toBe('signature');
      await ui.page
        .getByTestId('switch-matches')
        .filter({ hasText: '2 matching in 2 groups' })
        .waitFor();
      expect(await groups()).toEqual([
        'scenario-group-idTokenErrors',
        'scenario-group-coreIdentityErrors',
      ]);
      await ui.page.getByTestId('scenario-idTokenErrors-INVALID_SIGNATURE').waitFor();
      await ui.page.screenshot({ path: join(SHOTS, 'errors-signature-1280.png') });

      // A wire code shared by three endpoints, and the faults by endpoint and kind.
      await ui.page.getByTestId('switch-filter').fill('server_error');
      await ui.page.getByTestId('switch-matches').filter({ hasText: 'in 3 groups' }).waitFor();
      await ui.page.getByTestId('switch-filter').fill('jwks dropped');
      await expect.poll(groups).toEqual(['scenario-group-faults']);
      expect(
        await ui.page
          .locator('[data-testid^="fault-target-"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
      ).toEqual(['fault-target-jwks']);

      await ui.page.getByTestId('switch-filter').fill('no such switch at all');
      await ui.page
        .getByTestId('switch-matches')
        .filter({ hasText: 'No switch matches' })
        .waitFor();
      expect(await groups()).toEqual([]);

      // Escape clears the box and gives every group back.
      await ui.page.getByTestId('switch-filter').press('Escape');
      await expect.poll(async () => (await groups()).length).toBeGreaterThan(5);
      expect(await ui.page.getByTestId('switch-matches').count()).toBe(0);
      expect(await focusedTestId()).toBeNull();
    });

    it('Personas & scenarios: / focuses the library filter, which narrows both lists', async () => {
      await app.goTo('presets');
      await ui.page.getByTestId('preset-row').first().waitFor();
      await ui.page.locator('body').click({ position: { x: 5, y: 5 } });
      await ui.page.keyboard.press('/');
      await expect.poll(focusedTestId).toBe('preset-filter');
      await ui.page.keyboard.type('driving');
      const ids = (kind: string) =>
        ui.page
          .locator(`[data-testid="preset-row"][data-kind="${kind}"]`)
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      await expect.poll(() => ids('persona')).toEqual(['identity-driving-licence']);
      // "driving" is also in the passport scenario's description (every identity claim allowed).
      expect(await ids('scenario')).toContain('verified-with-driving-licence');
      expect(await ui.page.getByTestId('persona-count').textContent()).toMatch(/^1 of \d+$/);

      await ui.page.getByTestId('preset-filter').fill('INVALID_SIGNATURE');
      await expect.poll(() => ids('scenario')).toEqual(['id-token-wrong-key']);
      expect(await ids('persona')).toEqual([]);
      await ui.page.getByText('No persona matches.').waitFor();
      await ui.page.screenshot({ path: join(SHOTS, 'presets-invalid-signature-1280.png') });
      await ui.page.getByTestId('preset-filter').press('Escape');
      await expect.poll(async () => (await ids('persona')).length).toBeGreaterThan(5);
    });

    it('the request log keeps its own filter on /', async () => {
      await app.goTo('log');
      await ui.page.locator('body').click({ position: { x: 5, y: 300 } });
      await ui.page.keyboard.press('/');
      await expect.poll(focusedTestId).toBe('log-filter');
      await ui.page.keyboard.press('Escape');
    });

    for (const size of WINDOW_SIZES) {
      it(`${size.width}×${size.height}: the filter boxes fit`, async () => {
        await ui.page.setViewportSize(size);
        await ui.page.screenshot({ path: join(SHOTS, `debug-${size.width}.png`) });
        for (const [screen, box] of [
          ['scenarios', 'switch-filter'],
          ['presets', 'preset-filter'],
        ] as const) {
          await app.goTo(screen);
          await ui.page.getByTestId(box).fill('token');
          expect(await probe.fullyInView(ui.page.getByTestId(box)), `${box} in view`).toBe(true);
          const layout = await probe.measure();
          expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
          expect(layout.overflowing, `${screen}`).toEqual([]);
          await ui.page.screenshot({ path: join(SHOTS, `${screen}-${size.width}.png`) });
          await ui.page.getByTestId(box).fill('');
        }
      });
    }

    it('800×600: the header chip shows a readable scenario name, not two stumps', async () => {
      await ui.page.setViewportSize({ width: 800, height: 600 });
      const applied = await fetch(
        `${ui.baseUrl}/_simulator/api/scenarios/verified-with-passport/apply`,
        { method: 'POST' },
      );
      expect(applied.status).toBe(200);
      const scenario = ui.page.getByTestId('active-preset-scenario');
      await scenario.filter({ hasText: 'Verified with a passport' }).waitFor();
      expect(await scenario.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Below 1200 px the chip has a line of its own: both names, neither cut.
      const persona = ui.page.getByTestId('active-preset-persona');
      expect(await persona.isVisible()).toBe(true);
      expect(await persona.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await ui.page.getByTestId('active-preset').getAttribute('aria-label')).toContain(
        'Persona: Verified with a passport (P2)',
      );
      await ui.page.screenshot({
        path: join(SHOTS, 'chip-800.png'),
        clip: { x: 0, y: 0, width: 800, height: 80 },
      });
      // At 1280 px the chip shares the line with the tabs: the scenario alone, not two stumps;
      // the persona is in its full text (hover, focus) and its accessible name.
      await ui.page.setViewportSize({ width: 1280, height: 720 });
      await persona.waitFor({ state: 'hidden' });
      expect(await scenario.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await ui.page.getByTestId('active-preset-tip').textContent()).toContain(
        'Persona: Verified with a passport (P2)',
      );
    });

    it('logged no page errors', () => {
      expect(ui.pageErrors).toEqual([]);
    });
  },
);
