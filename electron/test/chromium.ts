import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * A headless Chromium at `executablePath` for the suite, launched before its tests and closed
 * after them; call at the top of a test file and use the returned getter. With `skip` (the file's
 * `requires('chromium')` gate) nothing is launched: the file's suites are skipped.
 */
export function useChromium(executablePath: string, skip = false): () => Browser {
  let browser: Browser | undefined;
  if (!skip)
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
