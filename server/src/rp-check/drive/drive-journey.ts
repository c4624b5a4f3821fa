import type { DriveSettings, ObservedOutcome, PageSeen } from '../rp-check-types.js';
import type { DriverBrowser, NavigationInit } from './driver-browser.js';
import { DriveError, withoutQuery, type BrowserResponse } from './driver-browser.js';
import { pageShows, pageShowsName, readAnyPage, type Page } from './read-page.js';

/**
 * One step's journey, driven as the user's browser would: open the service's sign-in address
 * with a fresh cookie jar, follow every redirect, meta refresh and self-submitting form (through
 * the simulator's /authorize, submitting its interactive form as it stands, back to the service's
 * callback and on), then open the service's signed-in page. Answers what the user would have
 * seen; never throws.
 */

export const MAX_REDIRECTS = 20;

export interface DriveJourneyInput {
  settings: DriveSettings;
  /** The simulator's own address (its origin may be requested). */
  simulatorUrl: string;
  /** Identity step: open the identity sign-in address and look for `identityText`. */
  identity: boolean;
  /** The verified name in force (or the tester's text). */
  identityText?: string;
  /** Re-authentication step: sign in, then open the re-authentication address. */
  reauthenticate?: boolean;
  /**
   * The user must not stay signed in: open the signed-in page again this many times, `lookDelayMs`
   * apart, after the journey (a service may keep a session it should have dropped).
   */
  lookAgain?: { times: number; delayMs: number; before?: () => void };
  now: () => number;
}

export interface Visited {
  res: BrowserResponse;
  page: Page | undefined;
}

export interface WalkOptions {
  simulatorUrl: string;
  /** Submit the simulator's interactive form as it stands (the user presses its button). */
  submitForms: boolean;
  /** Ends the walk before a navigation to such an address is made (not the start). */
  stopAt?: (url: string) => boolean;
}

/**
 * What a journey needs of its browser: follow a navigation from an address to where it settles.
 * The built-in driver follows it hop by hop over node:http (`httpJourney`); a real browser
 * (`--drive-browser`) lets the service's redirects and scripts run. Throws DriveError.
 */
export interface JourneyBrowser {
  walk(start: string, options: WalkOptions): Promise<Walked>;
}

/** The built-in driver as a journey's browser. */
export function httpJourney(browser: DriverBrowser): JourneyBrowser {
  return { walk: (start, options) => walk(browser, start, options) };
}

const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

const resolve = (target: string, base: string): string | undefined => {
  try {
    return new URL(target, base).href;
  } catch {
    return undefined;
  }
};

/**
 * The simulator's interactive form on a page it served, as a submission, or undefined. The page
 * may also offer persona shortcuts (small forms of their own): the form that carries the values
 * in force is the one with the most fields, and it is submitted as it stands.
 */
function interactiveForm(visited: Visited, simulatorUrl: string) {
  const { res, page } = visited;
  if (!page || res.status !== 200 || !sameOrigin(res.url, simulatorUrl)) return undefined;
  let best: { action: string; fields: [string, string][] } | undefined;
  for (const form of page.forms) {
    if (form.method !== 'post') continue;
    const action = resolve(form.action || res.url, res.url);
    if (!action || !sameOrigin(action, simulatorUrl)) continue;
    if (!best || form.fields.length > best.fields.length) best = { action, fields: form.fields };
  }
  return best;
}

/** Where a page sends the browser by itself: a meta refresh or a form its script submits. */
function pageNavigation(v: Visited): { url: string; init: NavigationInit } | undefined {
  const { res, page } = v;
  if (!page) return undefined;
  if (page.refresh) {
    const url = resolve(page.refresh, res.url);
    if (url) return { url, init: { cause: 'page', initiator: res.url } };
  }
  const form = page.submitsItself ? page.forms[0] : undefined;
  if (form) {
    const action = resolve(form.action || res.url, res.url);
    if (!action) return undefined;
    if (form.method === 'post')
      return {
        url: action,
        init: { method: 'POST', form: form.fields, cause: 'page', initiator: res.url },
      };
    const url = new URL(action);
    url.search = new URLSearchParams(form.fields).toString();
    return { url: url.href, init: { cause: 'page', initiator: res.url } };
  }
  return undefined;
}

export interface Walked {
  last: Visited;
  reachedSimulator: boolean;
  stoppedAt?: string;
  /** Every address opened, in order (queries left out). */
  hops: string[];
}

