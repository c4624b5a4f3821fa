import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_CLAIMS_REQUEST, runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, REPO_ROOT, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { LogPage } from './pages/log.page.js';
import { RpCheckPage } from './pages/rp-check.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const step = (id: string, title: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  kind,
  instruction: `Sign in on your service now (${title.toLowerCase()}).`,
  expectation: 'Your service does the right thing.',
  ...extra,
});
const PLAN = {
  name: 'Browser plan',
  timeoutSeconds: 2,
  steps: [
    step('happy', 'Authentication only', 'sign-in'),
    step('bad-iss', 'ID token: INVALID_ISS', 'id-token-defect', {
      scenario: { name: 'iss', errorConfiguration: { idTokenErrors: ['INVALID_ISS'] } },
    }),
    step('core-sig', 'Core identity: INVALID_SIGNATURE', 'core-identity-defect', {
      scenario: {
        name: 'core',
        persona: 'identity-passport',
        errorConfiguration: { coreIdentityErrors: ['INVALID_SIGNATURE'] },
      },
    }),
  ],
};

const fresh = (extra: Record<string, string> = {}) => ({
  authorize: { nonce: randomUUID(), state: randomUUID(), ...extra },
});

describe.skipIf(needs.skip)('relying-party check screen (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let rp: RpCheckPage;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rp-check-ui-'));
    mkdirSync(join(dataDir, 'plans'));
    writeFileSync(join(dataDir, 'plans', 'browser.json'), JSON.stringify(PLAN));
    ui = await openUi({ dataDir });
    app = new AppPage(ui.page);
    rp = new RpCheckPage(ui.page);
    await app.open(ui.uiUrl);
  });
  afterAll(async () => {
    await ui?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a plan: asks what the service showed after each journey, waits for the answer, judges with it', async () => {
    await app.goTo('rp-check');
    await rp.waitState('idle');
    await rp.plan.selectOption('browser');
    await rp.start.click();
    await rp.waitState('running');
    await expect
      .poll(() => rp.instruction.textContent())
      .toBe('Sign in on your service now (authentication only).');

    await runFlow(ui.baseUrl, fresh());
    await rp.question.waitFor();
    expect(await rp.question.textContent()).toBe('What did your service show?');
    // An authentication step has no identity to show: two answers.
    expect(await rp.answer('no-identity').count()).toBe(0);
    // The quiet timeout (2 s) passes: the step still waits for the tester, nothing moves on.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await rp.step('happy').getAttribute('data-status')).toBe('waiting');
    expect(await rp.step('bad-iss').getAttribute('data-status')).toBe('pending');
    await rp.answer('signed-in').click();
    await rp.waitStep('happy', 'passed');
    await expect
      .poll(() => rp.step('happy').getByTestId('rp-reason').textContent())
      .toMatch(
        /^Signed in: \/authorize #\d+, \/token #\d+, \/userinfo #\d+\. Seen: the tester reported the user signed in\.$/,
      );

    // A careless client calls /userinfo despite the wrong iss; the tester says it refused:
    // the answer contradicts the exchanges, and the reason gives both facts.
    await runFlow(ui.baseUrl, fresh());
    await rp.question.waitFor();
    await rp.answer('refused').click();
    await rp.waitStep('bad-iss', 'failed');
    await expect
      .poll(() => rp.step('bad-iss').getByTestId('rp-reason').textContent())
      .toMatch(
        /was called with the access token from \/token #\d+.*, although the tester reported the user not signed in\./,
      );

    await runFlow(
      ui.baseUrl,
      fresh({ vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST, scope: 'openid' }),
    );
    await rp.waiting.waitFor();
    expect(await rp.waiting.textContent()).toMatch(/returned a defective core identity JWT/);
    expect(await rp.evidence.count()).toBe(3);
    expect(await rp.answer('no-identity').count()).toBe(1);
    await ui.page.screenshot({ path: `${REPO_ROOT}test-artifacts/rp-check-waiting.png` });

    // The evidence links to the request log.
    await rp.evidence.last().getByRole('button', { name: 'Log' }).click();
    const log = new LogPage(ui.page);
    await log.detail.waitFor();
    expect(await log.detail.getAttribute('data-seq')).toMatch(/^\d+$/);
    await app.goTo('rp-check');
    await rp.waiting.waitFor();

    await rp.note.fill('Showed the <forged> name');
    await rp.answer('signed-in').click();
    await rp.waitState('finished');
    await rp.waitStep('core-sig', 'failed');
    await expect
      .poll(() => rp.step('core-sig').getByTestId('rp-reason').textContent())
      .toMatch(
        /The service accepted it: the tester reported the user signed in with the verified identity/,
      );
    expect(await rp.count('passed').textContent()).toBe('1 passed');
    expect(await rp.count('failed').textContent()).toBe('2 failed');

    const href = await rp.exportLink('html').getAttribute('href');
    const html = await (await fetch(`${ui.baseUrl}${href}`)).text();
    expect(html).toContain('Showed the &lt;forged&gt; name');
    const junitHref = await rp.exportLink('junit').getAttribute('href');
    const xml = await (await fetch(`${ui.baseUrl}${junitHref}`)).text();
    expect(xml).toContain('tests="3" failures="2"');
    expect(ui.pageErrors).toEqual([]);
  });

  it('stays usable at 800, 1280 and 1920 pixels wide', async () => {
    for (const width of [800, 1280, 1920]) {
      await ui.page.setViewportSize({ width, height: 900 });
      await rp.screen.waitFor();
      // The screen's own content never scrolls sideways (the header's tabs are the window's).
      const overflow = await rp.screen.evaluate((e) => e.scrollWidth - e.clientWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      expect(await rp.answer('signed-in').count()).toBe(0);
      await rp.step('core-sig').scrollIntoViewIfNeeded();
      expect(await rp.step('core-sig').isVisible()).toBe(true);
      await ui.page.screenshot({ path: `${REPO_ROOT}test-artifacts/rp-check-${width}.png` });
    }
  });
});
