import { isAllowedNavigation } from './is-allowed-navigation.js';
import { isSafeExternalUrl } from './is-safe-external-url.js';

/** What Electron reports when a page asks for a new window (a subset of its handler details). */
export interface WindowOpenRequest {
  url: string;
  /** How the link was activated: a `target="_blank"` link click gives foreground-tab. */
  disposition: string;
  /** URL of the frame that asked. */
  openerUrl: string | undefined;
}

/** Dispositions produced by clicking a link (plain, middle or modifier click), not by script. */
const LINK_CLICK_DISPOSITIONS: ReadonlySet<string> = new Set(['foreground-tab', 'background-tab']);

/**
 * Whether a new-window request should open in the system browser. The app never opens a second
 * window; it hands a link to the browser only when a page on the UI origin asked, the request
 * came from a link click (a `target="_blank"` link, not `window.open` with window features), and
 * the URL is a plain http(s) address outside the UI.
 */
export function shouldOpenExternally(
  request: WindowOpenRequest,
  uiOrigin: string | undefined,
): boolean {
  if (!isAllowedNavigation(request.openerUrl ?? '', uiOrigin)) return false;
  if (!LINK_CLICK_DISPOSITIONS.has(request.disposition)) return false;
  if (!isSafeExternalUrl(request.url)) return false;
  return !isAllowedNavigation(request.url, uiOrigin);
}
