import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const COUNT = 10_000;

describe.skipIf(needs.skip)('a full log of 10,000 exchanges (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let log: LogPage;

  beforeAll(async () => {
    ui = await openUi({ logCapacity: COUNT });
    // Real requests, 50 at a time.
    for (let i = 0; i < COUNT; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, COUNT - i) }, (_, j) =>
          fetch(`${ui.baseUrl}/.well-known/openid-configuration?n=${i + j}`).then((r) =>
            r.arrayBuffer(),
          ),
        ),
      );
    }
    app = new AppPage(ui.page);
    log = new LogPage(ui.page);
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
  });

  it('replays them all, renders only the visible rows, and reaches the oldest by keyboard', async () => {
    const started = Date.now();
    await app.open(ui.uiUrl);
    await app.goTo('log');
    await log.count.filter({ hasText: `${COUNT} exchanges` }).waitFor({ timeout: 30_000 });
    const loadMs = Date.now() - started;
    expect(loadMs).toBeLessThan(20_000);

    // Virtualised: a screenful of rows in the DOM, not ten thousand.
    const rendered = await log.rows.count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(120);

    await ui.page.locator('body').click({ position: { x: 5, y: 400 } });
    await ui.page.keyboard.press('End');
    const oldest = await ui.page.getByTestId('exchange-detail').getAttribute('data-seq');
    const seqs = await log.seqs();
    expect(seqs).toContain(Number(oldest));
    expect(Number(oldest)).toBe(Math.min(...(await log.seqs())));

    // Filtering ten thousand rows stays interactive.
    const t0 = Date.now();
    await log.filter.fill('n=9999');
    await log.count.filter({ hasText: `1 of ${COUNT}` }).waitFor();
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(ui.pageErrors).toEqual([]);
  });
});
