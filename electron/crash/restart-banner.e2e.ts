import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium } from '../test/chromium.js';
import { CHROMIUM_PATH, requires } from '../../server/test/helpers/requirements.js';
import { buildStartErrorPage } from '../pages/start-error-page.js';
import { bannerChoice, RESTART_BANNER_ID, restartBannerScript } from './restart-banner.js';

const needs = requires('chromium');

// The restart banner in a real Chromium, on a page under the simulator UI's own
// Content-Security-Policy and on the start-error page's stricter one: it shows the texts as text
// and the script's promise answers the button pressed.
const browser = useChromium(CHROMIUM_PATH, needs.skip);

const UI_CSP =
  "default-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";
const uiPage = `data:text/html,${encodeURIComponent(
  `<!doctype html><meta http-equiv="Content-Security-Policy" content="${UI_CSP}"><div id="root"><h1>Simulator</h1></div>`,
)}`;
const strictPage = buildStartErrorPage({
  title: 'The simulator stopped',
  message: 'x',
  port: 3000,
  host: '127.0.0.1',
  suggestedPort: 3000,
}).url;

async function open(
  url: string,
): Promise<{ tab: Page; cspErrors: string[]; close(): Promise<void> }> {
  const context = await browser().newContext();
  const tab = await context.newPage();
  const cspErrors: string[] = [];
  tab.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await tab.goto(url);
  return { tab, cspErrors, close: () => context.close() };
}

describe.skipIf(needs.skip)('restart banner in Chromium', () => {
  it.each([
    ['the UI', uiPage],
    ['the start-error page', strictPage],
  ])('on %s: shows the offer and answers the button pressed', async (_name, url) => {
    for (const [label, choice] of [
      ['Restart Identity Simulator', 'restart'],
      ['Keep running', 'keep'],
    ] as const) {
      const { tab, cspErrors, close } = await open(url);
      const answer = tab.evaluate(
        restartBannerScript('Something broke', 'TypeError: <b>x</b>\nline 2'),
      );
      const banner = tab.getByRole('alert');
      await banner.waitFor();
      expect(await banner.getByText('Something broke').isVisible()).toBe(true);
      // Text, not HTML.
      expect(await tab.locator(`#${RESTART_BANNER_ID} b`).count()).toBe(0);
      expect(await banner.textContent()).toContain('TypeError: <b>x</b>');
      expect(await banner.evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
      await tab.getByRole('button', { name: label }).click();
      expect(bannerChoice(await answer)).toBe(choice);
      expect(await tab.locator(`#${RESTART_BANNER_ID}`).count()).toBe(0);
      expect(cspErrors).toEqual([]);
      await close();
    }
  });

  it('replaces an earlier banner rather than stacking a second one', async () => {
    const { tab, close } = await open(uiPage);
    void tab.evaluate(restartBannerScript('First', 'one')).catch(() => undefined);
    await tab.getByText('First').waitFor();
    void tab.evaluate(restartBannerScript('Second', 'two')).catch(() => undefined);
    await tab.getByText('Second').waitFor();
    expect(await tab.locator(`#${RESTART_BANNER_ID}`).count()).toBe(1);
    await close();
  });
});
