/**
 * A named simulator's log in the window: its own counts, an empty state that tells the truth,
 * and a Clear that asks first and clears that simulator's exchanges only. At the three sizes a
 * tester uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)(
  "a named simulator's log: its counts, its empty state, its Clear (Chromium, real simulator)",
  () => {
    let ui: UiHarness;
    let app: AppPage;
    let log: LogPage;

    beforeAll(async () => {
      ui = await openUi();
      app = new AppPage(ui.page);
      log = new LogPage(ui.page);
    });
    afterAll(async () => {
      await ui?.close();
    });

    const paths = async (simulator: string): Promise<string[]> => {
      const res = await fetch(
        `${ui.baseUrl}/_simulator/api/exchanges?limit=500&simulator=${encodeURIComponent(simulator)}`,
      );
      const body = (await res.json()) as { items: { request: { path: string } }[] };
      return body.items.map((e) => e.request.path);
    };

    for (const size of WINDOW_SIZES) {
      it(`${size.width}×${size.height}: counts and empty state are the simulator's own; Clear asks and clears it alone`, async () => {
        const page = ui.page;
        await page.setViewportSize(size);
        const quiet = `quiet-${size.width}`;
        // As long as a name may be: the status bar must still show the whole address.
        const busy = `busy-${size.width}-${'x'.repeat(50)}`.slice(0, 64);
        await fetch(`${ui.baseUrl}/_simulator/api/simulators`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: quiet }),
        });
        await runFlow(ui.baseUrl);
        await runFlow(`${ui.baseUrl}/sim/${busy}`);
        const rootBefore = await paths('/');
        const busyBefore = await paths(busy);
        expect(rootBefore.length).toBeGreaterThan(0);
        expect(busyBefore.length).toBeGreaterThan(0);

        // A simulator with no exchanges: no count borrowed from the others, and the truth.
        await app.open(`${ui.uiUrl}?simulator=${quiet}`);
        await app.goTo('log');
        await log.screen.waitFor();
        expect(await app.navTab('log').locator('.nav-badge:not(.is-empty)').count()).toBe(0);
        expect((await log.count.textContent())?.trim()).toBe('0 exchanges');
        expect((await app.exchangeCount.textContent())?.trim()).toBe('0 exchanges');
        const empty = page.getByTestId('log-empty');
        await empty.waitFor();
        expect(await empty.textContent()).toContain('No exchanges yet');
        expect(await empty.textContent()).not.toContain('matches the filter');
        expect(await empty.textContent()).toContain(`/sim/${quiet}/`);

        // A simulator with exchanges: its own count, the filter's empty state says why.
        await app.open(`${ui.uiUrl}?simulator=${busy}`);
        await app.goTo('log');
        await log.rows.first().waitFor();
        const n = busyBefore.length;
        expect((await log.count.textContent())?.trim()).toBe(`${n} exchanges`);
        expect(
          (await app.navTab('log').locator('.nav-badge:not(.is-empty)').textContent())?.trim(),
        ).toBe(String(n));
        await log.filter.fill('no-such-thing-anywhere');
        await empty.waitFor();
        expect(await empty.textContent()).toContain('No exchange matches the filter');
        await page.getByTestId('log-empty-clear-filter').click();
        await log.rows.first().waitFor();
        expect(await log.filter.inputValue()).toBe('');

        // Clear asks first, naming the simulator; keeping changes nothing.
        await log.clear.click();
        const dialog = page.getByTestId('log-clear-confirm');
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(`/sim/${busy}/`);
        await dialog.getByRole('button', { name: 'Keep them' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await paths(busy)).toEqual(busyBefore);

        await log.clear.click();
        await page.getByTestId('log-clear-confirm-action').click();
        await empty.waitFor();
        expect(await empty.textContent()).toContain('No exchanges yet');
        expect(await paths(busy)).toEqual([]);
        // The root's (and every other simulator's) exchanges are untouched.
        expect(await paths('/')).toEqual(rootBefore);

        // The status bar's address is whole: never cut, in the middle or anywhere.
        const base = app.baseUrl;
        expect(await base.textContent()).toBe(`${ui.baseUrl}/sim/${busy}`);
        expect(await base.evaluate((a) => a.scrollWidth > a.clientWidth + 1)).toBe(false);
        const box = await base.boundingBox();
        expect(box && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(
          true,
        );
        expect(ui.pageErrors).toEqual([]);
      });
    }
  },
);
