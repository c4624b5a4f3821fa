import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFlow } from '../../../server/test/helpers/relying-party.js';
import { openUi, REPO_ROOT, type UiHarness } from './fixtures.js';
import { AppPage } from './pages/app.page.js';
import { InspectorPage } from './pages/inspector.page.js';
import { LogPage } from './pages/log.page.js';
import { ToolsPage } from './pages/tools.page.js';
import { requires } from '../../../server/test/helpers/requirements.js';

const needs = requires('chromium');

const SHOTS = join(REPO_ROOT, 'test-artifacts', 'tools');
const WIDTHS = [800, 1280, 1920] as const;

describe.skipIf(needs.skip)('the tester’s tools (Chromium, real simulator)', () => {
  let ui: UiHarness;
  let app: AppPage;
  let log: LogPage;
  let tools: ToolsPage;
  let inspector: InspectorPage;

  const setSwitch = (name: string, on: boolean) =>
    fetch(`${ui.baseUrl}/_simulator/api/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ group: 'idTokenErrors', name, on }),
    });
  const shoot = async (name: string, focus?: string) => {
    for (const width of WIDTHS) {
      await ui.page.setViewportSize({
        width,
        height: width === 800 ? 600 : width === 1280 ? 720 : 1080,
      });
      if (focus) await ui.page.getByTestId(focus).scrollIntoViewIfNeeded();
      await ui.page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
    }
    await ui.page.setViewportSize({ width: 1400, height: 900 });
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await openUi();
    app = new AppPage(ui.page);
    log = new LogPage(ui.page);
    tools = new ToolsPage(ui.page);
    inspector = new InspectorPage(ui.page);
    await app.open(ui.uiUrl);
    await app.goTo('log');
  });
  afterAll(async () => {
    expect(ui?.pageErrors ?? []).toEqual([]);
    await ui?.close();
  });

  it('signs in for authentication and lands on the journey, tokens in the inspector', async () => {
    expect(await tools.signIn('authentication')).toBe('accepted');
    await ui.page.locator('.app[data-screen="log"]').waitFor();
    // The journey filter is on: the three requests of the sign-in, not discovery or the JWKS.
    await log.rowsFor('userinfo').first().waitFor();
    expect(
      new Set(await log.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-endpoint')))),
    ).toEqual(new Set(['authorize', 'token', 'userinfo']));
    await ui.page
      .locator('[data-testid="exchange-detail"] .detail-path', { hasText: '/token' })
      .waitFor();
    await app.goTo('tokens');
    const items = ui.page.locator('.token-items').first();
    await items.getByText('ID token').waitFor();
    await items.getByText('Access token').waitFor();
    await app.goTo('log');
  });

  it('signs in for identity (P2), checking the core identity JWT', async () => {
    expect(await tools.signIn('identity')).toBe('accepted');
    await tools.result.locator('summary').click();
    await tools.result.getByText('core identity JWT signature').waitFor();
    await log.select('authorize');
    await log.tab('request').click();
    expect(await log.detail.textContent()).toContain('Cl.Cm.P2');
    await shoot('test-client-identity');
  });

  it('with INVALID_SIGNATURE on, the test client refuses the ID token and says why', async () => {
    expect((await setSwitch('INVALID_SIGNATURE', true)).status).toBe(200);
    try {
      expect(await tools.signIn('authentication')).toBe('refused');
      const refusals = await tools.refusals.textContent();
      expect(refusals).toContain('ID token signature');
      expect(refusals).toContain('the signature does not match the key');
      expect(await tools.result.textContent()).toContain('INVALID_SIGNATURE');
      await shoot('test-client-refused');
      // For the README: the top of the window (the status bar names the test build's version).
      await ui.page.setViewportSize({ width: 1280, height: 720 });
      await ui.page.screenshot({
        path: join(SHOTS, 'readme-test-client.png'),
        clip: { x: 0, y: 0, width: 1280, height: 560 },
      });
      await ui.page.setViewportSize({ width: 1400, height: 900 });
    } finally {
      await setSwitch('INVALID_SIGNATURE', false);
    }
  });

  it('gives the journey as curl commands and a browser URL', async () => {
    await tools.flow.selectOption('identity');
    await tools.commandsToggle.click();
    await tools.authorizeUrl.waitFor();
    const url = new URL((await tools.authorizeUrl.getAttribute('href')) ?? '');
    expect(url.origin + url.pathname).toBe(`${ui.baseUrl}/authorize`);
    expect(url.searchParams.get('vtr')).toBe('["Cl.Cm.P2"]');
    expect(await tools.curl(2).textContent()).toMatch(/client_assertion=eyJ/);
    await shoot('test-client-commands');
    await tools.commandsToggle.click();
  });

  it('resends the token request (fresh jti) and compares it with the original side by side', async () => {
    await tools.page.getByTestId('test-client-dismiss').click();
    expect(await tools.signIn('authentication')).toBe('accepted');
    await ui.page
      .locator('[data-testid="exchange-detail"] .detail-path', { hasText: '/token' })
      .waitFor();
    await tools.resend.click();
    await tools.compareView.waitFor();
    expect(await tools.compareRow('status').textContent()).toMatch(/200.*400/);
    expect(await tools.compareRow('body · client_assertion').getAttribute('class')).toContain(
      'is-different',
    );
    expect(await tools.compareRow('header · x-simulator-resend-of').count()).toBe(1);
    await shoot('compare');
    await ui.page.setViewportSize({ width: 1280, height: 720 });
    await ui.page.screenshot({
      path: join(SHOTS, 'readme-compare.png'),
      clip: { x: 0, y: 0, width: 1280, height: 560 },
    });
    await ui.page.setViewportSize({ width: 1400, height: 900 });
    await ui.page.getByTestId('compare-close').click();
    await log.detail.waitFor();
    expect(await tools.resendResult.textContent()).toMatch(
      /Sent again: answered HTTP 400 .*re-signed/,
    );
  });

  it('verifies a pasted token with my key, then with the simulator’s JWKS URL', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const mine = await new SignJWT({ sub: 'me' })
      .setProtectedHeader({ alg: 'ES256' })
      .sign(privateKey);
    await app.goTo('tokens');
    await inspector.inspect(mine);
    await ui.page.getByTestId('verify-source-key').check();
    await tools.verifyKey.fill(publicKey.export({ format: 'pem', type: 'spki' }).toString());
    await ui.page.getByTestId('verify-run').click();
    await tools.verifyResult.waitFor();
    expect(await tools.verifyResult.getAttribute('data-ok')).toBe('true');
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    await tools.verifyKey.fill(JSON.stringify(other.export({ format: 'jwk' })));
    await ui.page.getByTestId('verify-run').click();
    await ui.page.locator('[data-testid="verify-result"][data-ok="false"]').waitFor();
    expect(await tools.verifyResult.textContent()).toContain('does not verify');

    const flow = await runFlow(ui.baseUrl);
    await inspector.inspect(String(flow.tokenBody.id_token));
    await ui.page.getByTestId('verify-source-url').check();
    await ui.page.getByRole('button', { name: 'its JWKS' }).click();
    await ui.page.getByTestId('verify-run').click();
    await ui.page.locator('[data-testid="verify-result"][data-ok="true"]').waitFor();
    expect(await tools.verifyResult.textContent()).toContain('/.well-known/jwks.json');

    await tools.verifyUrl.fill('http://169.254.169.254/latest/meta-data');
    await ui.page.getByTestId('verify-run').click();
    await tools.verifyError.waitFor();
    expect(await tools.verifyError.textContent()).toContain('loopback');
  });

  it('edits a token’s claims and re-signs it with the simulator’s key, then with a wrong one', async () => {
    const flow = await runFlow(ui.baseUrl);
    await inspector.inspect(String(flow.tokenBody.id_token));
    await ui.page.getByTestId('resign-edit').click();
    const claims = JSON.parse((await tools.resignClaims.inputValue()) || '{}') as Record<
      string,
      unknown
    >;
    await tools.resignClaims.fill(JSON.stringify({ ...claims, sub: 'hand-crafted-sub' }, null, 2));
    await ui.page.getByTestId('resign-simulator').click();
    await ui.page.getByTestId('resign-result').waitFor();
    const resigned = await inspector.pasteBox.inputValue();
    expect(decodeJwt(resigned).sub).toBe('hand-crafted-sub');
    const view = inspector.tokenView('id_token');
    await inspector.check(view, 'signature').waitFor();
    expect(await inspector.check(view, 'signature').getAttribute('data-ok')).toBe('true');
    await shoot('inspector-resign', 'key-tools');

    await ui.page.getByTestId('resign-wrong').click();
    await ui.page
      .locator('[data-testid="token-check"][data-check-name="signature"][data-ok="false"]')
      .waitFor();
    expect(await ui.page.getByTestId('resign-result').textContent()).toContain('never publishes');
    expect(decodeJwt(await inspector.pasteBox.inputValue()).sub).toBe('hand-crafted-sub');
  });
});
