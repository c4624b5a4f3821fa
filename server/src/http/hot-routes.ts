import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** One route served without the router: its method, its exact path, and its handlers. */
export interface HotRoute {
  method: 'GET' | 'POST';
  path: string;
  handlers: readonly RequestHandler[];
}

/**
 * Serves the busiest routes (a relying party's /authorize, /token and /userinfo) as one layer:
 * a request whose method and path match a route exactly (no trailing slash, same case, no
 * prefix) runs `before` and then the route's handlers in order, which is what Express's router
 * would run for it, without matching it against every layer on the way. Anything else (HEAD,
 * another spelling of the path, any other route) goes on through the router as before.
 *
 * The handlers' contract is Express's: next() moves on, next(error) goes to the app's error
 * handlers (through the router, as before); when the route's handlers are done without an
 * answer, `notFound` answers, as the router would have found no other layer for the path.
 */
export function serveHotRoutes(
  before: readonly RequestHandler[],
  routes: readonly HotRoute[],
  notFound: RequestHandler,
): RequestHandler {
  const byKey = new Map<string, readonly RequestHandler[]>();
  for (const route of routes)
    byKey.set(`${route.method} ${route.path}`, [...before, ...route.handlers, notFound]);
  return (req, res, next) => {
    const url = req.url;
    const queryAt = url.indexOf('?');
    const chain = byKey.get(`${req.method} ${queryAt === -1 ? url : url.slice(0, queryAt)}`);
    if (!chain) {
      next();
      return;
    }
    runChain(chain, req, res, next);
  };
}

function runChain(
  chain: readonly RequestHandler[],
  req: Request,
  res: Response,
  outerNext: NextFunction,
): void {
  let at = 0;
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      outerNext(error);
      return;
    }
    const handler = chain[at++];
    if (!handler) return;
    try {
      // Express's own layers return whatever the handler returns; a rejected promise is an error.
      const result = handler(req, res, step) as unknown;
      if (result instanceof Promise) result.catch(step);
    } catch (thrown) {
      step(thrown);
    }
  };
  step();
}
