/**
 * A tester signs in through the interactive form in Welsh, in a real browser (Chromium driven by
 * playwright-core) against a real simulator: Welsh labels, a mistake shown in Welsh, a fix made
 * with the keyboard, and the landing on the relying party's redirect URI with a code.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { authorizeQuery, signClientAssertion } from '../helpers/relying-party.js';
import {
  startInteractiveBrowser,
  type InteractiveBrowser,
} from '../helpers/interactive-browser.js';
import { requires } from '../helpers/requirements.js';
import { defaultConfig, type ListeningSimulator } from '../helpers/test-simulator.js';

const needs = requires('chromium');

const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url));

let setup: InteractiveBrowser | undefined;
let sim: ListeningSimulator;
let browser: Browser;
let redirectUri: string;

beforeAll(async () => {
  setup = await startInteractiveBrowser();
  if (!setup) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  ({ sim, browser, redirectUri } = setup);
});

afterAll(async () => {
  await setup?.close();
});

/** A fresh page that records Content-Security-Policy complaints. */
async function newPage(): Promise<{ page: Page; cspViolations: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { page, cspViolations };
}

describe.skipIf(needs.skip)('interactive form in Welsh (Chromium)', () => {
  it('is filled in Welsh, shows a Welsh error, and returns to the service with a code', async () => {
    const { page, cspViolations } = await newPage();
    const query = authorizeQuery({
      ui_locales: 'cy',
      redirect_uri: redirectUri,
      scope: 'openid email phone',
      state: 'cyflwr-1',
    });
    await page.goto(`${sim.baseUrl}/authorize?${query}`);

    // Welsh throughout.
    expect(await page.getAttribute('html', 'lang')).toBe('cy');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Rhowch ffurfweddiad yr ymateb');
    const sub = page.getByLabel('Dynodwr pwnc (sub)');
    expect(await sub.inputValue()).toBe(defaultConfig().responseConfiguration.sub);
    expect(await page.getByRole('button', { name: 'Parhau' }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Manylion y cyfrif' }).count()).toBe(1);
    const emailVerified = page.getByLabel('Cyfeiriad e-bost wedi’i wirio (emailVerified)');
    expect(await emailVerified.isChecked()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}interactive-cy-form.png`, fullPage: true });

    // A mistake: a level that does not exist, and broken JSON.
    await sub.fill('urn:fdc:gov.uk:2022:defnyddiwr-cymraeg');
    await page.getByLabel('Cyfeiriad e-bost (email)').fill('prawf@example.cymru');
    await emailVerified.uncheck();
    await page.getByTestId('max-loc-achieved').fill('P9');
    await page.getByTestId('passport-details').fill('[{"documentNumber": ');
    await page.getByRole('button', { name: 'Parhau' }).click();

    // The form comes back with the errors in Welsh, the summary focused, the typing kept.
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    expect(await summary.getByRole('heading').textContent()).toBe('Mae problem');
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Rhowch lefel hyder: P0, P1, P2 neu P3',
      expect.stringMatching(/^Rhowch fanylion pasbort fel JSON dilys/),
    ]);
    await expect
      .poll(() => page.locator(':focus').getAttribute('data-testid'))
      .toBe('error-summary');
    expect(await page.title()).toMatch(/^Gwall: /);
    expect(await page.locator('#maxLoCAchieved-error').textContent()).toContain(
      'Rhowch lefel hyder',
    );
    expect(await page.getByTestId('max-loc-achieved').inputValue()).toBe('P9');
    expect(await page.getByTestId('email').inputValue()).toBe('prawf@example.cymru');
    expect(await page.getByTestId('email-verified').isChecked()).toBe(false);
    await page.screenshot({ path: `${ARTIFACTS}interactive-cy.png`, fullPage: true });

    // The error link leads to its field.
    await summary.getByRole('link', { name: /lefel hyder/ }).click();
    expect(new URL(page.url()).hash).toBe('#maxLoCAchieved');

    // Fixed with the keyboard only: type into the fields, Tab to the button, Enter.
    await page.getByTestId('max-loc-achieved').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('P2');
    await page.getByTestId('passport-details').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('[{"documentNumber": "123456789"}]');
    await page.getByTestId('return-codes').focus();
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Parhau');
    await Promise.all([
      page.waitForURL((url) => url.origin === new URL(redirectUri).origin),
      page.keyboard.press('Enter'),
    ]);

    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(redirectUri);
    expect(landed.searchParams.get('state')).toBe('cyflwr-1');
    const code = landed.searchParams.get('code');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.textContent('h1')).toBe('callback');
    expect(cspViolations).toEqual([]);

    // The relying party's code carries what was typed.
    const ua = { 'user-agent': 'interactive-e2e' };
    const token = await fetch(`${sim.baseUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...ua },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code as string,
        redirect_uri: redirectUri,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await signClientAssertion({ baseUrl: sim.baseUrl }),
      }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const userinfo = await fetch(`${sim.baseUrl}/userinfo`, {
      headers: { authorization: `Bearer ${access_token}`, ...ua },
    });
    expect(await userinfo.json()).toMatchObject({
      sub: 'urn:fdc:gov.uk:2022:defnyddiwr-cymraeg',
      email: 'prawf@example.cymru',
      email_verified: false,
    });
    await page.context().close();
  });

  it('in English, the untouched form goes straight back to the service', async () => {
    const { page, cspViolations } = await newPage();
    await page.goto(`${sim.baseUrl}/authorize?${authorizeQuery({ redirect_uri: redirectUri })}`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByLabel('Subject identifier (sub)').inputValue()).toBe(
      defaultConfig().responseConfiguration.sub,
    );
    await Promise.all([
      page.waitForURL((url) => url.origin === new URL(redirectUri).origin),
      page.getByRole('button', { name: 'Continue' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('state-1');
    expect(landed.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cspViolations).toEqual([]);
    await page.context().close();
  });
});
