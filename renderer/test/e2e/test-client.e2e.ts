/**
 * The built-in test client behaves like a careful relying party, at the three sizes: after a
 * refused ID token it calls no /userinfo and fetches no DID document; on success it shows who
 * signed in (sub, email, and for identity the verified name and birth date).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ToolsPage } from './pages/tools.page.js';

const needs = requires('chromium');

interface Config {
  clientConfiguration: unknown;
  responseConfiguration: { sub: string; email: string };
  errorConfiguration: { idTokenErrors: string[] };
  simulatorUrl: string;
}

describe.skipIf(needs.skip)('the test client stops where a careful client stops (Chromium)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let tools: ToolsPage;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    tools = new ToolsPage(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  const config = async (): Promise<Config> =>
    (await (await fetch(`${ui.baseUrl}/config`)).json()) as Config;
  const setIdTokenErrors = async (idTokenErrors: string[]) => {
    const c = await config();
    const res = await fetch(`${ui.baseUrl}/config`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientConfiguration: c.clientConfiguration,
        responseConfiguration: c.responseConfiguration,
        errorConfiguration: { ...c.errorConfiguration, idTokenErrors },
        simulatorUrl: c.simulatorUrl,
      }),
    });
    expect(res.status).toBe(200);
  };
  const count = async (endpoint: string): Promise<number> => {
    const res = await fetch(`${ui.baseUrl}/_simulator/api/exchanges?endpoint=${endpoint}`);
    expect(res.status).toBe(200);
    const { total } = (await res.json()) as { total: number };
    expect(typeof total).toBe('number');
    return total;
  };

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: refused, it goes no further; accepted, it shows the user`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('log');

      await setIdTokenErrors(['INVALID_SIGNATURE']);
      const [userinfo, did] = [await count('userinfo'), await count('did')];
      expect(await tools.signIn('identity')).toBe('refused');
      expect(await page.getByTestId('test-client-summary').textContent()).toContain(
        'a careful client stops here',
      );
      expect(await count('userinfo')).toBe(userinfo);
      expect(await count('did')).toBe(did);
      expect(await page.getByTestId('test-client-user').count()).toBe(0);

      await setIdTokenErrors([]);
      const c = await config();
      expect(await tools.signIn('authentication')).toBe('accepted');
      expect(await page.getByTestId('test-client-user-sub').textContent()).toBe(
        c.responseConfiguration.sub,
      );
      expect(await page.getByTestId('test-client-user-email').textContent()).toBe(
        c.responseConfiguration.email,
      );
      expect(await page.getByTestId('test-client-summary').textContent()).toContain(
        `Signed in as ${c.responseConfiguration.email}`,
      );

      expect(await tools.signIn('identity')).toBe('accepted');
      expect(await page.getByTestId('test-client-user-name').textContent()).toBe(
        'GEOFFREY HEARNSHAW',
      );
      expect(await page.getByTestId('test-client-user-birth-date').textContent()).toBe(
        '1955-04-19',
      );
      // Who signed in is readable whole: nothing of it past the window's edge.
      const edges = await page.getByTestId('test-client-user').evaluate((el) => ({
        right: Math.max(
          ...Array.from(el.querySelectorAll('dd')).map((d) => d.getBoundingClientRect().right),
        ),
        width: document.documentElement.clientWidth,
      }));
      expect(edges.right, JSON.stringify(edges)).toBeLessThanOrEqual(edges.width + 1);
      expect(ui.pageErrors).toEqual([]);
    });
  }
});
