import express, { Router } from 'express';
import type { AppDeps } from '../http/app-deps.js';
import { limitJsonDepth } from '../http/limit-json-depth.js';
import { ERROR_LISTS } from '../scenarios/names.js';
import {
  FAULT_KINDS,
  FAULT_TARGETS,
  MAX_FAULT_REQUESTS,
  MAX_LATENCY_MS,
} from '../scenarios/faults.js';
import { emptyErrorConfiguration } from '../config/parse-config-request.js';
import { applySwitchChange, parseSwitchChange } from '../scenarios/switch-change.js';

/**
 * /_simulator/api/switches: the error switches and faults one at a time, for scripts and tools.
 * POST /config replaces the whole errorConfiguration; here one switch changes and the others stay.
 *   GET    → what can be switched (names, env variables, fault targets) and what is on
 *   POST   { group, name, on } | { fault, on } → the new configuration
 *   DELETE → every switch and fault off
 */
export function createSwitchesRouter(deps: AppDeps): Router {
  const { config } = deps.context;
  const router = Router();

  router.get('/switches', (_req, res) => {
    res.json({
      lists: ERROR_LISTS,
      faults: {
        targets: FAULT_TARGETS,
        kinds: FAULT_KINDS,
        status: { minimum: 500, maximum: 599 },
        ms: { minimum: 0, maximum: MAX_LATENCY_MS },
        requests: { minimum: 1, maximum: MAX_FAULT_REQUESTS },
      },
      errorConfiguration: config.get().errorConfiguration,
    });
  });

  router.post(
    '/switches',
    express.json({ limit: '16kb', type: () => true }),
    limitJsonDepth,
    (req, res) => {
      const change = parseSwitchChange(req.body);
      if (!change.ok) {
        res.status(400).json({
          error: 'invalid_request',
          error_description: change.error
            .map((i) => `${i.path || 'body'}: ${i.message}`)
            .join('; '),
          issues: change.error.map(({ path, message }) => ({ path, message })),
        });
        return;
      }
      const errorConfiguration = applySwitchChange(config.get().errorConfiguration, change.value);
      const updated = config.update({ errorConfiguration });
      if (!updated.ok) {
        res.status(400).json({
          error: 'invalid_request',
          error_description: updated.error.map((i) => `${i.path}: ${i.message}`).join('; '),
          issues: updated.error.map(({ path, message }) => ({ path, message })),
        });
        return;
      }
      res.json(updated.value);
    },
  );

  router.delete('/switches', (_req, res) => {
    const updated = config.update({ errorConfiguration: emptyErrorConfiguration() });
    res.json(updated.ok ? updated.value : config.get());
  });

  return router;
}
