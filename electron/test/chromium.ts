import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * A headless Chromium at `executablePath` for the suite, launched before its tests and closed
 * after them; call at the top of a test file and use the returned getter.
 */
export function useChromium(executablePath: string): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running (useChromium runs in beforeAll)');
    return browser;
  };
}
