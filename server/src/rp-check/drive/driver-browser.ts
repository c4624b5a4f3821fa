import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { CookieJar } from 'tough-cookie';
import { err, ok, type Result } from '../../shared/result.js';
import {
  fetchSite,
  navigationHeaders,
  sameSiteContext,
  type NavigationCause,
} from './navigation-headers.js';

/**
 * The check's browser: one cookie jar with a browser's cookie rules (tough-cookie: domains, paths,
 * expiry, SameSite, Secure cookies kept on http://localhost as Chromium keeps them), requests
 * only to the origins it was given, each with what a browser sends with a page load, a time
 * limit and a cap on how much of the answer it reads. Requests go through node:http, not fetch:
 * fetch always sends `Sec-Fetch-Mode: cors`, which a service rightly takes for a script's request.
 * Redirects are not followed here: the journey follows them one by one, so it can count them
 * and see each address.
 */

export const REQUEST_TIMEOUT_MS = 10_000;
/** How much of a page the driver reads; the rest is dropped (a 5 MB page costs 1 MB at most). */
export const MAX_PAGE_BYTES = 1024 * 1024;
export { USER_AGENT } from './navigation-headers.js';
/** Chromium sends a cookie without SameSite on a cross-site POST only this long after it was set. */
const LAX_ALLOWING_UNSAFE_MS = 2 * 60 * 1000;

export interface BrowserResponse {
  url: string;
  status: number;
  /** The redirect target, resolved against `url`. */
  location?: string;
  contentType: string;
  /** The body as text, cut at MAX_PAGE_BYTES. */
  body: string;
  truncated: boolean;
}

/** How a request was reached, for its Fetch Metadata and the cookies it carries. */
export interface NavigationInit {
  method?: 'GET' | 'POST';
  form?: [string, string][];
  cause?: NavigationCause;
  /** The page that started the navigation (none: the user typed the address). */
  initiator?: string;
  /** The addresses the navigation was redirected through before this one. */
  redirectedFrom?: readonly string[];
}

/** A request the driver refused to make or could not complete. */
export class DriveError extends Error {}

/** Why the driver does not follow a navigation to an address it was not given. */
export const notFollowed = (url: string) =>
  new DriveError(
    `the journey led to ${url}, which is neither one of the service's addresses nor the simulator's: the check does not follow it`,
  );

/** The origins of `allowed` (addresses that are not URLs are left out). */
export function originsOf(allowed: readonly string[]): Set<string> {
  return new Set(
    allowed.flatMap((a) => {
      try {
        return [new URL(a).origin];
      } catch {
        return [];
      }
    }),
  );
}

/** An address as the driver reports it: without its query (a callback's carries the code). */
export function withoutQuery(address: string): string {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return address;
  }
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .toLowerCase()
    .trim();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(createGunzip());
  if (encoding === 'deflate') return res.pipe(createInflate());
  if (encoding === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

async function readCapped(stream: Readable): Promise<{ body: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of stream) {
    const value = chunk as Buffer;
    const room = MAX_PAGE_BYTES - size;
    chunks.push(value.length > room ? value.subarray(0, room) : value);
    size += Math.min(value.length, room);
    if (value.length >= room) {
      truncated = value.length > room;
      stream.destroy();
      break;
    }
  }
  return { body: Buffer.concat(chunks).toString('utf8'), truncated };
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal | undefined,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      { method, headers, timeout: timeoutMs, ...(signal ? { signal } : {}) },
      resolve,
    );
    req.on('timeout', () =>
      req.destroy(
        Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), {
          code: `no answer within ${timeoutMs / 1000} s`,
        }),
      ),
    );
    req.on('error', reject);
    req.end(body);
  });
}

export class DriverBrowser {
  readonly jar = new CookieJar();
  private readonly origins: Set<string>;
  /** Every request's headers, newest last (for the report and tests), at most 200. */
  readonly sent: { url: string; method: string; headers: Record<string, string> }[] = [];

