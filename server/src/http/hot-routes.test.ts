import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { serveHotRoutesFirst, type HotRoute } from './hot-routes.js';

/** What ran for one request, in order, kept on res.locals and answered by the last handler. */
function trace(res: Response): string[] {
  const locals = res.locals as { trace?: string[] };
  locals.trace ??= [];
  return locals.trace;
}

/** Notes that a handler ran: in the request's trace and in the app's log of every run. */
function mark(res: Response, name: string): void {
  trace(res).push(name);
  const locals = res.app.locals as { ran?: string[] };
  (locals.ran ??= []).push(name);
}

/** Every handler run of the app, all requests together, answered or not. */
const ranIn = (app: express.Express): string[] => (app.locals as { ran?: string[] }).ran ?? [];

const step =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    mark(res, name);
    next();
  };

const answer =
  (name: string): RequestHandler =>
  (_req, res) => {
    mark(res, name);
    res.json({ by: name, trace: trace(res) });
  };

interface Lab {
  app: express.Express;
  /** Every error the app's error handler was given, with the request it came with. */
  errors: { error: unknown; url: string }[];
  /** How many times the `before` handlers ran, all requests together. */
  beforeRuns: { first: number; second: number };
}

/**
 * An app laid out as build-app.ts lays out the real one: the hot routes ahead of the router, then
 * in the router a marker layer, the same `before` handlers for every other request, the router's
 * routes, a 404 and the error handler. The hot routes and the router answer differently, so each
 * answer says who served it.
 */
function lab(extraRoutes: HotRoute[] = []): Lab {
  const errors: Lab['errors'] = [];
  const beforeRuns = { first: 0, second: 0 };
  const before: RequestHandler[] = [
    (_req, res, next) => {
      beforeRuns.first++;
      mark(res, 'before-1');
      next();
    },
    (_req, res, next) => {
      beforeRuns.second++;
      mark(res, 'before-2');
      res.setHeader('X-Before', 'yes');
      next();
    },
  ];
  const notFound: RequestHandler = (req, res) => {
    mark(res, 'notFound');
    res.status(404).json({ by: 'notFound', path: req.path, trace: trace(res) });
  };
  const routes: HotRoute[] = [
    { method: 'POST', path: '/token', handlers: [step('token-1'), answer('lane-token')] },
    { method: 'GET', path: '/userinfo', handlers: [answer('lane-userinfo')] },
    { method: 'GET', path: '/authorize', handlers: [answer('lane-authorize-get')] },
    { method: 'POST', path: '/authorize', handlers: [answer('lane-authorize-post')] },
    ...extraRoutes,
  ];

  const onError = (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    errors.push({ error, url: req.url });
    if (res.headersSent) return;
    res.status(500).json({
      by: 'error-handler',
      message: error instanceof Error ? error.message : String(error),
      trace: trace(res),
    });
  };
  const app = express();
  app.set('query parser', 'simple');
  serveHotRoutesFirst(app, { before, routes, notFound, onError });
  // The router's first layer: reached only by requests the hot routes leave to the router.
  app.use(step('router-first'));
  app.use(before);
  app.post('/token', answer('router-token'));
  app.get('/userinfo', answer('router-userinfo'));
  app.use('/authorize', answer('router-authorize'));
  app.get('/other', answer('router-other'));
  app.use((req, res) => {
    mark(res, 'router-404');
    res.status(404).json({ by: 'router-404', trace: trace(res) });
  });
  app.use(onError);
  return { app, errors, beforeRuns };
}

/** Requests that hang (an error swallowed, a chain left without an answer) fail fast. */
const TIMEOUT = { response: 2000, deadline: 3000 };

describe('serveHotRoutesFirst: the routes it serves', () => {
  it('runs the before handlers, then the route handlers in order, and nothing of the router', async () => {
    const { app } = lab();
    const res = await request(app).post('/token').timeout(TIMEOUT).send({ a: 1 });
    expect(res.status).toBe(200);
    expect(ranIn(app)).toEqual(['before-1', 'before-2', 'token-1', 'lane-token']);
    expect(res.headers['x-before']).toBe('yes');
    expect(res.body).toEqual({
      by: 'lane-token',
      trace: ['before-1', 'before-2', 'token-1', 'lane-token'],
    });
  });

  it.each([
    ['GET', '/userinfo', 'lane-userinfo'],
    ['GET', '/authorize', 'lane-authorize-get'],
    ['POST', '/authorize', 'lane-authorize-post'],
  ])('serves %s %s itself', async (method, path, by) => {
    const { app } = lab();
    const res = await request(app)[method === 'GET' ? 'get' : 'post'](path).timeout(TIMEOUT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ by, trace: ['before-1', 'before-2', by] });
  });

  it('ignores the query string when matching, and leaves it to the handlers', async () => {
    const { app } = lab([
      {
        method: 'GET',
        path: '/echo',
        handlers: [(req, res) => res.json({ url: req.url, query: req.query, trace: trace(res) })],
      },
    ]);
    const res = await request(app).get('/echo?a=1&b=two').timeout(TIMEOUT);
    expect(res.body).toEqual({
      url: '/echo?a=1&b=two',
      query: { a: '1', b: 'two' },
      trace: ['before-1', 'before-2'],
    });
    for (const path of ['/authorize?', '/authorize?response_type=code&state=s', '/authorize?/x'])
      expect((await request(app).get(path).timeout(TIMEOUT)).body).toEqual({
        by: 'lane-authorize-get',
        trace: ['before-1', 'before-2', 'lane-authorize-get'],
      });
  });

  it('runs the before handlers once per request, request after request', async () => {
    const { app, beforeRuns } = lab();
    const paths: [string, string][] = [
      ['post', '/token'],
      ['get', '/userinfo'],
      ['get', '/authorize?x=1'],
      ['post', '/authorize'],
      ['post', '/token?y=2'],
    ];
    for (const [method, path] of paths) {
      const res = await request(app)[method as 'get' | 'post'](path).timeout(TIMEOUT);
      expect(res.status).toBe(200);
      const ran = (res.body as { trace: string[] }).trace;
      expect(ran.filter((t) => t === 'before-1')).toHaveLength(1);
      expect(ran.filter((t) => t === 'before-2')).toHaveLength(1);
      expect(ran).not.toContain('router-first');
    }
    expect(beforeRuns).toEqual({ first: paths.length, second: paths.length });
    expect(ranIn(app)).not.toContain('router-first');
  });
});

