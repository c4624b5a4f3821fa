import { CookieJar } from 'tough-cookie';

/**
 * The check's browser: one cookie jar (tough-cookie keeps the cookie rules a browser keeps:
 * domains, paths, expiry, Secure), requests only to the origins it was given, each with a time
 * limit and a cap on how much of the answer it reads. Redirects are not followed here: the
 * journey follows them one by one, so it can count them and see each address.
 */

export const REQUEST_TIMEOUT_MS = 10_000;
/** How much of a page the driver reads; the rest is dropped (a 5 MB page costs 1 MB at most). */
export const MAX_PAGE_BYTES = 1024 * 1024;
export const USER_AGENT = 'identity-simulator-rp-check-driver';

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

/** A request the driver refused to make or could not complete. */
export class DriveError extends Error {}

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
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

async function readCapped(res: Response): Promise<{ body: string; truncated: boolean }> {
  if (!res.body) return { body: '', truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = MAX_PAGE_BYTES - size;
    chunks.push(value.length > room ? value.subarray(0, room) : value);
    size += Math.min(value.length, room);
    if (value.length >= room) {
      truncated = value.length > room;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { body: Buffer.concat(chunks).toString('utf8'), truncated };
}

export class DriverBrowser {
  readonly jar = new CookieJar();
  private readonly origins: Set<string>;

  /** `allowed`: the addresses whose origins the driver may request (others are refused). */
  constructor(allowed: readonly string[]) {
    this.origins = new Set(
      allowed.flatMap((a) => {
        try {
          return [new URL(a).origin];
        } catch {
          return [];
        }
      }),
    );
  }

  allows(url: string): boolean {
    try {
      return this.origins.has(new URL(url).origin);
    } catch {
      return false;
    }
  }

  /** One request, no redirect followed; throws DriveError with a sentence for the step. */
  async request(
    url: string,
    init: { method?: 'GET' | 'POST'; form?: [string, string][] } = {},
  ): Promise<BrowserResponse> {
    if (!this.allows(url))
      throw new DriveError(
        `the journey led to ${url}, which is neither one of the service's addresses nor the simulator's: the check does not follow it`,
      );
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    };
    const cookies = await this.jar.getCookieString(url);
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form ?? []).toString();
    }
    let res: Response;
    let read: { body: string; truncated: boolean };
    try {
      res = await fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      for (const c of res.headers.getSetCookie())
        await this.jar.setCookie(c, url, { ignoreError: true });
      read = await readCapped(res);
    } catch (error) {
      throw new DriveError(`could not reach ${withoutQuery(url)} (${reasonOf(error)})`);
    }
    const raw = res.headers.get('location');
    let location: string | undefined;
    if (raw !== null && res.status >= 300 && res.status < 400) {
      try {
        location = new URL(raw, url).href;
      } catch {
        throw new DriveError(
          `${url} answered ${res.status} with a Location that is not an address`,
        );
      }
    }
    return {
      url,
      status: res.status,
      ...(location ? { location } : {}),
      contentType: res.headers.get('content-type') ?? '',
      ...read,
    };
  }
}
