import type { RequestHandler } from 'express';
import { notesOf } from './exchange-notes.js';

/** The provider answers 403, with no body, when User-Agent is missing or empty. */
export const requireUserAgent: RequestHandler = (req, res, next) => {
  const ua = req.headers['user-agent'];
  if (typeof ua === 'string' && ua.trim() !== '') {
    next();
    return;
  }
  notesOf(res).outcome = {
    kind: 'error',
    code: 'forbidden',
    description: 'User-Agent header missing or empty',
  };
  res.status(403).end();
};
