import type { RequestHandler, Response } from 'express';
import type { ConfigSnapshot } from './admin-api-types.js';
import type { Exchange } from '../log/exchange-types.js';
import type { SimulatorConfig } from '../config/config-types.js';
import type { SimulatorsChange } from '../simulator/simulator-events.js';
import { jsonChanges, type JsonChange } from '../shared/json-changes.js';
import { checkCreateParam } from '../http/simulator-create-option.js';
import type { SimulatorEvents } from '../simulator/simulator-events.js';
import type { ExchangeBuffer } from '../log/exchange-buffer.js';
import {
  RESET_MESSAGE,
  configMessage,
  exchangeMessage,
  parseLastEventId,
  patchMessage,
} from './event-stream-wire.js';

import {
  KEEP_ALIVE_MS,
  MAX_BUFFERED_BYTES,
  MAX_STALL_MS,
  MAX_IDLE_MS,
  CONFIG_PUSH_MS,
  PATCH_WEIGH_BYTES,
  MAX_CLIENTS,
  MAX_CLIENTS_PER_ADDRESS,
} from './event-stream-limits.js';
import { countStreams, streamToEnd, type Client } from './event-stream-places.js';

export interface EventStream {
  /** GET handler: replay to this subscriber, then live events. */
  handle: RequestHandler;
  /** Ends every open stream (simulator shutdown). */
  close(): void;
  readonly clientCount: number;
  /** Bytes written but not yet taken by the clients' sockets, all clients together. */
  readonly bufferedBytes: number;
  /**
   * The configuration every live client holds (the last one pushed) and its version: what the
   * next `config-patch` applies to. A client that missed a patch starts again from this.
   */
  configSnapshot(): ConfigSnapshot;
}

/**
 * Server-sent events for the admin API. Each message about an exchange carries `id: <seq>`. A new
 * subscriber gets the log (or what follows its Last-Event-ID) written to its own response only,
 * one message at a time as its socket drains, then the whole configuration (numbered), then live
 * events, configuration changes among them as numbered patches (`config-patch`).
 * Memory stays bounded: at most MAX_CLIENTS clients (MAX_CLIENTS_PER_ADDRESS from one address),
 * each with at most MAX_BUFFERED_BYTES
 * waiting; a client that falls further behind, or does not read for MAX_STALL_MS, is dropped
 * with a notice (the host prints it) and may reconnect with Last-Event-ID.
 */
