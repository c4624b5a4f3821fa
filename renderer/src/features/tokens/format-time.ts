/** Claims holding NumericDate values (seconds since the Unix epoch). */
export const TIME_CLAIMS = ['exp', 'iat', 'nbf', 'auth_time'] as const;

export function isTimeClaim(name: string): boolean {
  return (TIME_CLAIMS as readonly string[]).includes(name);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "in 3 minutes", "5 seconds ago", "now": how far `seconds` (epoch) is from `nowMs`. Picks the
 * largest unit that fits, rounding toward zero so "59 s" never reads "1 minute".
 */
export function formatRelative(seconds: number, nowMs: number): string {
  if (!Number.isFinite(seconds) || !Number.isFinite(nowMs)) return 'not a time';
  const diff = seconds - nowMs / 1000;
  const abs = Math.abs(diff);
  if (abs < 1) return 'now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) {
      const n = Math.trunc(abs / size);
      const label = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return diff > 0 ? `in ${label}` : `${label} ago`;
    }
  }
  return 'now';
}

/** An epoch-seconds value as an unambiguous UTC date and time: 2026-01-31 14:05:09 UTC. */
export function formatEpochSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'not a time';
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return 'not a time';
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** For a claim value: the readable date and relative time, or null when it is not a time claim. */
export function describeTimeClaim(
  name: string,
  value: unknown,
  nowMs: number,
): { absolute: string; relative: string } | null {
  if (!isTimeClaim(name) || typeof value !== 'number') return null;
  return { absolute: formatEpochSeconds(value), relative: formatRelative(value, nowMs) };
}

/** A duration in ms for the log: 4 ms, 1.2 s. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** An ISO timestamp as local clock time with milliseconds: 14:05:09.123. */
export function formatClock(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

const SERVER_UNITS: Record<string, string> = { s: 'second', min: 'minute', h: 'hour', days: 'day' };

/** The simulator's short relative wording ("in 2 min", "3 s ago") in the window's ("in 2 minutes"). */
function reworded(relative: string): string {
  const m = /^(?:in (\d+) (s|min|h|days)|(\d+) (s|min|h|days) ago)$/.exec(relative.trim());
  if (!m) return relative.trim();
  const n = Number(m[1] ?? m[3]);
  const unit = `${SERVER_UNITS[(m[2] ?? m[4]) as string]}${n === 1 ? '' : 's'}`;
  return m[1] !== undefined ? `in ${n} ${unit}` : `${n} ${unit} ago`;
}

/**
 * A check's text with its times on the window's one clock and in its one wording (the claims
 * table's): "exp is 2026-01-31T14:05:09.000Z (in 2 min)", written when the token was analysed,
 * reads "exp is 2026-01-31 14:05:09 UTC (1 minute ago)" a few minutes later. What the time was
 * at the exchange is kept, in the same words.
 */
export function liveTimeText(text: string, nowMs: number): string {
  return text.replace(
    /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z) \((?:at the exchange: ([^;)]+); now: )?[^)]*\)/g,
    (_whole, iso: string, atExchange: string | undefined) => {
      const seconds = Date.parse(iso) / 1000;
      const at = atExchange === undefined ? '' : `at the exchange: ${reworded(atExchange)}; now: `;
      return `${formatEpochSeconds(seconds)} (${at}${formatRelative(seconds, nowMs)})`;
    },
  );
}
