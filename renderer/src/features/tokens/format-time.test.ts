import { describe, expect, it } from 'vitest';
import {
  describeTimeClaim,
  formatClock,
  formatDuration,
  formatEpochSeconds,
  formatRelative,
  liveTimeText,
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

describe('liveTimeText: one clock and one wording with the claims table', () => {
  const exp = Date.parse('2026-01-31T14:05:09.000Z') / 1000;
  it('rewrites a time written at analysis to the window clock, in the table’s words', () => {
    const written = 'Not expired: exp is 2026-01-31T14:05:09.000Z (in 2 min).';
    // Three minutes later the token has expired, and the check says so as the table does.
    const later = (exp + 60) * 1000;
    expect(liveTimeText(written, later)).toBe(
      `Not expired: exp is 2026-01-31 14:05:09 UTC (${formatRelative(exp, later)}).`,
    );
    expect(liveTimeText(written, later)).toContain('1 minute ago');
  });

  it('keeps what the time was at the exchange, in the same words', () => {
    const written =
      'Issued 2026-01-31T14:05:09.000Z (at the exchange: 3 s ago; now: 2 min ago) as said.';
    expect(liveTimeText(written, (exp + 125) * 1000)).toBe(
      'Issued 2026-01-31 14:05:09 UTC (at the exchange: 3 seconds ago; now: 2 minutes ago) as said.',
    );
  });

  it('leaves other text alone', () => {
    expect(liveTimeText('kid abc matches', 0)).toBe('kid abc matches');
  });
});
