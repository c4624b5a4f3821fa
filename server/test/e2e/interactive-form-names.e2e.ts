/**
 * Browser tests written against the public simulator's form work here unchanged: Chromium finds
 * exactly one element per reference name and data-testid (docs/compatibility.md section 9), in
 * English and Welsh, and drives the form by name (`button[name="continue"]`). Enter in a field
 * still continues, and a persona button still signs in with its persona.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { decodeJwt } from 'jose';
import { authorizeQuery, signClientAssertion } from '../helpers/relying-party.js';
import { readReferenceForm } from '../helpers/reference-form.js';
import {
  startInteractiveBrowser,
  type InteractiveBrowser,
} from '../helpers/interactive-browser.js';
import { requires } from '../helpers/requirements.js';
import type { ListeningSimulator } from '../helpers/test-simulator.js';

const needs = requires('chromium');

const reference = readReferenceForm();

let setup: InteractiveBrowser | undefined;
let sim: ListeningSimulator;
let browser: Browser;
let redirectUri: string;

beforeAll(async () => {
  setup = await startInteractiveBrowser();
  if (!setup) return;
  ({ sim, browser, redirectUri } = setup);
});

afterAll(async () => {
  await setup?.close();
});

async function openForm(lang: 'en' | 'cy'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const query = authorizeQuery({
    redirect_uri: redirectUri,
    ...(lang === 'cy' ? { ui_locales: 'cy' } : {}),
  });
  await page.goto(`${sim.baseUrl}/authorize?${query}`);
  expect(await page.getAttribute('html', 'lang')).toBe(lang);
  return page;
}

/** Waits for the landing on the relying party, then redeems the code: the ID token's sub. */
async function landedSub(page: Page, act: () => Promise<unknown>): Promise<string> {
  await Promise.all([
    page.waitForURL((url) => url.origin === new URL(redirectUri).origin, { timeout: 10_000 }),
    act(),
  ]);
  const code = new URL(page.url()).searchParams.get('code');
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const token = await fetch(`${sim.baseUrl}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'form-names-e2e',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code as string,
      redirect_uri: redirectUri,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await signClientAssertion({ baseUrl: sim.baseUrl }),
    }),
  });
  expect(token.status).toBe(200);
  const { id_token } = (await token.json()) as { id_token: string };
  return decodeJwt(id_token).sub as string;
}

describe.skipIf(needs.skip)('interactive form, found by the reference names (Chromium)', () => {
  for (const lang of ['en', 'cy'] as const) {
    it(`${lang}: one element per reference name and data-testid; button[name="continue"] continues`, async () => {
      const page = await openForm(lang);
      // The personas are offered on the page, above the fields.
      expect(await page.locator('[data-testid="use-persona"]').count()).toBeGreaterThan(0);
      for (const name of reference.names)
        expect(await page.locator(`[name="${name}"]`).count(), name).toBe(1);
      for (const id of reference.testIds)
        expect(await page.locator(`[data-testid="${id}"]`).count(), id).toBe(1);
      expect(await page.locator('button[name="continue"]').isVisible()).toBe(true);

      const sub = `urn:fdc:gov.uk:2022:by-name-${lang}`;
      await page.fill('input[name="sub"]', sub);
      await page.fill('input[name="maxLoCAchieved"]', 'P0');
      expect(await landedSub(page, () => page.click('button[name="continue"]'))).toBe(sub);
      await page.context().close();
    });
  }

  it('Enter in a field continues with what was typed (not a persona)', async () => {
    const page = await openForm('en');
    const sub = 'urn:fdc:gov.uk:2022:pressed-enter';
    await page.fill('input[name="sub"]', sub);
    expect(await landedSub(page, () => page.press('input[name="email"]', 'Enter'))).toBe(sub);
    await page.context().close();
  });

  it('a persona button signs in with that persona', async () => {
    const page = await openForm('en');
    await page.fill('input[name="sub"]', 'urn:fdc:gov.uk:2022:typed-but-ignored');
    const sub = await landedSub(page, () =>
      page.locator('[data-testid="use-persona"]').first().click(),
    );
    expect(sub).not.toBe('urn:fdc:gov.uk:2022:typed-but-ignored');
    expect(sub).toMatch(/^urn:fdc:gov\.uk:2022:/);
    await page.context().close();
  });
});
