import { isIP } from 'node:net';
import { zoneIdOf } from '../../server/src/index.js';
import { err, ok, type Result } from '../../server/src/shared/result.js';

export const DEFAULT_HOST = '127.0.0.1';

export interface AddressIssue {
  code: 'PORT_INVALID' | 'HOST_INVALID';
  message: string;
}

/** A listening port: a whole number from 0 to 65535 (0: any free port). */
export function parsePortNumber(value: unknown): Result<number, AddressIssue> {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535) {
    return ok(value);
  }
  return err({
    code: 'PORT_INVALID',
    message: `${describe(value)} is not a valid port: use a whole number from 1024 to 65535.`,
  });
}

const WILDCARDS: ReadonlySet<string> = new Set(['0.0.0.0', '::']);

function isLoopbackOrWildcard(address: string): boolean {
  if (WILDCARDS.has(address)) return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  try {
    return new URL(`http://[${address}]/`).hostname === '[::1]';
  } catch {
    return false;
  }
}

/**
 * An address to listen on: a loopback address (127.0.0.1, ::1, localhost) or a wildcard
 * (0.0.0.0, ::) that also listens on the network. The window always reaches the provider
 * through loopback, so an address bound to one network interface only is refused, as are
 * host names.
 */
export function parseHost(value: unknown): Result<string, AddressIssue> {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    const unbracketed = /^\[.*\]$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
    const lower = unbracketed.toLowerCase();
    const zone = zoneIdOf(lower);
    if (zone !== undefined)
      return err({
        code: 'HOST_INVALID',
        message: `${describe(value)} cannot be used: an IPv6 zone id ("${zone}") is not needed; use ::1 or 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface).`,
      });
    if (lower === 'localhost') return ok('localhost');
    if (isIP(lower) !== 0 && isLoopbackOrWildcard(lower)) return ok(lower);
  }
  return err({
    code: 'HOST_INVALID',
    message: `${describe(value)} cannot be used: use 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface).`,
  });
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;
}
