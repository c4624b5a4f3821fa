import type { NextFunction, Request, Response } from 'express';
import { notesOf } from './exchange-notes.js';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** The last resort: a clear error, no stack trace on the wire, the process keeps running. */
export function errorHandler(
  error: unknown,
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const e = error as BodyParserError;
  const notes = notesOf(res);
  if (e.type === 'entity.too.large') {
    notes.outcome = {
      kind: 'error',
      code: 'invalid_request',
      description: 'Request body too large',
    };
    res.status(413).json({ error: 'invalid_request', error_description: 'Request body too large' });
    return;
  }
  if (e.type === 'entity.parse.failed' || (e.status === 400 && e.expose)) {
    notes.outcome = {
      kind: 'error',
      code: 'invalid_request',
      description: 'Malformed request body',
    };
    res.status(400).json({ error: 'invalid_request', error_description: 'Malformed request body' });
    return;
  }
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) {
    notes.outcome = { kind: 'error', code: 'invalid_request', description: 'Bad request' };
    res.status(e.status).json({ error: 'invalid_request', error_description: 'Bad request' });
    return;
  }
  if (error instanceof URIError && e.status === 400) {
    // The router could not decode a path parameter (%E0%A4%A): the client's mistake.
    const description = 'The path is not valid URL encoding';
    notes.outcome = { kind: 'error', code: 'invalid_request', description };
    res.status(400).json({ error: 'invalid_request', error_description: description });
    return;
  }
  notes.fault = error instanceof Error ? (error.stack ?? error.message) : String(error);
  notes.outcome = { kind: 'error', code: 'server_error', description: 'Unexpected server error' };
  res.status(500).json({ error: 'server_error', error_description: 'Unexpected server error' });
}
