import { isIPv4, isIPv6 } from 'node:net';
import type { RequestHandler } from 'express';

/** Names that always mean this machine: localhost, *.localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHostname(hostname: string): boolean {
  let name = hostname.toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIPv4(name)) return name.startsWith('127.');
  if (isIPv6(name)) {
    // Normalise spellings such as 0:0:0:0:0:0:0:1 and ::ffff:127.0.0.1.
    const normal = new URL(`http://[${name}]/`).hostname;
    return normal === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(normal);
  }
  return false;
}

/** Whether a Host header (name and optional port) names this machine. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const value = host.trim();
  if (value === '') return false;
  let name: string;
  let port = '';
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end === -1) return false;
    name = value.slice(0, end + 1);
    port = value.slice(end + 1);
    if (port !== '' && !port.startsWith(':')) return false;
    port = port.slice(1);
  } else {
    const colon = value.lastIndexOf(':');
    name = colon === -1 ? value : value.slice(0, colon);
    port = colon === -1 ? '' : value.slice(colon + 1);
    if (name.includes(':')) return false;
  }
  if (port !== '' && !/^\d{1,5}$/.test(port)) return false;
  if (value.endsWith(':')) return false;
  return isLoopbackHostname(name);
}

/** Whether an Origin header names the same host (and port) the request was sent to. */
function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Guards the admin API. The Host header must name this machine, so a web page on another name
 * that resolves to 127.0.0.1 (DNS rebinding) is refused. Changes (anything but GET/HEAD) must not
 * come from another origin, so a page on another local port cannot clear the log or reset the
 * configuration. No CORS headers are ever sent.
 */
export const requireLoopbackHost: RequestHandler = (req, res, next) => {
  const host = req.headers.host;
  if (!isLoopbackHost(host)) {
    res.status(403).json({
      error: 'forbidden',
      error_description:
        'The admin API answers only requests addressed to this machine (Host: localhost, 127.0.0.1 or [::1]).',
    });
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (
      (origin !== undefined && !sameOrigin(origin, host)) ||
      site === 'cross-site' ||
      site === 'same-site'
    ) {
      res.status(403).json({
        error: 'forbidden',
        error_description: 'The admin API refuses changes requested by another origin.',
      });
      return;
    }
  }
  next();
};
