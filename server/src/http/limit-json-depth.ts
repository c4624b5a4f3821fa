import type { RequestHandler } from 'express';
import { notesOf } from './exchange-notes.js';

/** Deeper JSON than this is refused: nothing the simulator takes nests more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests deeper than `limit`. The walk goes no deeper than `limit`
 * levels, so it never overflows the stack however deep the value is, and it allocates nothing
 * per node: a body of tens of thousands of small objects is checked without doubling its cost.
 */
export function jsonDeeperThan(value: unknown, limit: number): boolean {
  return deeper(value, 0, limit);
}

function deeper(node: unknown, depth: number, limit: number): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (depth >= limit) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === 'object' && child !== null && deeper(child, depth + 1, limit))
        return true;
    }
    return false;
  }
  const record = node as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    if (typeof child === 'object' && child !== null && deeper(child, depth + 1, limit)) return true;
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
