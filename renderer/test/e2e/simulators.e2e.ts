import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { Response as PwResponse, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, REPO_ROOT, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
import { LayoutProbe } from './pages/layout.page.js';
import { LogPage } from './pages/log.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const SHOTS = join(REPO_ROOT, 'test-artifacts', 'simulators');

describe.skipIf(needs.skip)('named simulators in the window (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let config: ConfigPage;
  let log: LogPage;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await openUi();
    app = new AppPage(ui.page);
    config = new ConfigPage(ui.page);
    log = new LogPage(ui.page);
    await app.open(ui.uiUrl);
    await config.screen.waitFor();
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('creates a simulator from the header, and the configuration screen acts on it alone', async () => {
    const page = ui.page;
    await page.getByTestId('simulator-new-open').click();
    await page.getByTestId('simulator-new-name').fill('from-window');
    await page.getByTestId('simulator-create').click();
    await page.waitForURL(/\?simulator=from-window$/);
    await config.screen.waitFor();
    expect(await page.getByTestId('simulator-select').inputValue()).toBe('from-window');
    const list = (await (await fetch(`${ui.baseUrl}/_simulator/api/simulators`)).json()) as {
      simulators: { name: string }[];
    };
    expect(list.simulators.map((s) => s.name)).toEqual(['from-window']);

    await config.setText('responseConfiguration.email', 'named@example.com');
    await config.waitAccepted();
    await config.apply();
    await config.changedMarker('responseConfiguration.email').waitFor();

    const named = (await (await fetch(`${ui.baseUrl}/sim/from-window/config`)).json()) as {
      responseConfiguration: { email: string };
    };
    expect(named.responseConfiguration.email).toBe('named@example.com');
    const root = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      responseConfiguration: { email: string };
    };
    expect(root.responseConfiguration.email).not.toBe('named@example.com');
  });

  it("the log shows the chosen simulator's exchanges; switching back shows the root's", async () => {
    const flow = await runFlow(`${ui.baseUrl}/sim/from-window`);
    expect(flow.userinfo.email).toBe('named@example.com');
    await runFlow(ui.baseUrl);

    await app.goTo('log');
    await log.rowsFor('userinfo').first().waitFor();
    expect(await log.rowsFor('userinfo').count()).toBe(1);
    await log.select('userinfo');
    await log.tab('response').click();
    await log.responseBody.filter({ hasText: 'named@example.com' }).waitFor();

    await ui.page.getByTestId('simulator-select').selectOption('');
    await ui.page.waitForURL((url) => !url.search.includes('simulator='));
    await app.goTo('log');
    await log.rowsFor('userinfo').first().waitFor();
    expect(await log.rowsFor('userinfo').count()).toBe(1);
    await log.select('userinfo');
    await log.tab('response').click();
    const body = await log.responseBody.textContent();
    expect(body).not.toContain('named@example.com');
    expect(ui.pageErrors).toEqual([]);
  });

  /** Downloads the HAR from the log screen: the paths of its entries. */
  async function downloadHar(): Promise<string[]> {
    const [download] = await Promise.all([ui.page.waitForEvent('download'), log.harLink.click()]);
    const file = await download.path();
    const har = JSON.parse(await readFile(file, 'utf8')) as {
      log: { entries: { request: { url: string } }[] };
    };
    return har.log.entries.map((e) => new URL(e.request.url).pathname);
  }

  it("the HAR download holds the chosen simulator's exchanges, or every simulator's", async () => {
    const page = ui.page;
    await page.getByTestId('simulator-select').selectOption('from-window');
    await page.waitForURL(/\?simulator=from-window$/);
    await app.goTo('log');
    await log.rowsFor('userinfo').first().waitFor();
    expect(await log.harLink.getAttribute('download')).toBe('identity-simulator-from-window.har');
    const named = await downloadHar();
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((p) => p.startsWith('/sim/from-window/'))).toBe(true);
    expect(named).toContain('/sim/from-window/userinfo');

    await page.getByTestId('log-export-scope').selectOption('all');
    const all = await downloadHar();
    expect(all).toContain('/sim/from-window/userinfo');
    expect(all).toContain('/userinfo');
    expect(all.length).toBeGreaterThan(named.length);
  });

  it('resets the chosen simulator after asking, and says so', async () => {
    const page = ui.page;
    const email = async () =>
      (
        (await (await fetch(`${ui.baseUrl}/sim/from-window/config`)).json()) as {
          responseConfiguration: { email: string };
        }
      ).responseConfiguration.email;
    expect(await email()).toBe('named@example.com');

    // Asked first; keeping it changes nothing.
    await page.getByTestId('simulator-reset').click();
    const dialog = page.getByTestId('simulator-confirm');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('/sim/from-window/');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await email()).toBe('named@example.com');

    await page.getByTestId('simulator-reset').click();
    await page.getByTestId('simulator-confirm-action').click();
    const notice = page.getByTestId('simulator-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('/sim/from-window/ was reset');
    expect(await email()).not.toBe('named@example.com');
    // The window stays on it, and its configuration screen shows the fresh configuration.
    expect(page.url()).toMatch(/\?simulator=from-window$/);
    await app.goTo('config');
    await page
      .locator('[data-testid="status-connection"][data-state="open"]')
      .waitFor({ timeout: 10_000 });
    await config.screen.waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it('a failed reset is shown as an error, and nothing moves', async () => {
    const page = ui.page;
    await page.route('**/_simulator/api/simulators/*/reset', (route) => route.abort());
    try {
      await page.getByTestId('simulator-reset').click();
      await page.getByTestId('simulator-confirm-action').click();
      const alert = page.getByTestId('simulator-error');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Could not reset /sim/from-window/');
      expect(page.url()).toMatch(/\?simulator=from-window$/);
    } finally {
      await page.unroute('**/_simulator/api/simulators/*/reset');
    }
  });

  it('deletes the chosen simulator after asking, and goes back to the root', async () => {
    const page = ui.page;
    await page.getByTestId('simulator-delete').click();
    const dialog = page.getByTestId('simulator-confirm');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await listNames()).toEqual(['from-window']);

    await page.getByTestId('simulator-delete').click();
    await page.getByTestId('simulator-confirm-action').click();
    await page.waitForURL((url) => !url.search.includes('simulator='));
    await app.waitConnected();
    const notice = page.getByTestId('simulator-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('/sim/from-window/ was deleted');
    expect(await page.getByTestId('simulator-select').inputValue()).toBe('');
    // The root simulator can be neither reset nor deleted from here.
    expect(await page.getByTestId('simulator-delete').count()).toBe(0);
    expect(await page.getByTestId('simulator-reset').count()).toBe(0);
    expect(await listNames()).toEqual([]);
  });

  it('a window on a simulator deleted elsewhere goes back to the root, without bringing it back', async () => {
    const page = ui.page;
    const made = await fetch(`${ui.baseUrl}/_simulator/api/simulators`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'elsewhere' }),
    });
    expect(made.status).toBe(201);
    // The root window's switcher hears of it.
    await page.locator('[data-testid="simulator-select"] option[value="elsewhere"]').waitFor({
      state: 'attached',
    });
    await page.getByTestId('simulator-select').selectOption('elsewhere');
    await page.waitForURL(/\?simulator=elsewhere$/);
    await app.waitConnected();

    const gone = await fetch(`${ui.baseUrl}/_simulator/api/simulators/elsewhere`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(204);
    await page.waitForURL((url) => !url.search.includes('simulator='));
    await app.waitConnected();
    const notice = page.getByTestId('simulator-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('/sim/elsewhere/ was deleted elsewhere');
    expect(await listNames()).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('at 800×600, the header keeps the switcher with its reset and delete buttons in view', async () => {
    const page = ui.page;
    await page.setViewportSize({ width: 800, height: 600 });
    // A usual name and the longest one (64 characters): nothing sticks out anywhere (the status
    // bar cuts the long base URL short in the middle).
    for (const name of ['worker-12', `w-${'x'.repeat(62)}`]) {
      try {
        expect((await createByApi(name)).status).toBe(201);
        await page.goto(`${ui.uiUrl}?simulator=${name}`);
        await app.waitConnected();
        for (const screen of ['config', 'log'] as const) {
          await app.goTo(screen);
          const layout = await new LayoutProbe(page).measure();
          expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
          expect(layout.headerOverflowing, `${name} ${screen}: header out of view`).toEqual([]);
          expect(layout.overflowing, `${name} ${screen}: sticking out`).toEqual([]);
          for (const id of ['simulator-select', 'simulator-reset', 'simulator-delete'])
            expect(await page.getByTestId(id).isVisible(), id).toBe(true);
        }
      } finally {
        await fetch(`${ui.baseUrl}/_simulator/api/simulators/${name}`, { method: 'DELETE' });
        // The window hears of it and goes back to the root before the next name is opened.
        await page.waitForURL((url) => !url.search.includes('simulator='));
      }
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('at 800×600, the status bar shows the longest address whole (wrapped, never cut) and keeps its buttons', async () => {
    const page = ui.page;
    const name = `long-${'a'.repeat(40)}-${'z'.repeat(18)}`;
    expect(name).toHaveLength(64);
    const address = `${ui.baseUrl}/sim/${name}`;
    await page.setViewportSize({ width: 800, height: 600 });
    try {
      expect((await createByApi(name)).status).toBe(201);
      await page.goto(`${ui.uiUrl}?simulator=${name}`);
      await app.waitConnected();
      await app.goTo('config');
      const link = page.getByTestId('status-base-url');
      await link.filter({ hasText: name }).waitFor();
      const bar = await page.evaluate(() => {
        const footer = document.querySelector('[data-testid="status-bar"]');
        const a = footer?.querySelector('[data-testid="status-base-url"]');
        if (!footer || !(a instanceof HTMLElement)) throw new Error('no status bar address');
        const visible = Array.from(footer.querySelectorAll('*')).filter(
          (el) => el.getBoundingClientRect().width > 0,
        );
        return {
          width: document.documentElement.clientWidth,
          barRight: footer.getBoundingClientRect().right,
          barBottom: footer.getBoundingClientRect().bottom,
          height: document.documentElement.clientHeight,
          rightmost: Math.max(...visible.map((el) => el.getBoundingClientRect().right)),
          cut: a.scrollWidth > a.clientWidth + 1,
          text: a.textContent,
          clientButtonRight:
            footer.querySelector('[data-testid="open-client-details"]')?.getBoundingClientRect()
              .right ?? Infinity,
        };
      });
      // Everything in the bar is inside the window, and the address is all there to read.
      expect(bar.barRight).toBeLessThanOrEqual(bar.width);
      expect(bar.barBottom).toBeLessThanOrEqual(bar.height);
      expect(bar.rightmost).toBeLessThanOrEqual(bar.width);
      expect(bar.cut).toBe(false);
      expect(bar.text).toBe(address);
      expect(bar.clientButtonRight).toBeLessThanOrEqual(bar.width);
      expect(await page.getByTestId('open-client-details').isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}/status-bar-800x600-long-name.png` });
      // The whole address: its title, its accessible name, and the text selected and copied.
      expect(await link.getAttribute('title')).toBe(address);
      await page.getByRole('link', { name: address, exact: true }).waitFor();
      const selected = await link.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const selection = window.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
        return selection?.toString();
      });
      expect(selected).toBe(address);
      const layout = await new LayoutProbe(page).measure();
      expect(layout.overflowing).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
      await fetch(`${ui.baseUrl}/_simulator/api/simulators/${name}`, { method: 'DELETE' });
      await page.waitForURL((url) => !url.search.includes('simulator='));
    }
  });

  it('a window whose event stream is down while its simulator is deleted goes to the root on reconnecting, and brings nothing back', async () => {
    const page = ui.page;
    const stream = watchStream('cut-off');
    try {
      expect((await createByApi('cut-off')).status).toBe(201);
      await page.goto(`${ui.uiUrl}?simulator=cut-off`);
      await app.waitConnected();
      await stream.cut();
      // Meanwhile the window keeps its place (the simulator is still there)…
      expect(page.url()).toMatch(/\?simulator=cut-off$/);
      expect(await listNames()).toEqual(['cut-off']);

      // …and it is deleted elsewhere, unheard by the window.
      const gone = await fetch(`${ui.baseUrl}/_simulator/api/simulators/cut-off`, {
        method: 'DELETE',
      });
      expect(gone.status).toBe(204);
    } finally {
      await stream.restore();
    }
    // The stream is back: the window finds it gone and goes to the root, with the notice.
    await page.waitForURL((url) => !url.search.includes('simulator='), { timeout: 20_000 });
    await app.waitConnected();
    const notice = page.getByTestId('simulator-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      '/sim/cut-off/ was deleted elsewhere; this is the root simulator',
    );
    expect(await page.getByTestId('simulator-select').inputValue()).toBe('');
    // Nothing brought it back: not the stream, not the status refresh, not the screens.
    await page.waitForTimeout(1_500);
    expect(await listNames()).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('deleted between the check and the request: the request creates nothing, and its 404 takes the window to the root', async () => {
    const page = ui.page;
    const stream = watchStream('raced');
    // Once the simulator is deleted, every read of the list waits: only the request's own
    // answer can tell the window.
    let holdLists = false;
    const heldLists: Route[] = [];
    const listRoute = '**/_simulator/api/simulators';
    const prefixRoute = '**/sim/raced/**';
    let raced: string | undefined;
    const answers: number[] = [];
    const onResponse = (r: PwResponse) => {
      if (r.url() === raced) answers.push(r.status());
    };
    page.on('response', onResponse);
    try {
      expect((await createByApi('raced')).status).toBe(201);
      await page.goto(`${ui.uiUrl}?simulator=raced`);
      await app.waitConnected();
      await stream.cut();
      await page.route(listRoute, (route) =>
        holdLists ? void heldLists.push(route) : route.continue(),
      );
      // The next request under the prefix has passed its check (the simulator was listed):
      // hold it, delete the simulator, then let it go.
      await page.route(prefixRoute, async (route) => {
        const url = route.request().url();
        if (url.includes('/_simulator/api/events') || raced !== undefined) {
          await route.fallback();
          return;
        }
        raced = url;
        holdLists = true;
        await fetch(`${ui.baseUrl}/_simulator/api/simulators/raced`, { method: 'DELETE' });
        await route.continue();
      });
      await page.waitForURL((url) => !url.search.includes('simulator='), { timeout: 20_000 });
    } finally {
      holdLists = false;
      page.off('response', onResponse);
      await page.unroute(prefixRoute);
      await page.unroute(listRoute);
      for (const route of heldLists) await route.continue().catch(() => undefined);
      await stream.restore();
    }
    expect(raced).toMatch(/\/sim\/raced\//);
    expect(answers).toEqual([404]);
    await app.waitConnected();
    const notice = page.getByTestId('simulator-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      '/sim/raced/ was deleted elsewhere; this is the root simulator',
    );
    await page.waitForTimeout(1_500);
    expect(await listNames()).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('opened on a name that does not exist, the window says so, creates nothing, and offers to create it', async () => {
    const page = ui.page;
    await page.goto(`${ui.uiUrl}?simulator=bookmarked`);
    const dialog = page.getByTestId('simulator-missing');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('/sim/bookmarked/');
    await page.screenshot({ path: `${SHOTS}/missing-simulator.png` });
    // The window has been loading for a while: nothing under /sim/bookmarked/ was asked for.
    await page.waitForTimeout(1_500);
    expect(await listNames()).toEqual([]);

    // Going to the root simulator creates nothing either.
    await page.getByTestId('simulator-missing-root').click();
    await page.waitForURL((url) => !url.search.includes('simulator='));
    await app.waitConnected();
    expect(await listNames()).toEqual([]);

    // Asked to, the window creates it and works on it.
    await page.goto(`${ui.uiUrl}?simulator=bookmarked`);
    await page.getByTestId('simulator-missing-create').click();
    await dialog.waitFor({ state: 'detached' });
    await app.waitConnected();
    await config.screen.waitFor();
    expect(await listNames()).toEqual(['bookmarked']);
    const notice = page.getByTestId('simulator-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('/sim/bookmarked/ was created');
    expect(await page.getByTestId('simulator-delete').isVisible()).toBe(true);
    expect(ui.pageErrors).toEqual([]);

    await fetch(`${ui.baseUrl}/_simulator/api/simulators/bookmarked`, { method: 'DELETE' });
    await page.waitForURL((url) => !url.search.includes('simulator='));
  });

  /**
   * The window's event stream on simulator `name` (watch before the page opens): cut() ends it
   * and keeps every try to reconnect failing, so the window cannot hear of a deletion;
   * restore() lets it reconnect.
   */
  function watchStream(name: string) {
    const page = ui.page;
    // The server end of the stream, to cut it.
    const sockets: Socket[] = [];
    const onRequest = (req: IncomingMessage & { originalUrl?: string }) => {
      // Express has already routed it (and taken the prefix off req.url).
      const url = req.originalUrl ?? req.url ?? '';
      if (url.startsWith(`/sim/${name}/_simulator/api/events`)) sockets.push(req.socket);
    };
    ui.sim.running.server.on('request', onRequest);
    const eventsRoute = `**/sim/${name}/_simulator/api/events**`;
    return {
      async cut() {
        expect(sockets.length).toBeGreaterThan(0);
        await page.route(eventsRoute, (route) => route.abort('connectionreset'));
        for (const socket of sockets) socket.destroy();
        await page
          .locator('[data-testid="status-connection"][data-state="reconnecting"]')
          .waitFor();
      },
      async restore() {
        await page.unroute(eventsRoute);
        ui.sim.running.server.off('request', onRequest);
      },
    };
  }

  function createByApi(name: string): Promise<Response> {
    return fetch(`${ui.baseUrl}/_simulator/api/simulators`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
  }

  async function listNames(): Promise<string[]> {
    const list = (await (await fetch(`${ui.baseUrl}/_simulator/api/simulators`)).json()) as {
      simulators: { name: string }[];
    };
    return list.simulators.map((s) => s.name);
  }
});
