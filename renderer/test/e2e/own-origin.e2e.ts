/**
 * The UI keeps working now that POST /config and the admin API refuse other origins: served as
 * http://127.0.0.1:<port>/_simulator/ and as http://localhost:<port>/_simulator/, it applies a
 * configuration change (POST /config, same origin) and shows the log (admin API and its event
 * stream). A page that reaches the simulator under another DNS name (rebinding) cannot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('the UI under each of its own names (Chromium)', () => {
  let ui: UiHarness;

  beforeAll(async () => {
    ui = await openUi();
  });
  afterAll(async () => {
    await ui?.close();
  });

  it.each(['127.0.0.1', 'localhost'])('served as %s, applies a change', async (name) => {
    const port = ui.sim.running.port;
    const app = new AppPage(ui.page);
    const config = new ConfigPage(ui.page);
    await app.open(`http://${name}:${port}/_simulator/`);
    await config.screen.waitFor();
    const email = `applied.via.${name.replace(/\W/g, '-')}@example.com`;
    await config.setText('responseConfiguration.email', email);
    await config.waitAccepted();
    await config.apply();
    await config.changedMarker('responseConfiguration.email').waitFor();
    const current = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      responseConfiguration: { email: string };
    };
    expect(current.responseConfiguration.email).toBe(email);
    expect(ui.pageErrors).toEqual([]);
  });

  it('a page reaching it through another DNS name (rebinding) cannot change the configuration', async () => {
    const port = ui.sim.running.port;
    // The attack: a site's name is pointed at 127.0.0.1, so its page is "same origin" with
    // whatever listens there. Chromium's resolver rules play the attacker's DNS.
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--host-resolver-rules=MAP rebound.test 127.0.0.1'],
    });
    try {
      const page = await browser.newPage();
      const before = await (await fetch(`${ui.baseUrl}/config`)).text();
      await page.goto(`http://rebound.test:${port}/.well-known/openid-configuration`);
      const answer = await page.evaluate(async () => {
        const res = await fetch('/config', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            clientConfiguration: { redirectUrls: ['http://attacker.example/cb'] },
          }),
        });
        return { status: res.status, body: await res.text() };
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toContain('refuses requests from pages of another origin');
      const admin = await page.evaluate(async () => (await fetch('/_simulator/api/status')).status);
      expect(admin).toBe(403);
      expect(await (await fetch(`${ui.baseUrl}/config`)).text()).toBe(before);
    } finally {
      await browser.close();
    }
  });
});
