import express, { Router, type Response } from 'express';
import type { SimulatorList } from './admin-api-types.js';
import {
  missingBody,
  refusalBody,
  summarize,
  type SimulatorRegistry,
} from '../http/simulator-registry.js';
import { describeBadName, SIMULATOR_NAME } from '../config/simulator-name.js';
import { requireLoopbackHost } from '../http/require-loopback-host.js';
import { adminErrorHandler } from './admin-error-handler.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function badRequest(res: Response, description: string): void {
  res.status(400).json({ error: 'invalid_request', error_description: description });
}

function notFound(res: Response, name: string): void {
  res.status(404).json(missingBody(name));
}

/**
 * /_simulator/api/simulators: list, create, reset and delete the named simulators (/sim/<name>/).
 * Loopback Host only, like the rest of the admin API.
 */
export function createSimulatorsRouter(registry: SimulatorRegistry): Router {
  const router = Router();
  router.use('/simulators', requireLoopbackHost, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/simulators', (_req, res) => {
    const body: SimulatorList = { simulators: registry.list(), max: registry.max };
    res.json(body);
  });

  router.post('/simulators', express.json({ limit: '1kb' }), (req, res) => {
    const body: unknown = req.body;
    if (!isObject(body) || typeof body.name !== 'string') {
      badRequest(res, 'The body must be a JSON object with a name: {"name": "worker-1"}');
      return;
    }
    const extra = Object.keys(body).filter((k) => k !== 'name');
    if (extra.length > 0) {
      badRequest(res, `Unknown field ${extra[0]}; the only field is name`);
      return;
    }
    const found = registry.obtain(body.name);
    if (!found.ok) {
      res.status(found.error.status).json(refusalBody(found.error));
      return;
    }
    res.status(found.value.created ? 201 : 200).json(summarize(found.value.simulator));
  });

  router.post('/simulators/:name/reset', (req, res) => {
    const name = req.params.name;
    if (!SIMULATOR_NAME.test(name)) {
      badRequest(res, describeBadName(name));
      return;
    }
    const fresh = registry.reset(name);
    if (!fresh) {
      notFound(res, name);
      return;
    }
    res.json(summarize(fresh));
  });

  router.delete('/simulators/:name', (req, res) => {
    const name = req.params.name;
    if (!SIMULATOR_NAME.test(name)) {
      badRequest(res, describeBadName(name));
      return;
    }
    if (!registry.delete(name)) {
      notFound(res, name);
      return;
    }
    res.status(204).end();
  });

  router.all(['/simulators', '/simulators/:name', '/simulators/:name/reset'], (req, res) => {
    const allow =
      req.path === '/simulators'
        ? 'GET, HEAD, POST'
        : req.path.endsWith('/reset')
          ? 'POST'
          : 'DELETE';
    res.setHeader('Allow', allow);
    res.status(405).json({
      error: 'method_not_allowed',
      error_description: `${req.method} is not allowed here; allowed: ${allow}`,
    });
  });
  // A name that is not valid percent-encoding (/simulators/%E0%A4%A) fails in the router's
  // decoding: 400, like any bad name.
  router.use(adminErrorHandler);
  return router;
}
