import type { NextFunction, Request, Response } from 'express';

/**
 * The last handler of the admin routers: body parser failures as 400/413 JSON, anything else as
 * a 500 with a fixed description (the process keeps running).
 */
export function adminErrorHandler(
  error: unknown,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const badRequest = (description: string) =>
    res.status(400).json({ error: 'invalid_request', error_description: description });
  const e = error as { type?: string; status?: unknown };
  if (e.type === 'entity.too.large') {
    res.status(413).json({ error: 'invalid_request', error_description: 'Request body too large' });
    return;
  }
  if (
    e.type === 'entity.parse.failed' ||
    e.type === 'charset.unsupported' ||
    e.type === 'encoding.unsupported'
  ) {
    badRequest('The body is not valid JSON');
    return;
  }
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    badRequest('Malformed request: the path or a parameter is not valid URL encoding');
    return;
  }
  res.status(500).json({ error: 'server_error', error_description: 'Unexpected server error' });
}
