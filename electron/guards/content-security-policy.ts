import { isAllowedNavigation } from './is-allowed-navigation.js';

/**
 * The policy the window enforces on the UI when the server has not sent its own: scripts, styles,
 * fetches and event streams from the UI's own origin only; no plugins, frames or foreign forms.
 */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export type ResponseHeaders = Record<string, string | string[]>;

/**
 * Headers of a response as the window should see them: a response from the UI origin that has no
 * Content-Security-Policy gets the app's policy; a server-sent policy is kept as it is; responses
 * from other origins are left alone (the window never navigates to them).
 */
export function withContentSecurityPolicy(
  url: string,
  headers: ResponseHeaders | undefined,
  uiOrigin: string | undefined,
): ResponseHeaders {
  const out: ResponseHeaders = { ...headers };
  if (!isAllowedNavigation(url, uiOrigin)) return out;
  const hasPolicy = Object.keys(out).some(
    (name) => name.toLowerCase() === 'content-security-policy',
  );
  if (!hasPolicy) out['Content-Security-Policy'] = [UI_CONTENT_SECURITY_POLICY];
  return out;
}
