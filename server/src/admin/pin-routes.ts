import type { Request, Response, Router } from 'express';
import type { ExchangeBuffer } from '../log/exchange-buffer.js';

/** Exchange and journey ids: what the recorder makes (UUIDs, short tokens), nothing else. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;

function refuse(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description });
}

/**
 * Pins, so the exchanges a tester is looking at survive the log's cap:
 *   GET /pins                                   → { exchanges: [id], journeys: [journeyId] }
 *   PUT|DELETE /pins/exchanges/:id              → pins or unpins one exchange
 *   PUT|DELETE /pins/journeys/:journeyId        → a whole journey, later exchanges included
 * Each change answers the pins as they now are.
 */
export function addPinRoutes(router: Router, log: ExchangeBuffer): void {
  router.get('/pins', (_req, res) => {
    res.json(log.pins());
  });

  const change =
    (kind: 'exchanges' | 'journeys', pinned: boolean) => (req: Request, res: Response) => {
      const id = req.params.id;
      if (typeof id !== 'string' || !ID.test(id)) {
        refuse(res, 400, 'invalid_request', 'the id must be 1 to 100 letters, digits, - or _');
        return;
      }
      if (Object.keys(req.query).length > 0) {
        refuse(res, 400, 'invalid_request', 'no query parameters are taken here');
        return;
      }
      const done = kind === 'exchanges' ? log.pinExchange(id, pinned) : log.pinJourney(id, pinned);
      if (!done && pinned) {
        refuse(
          res,
          404,
          'not_found',
          kind === 'exchanges'
            ? `the log holds no exchange with the id "${id}"`
            : `the log holds no exchange of the journey "${id}"`,
        );
        return;
      }
      res.json(log.pins());
    };

  for (const kind of ['exchanges', 'journeys'] as const) {
    router.put(`/pins/${kind}/:id`, change(kind, true));
    router.delete(`/pins/${kind}/:id`, change(kind, false));
  }
}
