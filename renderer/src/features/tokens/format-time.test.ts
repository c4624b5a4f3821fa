import { describe, expect, it } from 'vitest';
import {
  describeTimeClaim,
  formatClock,
  formatDuration,
  formatEpochSeconds,
  formatRelative,
} from './format-time.js';

const NOW = Date.UTC(2026, 0, 31, 12, 0, 0);
const nowS = NOW / 1000;

describe('formatRelative', () => {
  it.each([
    [nowS, 'now'],
    [nowS + 0.4, 'now'],
    [nowS + 1, 'in 1 second'],
    [nowS - 59, '59 seconds ago'],
    [nowS - 60, '1 minute ago'],
    [nowS + 180, 'in 3 minutes'],
    [nowS + 30 * 60, 'in 30 minutes'],
    [nowS - 2 * 3600 - 5, '2 hours ago'],
    [nowS + 86_400 * 3, 'in 3 days'],
    [nowS - 86_400 * 400, '1 year ago'],
  ])('%s → %s', (value, text) => {
    expect(formatRelative(value, NOW)).toBe(text);
  });

  it('refuses values that are not finite numbers', () => {
    expect(formatRelative(Number.NaN, NOW)).toBe('not a time');
    expect(formatRelative(Infinity, NOW)).toBe('not a time');
  });
});

describe('absolute times', () => {
  it('shows epoch seconds as UTC', () => {
    expect(formatEpochSeconds(nowS)).toBe('2026-01-31 12:00:00 UTC');
    expect(formatEpochSeconds(Number.NaN)).toBe('not a time');
    expect(formatEpochSeconds(1e20)).toBe('not a time');
  });

  it('describes only numeric time claims', () => {
    expect(describeTimeClaim('exp', nowS + 300, NOW)).toEqual({
      absolute: '2026-01-31 12:05:00 UTC',
      relative: 'in 5 minutes',
    });
    expect(describeTimeClaim('exp', '123', NOW)).toBeNull();
    expect(describeTimeClaim('sub', 123, NOW)).toBeNull();
  });

  it('formats durations and clock times', () => {
    expect(formatDuration(4.4)).toBe('4 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(-1)).toBe('–');
    expect(formatClock('garbage')).toBe('garbage');
    expect(formatClock(new Date(2026, 0, 1, 9, 5, 7, 42).toISOString())).toBe('09:05:07.042');
  });
});
