/**
 * The check's screen as a tester meets it, at the three sizes: refused fields stay outlined with
 * their reasons in the window's words; a driven run against a service that does not answer does
 * not start, and its sign-in address says why at once; drive mode says what the check does; a stopped run reads "stopped"; the
 * header says the check is in control; the question is in view; the plan picker is styled; the
 * client id, key and redirect URL the service needs are on the screen with copy buttons.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { RpCheckPage } from './pages/rp-check.page.js';

const needs = requires('chromium');

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe.skipIf(needs.skip)("the check's screen (Chromium, real simulator)", () => {
  let ui: UiHarness;
  let app: AppPage;
  let rp: RpCheckPage;
  /** A service that accepts connections and never answers: a driven step stays in progress. */
  let silent: Server;
  let silentUrl: string;
  let answerNext = false;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
    rp = new RpCheckPage(ui.page);
    // It answers only the check's one look before the run (answerNext), then never again.
    silent = createServer((_req, res) => {
      if (!answerNext) return;
      answerNext = false;
      res.end('<title>Hello</title>');
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent?.closeAllConnections();
    silent?.close();
    await ui?.close();
  });

  const screenText = () => ui.page.getByTestId('rp-check-screen').textContent();
  const stopIfRunning = async () => {
    await fetch(`${ui.baseUrl}/_simulator/api/rp-check/stop`, { method: 'POST' });
  };

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: the service's settings, a styled picker, refused fields that stay, in the window's words`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('rp-check');
      await rp.screen.waitFor();

      // What the service needs, each with a copy button.
      const config = (await (await fetch(`${ui.baseUrl}/config`)).json()) as {
        clientConfiguration: { clientId: string; redirectUrls: string[] };
      };
      const service = page.getByTestId('rp-service');
      await service.waitFor();
      expect(await page.getByTestId('rp-service-client-id').textContent()).toContain(
        config.clientConfiguration.clientId,
      );
      expect(await page.getByTestId('rp-service-redirect-url').textContent()).toContain(
        config.clientConfiguration.redirectUrls[0],
      );
      expect(await page.getByTestId('rp-service-key').textContent()).toContain(
        'server/keys/default-client-private-key.pem',
      );
      for (const id of ['client-id', 'redirect-url', 'key', 'discovery'])
        expect(await page.getByTestId(`copy-${id}`).isVisible(), id).toBe(true);

      // The plan picker looks like the window's other pickers, not the browser's default.
      expect(await rp.plan.evaluate((e) => getComputedStyle(e).appearance)).toBe('none');

      // Refused fields: named, outlined, and still there after several status polls.
      await page.getByTestId('rp-drive-enabled').check();
      await page.getByTestId('rp-drive-signIn').fill('not an address');
      await page.getByTestId('rp-drive-signedIn').fill('ftp://example.com/account');
      await rp.start.click();
      const issue = page.getByTestId('rp-drive-issue-signIn');
      await issue.waitFor();
      await page.waitForTimeout(2500);
      expect(await issue.isVisible()).toBe(true);
      expect(await page.getByTestId('rp-drive-issue-signedIn').isVisible()).toBe(true);
      expect(await page.getByTestId('rp-drive-signIn').getAttribute('aria-invalid')).toBe('true');
      const error = await page.getByTestId('rp-start-error').textContent();
      expect(error).toContain('Sign-in address');
      expect(error).toContain('Signed-in page');
      expect(await screenText()).not.toContain('--drive');
      expect(await screenText()).not.toContain('drive.signIn');
      // Editing a field takes its mark away, not the other's.
      await page.getByTestId('rp-drive-signIn').fill('http://localhost:8080/login');
      await issue.waitFor({ state: 'detached' });
      expect(await page.getByTestId('rp-drive-issue-signedIn').isVisible()).toBe(true);
      await page.getByTestId('rp-drive-enabled').uncheck();
      expect(ui.pageErrors).toEqual([]);
    });

    it(`${size.width}×${size.height}: a service that does not answer: the run does not start, the sign-in address says why at once`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('rp-check');
      const before = await (await fetch(`${ui.baseUrl}/_simulator/api/rp-check`)).text();
      const port = await closedPort();
      await page.getByTestId('rp-drive-enabled').check();
      await page.getByTestId('rp-drive-signIn').fill(`http://127.0.0.1:${port}/login`);
      await page.getByTestId('rp-drive-signedIn').fill(`http://127.0.0.1:${port}/account`);
      const started = Date.now();
      await rp.start.click();
      const issue = page.getByTestId('rp-drive-issue-signIn');
      await issue.waitFor({ timeout: 3000 });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await issue.textContent()).toContain('Sign-in address could not be reached');
      expect(await issue.textContent()).toContain('ECONNREFUSED');
      expect(await page.getByTestId('rp-drive-signIn').getAttribute('aria-invalid')).toBe('true');
      const error = await page.getByTestId('rp-start-error').textContent();
      expect(error).toContain('did not start');
      expect(error).toContain(`did not answer at http://127.0.0.1:${port}/login`);
      // The field's reason sits next to the field, in view.
      const field = await page.getByTestId('rp-drive-signIn').boundingBox();
      const reason = await issue.boundingBox();
      expect(field && reason).toBeTruthy();
      expect(Math.abs(reason!.y - (field!.y + field!.height))).toBeLessThan(80);
      expect(reason!.x + reason!.width).toBeLessThanOrEqual(size.width);
      // Nothing ran: the status is the one before, the in-run alert never showed.
      expect(await (await fetch(`${ui.baseUrl}/_simulator/api/rp-check`)).text()).toBe(before);
      expect(await page.getByTestId('rp-unreachable').count()).toBe(0);
      expect(await screenText()).not.toContain('--drive');
      expect(await screenText()).not.toContain('drive.signIn');
      await page.getByTestId('rp-drive-enabled').uncheck();
      expect(ui.pageErrors).toEqual([]);
    });

    it(`${size.width}×${size.height}: drive mode says what the check does; the header says the check is in control`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('rp-check');
      await page.getByTestId('rp-drive-enabled').check();
      await page.getByTestId('rp-drive-signIn').fill(`${silentUrl}/login`);
      await page.getByTestId('rp-drive-signedIn').fill(`${silentUrl}/account`);
      answerNext = true;
      await rp.start.click();
      try {
        await rp.waitState('running');
        await expect.poll(() => rp.instruction.textContent()).toMatch(/^The check does this/);
        expect(await rp.instruction.textContent()).not.toContain('Sign in on your service now');
        const chip = page.getByTestId('active-preset');
        await expect.poll(() => chip.getAttribute('data-state')).toBe('rp-check');
        expect(await chip.textContent()).toContain('RP check in control');
        // On another screen too.
        await app.goTo('log');
        expect(await chip.getAttribute('data-state')).toBe('rp-check');
        await app.goTo('rp-check');
      } finally {
        await stopIfRunning();
        await page.getByTestId('rp-drive-enabled').uncheck();
      }
      await expect
        .poll(() => page.getByTestId('active-preset').getAttribute('data-state'))
        .not.toBe('rp-check');
      expect(ui.pageErrors).toEqual([]);
    });

    it(`${size.width}×${size.height}: the question is in view when it comes; Stop reads "stopped"`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('rp-check');
      await rp.start.click();
      await rp.waitState('running');
      await expect.poll(() => rp.instruction.textContent()).toMatch(/^Sign in on your service now/);
      await runFlow(ui.baseUrl, {
        authorize: { nonce: randomUUID(), state: randomUUID() },
      });
      await rp.question.waitFor({ timeout: 15_000 });
      const box = await rp.question.boundingBox();
      expect(box, 'the question').not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(size.height);
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      const answer = await rp.answer('signed-in').boundingBox();
      expect((answer?.y ?? 0) + (answer?.height ?? 0)).toBeLessThanOrEqual(size.height);
      await page.getByTestId('rp-stop').click();
      await rp.waitState('finished');
      expect(await page.getByTestId('rp-run-state').textContent()).toContain('stopped');
      expect(ui.pageErrors).toEqual([]);
    });
  }
});
