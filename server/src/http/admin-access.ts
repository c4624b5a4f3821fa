import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import { readCookie } from './cookies.js';
import { isLoopbackHost, isLoopbackIPv6 } from './loopback-host.js';

/** The cookie that carries the admin token for a browser on another machine (set by ?token=). */
export const ADMIN_COOKIE = 'simulator_admin';

/** Who may use the admin API and /config from a browser: set per app (`app.locals`). */
export interface AdminAccessSettings {
  /** The token remote callers must present; none: only this machine may use the admin API. */
  adminToken: string | undefined;
  /**
   * The simulatorUrl given at start-up (environment, host program), never one POST /config set:
   * its host is one of the simulator's own names.
   */
  startupUrl: () => string;
  /** Further host names (with port) given at start-up, such as the address `--host` binds. */
  startupHosts: Set<string>;
}

export const ADMIN_ACCESS_LOCAL = 'adminAccess';

export function adminAccessOf(req: Request): AdminAccessSettings {
  const settings = (req.app.locals as Record<string, unknown>)[ADMIN_ACCESS_LOCAL] as
    AdminAccessSettings | undefined;
  return settings ?? { adminToken: undefined, startupUrl: () => '', startupHosts: new Set() };
}

/** Trusts a host name (with port) given at start-up, such as the address the server binds. */
export function trustStartupHost(locals: Record<string, unknown>, host: string): void {
  const settings = locals[ADMIN_ACCESS_LOCAL] as AdminAccessSettings | undefined;
  settings?.startupHosts.add(host.toLowerCase());
}

/** Whether a socket's peer address is this machine (127.0.0.0/8, ::1, ::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isIPv4(address)) return address.startsWith('127.');
  return isIPv6(address) && isLoopbackIPv6(address);
}

/** The admin token the request presents: `Authorization: Bearer …`, or the admin cookie. */
function presentedToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  return readCookie(req, ADMIN_COOKIE);
}

/** Constant-time comparison of a presented token with the expected one. */
export function tokenMatches(expected: string | undefined, presented: unknown): boolean {
  if (expected === undefined || typeof presented !== 'string') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(presented).digest();
  return timingSafeEqual(a, b);
}

/** Whether the request carries the admin token. */
export const hasAdminToken = (req: Request): boolean =>
  tokenMatches(adminAccessOf(req).adminToken, presentedToken(req));

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether a Host header names the simulator itself: a loopback name (localhost, 127.0.0.1,
 * [::1], any port) or a host given at start-up (the start-up simulatorUrl, the bound address).
 * Another name reaching it is a page whose DNS name was pointed at the simulator (DNS
 * rebinding). A simulatorUrl changed later through POST /config never widens this.
 */
export function isOwnHost(req: Request): boolean {
  const host = req.headers.host;
  if (isLoopbackHost(host)) return true;
  if (host === undefined) return false;
  const settings = adminAccessOf(req);
  const name = host.toLowerCase();
  return name === hostOf(settings.startupUrl()) || settings.startupHosts.has(name);
}

/**
 * Whether a browser request comes from the simulator's own origin. Requests without Origin
 * (scripts, other containers, same-origin navigations) are not browser cross-origin requests.
 * With an Origin, it must be the origin the request was sent to (scheme-less host compare, so
 * http://127.0.0.1:3000 and http://localhost:3000 each match themselves), on a host that is the
 * simulator's own (see isOwnHost) unless the request carries the admin token.
 */
export function isOwnOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.host !== req.headers.host) return false;
  return isOwnHost(req) || hasAdminToken(req);
}