  /**
   * `allowed`: the addresses whose origins the driver may request (others are refused).
   * `signal`: once aborted (the simulator that drives it is deleted or reset), the request in
   * flight is cut off and no further one is sent.
   */
  constructor(
    allowed: readonly string[],
    private readonly signal?: AbortSignal,
  ) {
    this.origins = originsOf(allowed);
  }

  allows(url: string): boolean {
    try {
      return this.origins.has(new URL(url).origin);
    } catch {
      return false;
    }
  }

  /** The cookies a navigation to `url` carries, by the browser's rules. */
  private async cookieHeader(url: string, context: 'strict' | 'lax' | 'none'): Promise<string> {
    const now = Date.now();
    const cookies = await this.jar.getCookies(url, { sameSiteContext: context, http: true });
    return cookies
      .filter(
        (c) =>
          // Chromium: a cookie without SameSite counts as Lax ("Lax allowing unsafe" for a while).
          context !== 'none' ||
          c.sameSite !== undefined ||
          now - (c.creation instanceof Date ? c.creation.getTime() : 0) < LAX_ALLOWING_UNSAFE_MS,
      )
      .map((c) => c.cookieString())
      .join('; ');
  }

  /**
   * One GET as a typed address, without cookies, read only up to its status (no redirect
   * followed, the body dropped): whether anything answers there within `timeoutMs`.
   */
  async reach(url: string, timeoutMs: number): Promise<Result<number, string>> {
    if (!this.allows(url)) return err('not one of the addresses the check was given');
    const headers = navigationHeaders({ site: 'none', cause: 'typed', method: 'GET' });
    try {
      const res = await send(new URL(url), 'GET', headers, undefined, this.signal, timeoutMs);
      res.destroy();
      return ok(res.statusCode ?? 0);
    } catch (error) {
      return err(reasonOf(error));
    }
  }

  /** One request, no redirect followed; throws DriveError with a sentence for the step. */
  async request(url: string, init: NavigationInit = {}): Promise<BrowserResponse> {
    if (this.signal?.aborted) throw new DriveError('the check was ended: its simulator is gone');
    if (!this.allows(url)) throw notFollowed(url);
    const method = init.method ?? 'GET';
    const target = new URL(url);
    const site = fetchSite(init.initiator, [...(init.redirectedFrom ?? []), url]);
    const context = sameSiteContext(site, method);
    const headers = navigationHeaders({
      site,
      cause: init.cause ?? (init.initiator === undefined ? 'typed' : 'user'),
      method,
      ...(init.initiator ? { origin: new URL(init.initiator).origin } : {}),
    });
    const cookies = await this.cookieHeader(url, context);
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form ?? []).toString();
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (this.sent.length >= 200) this.sent.shift();
    this.sent.push({ url, method, headers: { ...headers } });
    let res: IncomingMessage;
    let read: { body: string; truncated: boolean };
    try {
      res = await send(target, method, headers, body, this.signal);
      const setCookie = res.headers['set-cookie'] ?? [];
      // A response sets cookies in the same context its request carried them.
      for (const c of setCookie)
        await this.jar.setCookie(c, url, {
          ignoreError: true,
          sameSiteContext: context === 'none' ? 'none' : 'lax',
        });
      read = await readCapped(decoded(res));
    } catch (error) {
      throw new DriveError(`could not reach ${withoutQuery(url)} (${reasonOf(error)})`);
    }
    const raw = res.headers.location;
    const status = res.statusCode ?? 0;
    let location: string | undefined;
    if (raw !== undefined && status >= 300 && status < 400) {
      try {
        location = new URL(raw, url).href;
      } catch {
        throw new DriveError(`${url} answered ${status} with a Location that is not an address`);
      }
    }
    return {
      url,
      status,
      ...(location ? { location } : {}),
      contentType: String(res.headers['content-type'] ?? ''),
      ...read,
    };
  }
}
