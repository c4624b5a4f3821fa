/** How the screen tabs are shown in the width the header leaves them. */
export interface TabFit {
  /** Full labels when every tab fits with them, short ones otherwise. */
  labels: 'full' | 'short';
  /** Indexes of the tabs shown in the bar, in order. */
  visible: number[];
  /** Indexes of the tabs listed in the "More" menu instead, in order. */
  hidden: number[];
}

const total = (widths: readonly number[], count: number) => {
  let t = 0;
  for (let i = 0; i < count; i++) t += widths[i] ?? Infinity;
  return t;
};

/**
 * Which tabs fit, and with which labels: full labels if all fit so, then short labels, then
 * short labels with the tabs that do not fit moved to a "More" menu (whose button takes
 * `moreWidth`). The active tab is always shown. Widths are in pixels; a width that is not a
 * finite number counts as not fitting.
 */
export function fitTabs(
  full: readonly number[],
  short: readonly number[],
  moreWidth: number,
  available: number,
  active: number,
): TabFit {
  const all = full.map((_, i) => i);
  if (!(available > 0) || !Number.isFinite(available))
    return { labels: 'full', visible: all, hidden: [] };
  if (total(full, all.length) <= available) return { labels: 'full', visible: all, hidden: [] };
  if (total(short, all.length) <= available) return { labels: 'short', visible: all, hidden: [] };
  const budget = available - moreWidth;
  const visible: number[] = [];
  let used = 0;
  for (const i of all) {
    const w = short[i] ?? Infinity;
    if (used + w > budget) break;
    visible.push(i);
    used += w;
  }
  if (active >= 0 && active < all.length && !visible.includes(active)) {
    const need = short[active] ?? Infinity;
    while (visible.length > 0 && used + need > budget) used -= short[visible.pop() as number] ?? 0;
    visible.push(active);
    visible.sort((a, b) => a - b);
  }
  return { labels: 'short', visible, hidden: all.filter((i) => !visible.includes(i)) };
}
