import type { Clock } from './clock.js';
import type { BudgetHolder, ByteBudget } from './store-budget.js';

interface Entry<V> {
  value: V;
  expiresAt: number;
  /** What the entry took from the byte budget (0 without one). */
  bytes: number;
}

/**
 * A bounded map whose entries expire. Memory stays flat: expired entries are swept as new ones
 * arrive, and the oldest entry is evicted when the store is full. Bounded by count, and with a
 * ByteBudget (shared by the stores of every simulator) by the estimated size of its values too.
 */
export class ExpiringStore<K, V> implements BudgetHolder {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries: number,
    private readonly budget?: ByteBudget,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Adds or replaces an entry, evicting the oldest ones while the store is full by count, or its
   * `bytes` do not fit the budget. An entry too large for what is left even then is kept anyway:
   * it is one entry, which the request needs to succeed.
   */
  set(key: K, value: V, ttlMs: number, bytes = 0): void {
    this.sweep(8);
    this.remove(key);
    while (this.entries.size >= this.maxEntries) if (!this.evictOldest()) break;
    if (this.budget && bytes > 0) {
      if (
        !this.budget.tryReserve(bytes) &&
        !(this.budget.reclaim() && this.budget.tryReserve(bytes))
      )
        for (;;) {
          if (!this.evictOldest()) {
            this.budget.force(bytes);
            break;
          }
          if (this.budget.tryReserve(bytes)) break;
        }
      this.budget.hold(this);
    }
    this.entries.set(key, { value, expiresAt: this.clock() + ttlMs, bytes });
  }

  /**
   * Adds an entry unless the store is full of unexpired ones or its `bytes` do not fit the byte
   * budget; never evicts. For values that must stay until used or expired (a code waiting to be
   * redeemed), whatever else arrives.
   */
  add(key: K, value: V, ttlMs: number, bytes = 0): boolean {
    this.sweepExpiredFront();
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      this.sweep();
      if (this.entries.size >= this.maxEntries) return false;
    }
    const previous = this.entries.get(key);
    if (previous) this.release(previous);
    if (this.budget && bytes > 0) {
      if (!this.budget.tryReserve(bytes)) {
        this.sweep();
        if (
          !this.budget.tryReserve(bytes) &&
          !(this.budget.reclaim() && this.budget.tryReserve(bytes))
        ) {
          if (previous) this.budget.force(previous.bytes);
          return false;
        }
      }
      this.budget.hold(this);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock() + ttlMs, bytes });
    return true;
  }

  private release(entry: Entry<V>): void {
    if (entry.bytes > 0) this.budget?.release(entry.bytes);
  }

  /** Out of the budget's list once empty, so a deleted simulator's stores are not kept alive. */
  private released(): void {
    if (this.entries.size === 0) this.budget?.forget(this);
  }

  /** Deletes an entry and gives its bytes back. */
  private remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.release(entry);
    this.released();
  }

  private evictOldest(): boolean {
    const oldest = this.entries.keys().next();
    if (oldest.done) return false;
    this.remove(oldest.value);
    return true;
  }

  /** Drops expired entries from the front, up to the first live one (exact when TTLs are equal). */
  private sweepExpiredFront(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.remove(key);
    }
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.remove(key);
      return undefined;
    }
    return entry.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** Removes and returns the entry: the way single-use values are consumed, atomically. */
  take(key: K): V | undefined {
    const value = this.get(key);
    if (value !== undefined) this.remove(key);
    return value;
  }

  delete(key: K): void {
    this.remove(key);
  }

  /** Empties the store, giving every entry's bytes back (a simulator deleted or reset). */
  clear(): void {
    for (const entry of this.entries.values()) this.release(entry);
    this.entries.clear();
    this.released();
  }

  /** Drops up to `limit` expired entries from the front (oldest first). */
  sweep(limit = Infinity): void {
    const now = this.clock();
    let seen = 0;
    for (const [key, entry] of this.entries) {
      if (seen++ >= limit) break;
      if (entry.expiresAt <= now) this.remove(key);
    }
  }
}
