import type { Clock } from './clock.js';

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * A bounded map whose entries expire. Memory stays flat: expired entries are swept as new ones
 * arrive, and the oldest entry is evicted when the store is full.
 */
export class ExpiringStore<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  set(key: K, value: V, ttlMs: number): void {
    this.sweep(8);
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.clock() + ttlMs });
  }

  /**
   * Adds an entry unless the store is full of unexpired ones; never evicts. For values that must
   * stay until used or expired (a code waiting to be redeemed), whatever else arrives.
   */
  add(key: K, value: V, ttlMs: number): boolean {
    this.sweepExpiredFront();
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      this.sweep();
      if (this.entries.size >= this.maxEntries) return false;
    }
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock() + ttlMs });
    return true;
  }

  /** Drops expired entries from the front, up to the first live one (exact when TTLs are equal). */
  private sweepExpiredFront(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.entries.delete(key);
    }
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.entries.delete(key);
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
    if (value !== undefined) this.entries.delete(key);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops up to `limit` expired entries from the front (oldest first). */
  sweep(limit = Infinity): void {
    const now = this.clock();
    let seen = 0;
    for (const [key, entry] of this.entries) {
      if (seen++ >= limit) break;
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
  }
}