/**
 * Follows a navigation from `start`, at most MAX_REDIRECTS hops (a form submission or refresh
 * counts as one). `stopAt` ends the walk before a hop is requested (the probe stops at the
 * simulator). The start is opened as an address the user typed.
 */
async function walk(browser: DriverBrowser, start: string, options: WalkOptions): Promise<Walked> {
  let init: NavigationInit = { cause: 'typed' };
  let url = start;
  const hops = [withoutQuery(start)];
  let res = await browser.request(url, init);
  let reachedSimulator = sameOrigin(start, options.simulatorUrl);
  let chain: string[] = [];
  for (let n = 0; ; n++) {
    const visited: Visited = {
      res,
      page: res.location ? undefined : readAnyPage(res.contentType, res.body),
    };
    let next: { url: string; init: NavigationInit } | undefined;
    if (res.location) {
      chain = [...chain, url];
      // A redirect is followed with GET (the journey posts only forms).
      next = {
        url: res.location,
        init: {
          cause: init.cause ?? 'user',
          ...(init.initiator ? { initiator: init.initiator } : {}),
          redirectedFrom: chain,
        },
      };
    } else {
      const form = options.submitForms ? interactiveForm(visited, options.simulatorUrl) : undefined;
      next = form
        ? {
            url: form.action,
            init: { method: 'POST', form: form.fields, cause: 'user', initiator: res.url },
          }
        : pageNavigation(visited);
      chain = [];
    }
    if (!next) return { last: visited, reachedSimulator, hops };
    if (options.stopAt?.(next.url))
      return { last: visited, reachedSimulator, stoppedAt: next.url, hops };
    if (n >= MAX_REDIRECTS)
      throw new DriveError(
        `the journey did not end after ${MAX_REDIRECTS} redirects (last at ${withoutQuery(res.url)}): a redirect loop`,
      );
    if (sameOrigin(next.url, options.simulatorUrl)) reachedSimulator = true;
    url = next.url;
    init = next.init;
    hops.push(withoutQuery(url));
    res = await browser.request(url, init);
  }
}

/** A page as evidence; its address without the query (a callback's carries the code). */
function pageEvidence(v: Visited, hops?: readonly string[]): PageSeen {
  return {
    url: withoutQuery(v.res.url),
    status: v.res.status,
    ...(v.res.contentType ? { contentType: v.res.contentType.split(';')[0]?.trim() ?? '' } : {}),
    ...(v.page ? { type: v.page.type } : {}),
    ...(v.page?.title ? { title: v.page.title } : {}),
    ...(hops && hops.length > 1 ? { hops: hops.slice(-8) } : {}),
  };
}

/** Opens the signed-in page: 2xx, not sent to the simulator or back to sign in, TEXT shown. */
async function probe(
  browser: JourneyBrowser,
  input: DriveJourneyInput,
): Promise<{ probe: NonNullable<ObservedOutcome['probe']>; page: Page | undefined }> {
  const { settings, simulatorUrl } = input;
  const signInPages = [settings.signIn, settings.identitySignIn]
    .filter((u): u is string => u !== undefined)
    .map(withoutQuery);
  const toSignIn = (u: string) =>
    sameOrigin(u, simulatorUrl) || signInPages.includes(withoutQuery(u));
  const walked = await browser.walk(settings.signedIn, {
    simulatorUrl,
    submitForms: false,
    stopAt: toSignIn,
  });
  const { res, page } = walked.last;
  const type = page ? ` (${page.type})` : '';
  const answer = (signedIn: boolean, detail: string) => ({
    probe: {
      url: settings.signedIn,
      status: res.status,
      signedIn,
      detail,
      ...(page ? { type: page.type } : {}),
      at: new Date(input.now()).toISOString(),
    },
    page,
  });
  if (walked.stoppedAt)
    return answer(false, `it sent the browser to ${withoutQuery(walked.stoppedAt)} to sign in`);
  if (res.status < 200 || res.status > 299)
    return answer(false, `it answered ${res.status}${type}`);
  if (settings.signedInText && !(page && pageShows(page, settings.signedInText)))
    return answer(false, `it answered ${res.status}${type} without "${settings.signedInText}"`);
  return answer(
    true,
    `it answered ${res.status}${type}${settings.signedInText ? ` with "${settings.signedInText}"` : ''}`,
  );
}

