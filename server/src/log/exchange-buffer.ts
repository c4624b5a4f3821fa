import type { Exchange } from './exchange-types.js';
import { bodyBytes } from './stored-body.js';

/**
 * The request log: a bounded ring buffer of exchanges, oldest first. Memory stays flat however
 * long the simulator runs: once full, each new exchange replaces the oldest one, and once the
 * exchanges held (pinned ones included) weigh more than the byte budget, the oldest go too.
 *
 * Sequence numbers are allocated here and never reused, not even after `clear()`, so an event
 * stream client can resume after the last number it saw.
 */
/** The most pinned exchanges kept beyond the ring; past it, the oldest kept one goes. */
export const MAX_KEPT_PINNED = 1000;

/** The request log's default byte budget: 64 MiB. */
export const DEFAULT_LOG_BYTES = 64 * 1024 * 1024;

/** What an exchange costs besides its strings (objects, numbers, the slot). */
const EXCHANGE_OVERHEAD = 512;

function recordBytes(record: Record<string, string>): number {
  let n = 0;
  for (const key in record) n += key.length + (record[key]?.length ?? 0) + 32;
  return n;
}

/** About how many bytes an exchange holds in memory (stored bodies are not parsed to know). */
export function exchangeBytes(e: Exchange): number {
  let n = EXCHANGE_OVERHEAD + e.request.path.length + (e.response.location?.length ?? 0);
  n +=
    recordBytes(e.request.headers) + recordBytes(e.request.query) + recordBytes(e.response.headers);
  n += bodyBytes(e.request) + bodyBytes(e.response) + (e.fault?.length ?? 0);
  for (const t of e.tokens) n += t.compact.length + 32;
  return n;
}

/** What is pinned: single exchanges by id, and whole journeys (later exchanges included). */
export interface Pins {
  exchanges: string[];
  journeys: string[];
}

export class ExchangeBuffer {
  private readonly slots: (Exchange | undefined)[];
  /** Pinned exchanges pushed out of the ring, oldest first: they survive the cap. */
  private kept: Exchange[] = [];
  private readonly pinnedIds = new Set<string>();
  private readonly pinnedJourneys = new Set<string>();
  /** Index of the oldest exchange. */
  private head = 0;
  private count = 0;
  private readonly byId = new Map<string, Exchange>();
  private lastSeqAllocated = 0;
  private recorded = 0;
  /** The weight of each exchange held, by id, and their sum. */
  private readonly weights = new Map<string, number>();
  private held = 0;

