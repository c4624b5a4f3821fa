import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('request log (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let log: LogPage;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    log = new LogPage(ui.page);
    await runFlow(ui.baseUrl);
    await fetch(`${ui.baseUrl}/userinfo`, {
      headers: { 'user-agent': 'e2e', authorization: 'Bearer nope' },
    });
    await app.open(ui.uiUrl);
    await app.goTo('log');
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('replays the history on load, newest first, and follows new exchanges live', async () => {
    await log.rowsFor('authorize').first().waitFor();
    const seqs = await log.seqs();
    expect(seqs.length).toBeGreaterThanOrEqual(4);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);

    const before = seqs.length;
    await fetch(`${ui.baseUrl}/.well-known/openid-configuration`);
    await log.rowsFor('discovery').first().waitFor();
    expect((await log.seqs()).length).toBe(before + 1);
  });

  it('filters by endpoint, outcome and text, and shows the decoded redirect', async () => {
    await log.endpointFilter.selectOption('authorize');
    await log.rows.first().waitFor();
    expect(
      new Set(await log.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-endpoint')))),
    ).toEqual(new Set(['authorize']));
    await log.select('authorize');
    await log.tab('response').click();
    const query = ui.page.getByTestId('location-query');
    await query.filter({ hasText: 'code' }).waitFor();
    expect(await query.textContent()).toContain('state-1');

    await log.endpointFilter.selectOption('all');
    await log.outcome('error').click();
    await log.rowsFor('userinfo').first().waitFor();
    expect(
      new Set(await log.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-outcome')))),
    ).toEqual(new Set(['error']));
    await log.outcome('all').click();

    await log.filter.fill('no exchange has this text');
    await ui.page.getByTestId('log-empty').waitFor();
    await log.filter.fill('/token');
    await log.rowsFor('token').first().waitFor();
    expect(await log.rowsFor('authorize').count()).toBe(0);
    await log.filter.fill('');
  });

  it('moves through the log with j/k, focuses the filter with /, and opens the help with ?', async () => {
    await ui.page.locator('body').click({ position: { x: 5, y: 300 } });
    await ui.page.keyboard.press('Escape');
    const seqs = await log.seqs();
    await ui.page.keyboard.press('Home');
    await ui.page.locator(`[data-testid="exchange-detail"][data-seq="${seqs[0]}"]`).waitFor();
    await ui.page.keyboard.press('j');
    await ui.page.locator(`[data-testid="exchange-detail"][data-seq="${seqs[1]}"]`).waitFor();
    await ui.page.keyboard.press('k');
    await ui.page.locator(`[data-testid="exchange-detail"][data-seq="${seqs[0]}"]`).waitFor();

    await ui.page.keyboard.press('/');
    await expect
      .poll(() => ui.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('log-filter');
    await ui.page.keyboard.press('Escape');

    await ui.page.keyboard.press('?');
    await app.helpDialog.waitFor();
    await ui.page.keyboard.press('Escape');
    await app.helpDialog.waitFor({ state: 'detached' });

    await ui.page.keyboard.press('1');
    await ui.page.getByTestId('config-screen').waitFor();
    await ui.page.keyboard.press('g');
    await ui.page.keyboard.press('l');
    await log.screen.waitFor();
  });

  it('holds new exchanges while paused and shows them on resume', async () => {
    const before = (await log.seqs()).length;
    await log.pause.click();
    await fetch(`${ui.baseUrl}/.well-known/jwks.json`);
    await log.pause.filter({ hasText: '1 new' }).waitFor();
    expect((await log.seqs()).length).toBe(before);
    await log.pause.click();
    await log.rowsFor('jwks').first().waitFor();
  });

  it('keeps the history across a reload, and empties it on Clear', async () => {
    const before = await log.seqs();
    await ui.page.reload();
    await app.waitConnected();
    await app.goTo('log');
    await log.rows.nth(before.length - 1).waitFor();
    expect(await log.seqs()).toEqual(before);

    // The window is on the root simulator: its HAR holds the root's exchanges unless all are asked.
    expect(await log.harLink.getAttribute('href')).toBe(
      '/_simulator/api/exchanges.har?simulator=%2F',
    );
    await ui.page.getByTestId('log-export-scope').selectOption('all');
    expect(await log.harLink.getAttribute('href')).toBe('/_simulator/api/exchanges.har');
    await ui.page.getByTestId('log-export-scope').selectOption('chosen');
    await log.clear.click();
    await ui.page.getByTestId('log-clear-confirm-action').click();
    await ui.page.getByTestId('log-empty').waitFor();
    const page = (await (await fetch(`${ui.baseUrl}/_simulator/api/exchanges`)).json()) as {
      total: number;
    };
    expect(page.total).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });

  it('follows the theme choice and remembers it', async () => {
    expect(await app.themeToggle.getAttribute('data-theme-choice')).toBe('system');
    await app.themeToggle.click();
    expect(await app.htmlTheme()).toBe('light');
    await app.themeToggle.click();
    expect(await app.htmlTheme()).toBe('dark');
    await ui.page.reload();
    await app.waitConnected();
    expect(await app.htmlTheme()).toBe('dark');
  });

  it('says so when the simulator goes away', async () => {
    await ui.sim.close();
    await ui.page.getByTestId('connection-banner').waitFor();
    expect(await ui.page.getByTestId('status-connection').getAttribute('data-state')).not.toBe(
      'open',
    );
  });
});
