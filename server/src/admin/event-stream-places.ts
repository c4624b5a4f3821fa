import type { Response } from 'express';

/** One subscriber of the event stream. */
export interface Client {
  res: Response;
  /** The seq of the last exchange written to this client. */
  cursor: number;
  /** Still sending the log: live exchanges are picked up from the log, in order, as it reads. */
  replaying: boolean;
  /** When the socket last refused more (write returned false); undefined once drained. */
  blockedSince: number | undefined;
  /** When an event (not a keep-alive) was last written to it. */
  lastEventAt: number;
  /** The peer's address: the per-address cap counts by it. */
  address: string;
}

/** How many streams each address holds. */
export function countStreams(clients: Iterable<{ address: string }>): Map<string, number> {
  const held = new Map<string, number>();
  for (const client of clients) held.set(client.address, (held.get(client.address) ?? 0) + 1);
  return held;
}

/**
 * With every place taken, the stream to end for a newcomer from `address` (which holds `own`):
 * the oldest stream of the address holding the most, when that is more than the newcomer's
 * address would hold with one more; undefined when none may be ended. `clients` are oldest first.
 */
export function streamToEnd<C extends { address: string }>(
  clients: Iterable<C>,
  address: string,
  own: number,
  held: Map<string, number>,
): { stream: C; busiest: string; most: number } | undefined {
  let busiest: string | undefined;
  let most = 0;
  for (const [peer, count] of held)
    if (count > most) {
      busiest = peer;
      most = count;
    }
  if (busiest === undefined || busiest === address || most <= own + 1) return undefined;
  for (const stream of clients) if (stream.address === busiest) return { stream, busiest, most };
  return undefined;
}
