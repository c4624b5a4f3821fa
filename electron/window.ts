import { BrowserWindow, shell, type Session } from 'electron';
import { withContentSecurityPolicy } from './guards/content-security-policy.js';
import { isAllowedNavigation } from './guards/is-allowed-navigation.js';
import { isAllowedPermission } from './guards/is-allowed-permission.js';
import { shouldOpenExternally } from './guards/should-open-externally.js';
import { windowOptions } from './guards/window-options.js';
import type { SavedBounds } from './window/fit-window-bounds.js';

export interface MainWindowInput {
  preloadPath: string;
  bounds: SavedBounds;
  maximized: boolean;
  allowDevTools: boolean;
  dark: boolean;
  /** The UI origin of the moment (it changes when the provider moves to another port). */
  uiOrigin: () => string | undefined;
}

/** Session-wide rules: a CSP on UI responses that lack one, and no permissions beyond the clipboard. */
function lockDownSession(session: Session, uiOrigin: () => string | undefined): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: withContentSecurityPolicy(details.url, details.responseHeaders, uiOrigin()),
    });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isAllowedPermission(permission, details.requestingUrl, uiOrigin()));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isAllowedPermission(permission, requestingOrigin, uiOrigin()),
  );
}

/**
 * The single app window, locked down: isolated sandboxed renderer without Node, navigation kept
 * to the UI origin, no new windows (a clicked http(s) link opens in the system browser instead),
 * no webviews.
 */
export function createMainWindow(input: MainWindowInput): BrowserWindow {
  const win = new BrowserWindow(
    windowOptions({
      preloadPath: input.preloadPath,
      allowDevTools: input.allowDevTools,
      bounds: input.bounds,
      title: 'Identity Simulator',
      dark: input.dark,
    }),
  );
  if (input.maximized) win.maximize();
  const contents = win.webContents;
  lockDownSession(contents.session, input.uiOrigin);

  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url, input.uiOrigin())) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, input.uiOrigin())) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details) => {
    const request = {
      url: details.url,
      disposition: details.disposition,
      openerUrl: contents.getURL(),
    };
    // shouldOpenExternally accepts only a clicked http(s) link from the UI origin.
    if (shouldOpenExternally(request, input.uiOrigin())) void shell.openExternal(details.url);
    return { action: 'deny' };
  });
  win.once('ready-to-show', () => win.show());
  return win;
}
