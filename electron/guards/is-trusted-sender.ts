import { originOf } from './is-allowed-navigation.js';

/** Who may call the desktop bridge. */
export interface TrustedSenders {
  /** The UI origin, e.g. http://127.0.0.1:3000 (undefined while no provider runs). */
  uiOrigin: string | undefined;
  /** The exact data: URL of the start-error page the app itself is showing, if any. */
  localPageUrl?: string | undefined;
}

/**
 * Whether an IPC message comes from a frame the app trusts: a page on the UI origin (compared by
 * URL origin) or, exactly, the app's own start-error page. A missing frame is never trusted.
 */
export function isTrustedSender(
  senderUrl: string | undefined | null,
  trusted: TrustedSenders,
): boolean {
  if (typeof senderUrl !== 'string' || senderUrl === '') return false;
  const local = trusted.localPageUrl;
  if (local !== undefined && local.startsWith('data:text/html') && senderUrl === local) return true;
  const expected = originOf(trusted.uiOrigin);
  return expected !== undefined && originOf(senderUrl) === expected;
}
