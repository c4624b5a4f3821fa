import type { Request } from 'express';
import { isOwnOrigin } from './admin-access.js';
import { isUiPath } from './prefixes.js';
import { adminRefusal } from './require-loopback-host.js';

/**
 * A top-level navigation (a relying party sending the browser to /authorize): the one kind of
 * request from a page of another site that may create a missing named simulator. Subresources
 * (images, scripts), frames and fetches from another site may not.
 */
function isTopLevelNavigation(req: Request): boolean {
  return (
    req.headers['sec-fetch-mode'] === 'navigate' && req.headers['sec-fetch-dest'] === 'document'
  );
}

/** POST /config as the router matches it (any case, one trailing slash). */
function isConfigPost(req: Request, path: string): boolean {
  if (req.method !== 'POST') return false;
  const lower = path.toLowerCase();
  return lower === '/config' || lower === '/config/';
}

/**
 * Why a request under /sim/<name>/ for a simulator that does not exist yet must not create it,
 * or nothing when it may. The checks the request would meet once inside come first, so a request
 * they refuse creates nothing: the admin API's rule under /_simulator/, POST /config's Origin
 * rule, and for every other path a page of another site (Origin or Sec-Fetch-Site naming another
 * site) that is not a top-level navigation. Otherwise one cross-site page could fill the cap of
 * named simulators with image tags and form posts. `path` is the path after /sim/<name>.
 */
export function creationRefusal(req: Request, path: string): string | undefined {
  if (isUiPath(path)) return adminRefusal(req);
  if (isOwnOrigin(req)) return undefined;
  if (isConfigPost(req, path)) return 'POST /config refuses requests from pages of another origin';
  if (isTopLevelNavigation(req)) return undefined;
  return 'A request from a page of another site does not create a named simulator; create it first (POST /_simulator/api/simulators, or any request from a script or from the simulator itself)';
}
