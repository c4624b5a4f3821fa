/**
 * "Drive my service for me" in the window: the tester types the service's addresses, starts the
 * plan, and the check signs in to the service by itself, step after step, until the plan ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestService,
  type TestService,
} from '../../../server/test/helpers/driven-services.js';
import { openUi, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { RpCheckPage } from './pages/rp-check.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

describe.skipIf(needs.skip)('relying-party check: drive my service (Chromium)', () => {
  let ui: UiHarness;
  let service: TestService;

  beforeAll(async () => {
    ui = await openUi();
    service = await startTestService('careful', () => ui.baseUrl);
    const client = ui.sim.simulator.config.get().clientConfiguration;
    const registered = ui.sim.simulator.config.update({
      clientConfiguration: { ...client, redirectUrls: [service.callback] },
    });
    if (!registered.ok) throw new Error(JSON.stringify(registered.error));
  });
  afterAll(async () => {
    await service?.close();
    await ui?.close();
  });

  it('runs the built-in plan against the service, each step judged with what the browser saw', async () => {
    const app = new AppPage(ui.page);
    const rp = new RpCheckPage(ui.page);
    await app.open(ui.uiUrl);
    await app.goTo('rp-check');
    await rp.waitState('idle');
    await ui.page.getByTestId('rp-drive-enabled').check();
    await ui.page.getByTestId('rp-drive-signIn').fill(service.drive.signIn);
    await ui.page.getByTestId('rp-drive-identitySignIn').fill(service.drive.identitySignIn);
    await ui.page.getByTestId('rp-drive-signedIn').fill(service.drive.signedIn);
    await ui.page.getByTestId('rp-drive-signOut').fill(service.drive.signOut);
    await rp.start.click();
    await ui.page
      .locator('[data-testid="rp-check-screen"][data-state="finished"]')
      .waitFor({ timeout: 60_000 });
    const run = (await (await fetch(`${ui.baseUrl}/_simulator/api/rp-check`)).json()) as {
      drive?: { signIn: string };
      steps: { id: string; outcome?: { source: string; signedIn: boolean } }[];
    };
    expect(run.drive?.signIn).toBe(service.drive.signIn);
    expect(run.steps.find((s) => s.id === 'auth-only')?.outcome).toMatchObject({
      source: 'driver',
      signedIn: true,
    });
    expect(run.steps.every((s) => s.outcome?.source === 'driver')).toBe(true);
    // The settings stay disabled while a run goes on, and are kept for the next run.
    await expect
      .poll(() => ui.page.getByTestId('rp-drive-signIn').inputValue())
      .toBe(service.drive.signIn);
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);

  it('a bad address is refused by the server with its field named, and nothing starts', async () => {
    await ui.page.getByTestId('rp-drive-signIn').fill('not an address');
    await ui.page.getByTestId('rp-start').click();
    // Named as on screen, under the field, and kept there.
    await expect
      .poll(() => ui.page.getByTestId('rp-drive-issue-signIn').textContent())
      .toMatch(/^Sign-in address must be an absolute http\(s\) address/);
    expect(await ui.page.getByTestId('rp-start-error').textContent()).toContain('Sign-in address');
    await new RpCheckPage(ui.page).waitState('finished');
  }, 30_000);
});
