import type { Response } from 'express';
import type { OAuthError } from '../errors/oauth-error.js';
import { notesOf } from './exchange-notes.js';
import { renderErrorPage } from './render-error-page.js';

function noteError(res: Response, error: OAuthError): void {
  const notes = notesOf(res);
  notes.outcome = { kind: 'error', code: error.code, description: error.description };
  if (error.cause) notes.fault = error.cause;
}

/**
 * Redirect URIs as the URL parser writes them (href), with whether they carry neither a query nor
 * a fragment. Only registered URIs reach buildRedirect, so the cache stays small; it is emptied
 * should it ever fill.
 */
const parsedRedirects = new Map<string, { href: string; bare: boolean }>();
const MAX_PARSED_REDIRECTS = 256;

function parseRedirect(redirectUri: string): { href: string; bare: boolean } {
  let parsed = parsedRedirects.get(redirectUri);
  if (parsed === undefined) {
    const { href } = new URL(redirectUri);
    parsed = { href, bare: !href.includes('?') && !href.includes('#') };
    if (parsedRedirects.size >= MAX_PARSED_REDIRECTS) parsedRedirects.clear();
    parsedRedirects.set(redirectUri, parsed);
  }
  return parsed;
}

/** Builds the redirect back to the relying party, in the query or in the fragment. */
export function buildRedirect(
  redirectUri: string,
  params: Record<string, string | undefined>,
  mode: 'query' | 'fragment',
): string {
  const { href, bare } = parseRedirect(redirectUri);
  const search = new URLSearchParams();
  for (const k in params) {
    const v = params[k];
    if (v !== undefined) search.append(k, v);
  }
  const added = search.toString();
  // Without a query or a fragment to merge with, the URL parser would only append the parameters
  // (their form encoding needs no further escaping in a query or a fragment).
  if (bare) return added === '' ? href : `${href}${mode === 'fragment' ? '#' : '?'}${added}`;
  const url = new URL(href);
  if (mode === 'fragment') {
    url.hash = added;
  } else {
    for (const [k, v] of search) url.searchParams.append(k, v);
  }
  return url.toString();
}

/** Authorize errors once client and redirect_uri are trusted: back to the relying party. */
export function redirectWithError(
  res: Response,
  error: OAuthError,
  target: { redirectUri: string; state?: string | undefined; responseMode: 'query' | 'fragment' },
): void {
  noteError(res, error);
  res.redirect(
    302,
    buildRedirect(
      target.redirectUri,
      { error: error.code, error_description: error.description, state: target.state || undefined },
      target.responseMode,
    ),
  );
}

/** Authorize errors before client and redirect_uri are trusted: a 400 page (en or cy). */
export function sendAuthorizeErrorPage(res: Response, error: OAuthError, lang: 'en' | 'cy'): void {
  noteError(res, error);
  res
    .status(error.status)
    .type('text/html')
    .send(renderErrorPage(error.page ?? error.description, error.cause, lang));
}

/** Token endpoint errors: JSON with error and error_description, never cached. */
export function sendTokenError(res: Response, error: OAuthError): void {
  noteError(res, error);
  res.setHeader('Cache-Control', 'no-store');
  res.status(error.status).json({ error: error.code, error_description: error.description });
}

/**
 * Internal errors and outages, at any endpoint: JSON with error and error_description and the
 * error's 5xx status, never cached.
 */
export function sendServerError(res: Response, error: OAuthError): void {
  noteError(res, error);
  res.setHeader('Cache-Control', 'no-store');
  res.status(error.status).json({ error: error.code, error_description: error.description });
}

/** Userinfo errors: 401 with the error in WWW-Authenticate, as RFC 6750 says. */
export function sendBearerError(res: Response, error: OAuthError): void {
  noteError(res, error);
  const quote = (s: string) => s.replace(/["\\]/g, '');
  res.setHeader(
    'WWW-Authenticate',
    `Bearer error="${quote(error.code)}", error_description="${quote(error.description)}"`,
  );
  res.status(401).end();
}

/**
 * Sends JSON text serialised earlier, exactly as res.json would send the value it came from
 * (Content-Type application/json unless set, charset added by send).
 */
export function sendJsonText(res: Response, text: string): void {
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  res.send(text);
}

/**
 * A JSON text made once per simulator and per value of `inputs` (compared by identity): the
 * configuration is replaced, never changed in place, so documents built from it (discovery, key
 * sets) are serialised again only when it changes.
 */
export function serialisedOnce<Owner extends object>(): (
  owner: Owner,
  inputs: readonly unknown[],
  build: () => unknown,
) => string {
  const cache = new WeakMap<Owner, { inputs: readonly unknown[]; text: string }>();
  return (owner, inputs, build) => {
    const hit = cache.get(owner);
    if (hit && hit.inputs.length === inputs.length && hit.inputs.every((v, i) => v === inputs[i]))
      return hit.text;
    const text = JSON.stringify(build());
    cache.set(owner, { inputs, text });
    return text;
  };
}
