/** Edits (insert, delete, substitute, swap two neighbours) that turn a into b. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * The candidate a mistyped name most likely meant: the nearest within two edits (one for names
 * of up to four characters), compared without regard to case. None when nothing is that near,
 * or when two candidates are equally near.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length > 100) return undefined;
  const wanted = name.toUpperCase();
  const limit = wanted.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - wanted.length) > limit) continue;
    const dist = distance(wanted, candidate.toUpperCase());
    if (dist > limit) continue;
    if (dist < bestDistance) {
      best = candidate;
      bestDistance = dist;
      tie = false;
    } else if (dist === bestDistance) tie = true;
  }
  return tie ? undefined : best;
}
