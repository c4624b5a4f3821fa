import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, REPO_ROOT, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const SHOTS = join(REPO_ROOT, 'test-artifacts', 'log-rows');
const PLAN = {
  name: 'One sign-in',
  timeoutSeconds: 30,
  steps: [
    {
      id: 'happy',
      title: 'Authentication only',
      kind: 'sign-in',
      instruction: 'Sign in on your service now.',
      expectation: 'You are signed in.',
    },
  ],
};

describe.skipIf(needs.skip)('log rows say what happened (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let log: LogPage;
  let dataDir: string;
  const api = (path: string, body?: unknown) =>
    fetch(`${ui.baseUrl}/_simulator/api${path}`, {
      method: body === undefined ? 'DELETE' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'log-rows-e2e-'));
    mkdirSync(join(dataDir, 'plans'));
    writeFileSync(join(dataDir, 'plans', 'one.json'), JSON.stringify(PLAN));
    ui = await openUi({ dataDir });
    app = new AppPage(ui.page);
    log = new LogPage(ui.page);
    await app.open(ui.uiUrl);
    await ui.page.setViewportSize({ width: 1280, height: 720 });
  });
  afterAll(async () => {
    await ui?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the injected error on the row, and a failed row reads as failed', async () => {
    expect(
      (await api('/switches', { group: 'idTokenErrors', name: 'INVALID_SIGNATURE', on: true }))
        .status,
    ).toBe(200);
    await runFlow(ui.baseUrl);
    expect(
      (await api('/switches', { group: 'tokenErrors', name: 'INVALID_GRANT', on: true })).status,
    ).toBe(200);
    await expect(runFlow(ui.baseUrl)).rejects.toThrow();
    expect((await api('/switches')).status).toBe(200);

    await app.goTo('log');
    const signed = log.rowsFor('token').and(ui.page.locator('[data-outcome="success"]')).first();
    await signed
      .getByTestId('row-injected')
      .filter({ hasText: 'injected · INVALID_SIGNATURE' })
      .waitFor();
    expect(await signed.textContent()).not.toContain('⚑');

    const refused = log.rowsFor('token').and(ui.page.locator('[data-outcome="error"]')).first();
    await refused
      .getByTestId('row-injected')
      .filter({ hasText: 'injected · invalid_grant' })
      .waitFor();
    await refused.getByTestId('row-failed').waitFor();
    expect(await signed.getByTestId('row-failed').count()).toBe(0);
    const backgrounds = await Promise.all(
      [signed, refused].map((row) => row.evaluate((el) => getComputedStyle(el).backgroundColor)),
    );
    expect(backgrounds[1]).not.toBe(backgrounds[0]);
    await ui.page.screenshot({ path: join(SHOTS, 'injected-1280.png') });

    // i on a /token exchange opens the ID token it issued, not the client assertion it received.
    await signed.click();
    await ui.page.keyboard.press('i');
    await ui.page.locator('.app[data-screen="tokens"]').waitFor();
    await ui.page.locator('[data-testid="token-view"][data-role="id_token"]').waitFor();
    expect(
      await ui.page.locator('[data-testid="token-view"][data-role="client_assertion"]').count(),
    ).toBe(0);
    await app.goTo('log');
  });

  it('the inspector does not call pasted text that is no JWT an ID token', async () => {
    await app.goTo('tokens');
    await ui.page.getByTestId('paste-token').fill('hello world');
    await ui.page.getByTestId('paste-inspect').click();
    const view = ui.page.getByTestId('token-view').first();
    await view.getByTestId('token-title').filter({ hasText: 'Not a JWT' }).waitFor();
    expect(await view.getByTestId('token-title').textContent()).not.toContain('ID token');
    await app.goTo('log');
  });

  it('names the relying-party check step an exchange belongs to', async () => {
    const started = await api('/rp-check/start', { plan: 'one' });
    expect(started.status, await started.clone().text()).toBe(201);
    await runFlow(ui.baseUrl, { authorize: { nonce: randomUUID(), state: randomUUID() } });
    await app.goTo('log');
    for (const endpoint of ['authorize', 'token', 'userinfo'])
      await log
        .rowsFor(endpoint)
        .first()
        .getByTestId('row-rp-step')
        .filter({ hasText: 'step 1 · Authentication only' })
        .waitFor();
    await ui.page.screenshot({ path: join(SHOTS, 'rp-step-1280.png') });
    // Exchanges from before the run belong to no step.
    expect(await log.rowsFor('token').last().getByTestId('row-rp-step').count()).toBe(0);
    await api('/rp-check/stop', {});
    expect(ui.pageErrors).toEqual([]);
  });
});
