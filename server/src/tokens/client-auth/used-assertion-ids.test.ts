import { describe, expect, it } from 'vitest';
import { UsedAssertionIds } from './used-assertion-ids.js';

const NOW = 1_800_000_000;

describe('UsedAssertionIds', () => {
  it('accepts an id once, until its exp', () => {
    const ids = new UsedAssertionIds();
    expect(ids.remember('client', 'jti-1', NOW + 300, NOW)).toBe('fresh');
    expect(ids.remember('client', 'jti-1', NOW + 300, NOW + 299)).toBe('replayed');
    // The same jti from another client is another assertion.
    expect(ids.remember('other', 'jti-1', NOW + 300, NOW)).toBe('fresh');
    // Once the assertion has expired, it is refused as expired before it gets here.
    expect(ids.remember('client', 'jti-1', NOW + 900, NOW + 301)).toBe('fresh');
  });

  it('still refuses a used id after 100,000 other assertions (nothing is evicted)', () => {
    const ids = new UsedAssertionIds();
    expect(ids.remember('client', 'first', NOW + 600, NOW)).toBe('fresh');
    for (let i = 0; i < 100_000; i++)
      expect(ids.remember('client', `other-${i}`, NOW + 600, NOW + (i % 500))).toBe('fresh');
    expect(ids.remember('client', 'first', NOW + 600, NOW + 599)).toBe('replayed');
    for (let i = 0; i < 100_000; i += 997)
      expect(ids.remember('client', `other-${i}`, NOW + 600, NOW + 599)).toBe('replayed');
  });

  it('when full of live ids, refuses new ones rather than forget any, and recovers as they expire', () => {
    const ids = new UsedAssertionIds(1000);
    for (let i = 0; i < 1000; i++) expect(ids.remember('c', `j${i}`, NOW + 60, NOW)).toBe('fresh');
    let full = 0;
    for (let i = 1000; i < 20_000 && full === 0; i++)
      if (ids.remember('c', `j${i}`, NOW + 60, NOW) === 'full') full = i;
    expect(full).toBeGreaterThan(0);
    for (let i = 0; i < 1000; i++)
      expect(ids.remember('c', `j${i}`, NOW + 60, NOW + 59)).toBe('replayed');
    // A minute later they have all expired: room again.
    expect(ids.remember('c', 'later', NOW + 120, NOW + 61)).toBe('fresh');
  });

  it('stays small: expired ids are dropped when it rebuilds, so the table does not grow', () => {
    const ids = new UsedAssertionIds();
    // 200,000 assertions, 100 a second, each living 60 s: about 6,000 live at any time.
    for (let i = 0; i < 200_000; i++)
      expect(
        ids.remember('c', `j${i}`, NOW + Math.floor(i / 100) + 60, NOW + Math.floor(i / 100)),
      ).toBe('fresh');
    expect(ids.slots).toBeLessThanOrEqual(1 << 15);
  });
});
