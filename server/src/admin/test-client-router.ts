import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { AppDeps } from '../http/app-deps.js';
import { limitJsonDepth } from '../http/limit-json-depth.js';
import { listeningAddress } from '../http/listening-address.js';
import { adminErrorHandler } from './admin-error-handler.js';
import { parseTestClientRequest } from '../test-client/parse-test-client-request.js';
import { runTestClient } from '../test-client/run-test-client.js';
import { buildCurlCommands } from '../test-client/build-curl-commands.js';

const badRequest = (res: Response, description: string): void => {
  res.status(400).json({ error: 'invalid_request', error_description: description });
};

/**
 * The built-in test client, under /_simulator/api:
 *   POST /test-client/run       {flow, privateKey?} → TestClientRun (signs in over HTTP)
 *   POST /test-client/commands  {flow, privateKey?} → TestClientCommands (curl and a URL)
 */
export function createTestClientRouter(deps: AppDeps): Router {
  const { context: ctx, events, analyzer } = deps;
  const router = Router();
  const json = [express.json({ limit: '100kb', type: () => true }), limitJsonDepth];

  router.post('/test-client/run', json, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const parsed = parseTestClientRequest(req.body);
      if (!parsed.ok) {
        badRequest(res, parsed.error);
        return;
      }
      const listening = listeningAddress(req);
      if (!listening) {
        res.status(503).json({
          error: 'temporarily_unavailable',
          error_description: 'The simulator is not listening on a socket the test client can reach',
        });
        return;
      }
      const run = await runTestClient(parsed.value.flow, parsed.value.key, {
        baseUrl: listening.url,
        config: ctx.config.get(),
        events,
        analyze: (exchange) => analyzer.analyze(exchange),
        now: () => Math.floor(ctx.clock() / 1000),
      });
      res.json(run);
    } catch (error) {
      next(error);
    }
  });

  router.post(
    '/test-client/commands',
    json,
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const parsed = parseTestClientRequest(req.body);
        if (!parsed.ok) {
          badRequest(res, parsed.error);
          return;
        }
        const commands = await buildCurlCommands(
          parsed.value.flow,
          parsed.value.key,
          ctx.config.get(),
          Math.floor(ctx.clock() / 1000),
        );
        if (typeof commands === 'string') {
          res.status(409).json({ error: 'cannot_build', error_description: commands });
          return;
        }
        res.json(commands);
      } catch (error) {
        next(error);
      }
    },
  );

  for (const path of ['/test-client/run', '/test-client/commands'])
    router.all(path, (req, res) => {
      res.setHeader('Allow', 'POST');
      res.status(405).json({
        error: 'method_not_allowed',
        error_description: `${req.method} is not allowed on ${req.baseUrl}${req.path}; use POST`,
      });
    });

  router.use(adminErrorHandler);
  return router;
}
