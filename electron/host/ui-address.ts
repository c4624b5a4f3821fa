import { isIPv6 } from 'node:net';

/** Where this machine reaches a provider bound to `host`:`port`. */
export interface UiAddress {
  /** The provider's base URL, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  /** The UI page, e.g. http://127.0.0.1:3000/_simulator/ */
  uiUrl: string;
  /** The UI origin: the only origin the window may show and the bridge may trust. */
  origin: string;
}

/**
 * The URL the window uses for a bound address. A wildcard bind (0.0.0.0, ::) is reached through
 * loopback, so the UI stays on a loopback origin.
 */
export function uiAddressFor(host: string, port: number, uiPrefix: string): UiAddress {
  const reachable = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const urlHost = isIPv6(reachable) ? `[${reachable}]` : reachable;
  const baseUrl = `http://${urlHost}:${port}`;
  return { baseUrl, uiUrl: `${baseUrl}${uiPrefix}/`, origin: new URL(baseUrl).origin };
}
