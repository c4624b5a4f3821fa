import type { OAuthError } from '../../errors/oauth-error.js';
import { invalidRequestPage } from '../../errors/oauth-error.js';

export interface RedirectTarget {
  redirectUri: string;
  state?: string | undefined;
  responseMode: 'query' | 'fragment';
}

/** An /authorize failure: redirected when the target is trusted, else answered with a page. */
export interface AuthorizeFailure {
  error: OAuthError;
  target?: RedirectTarget;
}

export const INVALID_REQUEST_PAGE = 'Invalid Request';
export const MISSING_PARAMETERS_PAGE = 'Request is missing parameters';

export const pageFailure = (detail: string, page = INVALID_REQUEST_PAGE): AuthorizeFailure => ({
  error: invalidRequestPage(page, detail),
});

export const redirectFailure = (error: OAuthError, target: RedirectTarget): AuthorizeFailure => ({
  error,
  target,
});

/** ui_locales: the first supported language of the list; anything else is ignored. */
export function pickLocale(raw: unknown): 'en' | 'cy' {
  if (typeof raw !== 'string') return 'en';
  for (const tag of raw.split(' ')) {
    const lang = tag.toLowerCase().split('-')[0];
    if (lang === 'en' || lang === 'cy') return lang;
  }
  return 'en';
}
