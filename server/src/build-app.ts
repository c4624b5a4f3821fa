import express, { type Request, type RequestHandler, type Response } from 'express';
import { BODY_LIMIT } from './http/body-limit.js';
import type { AppDeps } from './http/app-deps.js';
import type { FaultTarget } from './config/config-types.js';
import { createExchangeRecorder } from './http/exchange-recorder.js';
import { keepJsonText } from './log/request-body-text.js';
import { createAdminRouter } from './admin/admin-router.js';
import { createTestClientRouter } from './admin/test-client-router.js';
import { createToolsRouter } from './admin/tools-router.js';
import { createPresetsRouter } from './admin/presets-router.js';
import { createSwitchesRouter } from './admin/switches-router.js';
import { createRpCheckRouter } from './admin/rp-check-router.js';
import { serveUi } from './admin/serve-ui.js';
import { requireLoopbackHost } from './http/require-loopback-host.js';
import { ADMIN_ACCESS_LOCAL, type AdminAccessSettings } from './http/admin-access.js';
import { adminTokenLogin } from './admin/admin-token-login.js';
import { createSimulatorsRouter } from './admin/simulators-router.js';
import { requireOwnOrigin } from './http/require-own-origin.js';
import { ADMIN_PREFIX, UI_PREFIX } from './http/prefixes.js';
import { dedupeQueryParams } from './http/dedupe-query-params.js';
import { securityHeaders } from './http/security-headers.js';
import { notesOf } from './http/exchange-notes.js';
import { handleRoot } from './endpoints/root/handle-root.js';
import { handleDiscovery } from './endpoints/discovery/handle-discovery.js';
import { handleJwks } from './endpoints/jwks/handle-jwks.js';
import { handleDid } from './endpoints/did/handle-did.js';
import { handleTrustmark } from './endpoints/trustmark/handle-trustmark.js';
import { handleAuthorize } from './endpoints/authorize/handle-authorize.js';
import { handleToken } from './endpoints/token/handle-token.js';
import { handleUserinfo } from './endpoints/userinfo/handle-userinfo.js';
import { handleLogout } from './endpoints/logout/handle-logout.js';
import {
  handleGetConfig,
  handlePostConfig,
  handleValidateConfig,
} from './endpoints/config/handle-config.js';
import { handleFormSubmit } from './endpoints/interactive/handle-form-submit.js';
import { requireUserAgent } from './http/require-user-agent.js';
import { limitJsonDepth } from './http/limit-json-depth.js';
import { injectFaults } from './http/inject-faults.js';
import { route } from './http/route.js';
import { serveHotRoutesFirst } from './http/hot-routes.js';
import { errorHandler } from './http/handle-errors.js';

/**
 * A logout form carries a hint, a URI and a state, and the state travels back in the Location
 * header, which clients refuse beyond 16 kB of headers: larger logout bodies get 413.
 */
export const LOGOUT_BODY_LIMIT = '8kb';

/** No route for the request: 404, recorded as such. */
function notFound(req: Request, res: Response): void {
  notesOf(res).outcome = {
    kind: 'error',
    code: 'not_found',
    description: `No route for ${req.method} ${req.path}`,
  };
  res.status(404).type('text/plain').send(`Cannot ${req.method} ${req.path}`);
}

