/**
 * What a browser sends with a page load (a navigation), so a service answers the check's driver
 * as it answers a user: the Fetch Metadata headers (a service may answer a request it takes for a
 * script's with 401 instead of a sign-in, as mod_auth_openidc does), Accept, a User-Agent, and
 * the SameSite context its cookies are chosen by. Pure functions; the driver sends them.
 */

/** Like Chromium's on Linux, then the simulator's name: a service's logs show who asked. */
export const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 IdentitySimulator-rp-check/1';

export const NAVIGATION_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

export type FetchSite = 'none' | 'same-origin' | 'same-site' | 'cross-site';

/** How a navigation began: typed by the user, a click or form, or a page's own doing. */
export type NavigationCause = 'typed' | 'user' | 'page';

/** The registrable part a browser compares for "same site": the host (ports do not count). */
function siteOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  // Without a public-suffix list, the last two labels of a name stand for its site; an IP
  // address or a single-label host (localhost) is its own site.
  if (/^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.')) return host;
  return host.split('.').slice(-2).join('.');
}

const schemeOf = (url: URL) => url.protocol;

/**
 * Sec-Fetch-Site for a request reached through `chain` (the initiator's address first, then every
 * address a redirect went through, the request's own last). A typed navigation has no initiator:
 * "none" while it stays on one origin. The weakest relation along the chain wins.
 */
export function fetchSite(initiator: string | undefined, chain: readonly string[]): FetchSite {
  const urls = chain.map((u) => new URL(u));
  const first = initiator === undefined ? urls[0] : new URL(initiator);
  if (!first) return 'none';
  let site: FetchSite = initiator === undefined ? 'none' : 'same-origin';
  for (const url of urls) {
    if (url.origin === first.origin) continue;
    if (siteOf(url) === siteOf(first) && schemeOf(url) === schemeOf(first)) {
      if (site !== 'cross-site') site = 'same-site';
    } else site = 'cross-site';
  }
  return site;
}

/**
 * The SameSite context of a top-level navigation: same-site requests carry every cookie; a
 * cross-site GET carries Lax and None cookies; a cross-site POST only None cookies.
 */
export function sameSiteContext(
  site: FetchSite,
  method: 'GET' | 'POST',
): 'strict' | 'lax' | 'none' {
  if (site !== 'cross-site') return 'strict';
  return method === 'GET' ? 'lax' : 'none';
}

/** The headers of a navigation, lower-case names, in the order Chromium sends them. */
export function navigationHeaders(input: {
  site: FetchSite;
  cause: NavigationCause;
  method: 'GET' | 'POST';
  origin?: string;
}): Record<string, string> {
  return {
    ...(input.method === 'POST' && input.origin ? { origin: input.origin } : {}),
    'upgrade-insecure-requests': '1',
    'user-agent': USER_AGENT,
    accept: NAVIGATION_ACCEPT,
    'sec-fetch-site': input.site,
    'sec-fetch-mode': 'navigate',
    // A navigation the page made by itself (a meta refresh, a form its script submits) has no
    // user activation: Chromium leaves Sec-Fetch-User out.
    ...(input.cause === 'page' ? {} : { 'sec-fetch-user': '?1' }),
    'sec-fetch-dest': 'document',
    'accept-encoding': 'gzip, deflate, br',
    'accept-language': 'en-GB,en;q=0.9',
  };
}
