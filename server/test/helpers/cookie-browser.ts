/**
 * A browser for relying-party tests: GET requests that follow redirects and keep cookies in a
 * jar, over node:http rather than fetch. fetch always sends `Sec-Fetch-Mode: cors`, which some
 * relying-party modules (mod_auth_openidc) rightly answer with 401 instead of a sign-in; a
 * browser's page load is not a cross-origin script request.
 */
import { get, type IncomingMessage } from 'node:http';
import type { CookieJar } from 'tough-cookie';

export interface BrowsedPage {
  status: number;
  body: string;
  /** Every address opened, the start first and the page's own last. */
  hops: string[];
}

export async function browse(jar: CookieJar, start: string): Promise<BrowsedPage> {
  let url = start;
  const hops: string[] = [];
  for (let i = 0; i < 10; i++) {
    hops.push(url);
    const cookie = await jar.getCookieString(url);
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } }, resolve).on(
        'error',
        reject,
      ),
    );
    let body = '';
    for await (const chunk of res) body += String(chunk);
    for (const set of res.headers['set-cookie'] ?? []) await jar.setCookie(set, url);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status < 300 || status >= 400 || location === undefined) return { status, body, hops };
    url = new URL(location, url).href;
  }
  throw new Error(`too many redirects: ${hops.join(' -> ')}`);
}