describe('serveHotRoutesFirst: everything else goes on through the router', () => {
  it.each([
    ['HEAD', '/userinfo', 200, undefined],
    ['GET', '/userinfo/', 200, 'router-userinfo'],
    ['GET', '/UserInfo', 200, 'router-userinfo'],
    ['POST', '/token/', 200, 'router-token'],
    ['POST', '/TOKEN', 200, 'router-token'],
    ['POST', '/Token?x=1', 200, 'router-token'],
    ['GET', '/authorize/', 200, 'router-authorize'],
    ['GET', '/authorize/x', 200, 'router-authorize'],
    ['GET', '/authorizex', 404, 'router-404'],
    ['PUT', '/authorize', 200, 'router-authorize'],
    ['GET', '/token', 404, 'router-404'],
    ['POST', '/userinfo', 404, 'router-404'],
    ['GET', '/sim/a/userinfo', 404, 'router-404'],
    ['POST', '/sim/a/token', 404, 'router-404'],
    ['GET', '/other', 200, 'router-other'],
    ['GET', '/', 404, 'router-404'],
  ])('%s %s: the router answers, the lane ran nothing', async (method, path, status, by) => {
    const { app, beforeRuns } = lab();
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'head';
    const res = await request(app)[verb](path).timeout(TIMEOUT);
    expect(res.status).toBe(status);
    // Left to the router whole: the before handlers ran once, in the router.
    expect(ranIn(app).slice(0, 3)).toEqual(['router-first', 'before-1', 'before-2']);
    expect(beforeRuns).toEqual({ first: 1, second: 1 });
    expect(res.headers['x-before']).toBe('yes');
    if (method === 'HEAD') {
      expect(res.text ?? '').toBe('');
      return;
    }
    expect(res.body).toEqual({ by, trace: ['router-first', 'before-1', 'before-2', by] });
  });
});

describe('serveHotRoutesFirst: errors go to the app error handler, once', () => {
  const failing = (handler: RequestHandler): HotRoute[] => [
    { method: 'GET', path: '/fails', handlers: [step('first'), handler, answer('never')] },
  ];

  it.each<[string, RequestHandler]>([
    [
      'next(error)',
      (_req, res, next) => {
        mark(res, 'failing');
        next(new Error('passed on'));
      },
    ],
    [
      'a thrown error',
      (_req, res) => {
        mark(res, 'failing');
        throw new Error('thrown');
      },
    ],
    [
      'a rejected promise',
      async (_req, res) => {
        mark(res, 'failing');
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('rejected');
      },
    ],
  ])('%s', async (_name, handler) => {
    const { app, errors, beforeRuns } = lab(failing(handler));
    const res = await request(app).get('/fails?q=1').timeout(TIMEOUT);
    expect(res.status).toBe(500);
    expect(res.body.by).toBe('error-handler');
    expect(res.body.trace).toEqual(['before-1', 'before-2', 'first', 'failing']);
    expect(res.headers['x-before']).toBe('yes');
    // Give a second delivery of the same error the time to show up.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.url).toBe('/fails?q=1');
    expect(errors[0]?.error).toBeInstanceOf(Error);
    expect(res.body.message).toBe((errors[0]?.error as Error).message);
    expect(beforeRuns).toEqual({ first: 1, second: 1 });
    // Nothing after the failing handler ran, notFound and the router included.
    expect(ranIn(app)).toEqual(['before-1', 'before-2', 'first', 'failing']);
  });

  it('an error of a before handler skips the route handlers', async () => {
    const errors: unknown[] = [];
    const app = express();
    serveHotRoutesFirst(app, {
      before: [
        (_req, _res, next) => {
          next(new Error('before failed'));
        },
      ],
      routes: [{ method: 'POST', path: '/token', handlers: [answer('never')] }],
      notFound: answer('notFound'),
      onError: (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
        errors.push(error);
        res.status(500).json({ message: (error as Error).message, trace: trace(res) });
      },
    });
    app.use(answer('router'));
    const res = await request(app).post('/token').timeout(TIMEOUT);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'before failed', trace: [] });
    expect(errors).toHaveLength(1);
    expect(ranIn(app)).toEqual([]);
  });

  it('an error after the answer went out still reaches the error handler once', async () => {
    const { app, errors } = lab([
      {
        method: 'GET',
        path: '/late',
        handlers: [
          (_req, res, next) => {
            res.json({ ok: true });
            next(new Error('late'));
          },
        ],
      },
    ]);
    const res = await request(app).get('/late').timeout(TIMEOUT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors.map((e) => (e.error as Error).message)).toEqual(['late']);
    expect(ranIn(app)).toEqual(['before-1', 'before-2']);
  });
});

