import type { ConfigIssue } from '../../config/config-types.js';
import { isPlainObject } from '../../config/field-rules.js';
import { checkKeys, hasControlCharacter } from '../../presets/parse-preset.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { DriveSettings } from '../rp-check-types.js';

/**
 * The service's addresses for a driven check, from a plan's `service` section, the admin API's
 * `drive` field or the --drive-* flags: one set of rules for all three.
 */

export const DRIVE_URL_KEYS = [
  'signIn',
  'identitySignIn',
  'signedIn',
  'signOut',
  'reauthenticate',
] as const;
export const DRIVE_TEXT_KEYS = ['signedInText', 'identityText'] as const;
export const DRIVE_KEYS = [...DRIVE_URL_KEYS, ...DRIVE_TEXT_KEYS] as const;
export const MAX_DRIVE_URL = 2000;
export const MAX_DRIVE_TEXT = 200;

/** The command-line flag of each setting (the README and --help use the same names). */
export const DRIVE_FLAGS: Record<(typeof DRIVE_KEYS)[number], string> = {
  signIn: '--drive-sign-in',
  identitySignIn: '--drive-identity-sign-in',
  signedIn: '--drive-signed-in',
  signedInText: '--drive-signed-in-text',
  signOut: '--drive-sign-out',
  identityText: '--drive-identity-text',
  reauthenticate: '--drive-reauthenticate',
};

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** Why a value is not a usable http(s) address, or undefined when it is. */
export function urlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be an http(s) address';
  if (value.length > MAX_DRIVE_URL) return `must be at most ${MAX_DRIVE_URL} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) address, e.g. http://localhost:8080/login';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'must be an http(s) address, e.g. http://localhost:8080/login';
  if (url.username || url.password) return 'must not carry a user name or password';
  return undefined;
}

/** Why a value is not a usable text to look for, or undefined when it is. */
export function textProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/\S/.test(value)) return 'must be a non-empty string';
  if (value.length > MAX_DRIVE_TEXT) return `must be at most ${MAX_DRIVE_TEXT} characters`;
  if (hasControlCharacter(value)) return 'must not hold control characters';
  return undefined;
}

/** Checks drive settings; every problem is reported with its path (`prefix.key`). */
export function parseDriveSettings(
  value: unknown,
  prefix: string,
): Result<DriveSettings, ConfigIssue[]> {
  if (!isPlainObject(value))
    return err([{ path: prefix, message: 'must be an object {signIn, signedIn, ...}', value }]);
  const issues: ConfigIssue[] = [];
  checkKeys(value, DRIVE_KEYS, prefix, issues);
  for (const key of ['signIn', 'signedIn'] as const)
    if (value[key] === undefined) issues.push({ path: join(prefix, key), message: 'is required' });
  for (const key of DRIVE_URL_KEYS) {
    if (value[key] === undefined) continue;
    const problem = urlProblem(value[key]);
    if (problem) issues.push({ path: join(prefix, key), message: problem, value: value[key] });
  }
  for (const key of DRIVE_TEXT_KEYS) {
    if (value[key] === undefined) continue;
    const problem = textProblem(value[key]);
    if (problem) issues.push({ path: join(prefix, key), message: problem, value: value[key] });
  }
  if (issues.length) return err(issues);
  const settings: DriveSettings = {
    signIn: value.signIn as string,
    signedIn: value.signedIn as string,
  };
  for (const key of [
    'identitySignIn',
    'signOut',
    'signedInText',
    'identityText',
    'reauthenticate',
  ] as const)
    if (typeof value[key] === 'string') settings[key] = value[key];
  return ok(settings);
}
