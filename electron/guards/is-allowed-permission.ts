import { isAllowedNavigation } from './is-allowed-navigation.js';

/** The only browser permission the UI needs: writing to the clipboard (copy buttons). */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/**
 * Whether to grant a permission request (camera, notifications, geolocation, ...): only the
 * clipboard write permission, and only to the UI origin. Everything else is denied.
 */
export function isAllowedPermission(
  permission: string,
  requestingUrl: string | undefined,
  uiOrigin: string | undefined,
): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAllowedNavigation(requestingUrl ?? '', uiOrigin);
}
