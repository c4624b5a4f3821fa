import type { FetchLike } from './admin-client.js';

/** A named simulator's name: 1 to 64 of a-z, 0-9 and '-' ('' is the root simulator). */
const NAME = /^[a-z0-9-]{1,64}$/;

/**
 * Admin API paths that belong to the whole process, not to one simulator: the one request log
 * (list, HAR, pins) and the list of simulators. Everything else (/config, the event stream with
 * its configuration, switches, scenarios, keys, the relying-party check) goes to the one chosen.
 */
const SHARED = [
  '/_simulator/api/exchanges?',
  '/_simulator/api/exchanges.har',
  '/_simulator/api/pins',
  '/_simulator/api/simulators',
];

/** The simulator the window acts on, from its address (?simulator=<name>); '' for the root. */
export function readChosenSimulator(search: string): string {
  const name = new URLSearchParams(search).get('simulator') ?? '';
  return NAME.test(name) ? name : '';
}

/** The window's address for another simulator (the same page, another ?simulator=). */
export function simulatorHref(name: string, search: string): string {
  const params = new URLSearchParams(search);
  if (name === '') params.delete('simulator');
  else params.set('simulator', name);
  const qs = params.toString();
  return qs ? `?${qs}` : '?';
}

/** The path a request for `path` takes when the window acts on simulator `name`. */
export function routeToSimulator(path: string, name: string): string {
  if (name === '' || !NAME.test(name)) return path;
  const bare =
    path === '/_simulator/api/exchanges' || path.startsWith('/_simulator/api/exchanges?');
  if (bare || SHARED.some((p) => path.startsWith(p))) return path;
  if (path === '/config' || path.startsWith('/config?') || path.startsWith('/_simulator/api/'))
    return `/sim/${name}${path}`;
  return path;
}

/** A fetch that sends each call to the chosen simulator (see routeToSimulator). */
export function withSimulator(fetchImpl: FetchLike, name: string): FetchLike {
  return (input, init) => fetchImpl(routeToSimulator(input, name), init);
}