describe('serveHotRoutesFirst: a chain that ends without answering', () => {
  it('is answered by notFound, not by the router', async () => {
    const { app, errors, beforeRuns } = lab([
      { method: 'GET', path: '/silent', handlers: [step('a'), step('b')] },
      { method: 'POST', path: '/empty', handlers: [] },
    ]);
    const silent = await request(app).get('/silent?x=1').timeout(TIMEOUT);
    expect(silent.status).toBe(404);
    expect(silent.body).toEqual({
      by: 'notFound',
      path: '/silent',
      trace: ['before-1', 'before-2', 'a', 'b', 'notFound'],
    });
    const empty = await request(app).post('/empty').timeout(TIMEOUT);
    expect(empty.status).toBe(404);
    expect(empty.body).toEqual({
      by: 'notFound',
      path: '/empty',
      trace: ['before-1', 'before-2', 'notFound'],
    });
    expect(errors).toEqual([]);
    expect(beforeRuns).toEqual({ first: 2, second: 2 });
    expect(ranIn(app)).not.toContain('router-first');
  });

  it('an async handler that resolves after calling next() moves on once', async () => {
    const { app, errors } = lab([
      {
        method: 'GET',
        path: '/async',
        handlers: [
          async (_req, res, next) => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            mark(res, 'async');
            next();
          },
          answer('done'),
        ],
      },
    ]);
    const res = await request(app).get('/async').timeout(TIMEOUT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ by: 'done', trace: ['before-1', 'before-2', 'async', 'done'] });
    expect(errors).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ranIn(app)).toEqual(['before-1', 'before-2', 'async', 'done']);
  });
});

describe('serveHotRoutesFirst: what Express does for the requests it serves', () => {
  it("sets the app's prototypes, req.res, res.req and res.locals, as Express's own handle does", async () => {
    const app = express();
    app.set('query parser', 'simple');
    let seen: Record<string, unknown> = {};
    serveHotRoutesFirst(app, {
      before: [],
      routes: [
        {
          method: 'GET',
          path: '/userinfo',
          handlers: [
            (req, res) => {
              seen = {
                requestPrototype: Object.getPrototypeOf(req) === app.request,
                responsePrototype: Object.getPrototypeOf(res) === app.response,
                reqRes: req.res === res,
                resReq: res.req === req,
                locals: typeof res.locals,
                query: req.query,
                app: req.app === app,
              };
              res.json({ ok: true });
            },
          ],
        },
      ],
      notFound: answer('notFound'),
      onError: (_e: unknown, _req: Request, res: Response, _next: NextFunction) => {
        res.status(500).end();
      },
    });
    const res = await request(app).get('/userinfo?a=1&a=2').timeout(TIMEOUT);
    expect(res.status).toBe(200);
    expect(res.headers['x-powered-by']).toBe('Express');
    expect(seen).toEqual({
      requestPrototype: true,
      responsePrototype: true,
      reqRes: true,
      resReq: true,
      locals: 'object',
      query: { a: ['1', '2'] },
      app: true,
    });
    app.disable('x-powered-by');
    expect((await request(app).get('/userinfo').timeout(TIMEOUT)).headers['x-powered-by']).toBe(
      undefined,
    );
  });

  it('closes the connection when an error comes after the head went out, as Express does', async () => {
    const app = express();
    app.set('env', 'test');
    serveHotRoutesFirst(app, {
      before: [],
      routes: [
        {
          method: 'GET',
          path: '/late',
          handlers: [
            (_req, res, next) => {
              res.writeHead(200, { 'Content-Type': 'text/plain' });
              res.write('part');
              next(new Error('late'));
            },
          ],
        },
      ],
      notFound: answer('notFound'),
      onError: (error: unknown, _req: Request, res: Response, next: NextFunction) => {
        if (res.headersSent) {
          next(error);
          return;
        }
        res.status(500).end();
      },
    });
    const failure = await request(app)
      .get('/late')
      .timeout(TIMEOUT)
      .then(
        () => undefined,
        (error: { timeout?: number; code?: string }) => error,
      );
    // The connection is closed at once (not left to time out).
    expect(failure).toBeDefined();
    expect(failure?.timeout).toBeUndefined();
    expect(failure?.code).toBe('ECONNRESET');
  });
});