  constructor(
    readonly capacity: number,
    readonly byteBudget: number = DEFAULT_LOG_BYTES,
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`log capacity must be a whole number of 1 or more (got ${capacity})`);
    }
    if (!Number.isSafeInteger(byteBudget) || byteBudget < 1) {
      throw new RangeError(
        `log byte budget must be a whole number of 1 or more (got ${byteBudget})`,
      );
    }
    this.slots = new Array<Exchange | undefined>(capacity);
  }

  /** About how many bytes the exchanges held weigh (pinned ones included). */
  get bytes(): number {
    return this.held;
  }

  /** The next sequence number; the recorder takes one when an exchange is complete. */
  nextSeq(): number {
    return ++this.lastSeqAllocated;
  }

  /** The highest sequence number handed out so far (0 before the first exchange). */
  get lastSeq(): number {
    return this.lastSeqAllocated;
  }

  /** How many exchanges the buffer holds now (pinned ones kept beyond the cap included). */
  get size(): number {
    return this.count + this.kept.length;
  }

  /** How many exchanges were recorded since the simulator started (evicted and cleared included). */
  get totalRecorded(): number {
    return this.recorded;
  }

  push(exchange: Exchange): void {
    this.recorded++;
    if (exchange.seq > this.lastSeqAllocated) this.lastSeqAllocated = exchange.seq;
    const weight = exchangeBytes(exchange);
    // Make room: the ring's oldest go first (pinned ones are kept beyond it), then the oldest
    // kept pinned ones, until the newcomer fits in the budget (it always gets in).
    if (this.count === this.capacity) this.shiftRing();
    while (this.held + weight > this.byteBudget && this.count > 0) this.shiftRing();
    while (this.held + weight > this.byteBudget && this.kept.length > 0) this.dropOldestKept();
    this.slots[(this.head + this.count) % this.capacity] = exchange;
    this.count++;
    this.byId.set(exchange.id, exchange);
    this.weights.set(exchange.id, weight);
    this.held += weight;
  }

  /** Takes the ring's oldest exchange out: kept when pinned, forgotten otherwise. */
  private shiftRing(): void {
    const evicted = this.slots[this.head];
    this.slots[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    if (!evicted) return;
    if (this.isPinned(evicted)) this.keep(evicted);
    else this.forget(evicted);
  }

  private forget(exchange: Exchange): void {
    this.byId.delete(exchange.id);
    this.held -= this.weights.get(exchange.id) ?? 0;
    this.weights.delete(exchange.id);
  }

  private dropOldestKept(): void {
    const dropped = this.kept.shift() as Exchange;
    this.forget(dropped);
    this.pinnedIds.delete(dropped.id);
  }

  private keep(exchange: Exchange): void {
    this.kept.push(exchange);
    if (this.kept.length > MAX_KEPT_PINNED) this.dropOldestKept();
  }

  /** Whether an exchange is pinned, by itself or through its journey. */
  isPinned(exchange: Exchange): boolean {
    return (
      this.pinnedIds.has(exchange.id) ||
      (exchange.journeyId !== undefined && this.pinnedJourneys.has(exchange.journeyId))
    );
  }

  pins(): Pins {
    return { exchanges: [...this.pinnedIds], journeys: [...this.pinnedJourneys] };
  }

  /** Pins or unpins an exchange the log holds; false when it holds none with that id. */
  pinExchange(id: string, pinned: boolean): boolean {
    if (!this.byId.has(id)) return false;
    if (pinned) this.pinnedIds.add(id);
    else {
      this.pinnedIds.delete(id);
      this.dropUnpinnedKept();
    }
    return true;
  }

  /**
   * Pins or unpins a journey: its exchanges held now and those still to come. False when the
   * log holds no exchange of that journey (pinning only), so typos do not pin nothing forever.
   */
  pinJourney(journeyId: string, pinned: boolean): boolean {
    if (pinned) {
      if (this.findLast((e) => e.journeyId === journeyId) === undefined) return false;
      this.pinnedJourneys.add(journeyId);
      return true;
    }
    const had = this.pinnedJourneys.delete(journeyId);
    this.dropUnpinnedKept();
    return had;
  }

  private dropUnpinnedKept(): void {
    const still: Exchange[] = [];
    for (const e of this.kept) {
      if (this.isPinned(e)) still.push(e);
      else this.forget(e);
    }
    this.kept = still;
  }

  get(id: string): Exchange | undefined {
    return this.byId.get(id);
  }

  /** The exchange at position i, 0 = oldest. */
  private at(i: number): Exchange {
    return this.slots[(this.head + i) % this.capacity] as Exchange;
  }

  /** Every exchange held, oldest first (a new array; the exchanges themselves are shared). */
  list(): Exchange[] {
    const out = new Array<Exchange>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.at(i);
    // Kept pinned exchanges are all older than the ring's.
    return this.kept.length ? [...this.kept, ...out] : out;
  }

  /** Exchanges newest first. */
  *newestFirst(): IterableIterator<Exchange> {
    for (let i = this.count - 1; i >= 0; i--) yield this.at(i);
    for (let i = this.kept.length - 1; i >= 0; i--) yield this.kept[i] as Exchange;
  }

  /** Position of the first exchange with a sequence number greater than `seq`. */
  private indexAfter(seq: number): number {
    // Sequence numbers increase along the buffer, so a binary search finds the first one.
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Exchanges with a sequence number greater than `seq`, oldest first. */
  after(seq: number): Exchange[] {
    // Kept pinned exchanges are all older than the ring's.
    const out: Exchange[] = this.kept.filter((e) => e.seq > seq);
    for (let i = this.indexAfter(seq); i < this.count; i++) out.push(this.at(i));
    return out;
  }

  /** The oldest exchange with a sequence number greater than `seq`, if any (no copy made). */
  firstAfter(seq: number): Exchange | undefined {
    const kept = this.kept.find((e) => e.seq > seq);
    if (kept) return kept;
    const i = this.indexAfter(seq);
    return i < this.count ? this.at(i) : undefined;
  }

  /** The newest exchange that satisfies the predicate. */
  findLast(predicate: (exchange: Exchange) => boolean): Exchange | undefined {
    for (const exchange of this.newestFirst()) if (predicate(exchange)) return exchange;
    return undefined;
  }

  /**
   * Removes the exchanges the predicate picks (pinned ones included, with their pins) and keeps
   * the others in order; a journey stays pinned while the log holds one of its exchanges.
   * Returns how many were removed.
   */
  clearWhere(predicate: (exchange: Exchange) => boolean): number {
    const all = this.list();
    const keep = all.filter((e) => !predicate(e));
    const removed = all.length - keep.length;
    if (removed === 0) return 0;
    const kept = new Set(this.kept);
    const ring = keep.filter((e) => !kept.has(e));
    this.kept = keep.filter((e) => kept.has(e));
    this.slots.fill(undefined);
    this.head = 0;
    this.count = ring.length;
    ring.forEach((e, i) => (this.slots[i] = e));
    for (const e of all) {
      if (!predicate(e)) continue;
      this.forget(e);
      this.pinnedIds.delete(e.id);
    }
    const journeys = new Set(keep.map((e) => e.journeyId));
    for (const j of [...this.pinnedJourneys]) if (!journeys.has(j)) this.pinnedJourneys.delete(j);
    return removed;
  }

  /** Empties the log, pinned exchanges and pins included. */
  clear(): void {
    this.slots.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.byId.clear();
    this.weights.clear();
    this.held = 0;
    this.kept = [];
    this.pinnedIds.clear();
    this.pinnedJourneys.clear();
  }
}
