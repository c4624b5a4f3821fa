import type { RequestHandler } from 'express';
import { notesOf } from './exchange-notes.js';

/** Deeper JSON than this is refused: nothing the simulator takes nests more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `limit` (checked without recursion). */
export function jsonDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Refuses JSON bodies nested absurdly deep (a "JSON bomb") before any handler, the request log or
 * a serialiser meets them.
 */
export const limitJsonDepth: RequestHandler = (req, res, next) => {
  if (
    typeof req.body !== 'object' ||
    req.body === null ||
    !jsonDeeperThan(req.body, MAX_JSON_DEPTH)
  ) {
    next();
    return;
  }
  const description = `JSON body nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;
  req.body = `[refused: ${description}]`;
  notesOf(res).outcome = { kind: 'error', code: 'invalid_request', description };
  res.status(400).json({ error: 'invalid_request', error_description: description });
};
