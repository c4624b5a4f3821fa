/**
 * Browser tests run the built UI in Debian's Chromium against a real simulator listening on a
 * free port in this process. Nothing is mocked.
 */
// Browser tests run in Node: they start the simulator in this process and drive Chromium.
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../../../server/test/helpers/requirements.js';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  listeningSimulator,
  type ListeningSimulator,
} from '../../../server/test/helpers/test-simulator.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const UI_DIR = `${REPO_ROOT}dist/renderer`;
/** The browser the tests drive (the chromium requirement: CHROMIUM_PATH, else Debian's). */
export { CHROMIUM_PATH };

let built: Promise<void> | undefined;
/** Builds the UI once when `npm run build` has not (npm test builds it first). */
export function ensureUiBuilt(): Promise<void> {
  built ??= (async () => {
    if (existsSync(`${UI_DIR}/index.html`)) return;
    const { build } = await import('vite');
    await build({ configFile: `${REPO_ROOT}vite.config.ts`, logLevel: 'warn' });
  })();
  return built;
}

export interface UiHarness {
  sim: ListeningSimulator;
  baseUrl: string;
  uiUrl: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Messages the page logged as errors (uncaught exceptions, console.error). */
  pageErrors: string[];
  close(): Promise<void>;
}

/** A simulator serving the built UI, and a Chromium page open on it. */
export async function openUi(
  options: {
    colorScheme?: 'light' | 'dark';
    logCapacity?: number;
    /** A folder for saved personas and scenarios (a fresh temporary one per test file). */
    dataDir?: string;
  } = {},
): Promise<UiHarness> {
  await ensureUiBuilt();
  const sim = await listeningSimulator({
    uiDir: UI_DIR,
    logCapacity: options.logCapacity,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    // A refused request (a 400 from POST /config, by design) is logged by the browser itself.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      pageErrors.push(m.text());
  });
  const uiUrl = `${sim.baseUrl}/_simulator/`;
  return {
    sim,
    baseUrl: sim.baseUrl,
    uiUrl,
    browser,
    context,
    page,
    pageErrors,
    async close() {
      await browser.close();
      await sim.close();
    },
  };
}

/** The window sizes every layout-sensitive browser test checks: small laptop, common, full HD. */
export const WINDOW_SIZES = [
  { width: 800, height: 600 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;