export function createEventStream(deps: {
  events: SimulatorEvents;
  /** Where exchanges and log resets are emitted (the one log's events); default: events. */
  logEvents?: SimulatorEvents;
  log: ExchangeBuffer;
  currentConfig: () => Readonly<SimulatorConfig>;
  keepAliveMs?: number;
  /** Least time between two configuration pushes (default CONFIG_PUSH_MS). */
  configPushMs?: number;
  /** Overrides for tests and benchmarks. */
  limits?: {
    maxBufferedBytes?: number;
    maxStallMs?: number;
    maxClients?: number;
    maxClientsPerAddress?: number;
    maxIdleMs?: number;
  };
  now?: () => number;
}): EventStream {
  const { events, log } = deps;
  const maxBuffered = deps.limits?.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const maxStall = deps.limits?.maxStallMs ?? MAX_STALL_MS;
  const maxClients = deps.limits?.maxClients ?? MAX_CLIENTS;
  const maxIdle = deps.limits?.maxIdleMs ?? MAX_IDLE_MS;
  const maxPerAddress = deps.limits?.maxClientsPerAddress ?? MAX_CLIENTS_PER_ADDRESS;
  const configPushMs = deps.configPushMs ?? CONFIG_PUSH_MS;
  const now = deps.now ?? Date.now;
  const clients = new Map<Response, Client>();
  let keepAlive: NodeJS.Timeout | undefined;
  let closed = false;

  const forget = (res: Response): void => {
    clients.delete(res);
    if (clients.size === 0 && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = undefined;
    }
  };

  /** Drops a client that is not keeping up: its buffered bytes are freed at once. */
  const dropSlow = (client: Client, why: string): void => {
    const peer = client.res.req.socket.remoteAddress ?? 'unknown';
    const port = client.res.req.socket.remotePort ?? 0;
    forget(client.res);
    client.res.destroy();
    events.emit('notice', {
      code: 'EVENT_STREAM_CLIENT_DROPPED',
      message: `event stream: dropped a slow client (${peer}:${port}): ${why}; it may reconnect with Last-Event-ID ${client.cursor}`,
    });
  };

  /** Writes one message; notes when the socket asks the writer to wait. */
  const write = (client: Client, message: string): boolean => {
    if (!message.startsWith(':')) client.lastEventAt = now();
    const ok = client.res.write(message);
    if (!ok) client.blockedSince ??= now();
    return ok;
  };

  /** Sends the log to a replaying client as fast as it reads, then switches it to live. */
  const pump = (client: Client): void => {
    while (client.replaying && clients.has(client.res)) {
      const next = log.firstAfter(client.cursor);
      if (!next) {
        client.replaying = false;
        // The configuration the live clients hold: any change since reaches it as a patch
        // (a push is at most CONFIG_PUSH_MS away).
        write(client, configMessage({ version: configVersion, config: pushedConfig }));
        return;
      }
      client.cursor = next.seq;
      if (!write(client, exchangeMessage(next))) return; // resumed on 'drain'
    }
  };

  /** Drops the client if it has not read for MAX_STALL_MS; says whether it did. */
  const droppedStalled = (client: Client, t: number): boolean => {
    if (client.blockedSince === undefined || t - client.blockedSince < maxStall) return false;
    dropSlow(client, `it has not read for ${Math.round((t - client.blockedSince) / 1000)} s`);
    return true;
  };

  /**
   * Live messages of one turn of the event loop leave in one write per client: a client is corked
   * at its first message and uncorked once the turn is over. A busy simulator finishes several
   * exchanges per turn, and each write to a socket is a system call (plus chunk framing): the
   * window must cost the provider little. The bytes and their order are the same.
   */
  const corked = new Set<Response>();
  let flushScheduled = false;
  const flushCorked = (): void => {
    flushScheduled = false;
    for (const res of corked) res.uncork();
    corked.clear();
  };
  const corkForThisTurn = (res: Response): void => {
    if (corked.has(res)) return;
    res.cork();
    corked.add(res);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushCorked);
    }
  };

  /** A live message to every client that is not replaying; those too far behind are dropped. */
  const broadcast = (message: string, seq?: number): void => {
    const t = now();
    for (const client of [...clients.values()]) {
      if (droppedStalled(client, t)) continue;
      if (client.replaying) continue; // the replay reaches this exchange through the log
      if (client.res.writableLength > maxBuffered) {
        dropSlow(
          client,
          `${client.res.writableLength} bytes waiting, more than the ${maxBuffered} allowed`,
        );
        continue;
      }
      corkForThisTurn(client.res);
      write(client, message);
      if (seq !== undefined) client.cursor = seq;
    }
  };

  /** Keep-alive tick: a comment to idle clients; clients that stopped reading are dropped. */
  const keepAliveMs = deps.keepAliveMs ?? KEEP_ALIVE_MS;
  let lastKeepAlive = now();
  const tick = (): void => {
    const t = now();
    const sendKeepAlive = t - lastKeepAlive >= keepAliveMs;
    if (sendKeepAlive) lastKeepAlive = t;
    for (const client of [...clients.values()]) {
      if (droppedStalled(client, t)) continue;
      if (t - client.lastEventAt >= maxIdle) {
        const peer = client.res.req.socket.remoteAddress ?? 'unknown';
        forget(client.res);
        client.res.end(': idle: reconnect to go on\n\n');
        events.emit('notice', {
          code: 'EVENT_STREAM_CLIENT_DROPPED',
          message: `event stream: ended an idle client (${peer}): no event for ${Math.round((t - client.lastEventAt) / 1000)} s; it may reconnect with Last-Event-ID ${client.cursor}`,
        });
        continue;
      }
      if (sendKeepAlive && client.res.writableLength === 0) write(client, ': keep-alive\n\n');
    }
  };

  const countByAddress = (): Map<string, number> => countStreams(clients.values());

  /** With every place taken: ends a stream of the busiest address if fair. Says whether one was. */
  const makeRoomFor = (address: string, own: number, held: Map<string, number>): boolean => {
    const chosen = streamToEnd(clients.values(), address, own, held);
    if (!chosen) return false;
    const { stream: oldest, busiest, most } = chosen;
    forget(oldest.res);
    oldest.res.end(': evicted: another address needs a place; reconnect to go on\n\n');
    events.emit('notice', {
      code: 'EVENT_STREAM_CLIENT_DROPPED',
      message: `event stream: ended the oldest of ${most} streams from ${busiest} to let ${address} in; it may reconnect with Last-Event-ID ${oldest.cursor}`,
    });
    return true;
  };

  const logEvents = deps.logEvents ?? events;
  const onExchange = (exchange: Exchange): void => {
    if (clients.size > 0) broadcast(exchangeMessage(exchange), exchange.seq);
  };
  logEvents.on('exchange', onExchange);
  // Configuration pushes are coalesced: at most one per CONFIG_PUSH_MS, the latest state. A
  // counted fault changes the configuration on every request it hits; pushing each change to
  // every client would multiply one request's cost by the clients and the configuration's size.
  // A push carries what changed since the one before (every live client holds that one): the
  // whole configuration goes out only when a client starts (at the end of its replay) and when
  // the changes would be longer than the configuration itself.
  let pushedConfig: Readonly<SimulatorConfig> = deps.currentConfig();
  let configVersion = 0;
  let pendingConfig: Readonly<SimulatorConfig> | undefined;
  let configTimer: NodeJS.Timeout | undefined;
  const pushMessage = (changes: JsonChange[]): string => {
    const patch = patchMessage({ version: configVersion, changes });
    if (patch.length <= PATCH_WEIGH_BYTES) return patch;
    const whole = configMessage({ version: configVersion, config: pushedConfig });
    return whole.length < patch.length ? whole : patch;
  };
  const pushConfig = (): void => {
    configTimer = undefined;
    if (!pendingConfig) return;
    const config = pendingConfig;
    pendingConfig = undefined;
    // The store never changes a configuration in place, so the unchanged parts are the same
    // objects and the comparison skips them.
    const changes = clients.size > 0 ? jsonChanges(pushedConfig, config) : undefined;
    if (changes?.length === 0) return;
    configVersion++;
    pushedConfig = config;
    // A replaying client gets the configuration of the moment when its replay ends.
    if (changes) broadcast(pushMessage(changes));
    configTimer = setTimeout(pushConfig, configPushMs);
    configTimer.unref();
  };
  events.on('config', (config) => {
    pendingConfig = config;
    if (!configTimer) pushConfig();
  });
  const onReset = (simulator?: string): void => {
    const message =
      simulator === undefined
        ? RESET_MESSAGE
        : `event: reset\ndata: ${JSON.stringify({ cleared: true, simulator })}\n\n`;
    // To every client, replaying or not: each message is whole, so this lands between two.
    for (const client of [...clients.values()]) write(client, message);
  };
  logEvents.on('reset', onReset);
  // Named simulators created, reset or deleted: every window's switcher follows the list, and a
  // window on a deleted one hears it before its stream ends.
  const onSimulators = (change: SimulatorsChange): void => {
    const message = `event: simulators\ndata: ${JSON.stringify(change)}\n\n`;
    for (const client of [...clients.values()]) write(client, message);
  };
  logEvents.on('simulators', onSimulators);

  const handle: RequestHandler = (req, res) => {
    const badCreate = checkCreateParam(req.query as Record<string, unknown>);
    if (badCreate !== undefined) {
      res.status(400).json({ error: 'invalid_request', error_description: badCreate });
      return;
    }
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
    const address = req.socket.remoteAddress ?? 'unknown';
    const held = countByAddress();
    const own = held.get(address) ?? 0;
    if (own >= maxPerAddress) {
      events.emit('notice', {
        code: 'EVENT_STREAM_CLIENT_REFUSED',
        message: `event stream: refused a client (${address}): it already holds ${own} streams, the most one address may`,
      });
      res.setHeader('Retry-After', '5');
      res.status(503).json({
        error: 'temporarily_unavailable',
        error_description: `Too many event-stream clients from this address (at most ${maxPerAddress}); close one and retry`,
      });
      return;
    }
    if (clients.size >= maxClients && (req.method === 'HEAD' || !makeRoomFor(address, own, held))) {
      events.emit('notice', {
        code: 'EVENT_STREAM_CLIENT_REFUSED',
        message: `event stream: refused a client (${address}): ${maxClients} clients are already connected`,
      });
      res.setHeader('Retry-After', '5');
      res.status(503).json({
        error: 'temporarily_unavailable',
        error_description: `Too many event-stream clients (at most ${maxClients}); close one and retry`,
      });
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
    const client: Client = {
      res,
      cursor: from,
      replaying: true,
      blockedSince: undefined,
      lastEventAt: now(),
      address,
    };
    clients.set(res, client);
    res.on('close', () => forget(res));
    res.on('drain', () => {
      client.blockedSince = undefined;
      pump(client);
    });
    // Stalls are checked on every live event and at least every third of the stall (or idle)
    // limit.
    keepAlive ??= setInterval(tick, Math.min(keepAliveMs, maxStall / 3, maxIdle / 3));
    keepAlive.unref();
    if (write(client, 'retry: 2000\n\n')) pump(client);
  };

  return {
    handle,
    close() {
      closed = true;
      if (configTimer) clearTimeout(configTimer);
      logEvents.off('exchange', onExchange);
      logEvents.off('reset', onReset);
      logEvents.off('simulators', onSimulators);
      for (const res of [...clients.keys()]) {
        forget(res);
        res.end();
      }
    },
    get clientCount() {
      return clients.size;
    },
    configSnapshot() {
      return { version: configVersion, config: pushedConfig };
    },
    get bufferedBytes() {
      let total = 0;
      for (const res of clients.keys()) total += res.writableLength;
      return total;
    },
  };
}
