import { isIPv4, isIPv6 } from 'node:net';

/** Names that always mean this machine: localhost, *.localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHostname(hostname: string): boolean {
  let name = hostname.toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIPv4(name)) return name.startsWith('127.');
  return isIPv6(name) && isLoopbackIPv6(name);
}

/**
 * Whether an IPv6 address is this machine (::1, or IPv4 loopback mapped into IPv6), however it
 * is spelled (0:0:0:0:0:0:0:1, ::ffff:127.0.0.1). One with a zone id (`::1%lo`) is not: no
 * loopback name needs one, and URLs cannot carry it.
 */
export function isLoopbackIPv6(address: string): boolean {
  if (address.includes('%')) return false;
  let normal: string;
  try {
    normal = new URL(`http://[${address}]/`).hostname;
  } catch {
    return false;
  }
  return normal === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(normal);
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
