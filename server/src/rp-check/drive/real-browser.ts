import type {
  Browser,
  BrowserContext,
  BrowserType,
  CDPSession,
  Page,
  Response,
} from 'playwright-core';
import { err, ok, type Result } from '../../shared/result.js';
import type { JourneyBrowser, Visited, WalkOptions, Walked } from './drive-journey.js';
import { MAX_REDIRECTS } from './drive-journey.js';
import {
  DriveError,
  MAX_PAGE_BYTES,
  REQUEST_TIMEOUT_MS,
  notFollowed,
  originsOf,
  withoutQuery,
} from './driver-browser.js';
import { readAnyPage, type Page as ReadPage } from './read-page.js';

/**
 * `--drive-browser`: the tester's own Chromium or Chrome, headless, driven through playwright-core
 * for services whose sign-in needs JavaScript. Each journey gets a fresh browser context (its own
 * cookies); the service's redirects and scripts run as in a user's browser. Every document
 * request (redirects included) passes a DevTools Fetch interception first, so the journey still
 * refuses addresses it was not given and a probe stops before it reaches the simulator, as the
 * built-in driver does. The evidence is the same: the main frame's last response (address,
 * status, type) and the page's visible text. playwright-core is loaded only when this runs.
 */

export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
/** How long a page may go on navigating by itself before it counts as settled. */
export const QUIET_MS = 400;
/** How long one walk may take in all. */
export const WALK_TIMEOUT_MS = 30_000;

/**
 * Run in the page (the server is not compiled against the DOM, so it is written as text): presses
 * the submit button of the simulator's interactive form, the POST form to `origin` with the most
 * fields (the one that carries the values in force); false when the page has none.
 */
const SUBMIT_SCRIPT = `(origin) => {
  let best;
  for (const form of Array.from(document.forms)) {
    if (form.method.toLowerCase() !== 'post') continue;
    if (new URL(form.action || location.href, location.href).origin !== origin) continue;
    if (!best || form.elements.length > best.elements.length) best = form;
  }
  if (!best) return false;
  const button = best.querySelector(
    'button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]',
  );
  if (button) button.click();
  else best.submit();
  return true;
}`;

/** The first line of a Playwright error, without the call it came from ("page.goto: "). */
const reason = (error: unknown) =>
  ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').replace(
    /^\w+\.\w+: /,
    '',
  );

/** A launched browser: opens a journey with fresh cookies; close it when the check ends. */
export interface JourneyBrowserFactory {
  open(allowed: readonly string[], signal?: AbortSignal): Promise<ClosableJourney>;
  close(): Promise<void>;
}

export interface ClosableJourney extends JourneyBrowser {
  close(): Promise<void>;
}

/** Starts the browser at `executablePath`; the error is one line saying why and what to do. */
export async function launchRealBrowser(
  executablePath: string,
): Promise<Result<JourneyBrowserFactory, string>> {
  let chromium: BrowserType;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    return err(
      `--drive-browser needs the playwright-core package, which could not be loaded (${reason(error)}): reinstall the simulator's dependencies`,
    );
  }
  try {
    const browser = await chromium.launch({
      executablePath,
      args: BROWSER_ARGS,
      headless: true,
      timeout: 30_000,
    });
    return ok(new RealBrowser(browser));
  } catch (error) {
    return err(
      `--drive-browser could not start ${executablePath} (${reason(error)}): give a working Chromium or Chrome with --drive-browser=PATH, or leave the flag out to use the built-in HTTP driver`,
    );
  }
}

class RealBrowser implements JourneyBrowserFactory {
  constructor(private readonly browser: Browser) {}

  async open(allowed: readonly string[], signal?: AbortSignal): Promise<ClosableJourney> {
    if (signal?.aborted) throw new DriveError('the check was ended: its simulator is gone');
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      return await BrowserJourney.start(context, page, cdp, originsOf(allowed), signal);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw new DriveError(`the browser could not open a page (${reason(error)})`);
    }
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
  }
}

interface Paused {
  requestId: string;
  resourceType: string;
  request: { url: string };
}

const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

/** The state of the walk in progress, seen by the interception. */
interface Current {
  options: WalkOptions;
  hops: string[];
  reachedSimulator: boolean;
  stoppedAt?: string;
  refused?: string;
  loop: boolean;
  /** Document requests let through (a settled page sees no new one for QUIET_MS). */
  navigations: number;
  last?: Response;
}

class BrowserJourney implements ClosableJourney {
  private current: Current | undefined;

