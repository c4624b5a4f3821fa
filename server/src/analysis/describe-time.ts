/** A signed number of seconds as words: "in 2 min", "3 min ago", "now". */
export function relativeTime(deltaSeconds: number): string {
  const abs = Math.abs(deltaSeconds);
  if (abs < 1) return 'now';
  let amount: string;
  if (abs < 60) amount = `${Math.round(abs)} s`;
  else if (abs < 3600) amount = `${Math.round(abs / 60)} min`;
  else if (abs < 2 * 86400) amount = `${Math.round(abs / 3600)} h`;
  else amount = `${Math.round(abs / 86400)} days`;
  return deltaSeconds > 0 ? `in ${amount}` : `${amount} ago`;
}

/** "2025-06-01T10:00:00.000Z" for a NumericDate, or a note when it cannot be a date. */
export function isoTime(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return Number.isNaN(date.getTime()) ? `${epochSeconds} (not a valid date)` : date.toISOString();
}

/**
 * A NumericDate described both at the time of the exchange and now, since a token that was
 * valid when issued may have expired since: "2025-… (at the exchange: in 2 min; now: 3 min ago)".
 * When the two moments are the same (a pasted token), only one is given.
 */
export function describeInstant(epochSeconds: number, at: number, now: number): string {
  const iso = isoTime(epochSeconds);
  if (Math.abs(at - now) < 1) return `${iso} (${relativeTime(epochSeconds - now)})`;
  return `${iso} (at the exchange: ${relativeTime(epochSeconds - at)}; now: ${relativeTime(epochSeconds - now)})`;
}
