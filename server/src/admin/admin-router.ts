import express, { Router, type Response } from 'express';
import type { Exchange } from '../log/exchange-types.js';
import type {
  ExchangeDetail,
  ExchangePage,
  PublicKeysView,
  SimulatorStatus,
} from './admin-api-types.js';
import type { AppDeps } from '../http/app-deps.js';
import { buildJwks } from '../keys/jwks.js';
import { buildDidDocument, didId } from '../keys/did-document.js';
import { coreIdentitySigningKey, idTokenSigningKey } from '../keys/key-store.js';
import { maskExchange } from '../log/mask-exchange.js';
import type { ExchangeAnalyzer } from '../analysis/exchange-analyzer.js';
import { isTokenRole, TOKEN_ROLES } from '../analysis/analyze-token.js';
import { requireLoopbackHost } from '../http/require-loopback-host.js';
import { createEventStream } from './event-stream.js';
import { matchesFilter, parseExchangeQuery } from './parse-exchange-query.js';
import { streamHar } from './build-har.js';
import { addPinRoutes } from './pin-routes.js';
import { listeningAddress } from '../http/listening-address.js';
import { adminErrorHandler } from './admin-error-handler.js';

/** The longest token /inspect reads. */
export const MAX_INSPECT_TOKEN = 64 * 1024;

/** Paths of the admin API and the methods each answers (others get 405). */
const ROUTES: Record<string, string> = {
  '/status': 'GET, HEAD',
  '/exchanges': 'GET, HEAD, DELETE',
  '/exchanges.har': 'GET, HEAD',
  '/events': 'GET',
  '/events/config': 'GET, HEAD',
  '/keys': 'GET, HEAD',
  '/inspect': 'POST',
  '/defaults': 'GET, HEAD',
  '/config/reset': 'POST',
  '/pins': 'GET, HEAD',
};

function badRequest(res: Response, description: string): void {
  res.status(400).json({ error: 'invalid_request', error_description: description });
}

/**
 * The admin API, mounted at /_simulator/api: status, the request log (list, detail with token
 * analysis, clear, HAR export, live event stream), keys, token inspection and configuration
 * defaults. Loopback Host only, no CORS, no caching. Exchanges are shown with secrets masked,
 * except one exchange's detail on ?reveal=true.
 */
