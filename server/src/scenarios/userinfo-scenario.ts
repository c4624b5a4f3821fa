import { invalidToken, serverError, type OAuthError } from '../errors/oauth-error.js';
import type { UserInfoError } from './names.js';

/** The description a real expired or revoked token gets, so the two cannot be told apart. */
export const INVALID_ACCESS_TOKEN = 'Invalid access token';

const RULES: readonly { name: UserInfoError; error: () => OAuthError }[] = [
  { name: 'SERVER_ERROR', error: () => serverError('Internal error') },
  { name: 'INVALID_TOKEN', error: () => invalidToken(INVALID_ACCESS_TOKEN) },
];

/** The configured /userinfo scenario, if one is on; SERVER_ERROR wins. Pure. */
export function userInfoScenario(
  names: readonly string[],
): { name: UserInfoError; error: OAuthError } | null {
  for (const rule of RULES)
    if (names.includes(rule.name)) return { name: rule.name, error: rule.error() };
  return null;
}
