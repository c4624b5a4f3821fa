import type { RequestHandler } from 'express';
import { notesOf } from './exchange-notes.js';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../rules/json-depth.js';

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
