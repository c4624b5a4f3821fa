/**
 * A byte budget shared by stores of every simulator of a process (the root and each named one).
 * There are two: one for what waits to be used (authorization codes, interactive sign-ins
 * waiting for their form; refused past it), one for what is kept (sessions, access-token
 * records; the oldest evicted past it). Counts alone did not bound memory: an interactive code keeps its own copy
 * of the submitted form (up to 100 kB of JSON each), and 20,000 codes in each of 65 simulators
 * could hold gigabytes. Sizes are estimates: the length of a value's JSON text, which the heap
 * holds about three times over.
 */
/** A store holding bytes of a budget: it can drop its expired entries when asked. */
export interface BudgetHolder {
  sweep(): void;
}

/** Least time between two sweeps of every holder when the budget is short (see reclaim). */
export const RECLAIM_INTERVAL_MS = 1000;

export class ByteBudget {
  private used = 0;
  private readonly holders = new Set<BudgetHolder>();
  private lastReclaim = -Infinity;

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A store that holds bytes (and so may free them by sweeping); forgotten once it is empty. */
  hold(holder: BudgetHolder): void {
    this.holders.add(holder);
  }

  forget(holder: BudgetHolder): void {
    this.holders.delete(holder);
  }

  /**
   * Asks every store holding bytes to drop its expired entries: one simulator's expired codes
   * are otherwise swept only when that simulator is used again, and would keep the others out.
   * At most once per RECLAIM_INTERVAL_MS, so a flood of refused requests costs no sweep each.
   * Says whether it swept.
   */
  reclaim(): boolean {
    const t = this.now();
    if (t - this.lastReclaim < RECLAIM_INTERVAL_MS) return false;
    this.lastReclaim = t;
    for (const holder of [...this.holders]) holder.sweep();
    return true;
  }

  get usedBytes(): number {
    return this.used;
  }

  /** Takes `bytes` from the budget if they fit; says whether they did. */
  tryReserve(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  /** Takes `bytes` whether or not they fit (an entry that must be kept, such as a session). */
  force(bytes: number): void {
    this.used += bytes;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/** Each shared budget: 32 MiB of JSON text (about 100 MiB of heap), all simulators together. */
export const STORE_BYTES = 32 * 1024 * 1024;

/** A value's estimated size: the length of its JSON text (0 when it has none). */
export function weightOf(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}
