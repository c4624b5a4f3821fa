import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_CLAIMS_REQUEST,
  pkcePair,
  runFlow,
} from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
import { InspectorPage } from './pages/inspector.page.js';
import { LogPage } from './pages/log.page.js';
import { PresetsPage } from './pages/presets.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

interface ServerConfig {
  clientConfiguration: { pkceEnforced: boolean };
  responseConfiguration: { email: string | null; phoneNumber: string | null };
  errorConfiguration: { idTokenErrors: string[] };
}

const PASSPORT_PERSONA = 'Verified with a passport (P2)';
const WRONG_KEY = 'ID token signed with the wrong key';

describe.skipIf(needs.skip)(
  'personas and scenarios (Chromium, real simulator with a data folder)',
  () => {
    let ui: UiHarness;
    let dataDir: string;
    let app: AppPage;
    let presets: PresetsPage;
    let log: LogPage;
    let inspector: InspectorPage;
    let config: ConfigPage;
    const api = `/_simulator/api`;
    const get = async <T>(path: string): Promise<T> =>
      (await (await fetch(`${ui.baseUrl}${path}`)).json()) as T;
    const serverConfig = () => get<ServerConfig>('/config');
    const savedScenarios = () =>
      existsSync(join(dataDir, 'scenarios')) ? readdirSync(join(dataDir, 'scenarios')) : [];

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'presets-e2e-'));
      ui = await openUi({ dataDir });
      app = new AppPage(ui.page);
      presets = new PresetsPage(ui.page);
      log = new LogPage(ui.page);
      inspector = new InspectorPage(ui.page);
      config = new ConfigPage(ui.page);
      await app.open(ui.uiUrl);
    });
    afterAll(async () => {
      await ui?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('switches persona from the quick switcher; a real identity flow logs its data from /userinfo', async () => {
      await presets.active.and(ui.page.locator('[data-state="none"]')).waitFor();
      await presets.openSwitcher();
      await ui.page.keyboard.type('identity-passport');
      await presets.switcherItems
        .first()
        .and(ui.page.locator('[data-kind="persona"][data-id="identity-passport"]'))
        .waitFor();
      await ui.page.keyboard.press('Enter');
      await presets.switcher.waitFor({ state: 'detached' });
      await presets.activeLabel.filter({ hasText: PASSPORT_PERSONA }).waitFor();
      expect(await presets.active.getAttribute('data-state')).toBe('applied');

      const flow = await runFlow(ui.baseUrl, {
        authorize: { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST },
      });
      expect(flow.userinfo.email).toBe('sarah.patel@example.com');

      await app.goTo('log');
      await log.rowsFor('userinfo').first().waitFor();
      await log.select('userinfo');
      await log.tab('response').click();
      await log.responseBody.filter({ hasText: 'sarah.patel@example.com' }).waitFor();
      await log.responseBody.filter({ hasText: 'YO1 7HH' }).waitFor();
      expect(await log.responseBody.textContent()).toContain('coreIdentityJWT');
    });

    it('applies the 5th scenario with Alt+5, keeping the persona; the inspector shows the injected defect', async () => {
      await app.goTo('log');
      await ui.page.keyboard.press('Alt+5');
      await presets.activeLabel.filter({ hasText: WRONG_KEY }).waitFor();
      // The scenario names no persona: the one applied before stays.
      await presets.activeLabel.filter({ hasText: PASSPORT_PERSONA }).waitFor();
      await app.activeScenarioChips.filter({ hasText: 'INVALID_SIGNATURE' }).waitFor();
      expect((await serverConfig()).errorConfiguration.idTokenErrors).toEqual([
        'INVALID_SIGNATURE',
      ]);

      const tokenRows = await log.rowsFor('token').count();
      await runFlow(ui.baseUrl);
      await log.rowsFor('token').nth(tokenRows).waitFor();
      await log.select('token');
      await log.tab('tokens').click();
      const idToken = inspector.tokenView('id_token');
      await inspector
        .check(idToken, 'signature')
        .and(ui.page.locator('[data-ok="false"]'))
        .waitFor();
      await idToken.getByTestId('open-in-inspector').click();
      await inspector.screen.waitFor();
      const signature = inspector.check(inspector.tokenView('id_token'), 'signature');
      await signature.and(ui.page.locator('[data-ok="false"]')).waitFor();
      expect(await signature.getByTestId('check-injected').textContent()).toContain(
        'INVALID_SIGNATURE',
      );
    });

    it('shows every problem of an invalid import with its field path, and applies and saves nothing', async () => {
      const before = await serverConfig();
      const activeBefore = await get<unknown>(`${api}/active`);
      await app.goTo('presets');
      await presets.screen.waitFor();
      await presets.openImport();
      await presets.importFormat('env').click();
      await presets.importText.fill(
        'PKCE_ENABLED=maybe\nNOT_A_SETTING=1\nID_TOKEN_ERRORS=INVALID_SIGNATURE,NO_SUCH_ERROR',
      );
      await presets.importButton('save-apply').click();
      await presets.importProblems.first().waitFor();
      const paths = await presets.importProblems.evaluateAll((els) =>
        els.map((e) => e.getAttribute('data-path')),
      );
      expect(paths.length).toBeGreaterThanOrEqual(3);
      expect(paths.join(' ')).toMatch(/PKCE_ENABLED/);
      expect(paths.join(' ')).toMatch(/NOT_A_SETTING/);
      expect(paths.join(' ')).toMatch(/ID_TOKEN_ERRORS/);
      await ui.page
        .getByTestId('import-problems')
        .filter({ hasText: 'nothing was saved or applied' })
        .waitFor();
      expect(await serverConfig()).toEqual(before);
      expect(await get<unknown>(`${api}/active`)).toEqual(activeBefore);
      expect(savedScenarios()).toEqual([]);

      // Corrected, it can be checked, then saved and applied.
      await presets.importText.fill('PKCE_ENABLED=true\nID_TOKEN_ERRORS=TOKEN_EXPIRED');
      await ui.page.getByTestId('import-name').fill('Expired tokens, PKCE');
      await presets.importButton('check').click();
      await ui.page.getByTestId('import-result').filter({ hasText: 'Valid' }).waitFor();
      expect(savedScenarios()).toEqual([]);
      await presets.importButton('save-apply').click();
      await presets.activeLabel.filter({ hasText: 'Expired tokens, PKCE' }).waitFor();
      expect(savedScenarios()).toEqual(['expired-tokens-pkce.json']);
      const after = await serverConfig();
      expect(after.clientConfiguration.pkceEnforced).toBe(true);
      expect(after.errorConfiguration.idTokenErrors).toEqual(['TOKEN_EXPIRED']);
      await ui.page.keyboard.press('Escape');
      await presets.importDialog.waitFor({ state: 'detached' });
      await presets.row('scenario', 'expired-tokens-pkce').waitFor();
    });

    it('shows the active scenario in the header, and "modified" after a manual configuration change', async () => {
      await app.goTo('presets');
      await presets.apply('scenario', 'pkce-enforced', 'PKCE enforced');
      await presets.active.and(ui.page.locator('[data-state="applied"]')).waitFor();
      expect(await presets.activeModified.count()).toBe(0);

      await app.goTo('config');
      await config.setText('responseConfiguration.email', 'changed.by.hand@example.com');
      await config.waitAccepted();
      await config.apply();
      await presets.activeModified.waitFor();
      expect(await presets.active.getAttribute('data-state')).toBe('modified');
      await presets.activeLabel.filter({ hasText: 'PKCE enforced' }).waitFor();
      expect(
        (await get<{ modifiedSinceApplied: boolean }>(`${api}/active`)).modifiedSinceApplied,
      ).toBe(true);

      // From every screen; the chip opens the scenario on its screen.
      for (const screen of ['log', 'tokens', 'scenarios'] as const) {
        await app.goTo(screen);
        await presets.activeModified.waitFor();
      }
      await presets.active.click();
      await ui.page
        .locator('[data-testid="preset-detail"][data-id="pkce-enforced"]')
        .filter({ hasText: 'active, modified since applied' })
        .waitFor();
    });

    it('duplicates a built-in persona, edits it with the configuration fields, saves the file and applies it', async () => {
      await app.goTo('presets');
      await presets.select('persona', 'no-phone');
      await presets.detailButton('duplicate').click();
      await presets.personaEditor.waitFor();
      await presets.personaName.fill('Cardiff tester');
      await presets.personaField('responseConfiguration.email').fill('cardiff.tester@example.com');
      await ui.page
        .getByTestId('persona-editor-state')
        .filter({ hasText: 'The simulator accepts these values.' })
        .waitFor();
      await presets.savePersona.click();
      await presets.notice.filter({ hasText: 'Saved persona “Cardiff tester”' }).waitFor();

      const files = readdirSync(join(dataDir, 'personas'));
      expect(files).toHaveLength(1);
      const saved = JSON.parse(
        readFileSync(join(dataDir, 'personas', files[0] as string), 'utf8'),
      ) as {
        name: string;
        responseConfiguration: { email: string; phoneNumber: string | null };
      };
      expect(saved.name).toBe('Cardiff tester');
      expect(saved.responseConfiguration.email).toBe('cardiff.tester@example.com');
      expect(saved.responseConfiguration.phoneNumber).toBeNull();

      await presets.detailButton('apply').click();
      await presets.activeLabel.filter({ hasText: 'Cardiff tester' }).waitFor();
      // A persona changes only the user: PKCE, enforced by the scenario applied before, stays.
      expect((await serverConfig()).clientConfiguration.pkceEnforced).toBe(true);
      const { verifier, challenge } = pkcePair();
      const flow = await runFlow(ui.baseUrl, {
        authorize: { code_challenge: challenge, code_challenge_method: 'S256' },
        tokenParams: { code_verifier: verifier },
      });
      expect(flow.userinfo.email).toBe('cardiff.tester@example.com');
      expect(flow.userinfo).not.toHaveProperty('phone_number');
    });

    it('refuses an invalid persona field on save and keeps the file unchanged', async () => {
      const id = readdirSync(join(dataDir, 'personas'))[0]?.replace(/\.json$/, '') as string;
      const file = join(dataDir, 'personas', `${id}.json`);
      const before = readFileSync(file, 'utf8');
      await presets.select('persona', id);
      await presets.detailButton('edit').click();
      await presets.personaField('responseConfiguration.sub').fill('');
      await presets.savePersona.click();
      await presets.personaEditor
        .getByTestId('field-responseConfiguration.sub')
        .getByTestId('field-issue')
        .waitFor();
      await ui.page.getByTestId('persona-editor-error').waitFor();
      expect(readFileSync(file, 'utf8')).toBe(before);
      await ui.page.getByTestId('persona-cancel').click();
      await presets.personaEditor.waitFor({ state: 'detached' });
    });

    it('compares the active configuration with the defaults, and two scenarios side by side', async () => {
      await presets.view('compare').click();
      await ui.page.getByTestId('compare-active-defaults').click();
      await presets.compareRow('responseConfiguration.email').waitFor();
      await presets.compareRow('clientConfiguration.pkceEnforced').waitFor();

      await presets.compareLeft.selectOption('scenario:pkce-enforced');
      await presets.compareRight.selectOption('scenario:rs256-id-tokens');
      const pkce = presets.compareRow('clientConfiguration.pkceEnforced');
      await pkce.waitFor();
      const alg = presets.compareRow('clientConfiguration.idTokenSigningAlgorithm');
      await alg.filter({ hasText: '"RS256"' }).waitFor();
      expect(await alg.locator('td').first().textContent()).toBe('"ES256"');
      expect(await pkce.locator('td').first().textContent()).toBe('true');
      await presets.compareCount.filter({ hasText: /^2 differences/ }).waitFor();
      await presets.view('library').click();
    });

    it('exports a scenario in the four formats the simulator reads back', async () => {
      await presets.select('scenario', 'pkce-enforced');
      await presets.detailButton('export').click();
      await presets.exportDialog.waitFor();
      await presets.exportText('json').filter({ hasText: '"pkceEnforced": true' }).waitFor();
      await presets.exportFormat('env').click();
      await presets.exportText('env').filter({ hasText: 'PKCE_ENABLED=true' }).waitFor();
      await presets.exportFormat('compose').click();
      await presets.exportText('compose').filter({ hasText: "PKCE_ENABLED: 'true'" }).waitFor();
      await presets.exportFormat('config').click();
      await presets.exportText('config').filter({ hasText: '"clientConfiguration"' }).waitFor();
      const text = await presets.exportText('config').textContent();
      const viaApi = await (
        await fetch(`${ui.baseUrl}${api}/scenarios/pkce-enforced/export?format=config`)
      ).text();
      expect(text).toBe(viaApi);
      await ui.page.getByTestId('export-download').waitFor();
      await ui.page.keyboard.press('Escape');
      await presets.exportDialog.waitFor({ state: 'detached' });
    });

    it('deletes a saved scenario after confirmation', async () => {
      await presets.select('scenario', 'expired-tokens-pkce');
      await presets.detailButton('delete').click();
      await ui.page
        .getByTestId('delete-dialog')
        .filter({ hasText: 'scenarios/expired-tokens-pkce.json' })
        .waitFor();
      await ui.page.getByTestId('delete-confirm').click();
      await presets.row('scenario', 'expired-tokens-pkce').waitFor({ state: 'detached' });
      expect(savedScenarios()).toEqual([]);
    });

    it('lists the new shortcuts in the help overlay', async () => {
      await ui.page.locator('body').click({ position: { x: 5, y: 300 } });
      await ui.page.keyboard.press('?');
      await app.helpDialog.filter({ hasText: 'Quick switcher' }).waitFor();
      await app.helpDialog.filter({ hasText: 'Apply the 1st…9th scenario' }).waitFor();
      await ui.page.keyboard.press('Escape');
      expect(ui.pageErrors).toEqual([]);
    });
  },
);

