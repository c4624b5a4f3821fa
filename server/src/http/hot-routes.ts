import type {
  ErrorRequestHandler,
  Express,
  NextFunction,
  Request,
  RequestHandler,
  Response,
} from 'express';

/** One route served ahead of the router: its method, its exact path, and its handlers. */
export interface HotRoute {
  method: 'GET' | 'POST';
  path: string;
  handlers: readonly RequestHandler[];
}

export interface HotRoutes {
  /** What every request to the provider goes through first (recorder, headers, query). */
  before: readonly RequestHandler[];
  routes: readonly HotRoute[];
  /** Answers when a route's handlers are done without answering, as the router's last layer. */
  notFound: RequestHandler;
  /** The app's error handler: what the router would reach with next(error). */
  onError: ErrorRequestHandler;
}

/** What Express's app.handle is given and does; not in Express's published types. */
interface HandledApp {
  handle(req: Request, res: Response, callback?: NextFunction): void;
}

/**
 * Serves the busiest routes (a relying party's /authorize, /token and /userinfo) ahead of
 * Express's router. Express calls app.handle for every request an app gets (from the HTTP server,
 * from a named simulator's dispatch, from a test): for a request whose method and path match a
 * route exactly (no trailing slash, same case, the query string aside), the app's handle does what
 * Express's does for it (req.res and res.req, the app's request and response prototypes,
 * res.locals, X-Powered-By when enabled) and runs `before` and the route's handlers in order,
 * which is what the router would run for it, without a router pass (a final-handler closure,
 * layer matching and a next() closure per layer, on every request). Anything else (HEAD, another
 * spelling of the path, every other route) goes to Express's own handle, unchanged.
 *
 * The handlers' contract is Express's: next() moves on, next(error), a throw or a rejected
 * promise go to `onError`; the hot routes' handlers read none of the fields only the router sets
 * (req.baseUrl, req.originalUrl, req.params).
 */
export function serveHotRoutesFirst(app: Express, hot: HotRoutes): void {
  const chains = new Map<string, readonly RequestHandler[]>();
  for (const route of hot.routes)
    chains.set(`${route.method} ${route.path}`, [...hot.before, ...route.handlers, hot.notFound]);
  const handled = app as unknown as HandledApp;
  const expressHandle = handled.handle.bind(app);
  handled.handle = (req, res, callback) => {
    const url = req.url;
    const queryAt = url.indexOf('?');
    const chain = chains.get(`${req.method} ${queryAt === -1 ? url : url.slice(0, queryAt)}`);
    if (!chain) {
      expressHandle(req, res, callback);
      return;
    }
    if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', 'Express');
    (req as { res?: Response }).res = res;
    (res as { req?: Request }).req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    if (!(res as { locals?: unknown }).locals)
      res.locals = Object.create(null) as Response['locals'];
    runChain(chain, req, res, (error) => {
      hot.onError(error, req, res, () => afterHeadersSent(error, req));
    });
  };
}

/**
 * An error after the answer's head went out: what Express's final handler does then. The error
 * is written to the standard error (outside a test environment) and the connection is closed, as
 * the answer cannot be finished.
 */
function afterHeadersSent(error: unknown, req: Request): void {
  if (req.app.get('env') !== 'test')
    console.error(error instanceof Error ? (error.stack ?? String(error)) : String(error));
  req.socket.destroy();
}

function runChain(
  chain: readonly RequestHandler[],
  req: Request,
  res: Response,
  fail: (error: unknown) => void,
): void {
  let at = 0;
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      fail(error);
      return;
    }
    const handler = chain[at++];
    if (!handler) return;
    try {
      // As Express's own layers do: a handler's rejected promise is its error.
      const result = handler(req, res, step) as unknown;
      if (result instanceof Promise) result.catch(step);
    } catch (thrown) {
      step(thrown);
    }
  };
  step();
}
