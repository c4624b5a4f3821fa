import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { InspectorPage } from './pages/inspector.page.js';
import { LogPage } from './pages/log.page.js';
import { ScenariosPage } from './pages/scenarios.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

interface ConfigBody {
  errorConfiguration: {
    authoriseErrors: string[];
    idTokenErrors: string[];
    coreIdentityErrors: string[];
    tokenErrors: string[];
    userInfoErrors: string[];
  };
  responseConfiguration: { email: string };
}

describe.skipIf(needs.skip)(
  'error scenarios and the token inspector (Chromium, real simulator)',
  () => {
    let ui: UiHarness;
    let app: AppPage;
    let scenarios: ScenariosPage;
    let log: LogPage;
    let inspector: InspectorPage;
    const serverConfig = async () =>
      (await (await fetch(`${ui.baseUrl}/config`)).json()) as ConfigBody;

    beforeAll(async () => {
      ui = await openUi();
      app = new AppPage(ui.page);
      scenarios = new ScenariosPage(ui.page);
      log = new LogPage(ui.page);
      inspector = new InspectorPage(ui.page);
      await app.open(ui.uiUrl);
    });
    afterAll(async () => {
      await ui?.close();
    });

    it('turns INVALID_SIGNATURE on at once, keeps the rest of the configuration, and shows it on every screen', async () => {
      const before = await serverConfig();
      await app.goTo('scenarios');
      await scenarios.set('idTokenErrors', 'INVALID_SIGNATURE', true);
      const after = await serverConfig();
      expect(after.errorConfiguration.idTokenErrors).toEqual(['INVALID_SIGNATURE']);
      expect(after.responseConfiguration).toEqual(before.responseConfiguration);

      for (const screen of ['config', 'log', 'tokens', 'scenarios'] as const) {
        await app.goTo(screen);
        await app.activeScenarioChips.filter({ hasText: 'INVALID_SIGNATURE' }).waitFor();
      }
    });

    it('marks the ID token signature as failing, injected by the scenario, after a real flow', async () => {
      const flow = await runFlow(ui.baseUrl);
      expect(typeof flow.tokenBody.id_token).toBe('string');

      await app.goTo('log');
      await log.rowsFor('token').first().waitFor();
      await log.select('token');
      await log.tab('tokens').click();
      const compactIdToken = inspector.tokenView('id_token');
      await inspector
        .check(compactIdToken, 'signature')
        .and(ui.page.locator('[data-ok="false"]'))
        .waitFor();

      await compactIdToken.getByTestId('open-in-inspector').click();
      await inspector.screen.waitFor();
      const view = inspector.tokenView('id_token');
      const signature = inspector.check(view, 'signature');
      await signature.and(ui.page.locator('[data-ok="false"]')).waitFor();
      expect(await signature.getByTestId('check-injected').textContent()).toContain(
        'INVALID_SIGNATURE',
      );
      expect(await inspector.check(view, 'iss').getAttribute('data-ok')).toBe('true');
      expect(await view.getByTestId('token-verdict').textContent()).toMatch(
        /1 of \d+ checks fail \(1 injected by a scenario\)/,
      );
      // Times are shown readable and relative.
      expect(await view.getByTestId('claim-time-exp').textContent()).toMatch(
        /UTC · in \d+ (minute|second)s?/,
      );
    });

    it('inspects a pasted token against the current keys, and explains one that is not a JWT', async () => {
      await scenarios.page.getByTestId('nav-scenarios').click();
      await scenarios.set('idTokenErrors', 'INVALID_SIGNATURE', false);
      const flow = await runFlow(ui.baseUrl);
      await app.goTo('tokens');
      await inspector.inspect(String(flow.tokenBody.id_token));
      const view = inspector.tokenView('id_token');
      await inspector.check(view, 'signature').and(ui.page.locator('[data-ok="true"]')).waitFor();

      await inspector.inspect('definitely-not-a-jwt');
      const shown = await Promise.race([
        inspector.pasteError.waitFor().then(() => 'error' as const),
        inspector.page
          .locator('[data-testid="token-check"][data-check-name="format"][data-ok="false"]')
          .waitFor()
          .then(() => 'format-check' as const),
      ]);
      expect(['error', 'format-check']).toContain(shown);
    });

    it('offers only scenario names the simulator accepts (it drops unknown ones silently)', async () => {
      await app.goTo('scenarios');
      const toggles = ui.page.locator('[data-testid^="toggle-"][aria-checked="false"]');
      const count = await toggles.count();
      expect(count).toBe(27);
      for (let i = 0; i < count; i++) await toggles.first().click();
      await ui.page.locator('[data-testid="scenarios-screen"][data-busy="false"]').waitFor();
      await expect
        .poll(async () => {
          const e = (await serverConfig()).errorConfiguration;
          return (
            e.authoriseErrors.length +
            e.idTokenErrors.length +
            e.coreIdentityErrors.length +
            e.tokenErrors.length +
            e.userInfoErrors.length
          );
        })
        .toBe(27);
      await app.activeScenarioChips.nth(26).waitFor();
      await ui.page.getByTestId('clear-scenarios').click();
      await app.activeScenarios.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await serverConfig()).errorConfiguration.idTokenErrors)
        .toEqual([]);
    });

    it('turns a scenario off from the banner chip', async () => {
      await app.goTo('scenarios');
      await scenarios.set('authoriseErrors', 'ACCESS_DENIED', true);
      await app.goTo('log');
      await app.activeScenarioChips
        .filter({ hasText: 'ACCESS_DENIED' })
        .getByRole('button')
        .click();
      await app.activeScenarios.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await serverConfig()).errorConfiguration.authoriseErrors)
        .toEqual([]);
      expect(ui.pageErrors).toEqual([]);
    });
  },
);
