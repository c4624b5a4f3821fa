import { hash } from 'node:crypto';

/**
 * How many unexpired assertion ids are remembered at most (all clients together). Past it, /token
 * answers temporarily_unavailable rather than forget a jti; no test suite comes near it.
 */
export const MAX_LIVE_ASSERTION_IDS = 5_000_000;

export type AssertionIdCheck = 'fresh' | 'replayed' | 'full';

const INITIAL_SLOTS = 1 << 12;
/** The table doubles past this share of slots taken, and halves below an eighth. */
const MAX_LOAD = 0.75;
/** Slot words: fingerprint high, fingerprint low, epoch second until which the id holds. */
const WORDS = 3;
/** A "until" beyond what 32 bits hold (after 2106): kept for the life of the process. */
const FOREVER = 0xffff_ffff;
/**
 * Entries of passed buckets removed per check at most, so no single /token pays for an hour of
 * expiries at once. Until removed, an expired entry is known by its "until" and never refuses.
 */
const DROP_PER_CHECK = 4096;

/**
 * Expiry buckets: an entry goes into the bucket whose end follows its exp, and a bucket is dropped,
 * all its entries with it, once its end has passed. Coarser buckets far ahead keep their number
 * small (about 3,300 at most) whatever exps clients choose.
 */
const BUCKET_WIDTHS: readonly { within: number; width: number }[] = [
  { within: 2 * 86_400, width: 60 },
  { within: 400 * 86_400, width: 86_400 },
];

function bucketEnd(until: number, now: number): number {
  if (until >= FOREVER) return Number.POSITIVE_INFINITY;
  const ahead = until - now;
  const tier = BUCKET_WIDTHS.find((t) => ahead <= t.within);
  if (!tier) return Number.POSITIVE_INFINITY;
  return (Math.floor(until / tier.width) + 1) * tier.width;
}

/** The fingerprints of one bucket's entries, two words each, in a doubling typed array. */
class Bucket {
  words = new Uint32Array(8);
  length = 0;
  /** How far dropping has gone through `words`. */
  dropped = 0;
  add(hi: number, lo: number): void {
    if (this.length + 2 > this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    this.words[this.length++] = hi;
    this.words[this.length++] = lo;
  }
}

/**
 * The ids of client assertions already accepted, each remembered until its assertion's exp,
 * however far ahead, and never evicted earlier: a valid assertion is accepted once.
 *
 * A key is a 64-bit fingerprint of (client_id, jti) (SHA-256, truncated; a false "replayed" has
 * odds below 1 in 10^12 even with millions live). Fingerprints live in an open-addressing table of
 * 32-bit words (12 bytes a slot, linear probing with backward-shift deletion), so a check is O(1)
 * and the data sit outside the JS heap; each bucket lists its fingerprints (8 bytes each), and
 * passed buckets are dropped as checks arrive, a few thousand entries per check. About 40 bytes
 * per live id: 1,000,000 hour-long assertions take about 40 MB. Only assertions whose signature verified are remembered, so only the
 * holder of a client's key can fill it; at `maxLive` live ids new assertions get 'full' until older
 * ones expire.
 */
export class UsedAssertionIds {
  private table = new Uint32Array(INITIAL_SLOTS * WORDS);
  private mask = INITIAL_SLOTS - 1;
  private live = 0;
  private readonly buckets = new Map<number, Bucket>();
  /** Bucket ends, ascending. */
  private ends: number[] = [];

  constructor(private readonly maxLive = MAX_LIVE_ASSERTION_IDS) {}

  /** Slots in the table (for tests and the resource benchmark). */
  get slots(): number {
    return this.mask + 1;
  }

  /** Ids remembered now (live, or expired in a bucket that has not passed yet). */
  get size(): number {
    return this.live;
  }

  /** Bytes of typed arrays held: the table and the buckets' lists (for the resource benchmark). */
  get bytes(): number {
    let total = this.table.byteLength;
    for (const bucket of this.buckets.values()) total += bucket.words.byteLength;
    return total;
  }

  /** Buckets held (for tests). */
  get bucketCount(): number {
    return this.ends.length;
  }

