import { isIPv4, isIPv6 } from 'node:net';

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