/** Opens the sign-out address with the step's cookies; problems are only noted. */
export async function signOut(
  browser: JourneyBrowser,
  settings: DriveSettings,
  simulatorUrl: string,
): Promise<string | undefined> {
  if (!settings.signOut) return undefined;
  try {
    await browser.walk(settings.signOut, { simulatorUrl, submitForms: false });
    return undefined;
  } catch (error) {
    return `signing out: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Drives one journey; `browser` is the step's fresh browser (sign out with it afterwards). */
export async function driveJourney(
  input: DriveJourneyInput,
  browser: JourneyBrowser,
): Promise<ObservedOutcome> {
  const at = () => new Date(input.now()).toISOString();
  const { settings } = input;
  const start = input.identity ? settings.identitySignIn : settings.signIn;
  if (!start)
    return {
      source: 'driver',
      signedIn: false,
      error: 'no identity sign-in address was given (--drive-identity-sign-in)',
      at: at(),
    };
  // Calibration: a probe that counts a browser that never signed in as signed in proves nothing.
  try {
    const before = await probe(browser, input);
    if (before.probe.signedIn)
      return {
        source: 'driver',
        signedIn: false,
        probe: before.probe,
        error: `the signed-in page ${settings.signedIn} counts a browser that never signed in as signed in (${before.probe.detail}): give an address that answers 2xx only to a signed-in user, or a --drive-signed-in-text only such a page shows`,
        at: at(),
      };
  } catch (error) {
    return {
      source: 'driver',
      signedIn: false,
      error: `the signed-in page: ${message(error)}`,
      at: at(),
    };
  }
  let journey: Walked;
  const notes: string[] = [];
  try {
    journey = await browser.walk(start, { simulatorUrl: input.simulatorUrl, submitForms: true });
    if (input.reauthenticate && settings.reauthenticate) {
      // Signed in: now the service's re-authentication (it asks the provider with prompt=login).
      notes.push(
        `signed in at ${withoutQuery(journey.last.res.url)}, then opened ${withoutQuery(settings.reauthenticate)}`,
      );
      journey = await browser.walk(settings.reauthenticate, {
        simulatorUrl: input.simulatorUrl,
        submitForms: true,
      });
    }
  } catch (error) {
    return { source: 'driver', signedIn: false, error: message(error), at: at() };
  }
  const page = pageEvidence(journey.last, journey.hops);
  if (!journey.reachedSimulator)
    return {
      source: 'driver',
      signedIn: false,
      page,
      error: `${withoutQuery(start)} never sent the browser to the simulator (it stopped at ${page.url}, ${page.status}${page.title ? ` "${page.title}"` : ''}${page.type ? `, ${page.type}` : ''})`,
      at: at(),
    };
  let asked: Awaited<ReturnType<typeof probe>>;
  try {
    asked = await probe(browser, input);
  } catch (error) {
    return {
      source: 'driver',
      signedIn: false,
      page,
      error: `the signed-in page: ${message(error)}`,
      at: at(),
    };
  }
  const outcome: ObservedOutcome = {
    source: 'driver',
    signedIn: asked.probe.signedIn,
    page,
    probe: asked.probe,
    at: at(),
  };
  if (input.identity && input.identityText) {
    const text = input.identityText;
    const shown = [journey.last.page, asked.page].some(
      (p) => p !== undefined && pageShowsName(p, text),
    );
    outcome.identityAccepted = shown;
    if (settings.identityText !== undefined) outcome.identityTextGiven = true;
    const read = [
      journey.last.page ? `the page after the callback (${journey.last.page.type})` : undefined,
      asked.page ? `the signed-in page (${asked.page.type})` : undefined,
    ]
      .filter(Boolean)
      .join(' and ');
    notes.push(
      shown ? `the service showed "${text}"` : `${read || 'no page read'} did not show "${text}"`,
    );
  }
  if (input.lookAgain && !asked.probe.signedIn) {
    input.lookAgain.before?.();
    const looks: NonNullable<ObservedOutcome['looks']> = [];
    for (let i = 0; i < input.lookAgain.times; i++) {
      await new Promise((r) => setTimeout(r, input.lookAgain?.delayMs ?? 0));
      try {
        looks.push((await probe(browser, input)).probe);
      } catch (error) {
        notes.push(`looking again: ${message(error)}`);
        break;
      }
    }
    outcome.looks = looks;
    const still = looks.find((l) => l.signedIn);
    if (still) outcome.signedIn = true;
  }
  if (notes.length) outcome.note = notes.join('; ');
  return outcome;
}
