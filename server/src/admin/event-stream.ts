import type { Request, RequestHandler, Response } from 'express';
import type { Exchange, SimulatorConfig } from '../contract.js';
import type { SimulatorEvents } from '../simulator-events.js';
import type { ExchangeBuffer } from '../log/exchange-buffer.js';
import { maskExchange } from '../log/mask-exchange.js';

export const KEEP_ALIVE_MS = 15_000;
/** A client that falls this far behind is dropped; it reconnects and resumes by Last-Event-ID. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface EventStream {
  /** GET handler: replay to this subscriber, then live events. */
  handle: RequestHandler;
  /** Ends every open stream (simulator shutdown). */
  close(): void;
  readonly clientCount: number;
}

export const exchangeMessage = (exchange: Exchange): string =>
  `id: ${exchange.seq}\nevent: exchange\ndata: ${JSON.stringify(maskExchange(exchange))}\n\n`;
const configMessage = (config: Readonly<SimulatorConfig>): string =>
  `event: config\ndata: ${JSON.stringify(config)}\n\n`;
const RESET_MESSAGE = `event: reset\ndata: ${JSON.stringify({ cleared: true })}\n\n`;

/** Last-Event-ID (header, or ?lastEventId= for clients that cannot send headers). */
export function parseLastEventId(req: Request): number | undefined | 'invalid' {
  const header = req.headers['last-event-id'];
  const query = (req.query as Record<string, unknown>).lastEventId;
  const raw = typeof header === 'string' && header !== '' ? header : query;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw.trim())) return 'invalid';
  return Number(raw.trim());
}

/**
 * Server-sent events for the admin API. Each message about an exchange carries `id: <seq>`. A new
 * subscriber gets the log (or what follows its Last-Event-ID) written to its own response only,
 * then the current configuration, then live events. Messages are serialised once for all
 * subscribers; a subscriber that stops reading is dropped rather than buffered without limit.
 */
export function createEventStream(deps: {
  events: SimulatorEvents;
  log: ExchangeBuffer;
  currentConfig: () => Readonly<SimulatorConfig>;
  keepAliveMs?: number;
}): EventStream {
  const { events, log } = deps;
  const clients = new Set<Response>();
  let keepAlive: NodeJS.Timeout | undefined;
  let closed = false;

  const drop = (res: Response): void => {
    clients.delete(res);
    if (clients.size === 0 && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = undefined;
    }
  };

  const broadcast = (message: string): void => {
    for (const res of clients) {
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        drop(res);
        res.end();
        continue;
      }
      res.write(message);
    }
  };

  events.on('exchange', (exchange) => {
    if (clients.size > 0) broadcast(exchangeMessage(exchange));
  });
  events.on('config', (config) => {
    if (clients.size > 0) broadcast(configMessage(config));
  });
  events.on('reset', () => {
    if (clients.size > 0) broadcast(RESET_MESSAGE);
  });

  const handle: RequestHandler = (req, res) => {
    const lastEventId = parseLastEventId(req);
    if (lastEventId === 'invalid') {
      res.status(400).json({
        error: 'invalid_request',
        error_description:
          'Last-Event-ID (or lastEventId) must be a whole number: the id of the last event received',
      });
      return;
    }
    if (closed) {
      res
        .status(503)
        .json({ error: 'temporarily_unavailable', error_description: 'The simulator is closing' });
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);

    // A Last-Event-ID beyond anything recorded comes from an earlier run of the simulator: its
    // numbers mean nothing here, so the client gets the whole log.
    const from = lastEventId === undefined || lastEventId > log.lastSeq ? 0 : lastEventId;
    let replay = 'retry: 2000\n\n';
    for (const exchange of log.after(from)) replay += exchangeMessage(exchange);
    replay += configMessage(deps.currentConfig());
    res.write(replay);

    clients.add(res);
    keepAlive ??= setInterval(
      () => broadcast(': keep-alive\n\n'),
      deps.keepAliveMs ?? KEEP_ALIVE_MS,
    );
    keepAlive.unref();
    res.on('close', () => drop(res));
  };

  return {
    handle,
    close() {
      closed = true;
      for (const res of [...clients]) {
        drop(res);
        res.end();
      }
    },
    get clientCount() {
      return clients.size;
    },
  };
}
