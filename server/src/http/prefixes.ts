/** The reserved path prefixes of the simulator's own UI and admin API. */
export const UI_PREFIX = '/_simulator';
export const ADMIN_PREFIX = '/_simulator/api';

/** Each valid %XX sequence decoded to its character (an invalid one is kept as written). */
function decodePercents(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

/**
 * Whether a request URL (path and query, as the app sees it: under /sim/<name>/ the prefix is
 * already taken off) is the simulator's own UI or admin API as the router may match it: in any
 * letter case, with any character percent-encoded, followed by the end, '/' or '?'. The one rule
 * for "never recorded": a looser match here only keeps a request out of the log, a stricter one
 * would record admin answers (tokens, the admin token) the router served.
 */
export function isUiPath(url: string): boolean {
  const queryAt = url.indexOf('?');
  const path = decodePercents(queryAt === -1 ? url : url.slice(0, queryAt)).toLowerCase();
  if (!path.startsWith(UI_PREFIX)) return false;
  const next = path.charCodeAt(UI_PREFIX.length);
  // End of the path, '/' or '\' (some clients turn one into the other).
  return Number.isNaN(next) || next === 47 || next === 92;
}
