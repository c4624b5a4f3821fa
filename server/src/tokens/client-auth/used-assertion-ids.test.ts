import { describe, expect, it } from 'vitest';
import { MAX_LIVE_ASSERTION_IDS, UsedAssertionIds } from './used-assertion-ids.js';

const NOW = 1_800_000_000;

/** How many of `n` calls answered other than `expected` (one expect for a long loop). */
function misses(n: number, expected: string, call: (i: number) => string, step = 1): number {
  let wrong = 0;
  for (let i = 0; i < n; i += step) if (call(i) !== expected) wrong++;
  return wrong;
}

describe('UsedAssertionIds', () => {
  it('accepts an id once, until its exp', () => {
    const ids = new UsedAssertionIds();
    expect(ids.remember('client', 'jti-1', NOW + 300, NOW)).toBe('fresh');
    expect(ids.remember('client', 'jti-1', NOW + 300, NOW + 299)).toBe('replayed');
    // The same jti from another client is another assertion.
    expect(ids.remember('other', 'jti-1', NOW + 300, NOW)).toBe('fresh');
    // Once the assertion has expired, it is refused as expired before it gets here.
    expect(ids.remember('client', 'jti-1', NOW + 900, NOW + 301)).toBe('fresh');
    expect(ids.remember('client', 'jti-1', NOW + 900, NOW + 899)).toBe('replayed');
  });

  it('remembers an id however long its assertion lives: an hour, a day, a year, beyond 2106', () => {
    const ids = new UsedAssertionIds();
    const lifetimes = [3600, 86_400, 365 * 86_400, 200 * 365 * 86_400, 1e12];
    for (const [i, life] of lifetimes.entries())
      expect(ids.remember('c', `long-${i}`, NOW + life, NOW)).toBe('fresh');
    for (const [i, life] of lifetimes.entries()) {
      const later = NOW + Math.min(life, 50 * 365 * 86_400) - 60;
      expect(ids.remember('c', `long-${i}`, NOW + life, later)).toBe('replayed');
    }
  });

  it('still refuses a used id after 100,000 other assertions (nothing is evicted)', () => {
    const ids = new UsedAssertionIds();
    expect(ids.remember('client', 'first', NOW + 3600, NOW)).toBe('fresh');
    expect(
      misses(100_000, 'fresh', (i) =>
        ids.remember('client', `other-${i}`, NOW + 3600, NOW + (i % 500)),
      ),
    ).toBe(0);
    expect(ids.remember('client', 'first', NOW + 3600, NOW + 3599)).toBe('replayed');
    expect(
      misses(
        100_000,
        'replayed',
        (i) => ids.remember('client', `other-${i}`, NOW + 3600, NOW + 3599),
        997,
      ),
    ).toBe(0);
    expect(ids.size).toBe(100_001);
  });

  it('drops an expiry bucket once it has passed, and only the entries it still owns', () => {
    const ids = new UsedAssertionIds();
    // Bucket ends are whole minutes after the exp; NOW is a whole minute.
    expect(ids.remember('c', 'a', NOW + 30, NOW)).toBe('fresh');
    expect(ids.remember('c', 'b', NOW + 90, NOW)).toBe('fresh');
    expect(ids.bucketCount).toBe(2);
    // 'a' expired at NOW + 30 but its bucket ends at NOW + 60: remembered again with a later exp.
    expect(ids.remember('c', 'a', NOW + 200, NOW + 40)).toBe('fresh');
    expect(ids.size).toBe(2);
    // The first bucket passes: 'a' now belongs to a later one and stays.
    expect(ids.remember('c', 'probe-1', NOW + 61, NOW + 60)).toBe('fresh');
    expect(ids.remember('c', 'a', NOW + 200, NOW + 61)).toBe('replayed');
    expect(ids.remember('c', 'b', NOW + 90, NOW + 61)).toBe('replayed');
    expect(ids.size).toBe(3);
    // Every bucket passes: all are dropped, the table is empty.
    expect(ids.remember('c', 'probe-2', NOW + 1000, NOW + 300)).toBe('fresh');
    expect(ids.size).toBe(1);
    expect(ids.bucketCount).toBe(1);
  });

  it('holds a bounded number of buckets whatever exps clients pick', () => {
    const ids = new UsedAssertionIds();
    expect(
      misses(20_000, 'fresh', (i) => ids.remember('c', `j${i}`, NOW + 1 + i * 4_999, NOW)),
    ).toBe(0);
    // 2 days of minute buckets, 400 days of day buckets, one for the rest.
    expect(ids.bucketCount).toBeLessThanOrEqual(2 * 24 * 60 + 400 + 2);
  });

  it('when full of live ids, answers full rather than forget any, and recovers as they expire', () => {
    const ids = new UsedAssertionIds(1000);
    for (let i = 0; i < 1000; i++) expect(ids.remember('c', `j${i}`, NOW + 60, NOW)).toBe('fresh');
    expect(ids.remember('c', 'one-more', NOW + 60, NOW)).toBe('full');
    expect(ids.remember('c', 'one-more', NOW + 60, NOW + 10)).toBe('full');
    for (let i = 0; i < 1000; i++)
      expect(ids.remember('c', `j${i}`, NOW + 60, NOW + 59)).toBe('replayed');
    expect(ids.size).toBe(1000);
    // Once their bucket has passed: room again.
    expect(ids.remember('c', 'later', NOW + 180, NOW + 121)).toBe('fresh');
    expect(ids.size).toBe(1);
  });

  it('drops a large passed bucket a few thousand entries per check, never refusing an expired id', () => {
    const ids = new UsedAssertionIds();
    for (let i = 0; i < 20_000; i++)
      expect(ids.remember('c', `j${i}`, NOW + 30, NOW)).toBe('fresh');
    const bytesFull = ids.bytes;
    // Past the bucket: one check removes part of it, not all at once.
    expect(ids.remember('c', 'next-1', NOW + 400, NOW + 100)).toBe('fresh');
    expect(ids.size).toBeGreaterThan(10_000);
    expect(ids.size).toBeLessThan(20_001);
    // Ids not yet removed have expired all the same: a later assertion with one is fresh.
    expect(ids.remember('c', 'j19999', NOW + 400, NOW + 101)).toBe('fresh');
    expect(ids.remember('c', 'j19999', NOW + 400, NOW + 102)).toBe('replayed');
    for (let i = 0; i < 10; i++) ids.remember('c', `next-${i + 2}`, NOW + 400, NOW + 103);
    expect(ids.size).toBe(12);
    expect(ids.bucketCount).toBe(1);
    expect(ids.bytes).toBeLessThan(bytesFull / 4);
  });

  it('is not full while what it holds has expired, even before its buckets are dropped', () => {
    const ids = new UsedAssertionIds(10_000);
    for (let i = 0; i < 10_000; i++)
      expect(ids.remember('c', `j${i}`, NOW + 30, NOW)).toBe('fresh');
    expect(ids.remember('c', 'late', NOW + 90, NOW + 10)).toBe('full');
    expect(ids.remember('c', 'late', NOW + 900, NOW + 61)).toBe('fresh');
    expect(ids.size).toBeLessThanOrEqual(10_000 - 4096 + 1);
    for (let i = 0; i < 3; i++) ids.remember('c', `later-${i}`, NOW + 900, NOW + 62);
    expect(ids.size).toBe(4);
  });

  it('the default cap is 5,000,000 live ids', () => {
    expect(MAX_LIVE_ASSERTION_IDS).toBe(5_000_000);
  });

  it('shrinks back as ids expire, and finds every survivor after the shifts', () => {
    const ids = new UsedAssertionIds();
    // 200,000 assertions, 100 a second, each living 60 s: about 6,000 live at any time.
    const fresh = misses(200_000, 'fresh', (i) => {
      const t = NOW + Math.floor(i / 100);
      return ids.remember('c', `j${i}`, t + 60, t);
    });
    expect(fresh).toBe(0);
    expect(ids.slots).toBeLessThanOrEqual(1 << 15);
    const end = NOW + 2000;
    expect(
      misses(5_000, 'replayed', (i) => ids.remember('c', `j${195_000 + i}`, end + 60, end), 7),
    ).toBe(0);
    // Later every one of them has expired, and a few checks drop them all.
    for (let i = 0; i < 5; i++)
      expect(ids.remember('c', `last-${i}`, NOW + 4000, NOW + 3000)).toBe('fresh');
    expect(ids.size).toBe(5);
    expect(ids.slots).toBeLessThanOrEqual(1 << 12);
  });
});
