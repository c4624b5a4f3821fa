import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { UI_PREFIX } from '../http/prefixes.js';

/** The Content-Security-Policy of every UI response. */
export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export const UI_NOT_BUILT = 'The UI is not built. Run `npm run build`.';

const uiHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', UI_CSP);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

/**
 * True for paths that try to leave the UI folder or smuggle separators: `..` segments, encoded
 * slashes or backslashes, NUL. express.static refuses these too; this keeps them from reaching
 * the client-side route fallback.
 */
function isSuspiciousPath(rawPath: string): boolean {
  if (/%2f|%5c|%00/i.test(rawPath) || rawPath.includes('\\')) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  return decoded.split('/').some((segment) => segment === '..');
}

/**
 * Serves the built renderer at /_simulator/: its files, and index.html for any client-side route.
 * `/_simulator` redirects to `/_simulator/`. Without a built UI every path answers 404 with how
 * to build it.
 */
export function serveUi(uiDir: string | undefined): Router {
  const router = Router();
  router.use(uiHeaders);

  router.use((req, res, next) => {
    // Mounted at UI_PREFIX, so both /_simulator and /_simulator/ arrive here as "/".
    const original = req.originalUrl;
    const queryAt = original.indexOf('?');
    const path = queryAt === -1 ? original : original.slice(0, queryAt);
    if (path === UI_PREFIX) {
      res.redirect(302, `${UI_PREFIX}/${queryAt === -1 ? '' : original.slice(queryAt)}`);
      return;
    }
    next();
  });

  const root = uiDir === undefined ? undefined : resolve(uiDir);
  const indexFile = root === undefined ? undefined : join(root, 'index.html');
  const built = (): boolean => indexFile !== undefined && existsSync(indexFile);

  router.use((req, res, next) => {
    if (!built()) {
      res.status(404).type('text/plain').send(UI_NOT_BUILT);
      return;
    }
    if (isSuspiciousPath(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    next();
  });

  if (root !== undefined && indexFile !== undefined) {
    router.use(
      express.static(root, {
        index: 'index.html',
        redirect: false,
        dotfiles: 'ignore',
        fallthrough: true,
        setHeaders: (res, filePath) => {
          if (filePath === indexFile) res.setHeader('Cache-Control', 'no-cache');
        },
      }),
    );
    // Client-side routes (no file extension) get the app; missing files stay 404.
    router.use((req, res) => {
      const last = req.path.split('/').pop() ?? '';
      if ((req.method === 'GET' || req.method === 'HEAD') && !last.includes('.')) {
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(indexFile);
        return;
      }
      res.status(404).type('text/plain').send('Not found');
    });
  }
  return router;
}
