import type { Exchange } from '../contract.js';

/**
 * The request log: a bounded ring buffer of exchanges, oldest first. Memory stays flat however
 * long the simulator runs: once full, each new exchange replaces the oldest one.
 *
 * Sequence numbers are allocated here and never reused, not even after `clear()`, so an event
 * stream client can resume after the last number it saw.
 */
export class ExchangeBuffer {
  private readonly slots: (Exchange | undefined)[];
  /** Index of the oldest exchange. */
  private head = 0;
  private count = 0;
  private readonly byId = new Map<string, Exchange>();
  private lastSeqAllocated = 0;
  private recorded = 0;

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`log capacity must be a whole number of 1 or more (got ${capacity})`);
    }
    this.slots = new Array<Exchange | undefined>(capacity);
  }

  /** The next sequence number; the recorder takes one when an exchange is complete. */
  nextSeq(): number {
    return ++this.lastSeqAllocated;
  }

  /** The highest sequence number handed out so far (0 before the first exchange). */
  get lastSeq(): number {
    return this.lastSeqAllocated;
  }

  /** How many exchanges the buffer holds now. */
  get size(): number {
    return this.count;
  }

  /** How many exchanges were recorded since the simulator started (evicted and cleared included). */
  get totalRecorded(): number {
    return this.recorded;
  }

  push(exchange: Exchange): void {
    this.recorded++;
    if (exchange.seq > this.lastSeqAllocated) this.lastSeqAllocated = exchange.seq;
    if (this.count < this.capacity) {
      this.slots[(this.head + this.count) % this.capacity] = exchange;
      this.count++;
    } else {
      const evicted = this.slots[this.head];
      if (evicted) this.byId.delete(evicted.id);
      this.slots[this.head] = exchange;
      this.head = (this.head + 1) % this.capacity;
    }
    this.byId.set(exchange.id, exchange);
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
    return out;
  }

  /** Exchanges newest first. */
  *newestFirst(): IterableIterator<Exchange> {
    for (let i = this.count - 1; i >= 0; i--) yield this.at(i);
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
    const out: Exchange[] = [];
    for (let i = this.indexAfter(seq); i < this.count; i++) out.push(this.at(i));
    return out;
  }

  /** The oldest exchange with a sequence number greater than `seq`, if any (no copy made). */
  firstAfter(seq: number): Exchange | undefined {
    const i = this.indexAfter(seq);
    return i < this.count ? this.at(i) : undefined;
  }

  /** The newest exchange that satisfies the predicate. */
  findLast(predicate: (exchange: Exchange) => boolean): Exchange | undefined {
    for (let i = this.count - 1; i >= 0; i--) {
      const exchange = this.at(i);
      if (predicate(exchange)) return exchange;
    }
    return undefined;
  }

  clear(): void {
    this.slots.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.byId.clear();
  }
}
