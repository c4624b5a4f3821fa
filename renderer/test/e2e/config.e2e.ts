import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_CLAIMS_REQUEST,
  runFlow,
  signClientAssertion,
} from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { ConfigPage } from './pages/config.page.js';
import { InspectorPage } from './pages/inspector.page.js';
import { LogPage } from './pages/log.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('configuration screen (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let config: ConfigPage;
  let log: LogPage;
  let inspector: InspectorPage;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    config = new ConfigPage(ui.page);
    log = new LogPage(ui.page);
    inspector = new InspectorPage(ui.page);
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

  it('warns at the field, without refusing, about a phone number the provider never sends', async () => {
    await app.goTo('config');
    await config.setText('responseConfiguration.phoneNumber', '07700 900000');
    const warning = config
      .field('responseConfiguration.phoneNumber')
      .getByTestId('field-warning')
      .filter({ hasText: 'is not an E.164 number' });
    await warning.waitFor();
    await config.waitAccepted();
    await config.apply();
    const current = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      responseConfiguration: { phoneNumber: string };
    };
    expect(current.responseConfiguration.phoneNumber).toBe('07700 900000');
    await config.setText('responseConfiguration.phoneNumber', '+447700900000');
    await warning.waitFor({ state: 'detached' });
    await config.apply();
    expect(ui.pageErrors).toEqual([]);
  });

  it('the inspector warns about a birth date no ISO 8601 date in an issued core identity JWT', async () => {
    const current = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      responseConfiguration: {
        coreIdentityVerifiableCredentials: {
          credentialSubject: { birthDate: { value: string }[] };
        };
      };
    };
    current.responseConfiguration.coreIdentityVerifiableCredentials.credentialSubject.birthDate = [
      { value: '1985-13-45' },
    ];
    const posted = await fetch(`${ui.baseUrl}/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(current),
    });
    expect(posted.status).toBe(200);
    const flow = await runFlow(ui.baseUrl, {
      authorize: { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST },
    });
    const jwt = flow.userinfo['https://vocab.account.gov.uk/v1/coreIdentityJWT'];
    expect(typeof jwt).toBe('string');
    await app.goTo('tokens');
    await inspector.inspect(jwt as string);
    await inspector
      .tokenView('core_identity')
      .getByTestId('token-warning')
      .filter({ hasText: '"1985-13-45" is not an ISO 8601 date' })
      .waitFor();
    // The form says the same at the field.
    await app.goTo('config');
    await config
      .field('responseConfiguration.coreIdentityVerifiableCredentials')
      .getByTestId('field-warning')
      .filter({ hasText: '1985-13-45' })
      .waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it('the inspector shows an hour-long client assertion as passing, with the lifetime as a warning', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const assertion = await signClientAssertion({
      baseUrl: ui.baseUrl,
      claims: { iat, exp: iat + 3600 },
    });
    await app.goTo('tokens');
    await inspector.inspect(assertion);
    const view = inspector.tokenView('client_assertion');
    const warnings = view.getByTestId('token-warnings');
    await warnings
      .getByTestId('token-warning')
      .filter({ hasText: 'this assertion lives 3600 s; the provider recommends 300 s' })
      .waitFor();
    expect(await warnings.textContent()).toContain(
      'Warning: accepted, against what the provider recommends:',
    );
    // A warning, not a failure: every check passes.
    await inspector.check(view, 'exp').waitFor();
    expect(await view.locator('[data-testid="token-check"][data-ok="false"]').count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });

  it('edits a list row (an address) and resets everything to defaults', async () => {
    // The test before leaves the window on the inspector.
    await app.goTo('config');
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

  it('follows changes made elsewhere live, from the changes the event stream sends', async () => {
    await app.goTo('config');
    const resyncs: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/_simulator/api/events/config')) resyncs.push(r.url());
    };
    ui.page.on('request', onRequest);
    const post = (body: object) =>
      fetch(`${ui.baseUrl}/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const street = config.page.getByLabel('Address 1 Street name');
    for (let i = 0; i < 5; i++) {
      const res = await post({
        responseConfiguration: {
          email: `elsewhere.${i}@example.com`,
          postalAddressDetails: [
            { addressCountry: 'GB', streetName: `STREET ${i}`, postalCode: 'GL1 5QB' },
          ],
        },
        errorConfiguration: {
          faults: [{ target: 'trustmark', kind: 'outage', status: 503, requests: 3 }],
        },
      });
      expect(res.status).toBe(200);
      // A counted fault used up request by request: pushes keep coming, coalesced.
      for (let r = 0; r < 3; r++) await fetch(`${ui.baseUrl}/trustmark`);
      await expect
        .poll(() => config.input('responseConfiguration.email').inputValue())
        .toBe(`elsewhere.${i}@example.com`);
      await expect.poll(() => street.inputValue()).toBe(`STREET ${i}`);
    }
    // The form followed: nothing of it is counted as the tester's own edit.
    expect((await config.applyState.allTextContents()).join(' ')).not.toMatch(/unapplied change/);
    ui.page.off('request', onRequest);
    // Every push built on the last: the window never had to fetch the configuration again.
    expect(resyncs).toEqual([]);
    await config.resetToDefaults();
    expect(ui.pageErrors).toEqual([]);
  });
});
