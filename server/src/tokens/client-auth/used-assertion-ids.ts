import { createHash } from 'node:crypto';

/**
 * A client assertion may expire at most this long after it is presented: the replay store
 * remembers every jti until its assertion's exp, so the lifetime bounds what it must hold.
 */
export const MAX_ASSERTION_LIFETIME_SECONDS = 600;

/** How many unexpired assertion ids are remembered at most (all clients together). */
export const MAX_LIVE_ASSERTION_IDS = 350_000;

export type AssertionIdCheck = 'fresh' | 'replayed' | 'full';

const INITIAL_SLOTS = 1 << 14;
/** Rebuilt (expired entries dropped, grown if needed) when this share of the slots is taken. */
const MAX_LOAD = 0.7;

/**
 * The ids of client assertions already accepted, each remembered until its assertion's exp and
 * never evicted earlier: a valid assertion is accepted once. Keys are 64-bit fingerprints of
 * (client_id, jti) in an open-addressing table of typed arrays (12 bytes a slot), so memory stays
 * small and outside the JS heap: about 200 kB at rest, 12 MB at most. Only assertions whose
 * signature verified are remembered, so only the holder of a client's key can fill it; when
 * MAX_LIVE_ASSERTION_IDS are live, new assertions are refused ('full') until older ones expire.
 */
export class UsedAssertionIds {
  private high = new Uint32Array(INITIAL_SLOTS);
  private low = new Uint32Array(INITIAL_SLOTS);
  /** Epoch seconds until which the entry holds; 0 for an empty slot. */
  private until = new Uint32Array(INITIAL_SLOTS);
  private taken = 0;

  constructor(private readonly maxLive = MAX_LIVE_ASSERTION_IDS) {}

  /** Slots in use, live or expired (for tests). */
  get slots(): number {
    return this.until.length;
  }

  /** Records the id unless it is already live; says which. `untilSeconds` is the exp. */
  remember(
    clientId: string,
    jti: string,
    untilSeconds: number,
    nowSeconds: number,
  ): AssertionIdCheck {
    const digest = createHash('sha256').update(clientId).update('\0').update(jti).digest();
    const hi = digest.readUInt32LE(0);
    const lo = digest.readUInt32LE(4);
    const until = Math.max(Math.ceil(untilSeconds), Math.floor(nowSeconds) + 1);
    const found = this.find(hi, lo, nowSeconds);
    if (found.live) return 'replayed';
    if (found.reusable >= 0) {
      this.put(found.reusable, hi, lo, until);
      return 'fresh';
    }
    if (this.taken + 1 > this.until.length * MAX_LOAD) {
      if (!this.rebuild(nowSeconds)) return 'full';
      return this.remember(clientId, jti, untilSeconds, nowSeconds);
    }
    this.put(found.empty, hi, lo, until);
    this.taken++;
    return 'fresh';
  }

  /** Walks the probe chain: a live match, the first expired slot, and the empty slot ending it. */
  private find(
    hi: number,
    lo: number,
    now: number,
  ): { live: boolean; reusable: number; empty: number } {
    const mask = this.until.length - 1;
    let reusable = -1;
    for (let i = lo & mask; ; i = (i + 1) & mask) {
      const until = this.until[i]!;
      if (until === 0) return { live: false, reusable, empty: i };
      if (until <= now) {
        if (reusable < 0) reusable = i;
      } else if (this.high[i] === hi && this.low[i] === lo)
        return { live: true, reusable, empty: i };
    }
  }

  private put(i: number, hi: number, lo: number, until: number): void {
    this.high[i] = hi;
    this.low[i] = lo;
    this.until[i] = until;
  }

  /** Drops expired entries and resizes for what is live; false when the live ones fill it all. */
  private rebuild(now: number): boolean {
    const { high, low, until } = this;
    let live = 0;
    for (let i = 0; i < until.length; i++) if (until[i]! > now) live++;
    if (live + 1 > this.maxLive) return false;
    let size = INITIAL_SLOTS;
    while (size * 0.5 < live + 1) size *= 2;
    this.high = new Uint32Array(size);
    this.low = new Uint32Array(size);
    this.until = new Uint32Array(size);
    this.taken = 0;
    const mask = size - 1;
    for (let i = 0; i < until.length; i++) {
      if (until[i]! <= now) continue;
      let j = low[i]! & mask;
      while (this.until[j] !== 0) j = (j + 1) & mask;
      this.put(j, high[i]!, low[i]!, until[i]!);
      this.taken++;
    }
    return true;
  }
}