export function buildApp(deps: AppDeps): express.Express {
  const { context: ctx } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  const access: AdminAccessSettings = deps.access ?? {
    adminToken: ctx.adminToken,
    startupUrl: () => ctx.config.startupSimulatorUrl(),
    startupHosts: new Set(),
  };
  app.locals[ADMIN_ACCESS_LOCAL] = access;

  // Named simulators (/sim/<name>/) first: each has its own app; other requests pay one test.
  if (deps.registry) app.use(deps.registry.dispatch);
  // Every request to the provider is recorded and carries the security headers; repeated query
  // parameters keep their last value.
  const prelude: RequestHandler[] = [
    createExchangeRecorder({
      clock: ctx.clock,
      log: deps.log,
      events: deps.events,
      simulator: deps.simulator,
      responses: app.response,
    }),
    securityHeaders,
    dedupeQueryParams,
  ];

  // Only requests that carry a body go through the parsers.
  const parseBodies = (limit: string): RequestHandler[] => [
    express.json({ limit, verify: keepJsonText }),
    limitJsonDepth,
    express.urlencoded({ extended: false, limit, parameterLimit: 200 }),
  ];
  const bodies = parseBodies(BODY_LIMIT);
  // Configured faults (outages, dropped connections, latency) come before anything else.
  const fault = (target: FaultTarget) => injectFaults(ctx, target);
  const token = [fault('token'), requireUserAgent, ...bodies, route(ctx, handleToken)];
  const userinfo = [fault('userinfo'), requireUserAgent, route(ctx, handleUserinfo)];
  const authorize = [fault('authorize'), ...bodies, route(ctx, handleAuthorize)];

  // A relying party's sign-ins, spelt as relying parties spell them, go ahead of the router (see
  // hot-routes.ts); every other spelling, method and route goes through the router below.
  serveHotRoutesFirst(app, {
    before: prelude,
    routes: [
      { method: 'POST', path: '/token', handlers: token },
      { method: 'GET', path: '/userinfo', handlers: userinfo },
      { method: 'GET', path: '/authorize', handlers: authorize },
      { method: 'POST', path: '/authorize', handlers: authorize },
    ],
    notFound,
    onError: errorHandler,
  });
  app.use(prelude);
  // The provider's own endpoints come first, busiest first: a relying party's requests meet no
  // admin or UI layer on their way.
  app.post('/token', token);
  app.get('/userinfo', userinfo);
  app.use('/authorize', authorize);
  app.get('/', route(ctx, handleRoot));
  app.get('/.well-known/openid-configuration', fault('discovery'), route(ctx, handleDiscovery));
  app.get('/.well-known/jwks.json', fault('jwks'), route(ctx, handleJwks));
  app.get('/.well-known/did.json', fault('did'), requireUserAgent, route(ctx, handleDid));
  app.get('/trustmark', fault('trustmark'), route(ctx, handleTrustmark));
  app.get('/logout', fault('logout'), route(ctx, handleLogout));
  app.post('/logout', fault('logout'), parseBodies(LOGOUT_BODY_LIMIT), route(ctx, handleLogout));
  app.get('/config', route(ctx, handleGetConfig));
  app.post('/config', requireOwnOrigin, bodies, route(ctx, handlePostConfig));
  app.post('/form-submit', bodies, route(ctx, handleFormSubmit));

  // The UI's API (and everything mounted below its prefix) answers loopback callers only.
  app.use(ADMIN_PREFIX, requireLoopbackHost);
  app.post(
    `${ADMIN_PREFIX}/config/validate`,
    express.json({ limit: BODY_LIMIT }),
    limitJsonDepth,
    route(ctx, handleValidateConfig),
  );
  app.use(ADMIN_PREFIX, createPresetsRouter(deps));
  app.use(ADMIN_PREFIX, createSwitchesRouter(deps));
  if (deps.rpCheck)
    app.use(
      ADMIN_PREFIX,
      createRpCheckRouter({
        ...deps.rpCheck,
        version: deps.version,
        simulatorUrl: () => ctx.config.get().simulatorUrl,
        now: ctx.clock,
      }),
    );
  if (deps.registry) app.use(ADMIN_PREFIX, createSimulatorsRouter(deps.registry));
  app.use(ADMIN_PREFIX, createTestClientRouter(deps));
  app.use(ADMIN_PREFIX, createToolsRouter(deps));
  app.use(ADMIN_PREFIX, createAdminRouter(deps));
  app.use(UI_PREFIX, adminTokenLogin, serveUi(deps.uiDir));

  app.use(notFound);

  app.use(errorHandler);
  return app;
}
