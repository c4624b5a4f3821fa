import type { RequestHandler } from 'express';
import { isOwnOrigin } from './admin-access.js';
import { notesOf } from './exchange-notes.js';

/**
 * POST /config from a browser must come from the simulator's own origin (its UI), so a page on
 * another site, or one reaching the simulator through a DNS name pointed at it, cannot
 * reconfigure it. Requests without Origin (scripts, other containers) are served as before.
 */
export const requireOwnOrigin: RequestHandler = (req, res, next) => {
  if (isOwnOrigin(req)) {
    next();
    return;
  }
  const description = 'POST /config refuses requests from pages of another origin';
  notesOf(res).outcome = { kind: 'error', code: 'forbidden', description };
  res.status(403).json({ error: 'forbidden', error_description: description });
};