describe.skipIf(needs.skip)('personas and scenarios without a data folder', () => {
  let ui: UiHarness;
  let presets: PresetsPage;

  beforeAll(async () => {
    ui = await openUi();
    presets = new PresetsPage(ui.page);
    await new AppPage(ui.page).open(ui.uiUrl);
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('explains how to get one, turns saving off, and still applies built-ins', async () => {
    await new AppPage(ui.page).goTo('presets');
    const notice = ui.page.getByTestId('no-data-folder');
    await notice.filter({ hasText: 'npm run headless -- --data-dir ./simulator-data' }).waitFor();
    await presets.select('persona', 'no-phone');
    expect(await presets.detailButton('duplicate').isDisabled()).toBe(true);
    // Disabled, it says why rather than inviting to duplicate.
    expect(await presets.detailButton('duplicate').textContent()).toContain('needs a data folder');
    expect(await ui.page.getByTestId('detail-builtin-note').textContent()).not.toMatch(
      /^Built-in: duplicate it/,
    );
    expect(await ui.page.getByTestId('new-persona').isDisabled()).toBe(true);
    expect(await ui.page.getByTestId('save-current-scenario').isDisabled()).toBe(true);
    await presets.openImport();
    await presets.importText.fill('PKCE_ENABLED=true');
    expect(await presets.importButton('save').isDisabled()).toBe(true);
    expect(await presets.importButton('save-apply').isDisabled()).toBe(true);
    await ui.page.getByTestId('import-no-folder').waitFor();
    await presets.importButton('check').click();
    await ui.page.getByTestId('import-result').waitFor();
    await ui.page.keyboard.press('Escape');

    await presets.apply('persona', 'no-phone', 'No phone');
    const flow = await runFlow(ui.baseUrl);
    expect(flow.userinfo).not.toHaveProperty('phone_number');
    expect(ui.pageErrors).toEqual([]);
  });

  it('opens a pasted scenario export on Scenario JSON and applies it without saving', async () => {
    const exported = await (
      await fetch(
        `${ui.baseUrl}/_simulator/api/scenarios/verified-with-passport/export?format=json`,
      )
    ).text();
    await presets.openImport();
    // Last used with env text: a pasted JSON export switches the dialog to its format.
    await presets.importFormat('env').click();
    await presets.importText.fill('');
    await presets.importText.fill(
      exported.replace('"Verified with a passport"', '"Pasted passport"'),
    );
    await ui.page.getByTestId('import-detected').waitFor();
    expect(await presets.importFormatChosen()).toBe('json');
    await presets.importButton('apply').click();
    await presets.activeLabel.filter({ hasText: 'Pasted passport' }).waitFor();
    const active = (await (await fetch(`${ui.baseUrl}/_simulator/api/active`)).json()) as {
      scenario?: { name: string };
    };
    expect(active.scenario?.name).toBe('Pasted passport');
    const config = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      clientConfiguration: { claims: string[] };
    };
    expect(config.clientConfiguration.claims).toContain('https://vocab.account.gov.uk/v1/passport');
    await ui.page.keyboard.press('Escape');
    expect(ui.pageErrors).toEqual([]);
  });
});
