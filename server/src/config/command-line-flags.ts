import { parsePort } from './from-env.js';

/**
 * What the headless mode and the desktop app read alike from a command line: `--flag=value` or
 * `--flag value`, the listening port and the IPv6 zone id neither accepts. Each host words the
 * outcome for its own people (the CLI stops, the app starts on its saved settings).
 */

/** `--flag=value` split into the flag and its inline value (undefined: the value follows). */
export function splitFlag(arg: string): { flag: string; inline: string | undefined } {
  const eq = arg.indexOf('=');
  return arg.startsWith('--') && eq > 0
    ? { flag: arg.slice(0, eq), inline: arg.slice(eq + 1) }
    : { flag: arg, inline: undefined };
}

/** What a --port value must be, in words. */
export const PORT_RULE = 'a whole number from 0 to 65535';

/** A --port value: a whole number from 0 (any free port) to 65535; null when it is not one. */
export function readPortFlag(raw: string | undefined): number | null {
  return raw === undefined ? null : parsePort(raw);
}

/**
 * The IPv6 zone id of a --host value (`%eth0` in `fe80::1%eth0`), which neither host listens
 * with; undefined when it has none.
 */
export function zoneIdOf(host: string): string | undefined {
  const at = host.indexOf('%');
  return at === -1 ? undefined : host.slice(at);
}
