/** Named simulators live under this path: /sim/<name>/. */
export const SIM_PREFIX = '/sim/';

/** A simulator name: 1 to 64 of a-z, 0-9 and '-'. */
export const SIMULATOR_NAME = /^[a-z0-9-]{1,64}$/;

export const DEFAULT_MAX_SIMULATORS = 64;

/** The largest --max-simulators accepted. */
export const MAX_SIMULATORS_LIMIT = 1000;

/** The path a named simulator answers under, without the trailing slash: /sim/<name>. */
export function simulatorPath(name: string): string {
  return `${SIM_PREFIX}${name}`;
}

export function describeBadName(name: string): string {
  return `A simulator name is 1 to 64 characters of a-z, 0-9 and -; ${JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name)} is not one`;
}
