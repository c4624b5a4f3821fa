import express, { Router } from 'express';
import { BODY_LIMIT } from '../http/body-limit.js';
import type { AppDeps } from '../http/app-deps.js';
import { requireLoopbackHost } from '../http/require-loopback-host.js';
import { ActiveTracker } from '../presets/active-tracker.js';
import { addDiffRoute } from './preset-routes/diff-route.js';
import { handlePresetError } from './preset-routes/handle-preset-error.js';
import { addImportRoute } from './preset-routes/import-route.js';
import { addPersonaRoutes } from './preset-routes/persona-routes.js';
import { route, type PresetRoutesContext } from './preset-routes/preset-routes-context.js';
import { addScenarioRoutes } from './preset-routes/scenario-routes.js';
import { addSchemaRoutes } from './preset-routes/schema-routes.js';

/**
 * Personas and scenarios under /_simulator/api:
 *   GET|POST /personas, GET|PUT|DELETE /personas/:id, POST /personas/:id/duplicate|apply
 *   GET|POST /scenarios, GET|PUT|DELETE /scenarios/:id, POST /scenarios/:id/duplicate|apply,
 *   GET /scenarios/:id/export?format=json|env|config|compose
 *   POST /import[?save=true], GET /active, GET /diff?left=…&right=…,
 *   GET /schemas/persona.json, GET /schemas/scenario.json
 * Every refusal is JSON: { error, error_description, issues? }.
 */

const PATHS = ['/personas', '/scenarios', '/import', '/active', '/diff', '/schemas'];

export function createPresetsRouter(deps: AppDeps): Router {
  const ctx = deps.context;
  const tracker = new ActiveTracker(ctx.config, deps.startupPreset);
  deps.onClose(() => tracker.close());

  const router = Router();
  router.use(PATHS, requireLoopbackHost, express.json({ limit: BODY_LIMIT }), (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  const routes: PresetRoutesContext = { router, ctx, store: ctx.presets, tracker };
  addPersonaRoutes(routes);
  addScenarioRoutes(routes);
  addImportRoute(routes);
  router.get(
    '/active',
    route((_req, res) => {
      res.json(tracker.get());
    }),
  );
  addDiffRoute(routes);
  addSchemaRoutes(routes);

  router.use(handlePresetError);
  return router;
}