export function createAdminRouter(deps: AppDeps): Router {
  const { context: ctx, events, log } = deps;
  const startedAt = ctx.clock();
  const { analyzer } = deps;
  // The one log holds every simulator's exchanges: each is judged by the simulator that answered
  // it (its keys, its configuration, its URLs), as long as that simulator still exists.
  const analyzerOf = (exchange: Exchange): ExchangeAnalyzer =>
    (exchange.simulator !== undefined &&
      exchange.simulator !== deps.simulator &&
      deps.registry?.get(exchange.simulator)?.analyzer) ||
    analyzer;
  const stream = createEventStream({
    events,
    logEvents: deps.logEvents,
    log,
    currentConfig: () => ctx.config.get(),
  });
  deps.onClose(() => stream.close());

  /** A simulator the log can be exported for: the root, one that exists, or one the log names. */
  const isKnownSimulator = (name: string): boolean =>
    name === '/' ||
    name === deps.simulator ||
    deps.registry?.get(name) !== undefined ||
    log.list().some((e) => e.simulator === name);

  const router = Router();
  router.use(requireLoopbackHost);
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/status', (req, res) => {
    const now = ctx.clock();
    const status: SimulatorStatus = {
      version: deps.version,
      baseUrl: ctx.config.get().simulatorUrl,
      startedAt: new Date(startedAt).toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((now - startedAt) / 1000)),
      exchangeCount: log.size,
      totalExchanges: log.totalRecorded,
      logCapacity: log.capacity,
    };
    const listening = listeningAddress(req);
    if (listening) {
      status.listeningUrl = listening.url;
      status.port = listening.port;
    }
    res.json(status);
  });

  router.get('/exchanges', (req, res) => {
    const parsed = parseExchangeQuery(req.query as Record<string, unknown>, { paging: true });
    if (!parsed.ok) {
      badRequest(res, parsed.error);
      return;
    }
    const query = parsed.value;
    const items: Exchange[] = [];
    let total = 0;
    let more = false;
    // pinned=first: the pinned exchanges lead the first page, the other pages hold the rest;
    // pinned=only: nothing else.
    const pinnedOnes = [...log.newestFirst()].filter((e) => log.isPinned(e));
    const others = (): Iterable<Exchange> =>
      query.pinned === 'first'
        ? [...log.newestFirst()].filter((e) => !log.isPinned(e))
        : log.newestFirst();
    const order: Iterable<Exchange> =
      query.pinned === 'only'
        ? pinnedOnes
        : query.pinned === 'first'
          ? [...(query.before === undefined ? pinnedOnes : []), ...others()]
          : others();
    for (const exchange of order) {
      if (!matchesFilter(exchange, query)) continue;
      total++;
      if (query.before !== undefined && exchange.seq >= query.before) continue;
      const view = maskExchange(exchange);
      if (items.length < query.limit)
        items.push(log.isPinned(exchange) ? { ...view, pinned: true } : view);
      else more = true;
    }
    const page: ExchangePage = { items, total };
    const last = items[items.length - 1];
    if (more && last) page.nextBefore = last.seq;
    res.json(page);
  });

  addPinRoutes(router, log);

  router.delete('/exchanges', (req, res) => {
    const query = req.query as Record<string, unknown>;
    const extra = Object.keys(query).filter((k) => k !== 'simulator');
    if (extra.length > 0) {
      badRequest(
        res,
        `DELETE /exchanges takes only simulator=<name> (or / for the root), not ${extra.join(', ')}`,
      );
      return;
    }
    const parsed = parseExchangeQuery(query, { paging: false });
    if (!parsed.ok || query.simulator === '') {
      // An empty simulator= is a mistake, never "everything".
      badRequest(
        res,
        parsed.ok
          ? 'simulator must be a simulator name (a-z, 0-9 and -, up to 64) or / for the root'
          : parsed.error,
      );
      return;
    }
    const name = parsed.value.simulator;
    if (name === undefined) {
      log.clear();
      events.emit('reset');
      res.status(204).end();
      return;
    }
    if (!isKnownSimulator(name)) {
      badRequest(
        res,
        `simulator ${JSON.stringify(name)} is not a named simulator of this process and has no exchanges in the log; use / for the root simulator, or leave simulator out to clear every simulator's exchanges`,
      );
      return;
    }
    log.clearWhere((e) => (e.simulator ?? '/') === name);
    events.emit('reset', name);
    res.status(204).end();
  });

  router.get('/exchanges.har', (req, res) => {
    const parsed = parseExchangeQuery(req.query as Record<string, unknown>, { paging: false });
    if (!parsed.ok) {
      badRequest(res, parsed.error);
      return;
    }
    const filter = parsed.value;
    const name = filter.simulator;
    if (name !== undefined && !isKnownSimulator(name)) {
      badRequest(
        res,
        `simulator ${JSON.stringify(name)} is not a named simulator of this process and has no exchanges in the log; use / for the root simulator, or leave simulator out for all of them`,
      );
      return;
    }
    // Masked one by one as they are written: the export holds no copy of the log.
    const exchanges = log.list().filter((e) => matchesFilter(e, filter));
    res.setHeader('Content-Disposition', 'attachment; filename="identity-simulator.har"');
    res.type('application/json');
    const creator = { name: 'Identity Simulator', version: deps.version };
    void streamHar(res, exchanges, creator, maskExchange).catch(() => res.destroy());
  });

  router.get('/exchanges/:id', async (req, res, next) => {
    try {
      const extra = Object.keys(req.query).filter((k) => k !== 'reveal');
      if (extra.length > 0) {
        badRequest(res, `Unknown parameter ${extra[0]}; the only parameter is reveal`);
        return;
      }
      const reveal = (req.query as Record<string, unknown>).reveal;
      if (reveal !== undefined && reveal !== 'true' && reveal !== 'false') {
        badRequest(res, 'reveal must be true or false');
        return;
      }
      const id = req.params.id;
      const exchange = typeof id === 'string' ? log.get(id) : undefined;
      if (!exchange) {
        res.status(404).json({
          error: 'not_found',
          error_description: `No exchange with id ${JSON.stringify(id)} in the log (it may have been cleared or replaced by newer ones)`,
        });
        return;
      }
      const analysis = await analyzerOf(exchange).analyze(exchange);
      const detail: ExchangeDetail = {
        exchange: reveal === 'true' ? exchange : maskExchange(exchange),
        analysis,
      };
      res.json(detail);
    } catch (error) {
      next(error);
    }
  });

  router.get('/events', stream.handle);
  // The configuration as the event stream numbers it: a client that missed a config-patch
  // starts again from here (GET /config is the live configuration, which may be newer).
  router.get('/events/config', (_req, res) => {
    res.json(stream.configSnapshot());
  });

  router.get('/keys', async (_req, res, next) => {
    try {
      const keys = await ctx.keys();
      const config = ctx.config.get();
      const did = buildDidDocument(config.simulatorUrl, keys, config);
      const view: PublicKeysView = {
        idToken: {
          jwks: buildJwks(keys, config),
          signingKid: {
            ES256: idTokenSigningKey(keys, config, 'ES256').kid,
            RS256: idTokenSigningKey(keys, config, 'RS256').kid,
          },
        },
        coreIdentity: {
          did: { ...did },
          signingKid: `${didId(config.simulatorUrl)}#${coreIdentitySigningKey(keys, config).kid}`,
        },
      };
      res.json(view);
    } catch (error) {
      next(error);
    }
  });

  router.post(
    '/inspect',
    express.json({ limit: '200kb', type: () => true }),
    async (req, res, next) => {
      try {
        const body: unknown = req.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          badRequest(
            res,
            'Send a JSON object: {"token": "<compact JWT>", "role": "<optional role>"}',
          );
          return;
        }
        const { token, role } = body as { token?: unknown; role?: unknown };
        if (typeof token !== 'string' || token.trim() === '') {
          badRequest(res, 'token must be a non-empty string (a compact JWT)');
          return;
        }
        if (token.length > MAX_INSPECT_TOKEN) {
          badRequest(res, `token must be at most ${MAX_INSPECT_TOKEN} characters`);
          return;
        }
        if (role !== undefined && !isTokenRole(role)) {
          badRequest(res, `role must be one of: ${TOKEN_ROLES.join(', ')}`);
          return;
        }
        const unknown = Object.keys(body).filter((k) => k !== 'token' && k !== 'role');
        if (unknown.length > 0) {
          badRequest(res, `Unknown field ${unknown[0]}; the fields are token and role`);
          return;
        }
        res.json(await analyzer.inspect(token, role));
      } catch (error) {
        next(error);
      }
    },
  );

  router.get('/defaults', (_req, res) => {
    res.json(ctx.config.initialConfig());
  });

  router.post('/config/reset', (_req, res) => {
    res.json(ctx.config.reset());
  });

  router.use((req, res) => {
    const allowed = ROUTES[req.path];
    if (allowed) {
      res.setHeader('Allow', allowed);
      res.status(405).json({
        error: 'method_not_allowed',
        error_description: `${req.method} is not allowed on ${req.baseUrl}${req.path}; use ${allowed}`,
      });
      return;
    }
    res.status(404).json({
      error: 'not_found',
      error_description: `No admin endpoint ${req.method} ${req.baseUrl}${req.path}`,
    });
  });

  router.use(adminErrorHandler);

  return router;
}
