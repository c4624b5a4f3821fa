import type { Request } from 'express';
import type { ConfigPatch, ConfigSnapshot } from './admin-api-types.js';
import type { Exchange } from '../log/exchange-types.js';
import { maskExchange } from '../log/mask-exchange.js';

/**
 * The event stream's wire format: each message as server-sent events spell it (exchanges carry
 * `id: <seq>`, masked), and the Last-Event-ID a reconnecting client sends.
 */

export const exchangeMessage = (exchange: Exchange): string =>
  `id: ${exchange.seq}\nevent: exchange\ndata: ${JSON.stringify(maskExchange(exchange))}\n\n`;
export const configMessage = (snapshot: Readonly<ConfigSnapshot>): string =>
  `event: config\ndata: ${JSON.stringify(snapshot)}\n\n`;
export const patchMessage = (patch: ConfigPatch): string =>
  `event: config-patch\ndata: ${JSON.stringify(patch)}\n\n`;
export const RESET_MESSAGE = `event: reset\ndata: ${JSON.stringify({ cleared: true })}\n\n`;

/** Last-Event-ID (header, or ?lastEventId= for clients that cannot send headers). */
export function parseLastEventId(req: Request): number | undefined | 'invalid' {
  const header = req.headers['last-event-id'];
  const query = (req.query as Record<string, unknown>).lastEventId;
  const raw = typeof header === 'string' && header !== '' ? header : query;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw.trim())) return 'invalid';
  return Number(raw.trim());
}