  private constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly origins: Set<string>,
    private readonly signal: AbortSignal | undefined,
  ) {}

  static async start(
    context: BrowserContext,
    page: Page,
    cdp: CDPSession,
    origins: Set<string>,
    signal: AbortSignal | undefined,
  ): Promise<BrowserJourney> {
    const journey = new BrowserJourney(context, page, cdp, origins, signal);
    page.setDefaultTimeout(REQUEST_TIMEOUT_MS);
    page.on('response', (res) => {
      const c = journey.current;
      if (c && res.request().isNavigationRequest() && res.frame() === page.mainFrame())
        c.last = res;
    });
    cdp.on('Fetch.requestPaused', (e: Paused) => void journey.paused(e));
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    signal?.addEventListener('abort', () => void context.close().catch(() => undefined), {
      once: true,
    });
    return journey;
  }

  private allows(url: string): boolean {
    try {
      return this.origins.has(new URL(url).origin);
    } catch {
      return false;
    }
  }

  /** Every request waits here; documents are counted, refused or stopped. */
  private async paused(e: Paused): Promise<void> {
    const fail = async () => {
      await this.cdp
        .send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' })
        .catch(() => undefined);
    };
    const url = e.request.url;
    const c = this.current;
    if (e.resourceType === 'Document') {
      if (!c || c.stoppedAt || c.refused || c.loop) return fail();
      if (c.hops.length > 0 && c.options.stopAt?.(url)) {
        c.stoppedAt = url;
        return fail();
      }
      if (!this.allows(url)) {
        c.refused = url;
        return fail();
      }
      if (c.hops.length > MAX_REDIRECTS) {
        c.loop = true;
        return fail();
      }
      c.hops.push(withoutQuery(url));
      c.navigations++;
      if (sameOrigin(url, c.options.simulatorUrl)) c.reachedSimulator = true;
    }
    await this.cdp.send('Fetch.continueRequest', { requestId: e.requestId }).catch(() => undefined);
  }

  /** Waits until the page has loaded and started no navigation for QUIET_MS. */
  private async settle(c: Current, deadline: number): Promise<void> {
    let seen = -1;
    while (seen !== c.navigations && !c.stoppedAt && !c.refused && !c.loop) {
      if (this.signal?.aborted) throw new DriveError('the check was ended: its simulator is gone');
      if (Date.now() > deadline)
        throw new DriveError(
          `the page at ${withoutQuery(this.page.url())} did not settle within ${WALK_TIMEOUT_MS / 1000} s`,
        );
      seen = c.navigations;
      await this.page.waitForLoadState('load').catch(() => undefined);
      await this.page.waitForTimeout(QUIET_MS).catch(() => undefined);
    }
  }

  /** Presses the submit button of the simulator's interactive form; false when there is none. */
  private async submitInteractiveForm(c: Current): Promise<boolean> {
    const res = c.last;
    if (!res || res.status() !== 200 || !sameOrigin(res.url(), c.options.simulatorUrl))
      return false;
    const simulatorOrigin = new URL(c.options.simulatorUrl).origin;
    return this.page
      .evaluate<boolean>(`(${SUBMIT_SCRIPT})(${JSON.stringify(simulatorOrigin)})`)
      .catch(() => false);
  }

  private async visited(c: Current): Promise<Visited> {
    const res = c.last;
    if (!res) throw new DriveError(`could not reach ${c.hops[0] ?? 'the address'} (no answer)`);
    const status = res.status();
    const headers = res.headers();
    const contentType = headers['content-type'] ?? '';
    const base = { url: res.url(), status, contentType, body: '', truncated: false };
    if (status >= 300 && status < 400) {
      const location = c.stoppedAt ?? headers.location;
      return { res: { ...base, ...(location ? { location } : {}) }, page: undefined };
    }
    let page: ReadPage | undefined;
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (/html|xml/.test(type) || type === '') {
      const read = await this.page
        .evaluate<{ title: string; text: string }>(
          '({ title: document.title, text: document.body ? document.body.innerText : "" })',
        )
        .catch(() => ({ title: '', text: '' }));
      const title = read.title.replace(/\s+/g, ' ').trim().slice(0, 200);
      page = {
        type: 'html',
        ...(title ? { title } : {}),
        text: read.text.slice(0, MAX_PAGE_BYTES).replace(/\s+/g, ' ').trim(),
        forms: [],
      };
    } else {
      const body = await res.text().catch(() => '');
      page = readAnyPage(contentType, body.slice(0, MAX_PAGE_BYTES));
    }
    return { res: base, page };
  }

  async walk(start: string, options: WalkOptions): Promise<Walked> {
    if (this.signal?.aborted) throw new DriveError('the check was ended: its simulator is gone');
    const c: Current = {
      options,
      hops: [],
      reachedSimulator: false,
      loop: false,
      navigations: 0,
    };
    this.current = c;
    const deadline = Date.now() + WALK_TIMEOUT_MS;
    try {
      try {
        await this.page.goto(start, { waitUntil: 'commit' });
      } catch (error) {
        if (!c.stoppedAt && !c.refused && !c.loop && !c.last)
          throw new DriveError(`could not reach ${withoutQuery(start)} (${reason(error)})`);
      }
      await this.settle(c, deadline);
      if (options.submitForms)
        for (let n = 0; !c.stoppedAt && !c.refused && !c.loop; n++) {
          if (n >= MAX_REDIRECTS) c.loop = true;
          else if (!(await this.submitInteractiveForm(c))) break;
          await this.settle(c, deadline);
        }
      if (c.refused) throw notFollowed(c.refused);
      if (c.loop)
        throw new DriveError(
          `the journey did not end after ${MAX_REDIRECTS} redirects (last at ${c.hops.at(-1) ?? withoutQuery(start)}): a redirect loop`,
        );
      const last = await this.visited(c);
      return {
        last,
        reachedSimulator: c.reachedSimulator,
        ...(c.stoppedAt ? { stoppedAt: c.stoppedAt } : {}),
        hops: c.hops,
      };
    } finally {
      this.current = undefined;
    }
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
