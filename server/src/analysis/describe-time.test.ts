import { describe, expect, it } from 'vitest';
import { describeInstant, isoTime, relativeTime } from './describe-time.js';

describe('relativeTime', () => {
  it.each([
    [0, 'now'],
    [0.4, 'now'],
    [30, 'in 30 s'],
    [-30, '30 s ago'],
    [120, 'in 2 min'],
    [-180, '3 min ago'],
    [7200, 'in 2 h'],
    [-86400, '24 h ago'],
    [3 * 86400, 'in 3 days'],
  ])('%s s → %s', (delta, words) => {
    expect(relativeTime(delta)).toBe(words);
  });
});

describe('describeInstant', () => {
  it('gives both the moment of the exchange and now when they differ', () => {
    const at = 1_700_000_000;
    expect(describeInstant(at + 120, at, at + 300)).toBe(
      `${new Date((at + 120) * 1000).toISOString()} (at the exchange: in 2 min; now: 3 min ago)`,
    );
  });
  it('gives one relative time when the exchange is now', () => {
    const now = 1_700_000_000;
    expect(describeInstant(now - 60, now, now)).toMatch(/\(1 min ago\)$/);
  });
  it('says when a value is not a usable date', () => {
    expect(isoTime(1e20)).toBe('100000000000000000000 (not a valid date)');
  });
});
