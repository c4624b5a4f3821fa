import type { TokenCheck } from './analysis-types.js';
import { describeInstant, relativeTime } from './describe-time.js';

export const pass = (name: string, detail: string): TokenCheck => ({ name, ok: true, detail });
export const fail = (name: string, detail: string, fix?: string): TokenCheck =>
  fix === undefined ? { name, ok: false, detail } : { name, ok: false, detail, fix };

export const show = (value: unknown): string =>
  value === undefined ? '(missing)' : JSON.stringify(value);

/** Seconds of clock difference tolerated on "not in the future" checks. */
export const CLOCK_SKEW = 1;

/**
 * Names the configured error behind each failed check, when one explains it. `scenarioMap` maps
 * a check name to the scenarios (unprefixed) that break it; `prefix` is the group
 * ('idToken', 'coreIdentity') the applied names carry.
 */
export function attributeScenarios(
  checks: TokenCheck[],
  applied: readonly string[],
  prefix: string,
  scenarioMap: Record<string, readonly string[]>,
): void {
  if (applied.length === 0) return;
  const names = new Set<string>();
  for (const s of applied) {
    if (s.startsWith(`${prefix}:`)) names.add(s.slice(prefix.length + 1));
  }
  if (names.size === 0) return;
  for (const check of checks) {
    if (check.ok) continue;
    const candidates = scenarioMap[check.name] ?? [];
    const found = candidates.find((c) => names.has(c));
    if (found) {
      check.scenario = found;
      check.detail += ` This is the configured error ${found} (errorConfiguration.${prefix}Errors).`;
    }
  }
}

/** exp: required NumericDate, after the moment of the exchange. */
export function checkExp(
  claims: Record<string, unknown>,
  at: number,
  now: number,
  opts: { required: boolean; fixExpired?: (secondsAgo: number) => string; fixMissing?: string },
): TokenCheck | undefined {
  const exp = claims.exp;
  if (exp === undefined) {
    return opts.required
      ? fail('exp', 'There is no exp claim; it is required.', opts.fixMissing)
      : undefined;
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    return fail(
      'exp',
      `exp is ${show(exp)}, not a NumericDate (a number of seconds).`,
      opts.fixMissing,
    );
  }
  const when = describeInstant(exp, at, now);
  if (exp < Math.floor(at)) {
    const ago = Math.round(Math.floor(at) - exp);
    return fail(
      'exp',
      `Expired: exp is ${when}, ${ago} s before the exchange.`,
      opts.fixExpired?.(ago),
    );
  }
  if (exp < Math.floor(now)) {
    return pass(
      'exp',
      `Valid at the exchange, but expired since: exp is ${when}. A relying party checking it now would refuse it.`,
    );
  }
  return pass('exp', `Not expired: exp is ${when}.`);
}

/** iat: a NumericDate; when `notFuture`, not after the exchange. */
export function checkIat(
  claims: Record<string, unknown>,
  at: number,
  now: number,
  opts: { required: boolean; notFuture: boolean },
): TokenCheck | undefined {
  const iat = claims.iat;
  if (iat === undefined) {
    return opts.required ? fail('iat', 'There is no iat claim; it is required.') : undefined;
  }
  if (typeof iat !== 'number' || !Number.isFinite(iat)) {
    return fail('iat', `iat is ${show(iat)}, not a NumericDate (a number of seconds).`);
  }
  const when = describeInstant(iat, at, now);
  if (iat > at + CLOCK_SKEW) {
    const ahead = `${relativeTime(iat - at).replace(/^in /, '')} after the exchange`;
    if (opts.notFuture) {
      return fail(
        'iat',
        `Issued in the future: iat is ${when}, ${ahead}. The token is not valid yet.`,
      );
    }
    return pass('iat', `iat is ${when}, ${ahead}: the sender's clock may be ahead (not refused).`);
  }
  return pass('iat', `Issued ${when}.`);
}

/** nbf: optional; when present, not after the exchange. */
export function checkNbf(
  claims: Record<string, unknown>,
  at: number,
  now: number,
  fix?: string,
): TokenCheck | undefined {
  const nbf = claims.nbf;
  if (nbf === undefined) return undefined;
  if (typeof nbf !== 'number' || !Number.isFinite(nbf)) {
    return fail('nbf', `nbf is ${show(nbf)}, not a NumericDate (a number of seconds).`, fix);
  }
  const when = describeInstant(nbf, at, now);
  if (nbf > at + CLOCK_SKEW) {
    return fail('nbf', `Not valid yet at the exchange: nbf is ${when}.`, fix);
  }
  return pass('nbf', `Valid from ${when}.`);
}

/** A claim that must equal one expected string (an array must contain it, for aud). */
export function checkEquals(
  name: string,
  actual: unknown,
  expected: string,
  opts: { allowArray?: boolean; what: string; fix?: string } = { what: '' },
): TokenCheck {
  const matches =
    actual === expected ||
    (opts.allowArray === true && Array.isArray(actual) && actual.includes(expected));
  if (matches) return pass(name, `${name} is ${show(actual)}${opts.what ? `, ${opts.what}` : ''}.`);
  return fail(
    name,
    `${name} is ${show(actual)}; expected ${show(expected)}${opts.what ? ` (${opts.what})` : ''}.`,
    opts.fix,
  );
}
