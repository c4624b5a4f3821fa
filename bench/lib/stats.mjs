/** Latency summaries and readings of another process's CPU time and memory. */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** A growable list of samples in milliseconds. */
export class Samples {
  constructor() {
    this.values = new Float64Array(1024);
    this.length = 0;
  }

  add(ms) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = ms;
  }

  /** p50, p90, p99, max and mean, in milliseconds, rounded to µs. */
  summary() {
    if (this.length === 0)
      return { count: 0, p50: null, p90: null, p99: null, max: null, mean: null };
    const sorted = this.values.slice(0, this.length).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    const round = (v) => Math.round(v * 1000) / 1000;
    return {
      count: this.length,
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1]),
      mean: round(sum / sorted.length),
    };
  }
}

/**
 * The nearest-rank percentile of ascending values.
 * @param {ArrayLike<number>} sorted
 * @param {number} p 0..100
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) throw new RangeError('no samples');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be 0..100, got ${p}`);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

let clockTicks;
function ticksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * CPU seconds (user + system, all threads) and resident set size of a process, from /proc on
 * Linux and from ps elsewhere.
 * @param {number} pid
 * @returns {{ cpuSeconds: number, rssBytes: number }}
 */
export function processUsage(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return { cpuSeconds: (utime + stime) / ticksPerSecond(), rssBytes: rssKb * 1024 };
  } catch {
    const out = execFileSync('ps', ['-o', 'cputime=,rss=', '-p', String(pid)], {
      encoding: 'utf8',
    });
    const [cputime, rss] = out.trim().split(/\s+/);
    // [[dd-]hh:]mm:ss
    const [days, clock] = cputime.includes('-') ? cputime.split('-') : ['0', cputime];
    let seconds = Number(days) * 86_400;
    for (const part of clock.split(':')) seconds = seconds * 60 + Number(part);
    return { cpuSeconds: seconds, rssBytes: Number(rss) * 1024 };
  }
}

export const MiB = 1024 * 1024;
export const toMiB = (bytes) => Math.round((bytes / MiB) * 100) / 100;
