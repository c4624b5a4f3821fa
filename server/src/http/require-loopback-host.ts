import type { Request, RequestHandler } from 'express';
import {
  adminAccessOf,
  hasAdminToken,
  isLoopbackAddress,
  isOwnHost,
  isOwnOrigin,
} from './admin-access.js';

export { isLoopbackHost, isLoopbackHostname } from './loopback-host.js';

/**
 * Guards the admin API, by who is calling, never by what the Host header claims:
 * - A caller on another machine (the socket's peer address is not loopback) must present the
 *   admin token printed at start-up (`Authorization: Bearer <token>`, or the cookie set by
 *   `/_simulator/?token=<token>`); without a token configured, only this machine is served.
 * - A caller on this machine without the token must address it by a name of its own (localhost,
 *   127.0.0.1, [::1] or a host given at start-up): a page on another name that resolves here (DNS
 *   rebinding) is refused.
 * - A browser request (one with Origin) must come from the simulator's own origin, for reads as
 *   for changes. No CORS headers are ever sent.
 * Mounted once for the whole prefix; the routers below may apply it again, harmlessly.
 */
/**
 * Why the admin API refuses this request, or nothing when it may go on (see requireLoopbackHost).
 * Also asked before a request under /sim/<name>/ creates its missing simulator, so a refused one
 * creates nothing.
 */
export function adminRefusal(req: Request): string | undefined {
  const token = hasAdminToken(req);
  if (!token && !isLoopbackAddress(req.socket.remoteAddress))
    return adminAccessOf(req).adminToken === undefined
      ? 'The admin API answers only this machine.'
      : 'The admin API answers other machines only with the admin token printed at start-up (Authorization: Bearer <token>).';
  if (!token && !isOwnHost(req))
    return 'The admin API answers only requests addressed to this machine (Host: localhost, 127.0.0.1 or [::1]).';
  if (!isOwnOrigin(req)) return 'The admin API refuses requests from pages of another origin.';
  return undefined;
}

export const requireLoopbackHost: RequestHandler = (req, res, next) => {
  const refusal = adminRefusal(req);
  if (refusal !== undefined) {
    res.status(403).json({ error: 'forbidden', error_description: refusal });
    return;
  }
  next();
};
