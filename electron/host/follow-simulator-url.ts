const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * The `simulatorUrl` after the provider moves from `fromPort` to `toPort`. It follows the port
 * only when it still points at this machine's own provider (a loopback host on `fromPort`);
 * a URL the user set to something else (a proxy, another name or port) is kept as it is.
 */
export function followSimulatorUrl(simulatorUrl: string, fromPort: number, toPort: number): string {
  let url: URL;
  try {
    url = new URL(simulatorUrl);
  } catch {
    return simulatorUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return simulatorUrl;
  if (!LOOPBACK_NAMES.has(url.hostname.toLowerCase())) return simulatorUrl;
  if (effectivePort(url) !== fromPort || fromPort === toPort) return simulatorUrl;
  url.port = String(toPort);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
