import type { NextFunction, Request, Response } from 'express';
import { BODY_LIMIT } from '../../http/body-limit.js';
import { FolderFullError, NoDataDirError } from '../../presets/preset-store.js';
import { NO_DATA_DIR, PresetHttpError } from './preset-http-error.js';

/** The personas and scenarios API's error handler: every refusal is JSON, the process lives on. */
export function handlePresetError(
  error: unknown,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof PresetHttpError) {
    res.status(error.status).json(error.body);
    return;
  }
  if (error instanceof FolderFullError) {
    res.status(409).json({ error: 'conflict', error_description: error.message });
    return;
  }
  if (error instanceof NoDataDirError) {
    res.status(409).json({ error: 'conflict', error_description: NO_DATA_DIR });
    return;
  }
  const e = error as { type?: string; status?: number; code?: string; message?: string };
  if (e.type === 'entity.too.large') {
    res.status(413).json({
      error: 'invalid_request',
      error_description: `the body is larger than ${BODY_LIMIT}`,
      issues: [{ path: '', message: `must be at most ${BODY_LIMIT}` }],
    });
    return;
  }
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({
      error: 'invalid_request',
      error_description: 'the body is not valid JSON',
      issues: [{ path: '', message: 'is not valid JSON' }],
    });
    return;
  }
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    res.status(e.status).json({
      error: 'invalid_request',
      error_description: 'the request cannot be read',
      issues: [{ path: '', message: e.type ?? 'bad request' }],
    });
    return;
  }
  if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code)) {
    // A file system failure (permissions, disk full): say which, keep running.
    res.status(500).json({
      error: 'server_error',
      error_description: `the data folder could not be written (${e.code})`,
    });
    return;
  }
  next(error);
}
