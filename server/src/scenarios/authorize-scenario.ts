import {
  accessDenied,
  loginRequired,
  serverError,
  temporarilyUnavailable,
  unauthorizedClientRedirect,
  type OAuthError,
} from '../errors/oauth-error.js';
import type { AuthoriseError } from './names.js';

export const ACCESS_DENIED_DESCRIPTION = 'Access denied by resource owner or authorization server';

/** What an /authorize scenario needs to know about the request it may answer. */
export interface AuthorizeFacts {
  /** The request asks for an identity (a vtr with a level of confidence). */
  identity: boolean;
  /** The client may receive, and the request asks for, the returnCode claim. */
  returnCodes: boolean;
  /** A re-authentication: prompt=login, max_age, or a session that already exists. */
  reauthentication: boolean;
}

interface Rule {
  name: AuthoriseError;
  applies: (facts: AuthorizeFacts) => boolean;
  error: () => OAuthError;
}

const always = () => true;

/**
 * Precedence, first match wins: a deactivated client is refused before anything else, an
 * internal error comes next; ACCESS_DENIED wins over TEMPORARILY_UNAVAILABLE, as in the public
 * simulator; the outcomes of the sign-in itself come last.
 */
const RULES: readonly Rule[] = [
  {
    name: 'UNAUTHORIZED_CLIENT',
    applies: always,
    error: () => unauthorizedClientRedirect('client deactivated'),
  },
  { name: 'SERVER_ERROR', applies: always, error: () => serverError('Internal error') },
  { name: 'ACCESS_DENIED', applies: always, error: () => accessDenied(ACCESS_DENIED_DESCRIPTION) },
  // As the public simulator: the description is present but empty.
  { name: 'TEMPORARILY_UNAVAILABLE', applies: always, error: () => temporarilyUnavailable('') },
  {
    name: 'TEMPORARILY_UNAVAILABLE_IDENTITY',
    applies: (f) => f.identity,
    error: () => temporarilyUnavailable('Identity proving is temporarily unavailable'),
  },
  {
    name: 'LOGIN_REQUIRED',
    applies: (f) => f.reauthentication,
    error: () => loginRequired('Login required'),
  },
  {
    // The provider does not raise it when return codes are used: it returns a return code.
    name: 'ACCESS_DENIED_EVIDENCE',
    applies: (f) => f.identity && !f.returnCodes,
    error: () => accessDenied(ACCESS_DENIED_DESCRIPTION),
  },
];

/** The configured /authorize scenario that answers this request, if one does. Pure. */
export function authorizeScenario(
  names: readonly string[],
  facts: AuthorizeFacts,
): { name: AuthoriseError; error: OAuthError } | null {
  for (const rule of RULES)
    if (names.includes(rule.name) && rule.applies(facts))
      return { name: rule.name, error: rule.error() };
  return null;
}
