/**
 * The provider's documented errors and the endpoint faults, switched on and off by clicking in
 * Chromium; the effect is checked over HTTP as a relying party sees it, the banner shows what is
 * on on every screen, and the request log labels each affected exchange.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeQuery, runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { ScenariosPage } from './pages/scenarios.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('error switches and faults (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let scenarios: ScenariosPage;
  let log: LogPage;

  const authorize = () =>
    fetch(`${ui.baseUrl}/authorize?${authorizeQuery()}`, { redirect: 'manual' });
  const get = (path: string) => fetch(`${ui.baseUrl}${path}`, { headers: { 'user-agent': 'e2e' } });

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    scenarios = new ScenariosPage(ui.page);
    log = new LogPage(ui.page);
    await app.open(ui.uiUrl);
    await app.goTo('scenarios');
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('names each switch by its wire code or fault, with what it does and what a relying party must do', async () => {
    const row = scenarios.row('authoriseErrors', 'UNAUTHORIZED_CLIENT');
    await scenarios
      .switchNamed(/unauthorized_client \(UNAUTHORIZED_CLIENT\)/)
      .first()
      .waitFor();
    expect(await row.textContent()).toContain('client deactivated');
    expect(await row.textContent()).toContain('Expected of your relying party: ');
    const jwks = scenarios.faultRow('jwks', 'answer');
    expect(await scenarios.switchNamed('JWKS outage').count()).toBe(1);
    expect(await jwks.textContent()).toMatch(/cached key set/);
  });

  it('turns unauthorized_client, invalid_grant and a JWKS outage on by clicking; HTTP shows each', async () => {
    await scenarios.click(scenarios.switchNamed(/Authorisation errors: unauthorized_client/), true);
    await scenarios.click(scenarios.switchNamed(/Token errors: invalid_grant/), true);
    await scenarios.click(scenarios.switchNamed('JWKS outage'), true);

    const redirect = new URL((await authorize()).headers.get('location') as string);
    expect(redirect.searchParams.get('error')).toBe('unauthorized_client');
    expect(redirect.searchParams.get('error_description')).toBe('client deactivated');
    expect((await get('/.well-known/jwks.json')).status).toBe(503);

    // Shown on every screen.
    for (const screen of ['config', 'log', 'tokens', 'scenarios'] as const) {
      await app.goTo(screen);
      await app.activeScenarioChips.filter({ hasText: 'unauthorized_client' }).waitFor();
      await app.activeScenarioChips.filter({ hasText: 'invalid_grant' }).waitFor();
      await app.activeScenarioChips.filter({ hasText: 'JWKS outage' }).waitFor();
    }
  });

  it('labels the affected exchanges in the request log', async () => {
    await app.goTo('log');
    await log.rowsFor('jwks').first().waitFor();
    await log.select('jwks');
    await ui.page
      .getByTestId('exchange-injected')
      .filter({ hasText: 'injected · JWKS outage' })
      .waitFor();
    await log.select('authorize');
    await ui.page
      .getByTestId('exchange-injected')
      .filter({ hasText: 'injected · unauthorized_client' })
      .waitFor();
  });

  it('turns them off by clicking; the next flow succeeds', async () => {
    await app.goTo('scenarios');
    await scenarios.click(
      scenarios.switchNamed(/Authorisation errors: unauthorized_client/),
      false,
    );
    await scenarios.click(scenarios.switchNamed(/Token errors: invalid_grant/), false);
    await scenarios.click(scenarios.switchNamed('JWKS outage'), false);
    await app.activeScenarios.waitFor({ state: 'detached' });
    expect((await get('/.well-known/jwks.json')).status).toBe(200);
    const flow = await runFlow(ui.baseUrl);
    expect(flow.tokenStatus).toBe(200);
    expect(flow.userinfoStatus).toBe(200);
  });

  it('a dropped DID connection for the next request only, with the counter shown', async () => {
    const row = scenarios.faultRow('did', 'answer');
    await row.getByTestId('fault-did-answer-status').selectOption('drop');
    await row.getByTestId('fault-did-answer-requests').fill('2');
    await scenarios.click(scenarios.switchNamed('DID document outage'), true);
    await row.getByTestId('fault-did-answer-left').filter({ hasText: '2 left' }).waitFor();

    await expect(get('/.well-known/did.json')).rejects.toThrow();
    await row.getByTestId('fault-did-answer-left').filter({ hasText: '1 left' }).waitFor();
    await app.activeScenarioChips.filter({ hasText: 'DID document connection dropped' }).waitFor();
    await expect(get('/.well-known/did.json')).rejects.toThrow();
    // Spent: the switch goes off by itself.
    await row.and(ui.page.locator('[data-active="false"]')).waitFor();
    expect((await get('/.well-known/did.json')).status).toBe(200);

    // The log shows the dropped exchanges without a status, labelled by their outcome.
    await app.goTo('log');
    const dropped = log.rowsFor('did').filter({ hasText: 'connection_dropped' });
    await dropped.nth(1).waitFor();
    expect(await dropped.first().locator('.c-status').textContent()).toBe('—');
    await app.goTo('scenarios');
  });

  it('retires the old ID token keys in one click: they leave the JWKS; off, they are back', async () => {
    const kids = async () =>
      (
        (await (await get('/.well-known/jwks.json')).json()) as { keys: { kid: string }[] }
      ).keys.map((k) => k.kid);
    const before = await kids();
    expect(before).toHaveLength(2);
    await scenarios.click(scenarios.switchNamed('Old ID token keys retired'), true);
    const after = await kids();
    expect(after).toHaveLength(2);
    expect(after.some((kid) => before.includes(kid))).toBe(false);
    await app.activeScenarioChips.filter({ hasText: 'Old ID token keys retired' }).waitFor();
    const flow = await runFlow(ui.baseUrl);
    expect(flow.tokenStatus).toBe(200);

    await scenarios.click(scenarios.switchNamed('Old ID token keys retired'), false);
    expect(await kids()).toEqual(expect.arrayContaining([...before, ...after]));
  });

  it('refuses a bad setting in place, sending nothing', async () => {
    const row = scenarios.faultRow('token', 'latency');
    await row.getByTestId('fault-token-latency-ms').fill('-5');
    await scenarios.switchNamed('Token latency').click();
    await row.getByRole('alert').filter({ hasText: 'Latency' }).waitFor();
    const config = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
      errorConfiguration: { faults: unknown[] };
    };
    expect(config.errorConfiguration.faults).toEqual([]);
    await row.getByTestId('fault-token-latency-ms').fill('250');
    await scenarios.click(scenarios.switchNamed('Token latency'), true);
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
              errorConfiguration: { faults: unknown[] };
            }
          ).errorConfiguration.faults,
      )
      .toEqual([{ target: 'token', kind: 'latency', ms: 250 }]);
    await app.activeScenarioChips
      .filter({ hasText: 'Token latency' })
      .getByRole('button', { name: 'Turn off Token latency' })
      .click();
    await app.activeScenarios.waitFor({ state: 'detached' });
    expect(ui.pageErrors).toEqual([]);
  });
});
