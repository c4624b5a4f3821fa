import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('pinned exchanges (Chromium, a log of 6)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let log: LogPage;

  beforeAll(async () => {
    ui = await openUi({ logCapacity: 6 });
    app = new AppPage(ui.page);
    log = new LogPage(ui.page);
    await app.open(ui.uiUrl);
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('a pinned journey survives background traffic past the cap, and can be listed first', async () => {
    await runFlow(ui.baseUrl);
    await app.goTo('log');
    await log.rowsFor('userinfo').first().waitFor();
    await log.rowsFor('token').first().click();
    await ui.page.getByTestId('pin-journey').click();
    await ui.page.locator('[data-testid="pin-journey"][aria-pressed="true"]').waitFor();
    const pinnedRows = ui.page.locator('[data-testid="log-row"][data-pinned="true"]');
    await expect.poll(() => pinnedRows.count()).toBe(3);

    // Twenty requests of background traffic: the unpinned ones go, the sign-in stays.
    for (let i = 0; i < 20; i++) await fetch(`${ui.baseUrl}/.well-known/openid-configuration`);
    await expect.poll(() => log.rows.count()).toBe(9);
    expect(await pinnedRows.count()).toBe(3);
    const page = (await (
      await fetch(`${ui.baseUrl}/_simulator/api/exchanges?pinned=only`)
    ).json()) as { items: { endpoint: string }[] };
    expect(page.items.map((e) => e.endpoint).sort()).toEqual(['authorize', 'token', 'userinfo']);

    // Pinned first: the three lead the list.
    await ui.page.getByTestId('log-pinned-first').click();
    const firstThree = await log.rows.evaluateAll((rows) =>
      rows.slice(0, 3).map((r) => r.getAttribute('data-pinned')),
    );
    expect(firstThree).toEqual(['true', 'true', 'true']);

    await ui.page.screenshot({ path: 'test-artifacts/layout/pins.png' });
    // Unpinning the journey lets them go at the next eviction.
    await ui.page.getByTestId('pin-journey').click();
    await expect.poll(() => pinnedRows.count()).toBe(0);
    await fetch(`${ui.baseUrl}/.well-known/openid-configuration`);
    await expect.poll(() => log.rows.count()).toBe(6);
    expect(ui.pageErrors).toEqual([]);
  });
});
