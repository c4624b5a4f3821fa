/**
 * How often a page that stopped (a renderer crash) is reloaded: at most `max` times within
 * `windowMs`, so a page that crashes on every load is not reloaded forever.
 */
export function createReloadBudget(max: number, windowMs: number): (now: number) => boolean {
  const recent: number[] = [];
  return (now) => {
    while (recent.length > 0 && now - (recent[0] ?? now) >= windowMs) recent.shift();
    if (recent.length >= max) return false;
    recent.push(now);
    return true;
  };
}
