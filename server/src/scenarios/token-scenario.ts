import {
  invalidClient,
  invalidGrant,
  serverError,
  unauthorizedClient,
  type OAuthError,
} from '../errors/oauth-error.js';
import type { TokenError } from './names.js';

/**
 * When a /token scenario applies: before client authentication (an internal error, or the
 * assertion refused as if the registered key had changed), or once the client is authenticated
 * (not registered for the grant, or the code refused as expired or used).
 */
export type TokenStage = 'before-client-auth' | 'after-client-auth';

const RULES: readonly { name: TokenError; stage: TokenStage; error: () => OAuthError }[] = [
  { name: 'SERVER_ERROR', stage: 'before-client-auth', error: () => serverError('Internal error') },
  {
    name: 'INVALID_CLIENT',
    stage: 'before-client-auth',
    error: () => invalidClient('Client authentication failed'),
  },
  {
    name: 'UNAUTHORIZED_CLIENT',
    stage: 'after-client-auth',
    error: () => unauthorizedClient('Client is not registered for the authorization_code grant'),
  },
  { name: 'INVALID_GRANT', stage: 'after-client-auth', error: () => invalidGrant('Invalid grant') },
];

/** The configured /token scenario that answers at `stage`, if one does. Pure. */
export function tokenScenario(
  names: readonly string[],
  stage: TokenStage,
): { name: TokenError; error: OAuthError } | null {
  for (const rule of RULES)
    if (rule.stage === stage && names.includes(rule.name))
      return { name: rule.name, error: rule.error() };
  return null;
}
