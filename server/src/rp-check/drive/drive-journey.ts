import type { DriveSettings, ObservedOutcome } from '../rp-check-types.js';
import type { DriverBrowser } from './driver-browser.js';
import { DriveError, withoutQuery, type BrowserResponse } from './driver-browser.js';
import { pageShows, pageShowsName, readPage, type Page } from './read-page.js';

/**
 * One step's journey, driven as the user's browser would: open the service's sign-in address
 * with a fresh cookie jar, follow every redirect (through the simulator's /authorize, submitting
 * its interactive form as it stands, back to the service's callback and on), then ask the
 * service's signed-in probe. Answers what the user would have seen; never throws.
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
  now: () => number;
}

interface Visited {
  res: BrowserResponse;
  page: Page | undefined;
}

const isHtml = (r: BrowserResponse) => /html/i.test(r.contentType) || /^\s*</.test(r.body);
const pageOf = (r: BrowserResponse): Page | undefined => (isHtml(r) ? readPage(r.body) : undefined);
const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
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
    let action: string;
    try {
      action = new URL(form.action || res.url, res.url).href;
    } catch {
      continue;
    }
    if (!sameOrigin(action, simulatorUrl)) continue;
    if (!best || form.fields.length > best.fields.length) best = { action, fields: form.fields };
  }
  return best;
}

/**
 * Follows redirects from `start`, at most MAX_REDIRECTS hops (a form submission counts as one).
 * `stopAt` ends the walk before a hop is requested (the probe stops at the simulator).
 */
async function walk(
  browser: DriverBrowser,
  start: string,
  options: { simulatorUrl: string; submitForms: boolean; stopAt?: (url: string) => boolean },
): Promise<{ last: Visited; reachedSimulator: boolean; stoppedAt?: string }> {
  let res = await browser.request(start);
  let reachedSimulator = sameOrigin(start, options.simulatorUrl);
  for (let hops = 0; ; hops++) {
    const visited: Visited = { res, page: res.location ? undefined : pageOf(res) };
    const form = options.submitForms ? interactiveForm(visited, options.simulatorUrl) : undefined;
    const next = res.location ?? form?.action;
    if (!next) return { last: visited, reachedSimulator };
    if (options.stopAt?.(next)) return { last: visited, reachedSimulator, stoppedAt: next };
    if (hops >= MAX_REDIRECTS)
      throw new DriveError(
        `the journey did not end after ${MAX_REDIRECTS} redirects (last at ${res.url}): a redirect loop`,
      );
    if (sameOrigin(next, options.simulatorUrl)) reachedSimulator = true;
    // A redirect is followed with GET (the journey posts only the simulator's own form).
    res = form
      ? await browser.request(form.action, { method: 'POST', form: form.fields })
      : await browser.request(next);
  }
}

/** The last page as evidence; its address without the query (a callback's carries the code). */
function pageEvidence(v: Visited): NonNullable<ObservedOutcome['page']> {
  return {
    url: withoutQuery(v.res.url),
    status: v.res.status,
    ...(v.page?.title ? { title: v.page.title } : {}),
  };
}

/** Asks the signed-in probe: 2xx, not sent to the simulator or back to sign in, TEXT shown. */
async function probe(
  browser: DriverBrowser,
  input: DriveJourneyInput,
): Promise<{ probe: NonNullable<ObservedOutcome['probe']>; page: Page | undefined }> {
  const { settings, simulatorUrl } = input;
  const signInPages = [settings.signIn, settings.identitySignIn]
    .filter((u): u is string => u !== undefined)
    .map(withoutQuery);
  const toSignIn = (u: string) =>
    sameOrigin(u, simulatorUrl) || signInPages.includes(withoutQuery(u));
  const walked = await walk(browser, settings.signedIn, {
    simulatorUrl,
    submitForms: false,
    stopAt: toSignIn,
  });
  const { res, page } = walked.last;
  const answer = (signedIn: boolean, detail: string) => ({
    probe: { url: settings.signedIn, status: res.status, signedIn, detail },
    page,
  });
  if (walked.stoppedAt)
    return answer(false, `it sent the browser to ${withoutQuery(walked.stoppedAt)} to sign in`);
  if (res.status < 200 || res.status > 299) return answer(false, `it answered ${res.status}`);
  if (settings.signedInText && !(page && pageShows(page, settings.signedInText)))
    return answer(false, `it answered ${res.status} without "${settings.signedInText}"`);
  return answer(
    true,
    `it answered ${res.status}${settings.signedInText ? ` with "${settings.signedInText}"` : ''}`,
  );
}

/** Opens the sign-out address with the step's cookies; problems are only noted. */
export async function signOut(
  browser: DriverBrowser,
  settings: DriveSettings,
  simulatorUrl: string,
): Promise<string | undefined> {
  if (!settings.signOut) return undefined;
  try {
    await walk(browser, settings.signOut, { simulatorUrl, submitForms: false });
    return undefined;
  } catch (error) {
    return `signing out: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Drives one journey; `browser` is the step's fresh browser (sign out with it afterwards). */
export async function driveJourney(
  input: DriveJourneyInput,
  browser: DriverBrowser,
): Promise<ObservedOutcome> {
  const at = () => new Date(input.now()).toISOString();
  const start = input.identity ? input.settings.identitySignIn : input.settings.signIn;
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
        error: `the signed-in probe ${input.settings.signedIn} counts a browser that never signed in as signed in (${before.probe.detail}): give an address that answers 2xx only to a signed-in user, or a --drive-signed-in-text only such a page shows`,
        at: at(),
      };
  } catch (error) {
    return {
      source: 'driver',
      signedIn: false,
      error: `the signed-in probe: ${error instanceof Error ? error.message : String(error)}`,
      at: at(),
    };
  }
  let journey: Awaited<ReturnType<typeof walk>>;
  try {
    journey = await walk(browser, start, { simulatorUrl: input.simulatorUrl, submitForms: true });
  } catch (error) {
    return {
      source: 'driver',
      signedIn: false,
      error: error instanceof Error ? error.message : String(error),
      at: at(),
    };
  }
  const page = pageEvidence(journey.last);
  if (!journey.reachedSimulator)
    return {
      source: 'driver',
      signedIn: false,
      page,
      error: `${start} never sent the browser to the simulator (it ended at ${page.url}, ${page.status}${page.title ? ` "${page.title}"` : ''})`,
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
      error: `the signed-in probe: ${error instanceof Error ? error.message : String(error)}`,
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
    outcome.note = shown
      ? `the service showed "${text}"`
      : `neither the page after the callback nor the signed-in probe showed "${text}"`;
  }
  return outcome;
}
