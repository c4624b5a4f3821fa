import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { chromiumAvailable, openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
import { LogPage } from './pages/log.page.js';

describe.skipIf(!chromiumAvailable())('configuration screen (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let config: ConfigPage;
  let log: LogPage;

  beforeAll(async () => {
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

  it('applies a new email, and a real relying-party flow gets it from /userinfo', async () => {
    await config.setText('responseConfiguration.email', 'changed.by.ui@example.com');
    await config.waitAccepted();
    await config.unappliedCount.filter({ hasText: '1 unapplied change' }).waitFor();
    await config.apply();
    await config.changedMarker('responseConfiguration.email').waitFor();

    const current = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      responseConfiguration: { email: string };
    };
    expect(current.responseConfiguration.email).toBe('changed.by.ui@example.com');

    const flow = await runFlow(ui.baseUrl);
    expect(flow.userinfo.email).toBe('changed.by.ui@example.com');

    await app.goTo('log');
    await log.rowsFor('userinfo').first().waitFor();
    await log.select('userinfo');
    await log.tab('response').click();
    await log.responseBody.filter({ hasText: 'changed.by.ui@example.com' }).waitFor();
    await app.goTo('config');
  });

  it('explains a refused value as it is typed, and Apply leaves the simulator unchanged', async () => {
    await config.screen.waitFor();
    await config.setText('simulatorUrl', 'not a url');
    await config.issue('simulatorUrl').filter({ hasText: 'must be an absolute URL' }).waitFor();
    await config.applyState.filter({ hasText: 'refused' }).waitFor();

    await config.applyButton.click();
    await config.applyState.filter({ hasText: /refused/ }).waitFor();
    const current = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      simulatorUrl: string;
    };
    expect(current.simulatorUrl).toBe(ui.baseUrl);

    await config.setText('simulatorUrl', ui.baseUrl);
    await config.issue('simulatorUrl').waitFor({ state: 'detached' });
  });

  it('checks a pasted public key with the simulator', async () => {
    const key = config.page.getByTestId('public-key-input');
    const original = await key.inputValue();
    await key.fill('-----BEGIN PUBLIC KEY-----\nnot base64 at all\n-----END PUBLIC KEY-----');
    await config.issue('clientConfiguration.publicKey').filter({ hasText: 'PEM' }).waitFor();
    await config.page
      .getByTestId('public-key-verdict')
      .filter({ hasText: 'cannot use this key' })
      .waitFor();
    await key.fill(original);
    await config.issue('clientConfiguration.publicKey').waitFor({ state: 'detached' });
    await config.unappliedCount.waitFor({ state: 'detached' });
  });

  it('edits a list row (an address) and resets everything to defaults', async () => {
    const street = config.page.getByLabel('Address 1 Street name');
    await street.fill('NEW STREET');
    await config.waitAccepted();
    await config.apply();
    const current = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      responseConfiguration: { postalAddressDetails: { streetName: string }[] };
    };
    expect(current.responseConfiguration.postalAddressDetails[0]?.streetName).toBe('NEW STREET');
    await config.changedMarker('responseConfiguration.postalAddressDetails').waitFor();

    await config.resetToDefaults();
    await config.changedMarker('responseConfiguration.email').waitFor({ state: 'detached' });
    const reset = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      responseConfiguration: { email: string; postalAddressDetails: { streetName: string }[] };
    };
    expect(reset.responseConfiguration.email).toBe('test@example.com');
    expect(reset.responseConfiguration.postalAddressDetails[0]?.streetName).toBe('FRAMPTON ROAD');
    expect(ui.pageErrors).toEqual([]);
  });
});