  /** Records the id unless it is already live; says which. `untilSeconds` is the exp. */
  remember(
    clientId: string,
    jti: string,
    untilSeconds: number,
    nowSeconds: number,
  ): AssertionIdCheck {
    const now = Math.floor(nowSeconds);
    this.dropPassed(now, DROP_PER_CHECK);
    const digest = hash('sha256', `${clientId}\0${jti}`, 'buffer');
    const hi = digest.readUInt32LE(0);
    // 0 marks an empty slot, so a fingerprint is never all zero.
    const lo = digest.readUInt32LE(4) || 1;
    const until = Math.min(Math.max(Math.ceil(untilSeconds), now + 1), FOREVER);

    const slot = this.find(hi, lo);
    if (slot >= 0) {
      if (this.table[slot * WORDS + 2]! > now) return 'replayed';
      // Expired, its bucket not yet passed: it holds again, in the bucket of its new exp.
      this.table[slot * WORDS + 2] = until;
      this.bucketFor(until, now).add(hi, lo);
      return 'fresh';
    }
    // Full only when what is still held has not expired: finish dropping passed buckets first.
    if (this.live >= this.maxLive) this.dropPassed(now, Number.POSITIVE_INFINITY);
    if (this.live >= this.maxLive) return 'full';
    if (this.live + 1 > this.slots * MAX_LOAD) this.resize(this.slots * 2);
    this.insert(hi, lo, until);
    this.live++;
    this.bucketFor(until, now).add(hi, lo);
    return 'fresh';
  }

  private bucketFor(until: number, now: number): Bucket {
    const end = bucketEnd(until, now);
    let bucket = this.buckets.get(end);
    if (!bucket) {
      bucket = new Bucket();
      this.buckets.set(end, bucket);
      let i = this.ends.length;
      while (i > 0 && this.ends[i - 1]! > end) i--;
      this.ends.splice(i, 0, end);
    }
    return bucket;
  }

  /**
   * Removes the entries of buckets whose end has passed, at most `budget` of them, each only if
   * the bucket still owns it; a bucket goes once all of it is done.
   */
  private dropPassed(now: number, budget: number): void {
    let done = 0;
    let emptied = 0;
    while (this.ends.length > emptied && this.ends[emptied]! <= now && budget > 0) {
      const end = this.ends[emptied]!;
      const bucket = this.buckets.get(end)!;
      const stop = Math.min(bucket.length, bucket.dropped + 2 * budget);
      for (let i = bucket.dropped; i < stop; i += 2) {
        const slot = this.find(bucket.words[i]!, bucket.words[i + 1]!);
        // An id remembered again since (a later exp) belongs to a later bucket.
        if (slot >= 0 && this.table[slot * WORDS + 2]! <= end) {
          this.remove(slot);
          this.live--;
        }
      }
      budget -= (stop - bucket.dropped) / 2;
      done += stop - bucket.dropped;
      bucket.dropped = stop;
      if (bucket.dropped < bucket.length) break;
      this.buckets.delete(end);
      emptied++;
    }
    if (emptied > 0) this.ends = this.ends.slice(emptied);
    if (done === 0) return;
    let size = this.slots;
    while (size > INITIAL_SLOTS && this.live < size / 8) size /= 2;
    if (size < this.slots) this.resize(size);
  }

  /** The slot holding the fingerprint, or -1. */
  private find(hi: number, lo: number): number {
    const t = this.table;
    for (let i = lo & this.mask; ; i = (i + 1) & this.mask) {
      const at = i * WORDS;
      if (t[at + 1] === 0) return -1;
      if (t[at + 1] === lo && t[at] === hi) return i;
    }
  }

  private insert(hi: number, lo: number, until: number): void {
    const t = this.table;
    let i = lo & this.mask;
    while (t[i * WORDS + 1] !== 0) i = (i + 1) & this.mask;
    t[i * WORDS] = hi;
    t[i * WORDS + 1] = lo;
    t[i * WORDS + 2] = until;
  }

  /** Empties a slot, shifting later entries of its probe run back so every lookup still finds them. */
  private remove(slot: number): void {
    const t = this.table;
    const mask = this.mask;
    let hole = slot;
    for (let j = (hole + 1) & mask; t[j * WORDS + 1] !== 0; j = (j + 1) & mask) {
      const home = t[j * WORDS + 1]! & mask;
      // The entry at j may move into the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? home > hole && home <= j : home > hole || home <= j;
      if (stays) continue;
      t.copyWithin(hole * WORDS, j * WORDS, j * WORDS + WORDS);
      hole = j;
    }
    t.fill(0, hole * WORDS, hole * WORDS + WORDS);
  }

  private resize(slots: number): void {
    const old = this.table;
    this.table = new Uint32Array(slots * WORDS);
    this.mask = slots - 1;
    for (let at = 0; at < old.length; at += WORDS)
      if (old[at + 1] !== 0) this.insert(old[at]!, old[at + 1]!, old[at + 2]!);
  }
}
