import type { RequestHandler } from 'express';
import { ADMIN_COOKIE, adminAccessOf, tokenMatches } from '../http/admin-access.js';
import { UI_PREFIX } from '../http/prefixes.js';

/**
 * `/_simulator/?token=<admin token>`: for a browser on another machine. A matching token is kept
 * in an HttpOnly, SameSite=Strict cookie with Path=/_simulator that the UI's own requests then carry, and the browser
 * is sent on to the UI without the token in its address. Other requests pass through.
 */
export const adminTokenLogin: RequestHandler = (req, res, next) => {
  const presented = (req.query as Record<string, unknown>).token;
  if (presented === undefined) {
    next();
    return;
  }
  const { adminToken } = adminAccessOf(req);
  if (!tokenMatches(adminToken, presented)) {
    res.status(403).type('text/plain').send('This admin token is not the one printed at start-up.');
    return;
  }
  // Only the UI and its API (below the same prefix) get the cookie: never /authorize or
  // /form-submit, whose requests the log records.
  res.cookie(ADMIN_COOKIE, adminToken, {
    httpOnly: true,
    sameSite: 'strict',
    path: req.baseUrl || UI_PREFIX,
  });
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, `${UI_PREFIX}/`);
};
