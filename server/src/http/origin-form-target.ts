import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request line in absolute form (`GET http://host/path?q HTTP/1.1`, as sent to a proxy) is
 * served and recorded by its own path: the server rewrites the target to origin form before the
 * app (the request log, the admin prefix checks) sees it. A target that is neither a path nor an
 * http(s) URL is refused with 400. Returns whether the request may go on.
 */
export function toOriginForm(req: IncomingMessage, res: ServerResponse): boolean {
  const target = req.url ?? '/';
  if (target.startsWith('/')) return true;
  let url: URL | undefined;
  try {
    url = new URL(target);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    res.end('Bad request target: use a path such as /authorize, or an absolute http(s) URL');
    return false;
  }
  req.url = `${url.pathname}${url.search}`;
  return true;
}
