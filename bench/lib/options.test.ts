import { describe, expect, it } from 'vitest';
import {
  RESOURCE_SCENARIOS,
  parseBenchOptions,
  parseResourcesOptions,
  parseSoakOptions,
} from './options.mjs';
import { Samples, percentile, processUsage } from './stats.mjs';

describe('benchmark options', () => {
  it('has defaults that run every phase', () => {
    const parsed = parseBenchOptions([]);
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        duration: 10,
        clients: 16,
        mode: 'both',
        flows: 100_000,
        strict: false,
      }),
    });
  });

  it('reads --name value, --name=value and flags', () => {
    const parsed = parseBenchOptions([
      '--duration',
      '2.5',
      '--clients=4',
      '--mode',
      'identity',
      '--strict',
    ]);
    expect(parsed.ok && parsed.value).toMatchObject({
      duration: 2.5,
      clients: 4,
      mode: 'identity',
      strict: true,
    });
  });

  it.each([
    [['--bogus'], /unknown option "--bogus"/],
    [['duration'], /unknown option "duration"/],
    [['--clients', '0'], /--clients must be a whole number from 1/],
    [['--clients', '1.5'], /--clients must be a whole number/],
    [['--clients'], /--clients must be a whole number.*got ""/],
    [['--duration', '-1'], /--duration must be a number/],
    [['--duration', 'abc'], /--duration must be a number/],
    [['--mode', 'fast'], /--mode must be one of auth, identity, both/],
    [['--flows', '1e9'], /--flows must be a whole number/],
    [['--strict=yes'], /--strict takes no value/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseBenchOptions(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });

  it('refuses a soak warm-up as long as the soak', () => {
    expect(parseSoakOptions(['--minutes', '2', '--warmup-minutes', '2'])).toEqual({
      ok: false,
      message: '--warmup-minutes must be less than --minutes',
    });
    expect(parseSoakOptions(['--minutes', '1', '--warmup-minutes', '0.5']).ok).toBe(true);
  });
});

describe('latency statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 0)).toBe(7);
  });

  it('refuses an empty list and a percentile out of range', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('summarises samples beyond the initial capacity, and none at all', () => {
    const s = new Samples();
    expect(s.summary()).toEqual({
      count: 0,
      p50: null,
      p90: null,
      p99: null,
      max: null,
      mean: null,
    });
    for (let i = 2000; i >= 1; i--) s.add(i / 1000);
    expect(s.summary()).toMatchObject({ count: 2000, p50: 1, p99: 1.98, max: 2 });
  });

  it('reads the CPU time and RSS of a running process', () => {
    const usage = processUsage(process.pid);
    expect(usage.cpuSeconds).toBeGreaterThan(0);
    expect(usage.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
  });
});

describe('resource benchmark options', () => {
  it('runs every scenario by default, or those --only names', () => {
    expect(parseResourcesOptions([])).toEqual({
      ok: true,
      value: { only: [...RESOURCE_SCENARIOS], strict: false, help: false },
    });
    expect(parseResourcesOptions(['--only', 'million-assertions', '--strict'])).toEqual({
      ok: true,
      value: { only: ['million-assertions'], strict: true, help: false },
    });
    expect(parseResourcesOptions(['--only=floods,stalled-readers,floods'])).toMatchObject({
      ok: true,
      value: { only: ['floods', 'stalled-readers'] },
    });
  });

  it('refuses unknown scenarios, a missing list and unknown flags, with one line', () => {
    for (const argv of [
      ['--only'],
      ['--only', ''],
      ['--only', 'million'],
      ['--only', 'floods,'],
      ['--only', 'floods', '--bogus'],
      ['--strict=yes'],
      ['extra'],
    ]) {
      const parsed = parseResourcesOptions(argv);
      expect(parsed.ok, argv.join(' ')).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/^[^\n]+$/);
    }
    const wrong = parseResourcesOptions(['--only', 'million']);
    expect(!wrong.ok && wrong.message).toBe(
      '--only takes some of stalled-readers, floods, million-assertions, log-memory, log-memory-noise, connection-cap, interactive-codes (comma-separated), got "million"',
    );
  });
});
