import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorConfig } from '../../../server/src/contract.js';
import { openUi, REPO_ROOT, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
import { LayoutProbe } from './pages/layout.page.js';
import { LogPage } from './pages/log.page.js';
import { PresetsPage } from './pages/presets.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const SIZES = [
  { width: 800, height: 600 },
  { width: 900, height: 700 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

const SHOTS = join(REPO_ROOT, 'test-artifacts', 'edit-safety');
const DRIVING_LICENCE = 'Verified with a driving licence (P2)';

/** Ten edits, five of them refused (empty client id and sub, a bad URL, a bad key, a bad list). */
const TEXT_EDITS: [string, string][] = [
  ['clientConfiguration.clientId', ''],
  ['clientConfiguration.publicKey', 'not a key'],
  ['responseConfiguration.sub', ''],
  ['responseConfiguration.email', 'someone.else@example.com'],
  ['responseConfiguration.phoneNumber', '+447700900999'],
  ['simulatorUrl', 'not a url'],
];
const SWITCH_EDITS = [
  'interactiveMode',
  'clientConfiguration.pkceEnforced',
  'responseConfiguration.emailVerified',
  'responseConfiguration.phoneNumberVerified',
];

describe.skipIf(needs.skip)(
  'edits are never lost or hidden, at 800, 900, 1280 and 1920 px (Chromium, real simulator)',
  () => {
    let ui: UiHarness;
    let dataDir: string;
    let app: AppPage;
    let config: ConfigPage;
    let presets: PresetsPage;
    let log: LogPage;
    let probe: LayoutProbe;
    const serverConfig = async () =>
      (await (await fetch(`${ui.baseUrl}/config`)).json()) as SimulatorConfig;

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      dataDir = mkdtempSync(join(tmpdir(), 'edit-safety-e2e-'));
      ui = await openUi({ dataDir });
      app = new AppPage(ui.page);
      config = new ConfigPage(ui.page);
      presets = new PresetsPage(ui.page);
      log = new LogPage(ui.page);
      probe = new LayoutProbe(ui.page);
      await app.open(ui.uiUrl);
    });
    afterAll(async () => {
      await ui?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    for (const size of SIZES) {
      const at = `${size.width}×${size.height}`;

      it(`${at}: ten unapplied edits, five refused, leave Apply, the markers and the cards in view`, async () => {
        await ui.page.setViewportSize(size);
        await app.goTo('config');
        for (const [path, value] of TEXT_EDITS) await config.setText(path, value);
        for (const path of SWITCH_EDITS)
          await config.field(path).locator('.field-control [role="switch"]').click();
        await config.unappliedCount.filter({ hasText: '10 unapplied changes' }).waitFor();
        await config.applyState.filter({ hasText: /fields are refused/ }).waitFor();
        await ui.page.screenshot({ path: join(SHOTS, `footer-${size.width}.png`) });

        for (const name of ['Apply', 'Discard']) {
          const button = ui.page.getByTestId('apply-bar').getByRole('button', { name }).first();
          expect(await probe.fullyInView(button), `${name} in view`).toBe(true);
        }
        const layout = await probe.measure();
        expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
        expect(layout.overflowing).toEqual([]);
        // The refused field's card and its "changed" marker stay inside the window.
        const marker = config.changedMarker('responseConfiguration.phoneNumber');
        await marker.scrollIntoViewIfNeeded();
        expect(await probe.fullyInView(marker), 'changed marker in view').toBe(true);
        const card = ui.page.getByTestId('config-section-user');
        const box = await card.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(size.width);

        await ui.page.getByTestId('apply-bar').getByRole('button', { name: 'Discard' }).click();
        await config.applyState.filter({ hasText: 'No unapplied changes.' }).waitFor();
      });

      it(`${at}: a persona applied during an edit blocks Apply until the tester keeps or discards the edit`, async () => {
        await ui.page.setViewportSize(size);
        await app.goTo('config');
        const before = await serverConfig();
        const mine = `mine.${size.width}@example.com`;
        await config.setText('responseConfiguration.email', mine);
        await config.waitAccepted();

        await presets.openSwitcher();
        await ui.page.keyboard.type('identity-driving-licence');
        await presets.switcherItems
          .first()
          .and(ui.page.locator('[data-kind="persona"][data-id="identity-driving-licence"]'))
          .waitFor();
        await ui.page.keyboard.press('Enter');
        await presets.activeLabel.filter({ hasText: DRIVING_LICENCE }).waitFor();
        await expect
          .poll(async () => (await serverConfig()).responseConfiguration.sub)
          .not.toBe(before.responseConfiguration.sub);
        const persona = await serverConfig();
        expect(persona.responseConfiguration.drivingPermitDetails).not.toBeNull();

        await app.goTo('config');
        await ui.page.getByTestId('apply-external').waitFor();
        expect(await config.applyButton.isDisabled()).toBe(true);
        await config.applyState.filter({ hasText: 'Keep or discard your edits' }).waitFor();
        for (const id of ['keep-my-edits', 'drop-my-edits'])
          expect(await probe.fullyInView(ui.page.getByTestId(id)), `${id} in view`).toBe(true);
        // Ctrl+Enter (Apply's shortcut) does not get round the choice either.
        await config.input('responseConfiguration.email').press('Control+Enter');
        await ui.page.screenshot({ path: join(SHOTS, `stale-draft-${size.width}.png`) });
        expect(await serverConfig()).toEqual(persona);

        // Alternate the two choices over the sizes, so both are exercised in every run.
        if (size.width === 800 || size.width === 1280) {
          await ui.page.getByTestId('keep-my-edits').click();
          await config.unappliedCount.filter({ hasText: '1 unapplied change' }).waitFor();
          await config.waitAccepted();
          await config.apply();
          const after = await serverConfig();
          expect(after.responseConfiguration.email).toBe(mine);
          expect(after.responseConfiguration.sub).toBe(persona.responseConfiguration.sub);
          expect(after.responseConfiguration.drivingPermitDetails).toEqual(
            persona.responseConfiguration.drivingPermitDetails,
          );
        } else {
          await ui.page.getByTestId('drop-my-edits').click();
          await config.applyState.filter({ hasText: 'No unapplied changes.' }).waitFor();
          expect(await config.input('responseConfiguration.email').inputValue()).toBe(
            persona.responseConfiguration.email,
          );
          expect(await serverConfig()).toEqual(persona);
        }
        await ui.page.getByTestId('apply-external').waitFor({ state: 'detached' });
        await config.resetToDefaults();
      });

      it(`${at}: a dropped connection reads as a failure in light and dark, with no response headers`, async () => {
        await ui.page.setViewportSize(size);
        const switched = await fetch(`${ui.baseUrl}/_simulator/api/switches`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ fault: { target: 'jwks', kind: 'drop', requests: 1 }, on: true }),
        });
        expect(switched.status).toBe(200);
        await expect(fetch(`${ui.baseUrl}/.well-known/jwks.json`)).rejects.toThrow();

        await app.goTo('log');
        const row = log.rowsFor('jwks').filter({ hasText: 'connection_dropped' }).first();
        await row.waitFor();
        await row.click();
        const pill = ui.page.getByTestId('exchange-status');
        await pill.filter({ hasText: 'no answer' }).waitFor();
        await ui.page.getByTestId('detail-tab-response').click();
        await ui.page.getByTestId('no-response').waitFor();
        expect(await ui.page.getByRole('table', { name: 'Response headers' }).count()).toBe(0);

        for (const theme of ['light', 'dark'] as const) {
          for (let i = 0; i < 3 && (await app.htmlTheme()) !== theme; i++)
            await app.themeToggle.click();
          expect(await app.htmlTheme()).toBe(theme);
          const colours = await ui.page.evaluate(() => {
            const probeEl = document.createElement('span');
            probeEl.style.color = 'var(--bad)';
            document.body.append(probeEl);
            const bad = getComputedStyle(probeEl).color;
            const ok = ((): string => {
              probeEl.style.color = 'var(--ok)';
              return getComputedStyle(probeEl).color;
            })();
            probeEl.remove();
            const pillEl = document.querySelector('[data-testid="exchange-status"]');
            const cell = document.querySelector(
              '[data-testid="log-row"][data-endpoint="jwks"] .c-status',
            );
            return {
              bad,
              ok,
              pill: pillEl ? getComputedStyle(pillEl).color : '',
              cell: cell ? getComputedStyle(cell).color : '',
            };
          });
          expect(colours.pill, `${theme}: status pill`).toBe(colours.bad);
          expect(colours.cell, `${theme}: status cell`).toBe(colours.bad);
          expect(colours.pill).not.toBe(colours.ok);
          expect(await row.getAttribute('data-outcome')).toBe('error');
          await ui.page.screenshot({ path: join(SHOTS, `dropped-${theme}-${size.width}.png`) });
        }
        await app.themeToggle.click();
      });

      it(`${at}: a refused persona save scrolls to the first bad field and puts the cursor in it`, async () => {
        await ui.page.setViewportSize(size);
        const created = await fetch(`${ui.baseUrl}/_simulator/api/personas/no-phone/duplicate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: `Tester ${size.width}` }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const { id } = (await created.json()) as { id: string };
        await app.goTo('presets');
        // Read the data folder again: the screen may already have been open.
        await ui.page.getByTestId('reload-presets').click();
        await presets.row('persona', id).waitFor();
        await presets.select('persona', id);
        await presets.detailButton('edit').click();
        await presets.personaEditor.waitFor();

        await ui.page.screenshot({ path: join(SHOTS, `persona-editor-${size.width}.png`) });
        // The fields get most of the pane: far more than a strip (below 1200 px the header's
        // second line, the simulator and what is in force, takes 34 px of it).
        const editing = await ui.page.evaluate(() => {
          const editor = document.querySelector('[data-testid="persona-editor"]') as HTMLElement;
          const bar = editor.querySelector('.preset-editor-bar') as HTMLElement;
          return editor.clientHeight - bar.offsetHeight;
        });
        expect(editing).toBeGreaterThanOrEqual(size.height - (size.width < 1200 ? 275 : 240));

        const sub = presets.personaField('responseConfiguration.sub');
        await sub.fill('');
        // The tester works further down, so sub leaves the view.
        const lower = presets.personaEditor.getByTestId('field-responseConfiguration.returnCodes');
        await lower.scrollIntoViewIfNeeded();
        await presets.savePersona.click();
        await ui.page.getByTestId('persona-editor-error').waitFor();
        await expect.poll(() => sub.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await probe.fullyInView(sub), 'sub in view').toBe(true);
        await ui.page.screenshot({ path: join(SHOTS, `persona-refused-${size.width}.png`) });

        // Scrolled away again, the notice's button brings it back.
        await lower.scrollIntoViewIfNeeded();
        await ui.page.getByTestId('persona-show-first-issue').click();
        expect(await probe.fullyInView(sub)).toBe(true);
        await ui.page.getByTestId('persona-cancel').click();
        await presets.personaEditor.waitFor({ state: 'detached' });
      });
    }

    it('logged no page errors', () => {
      expect(ui.pageErrors).toEqual([]);
    });
  },
);
