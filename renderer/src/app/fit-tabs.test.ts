import { describe, expect, it } from 'vitest';
import { fitTabs } from './fit-tabs.js';

const FULL = [120, 130, 110, 130, 170, 180];
const SHORT = [80, 70, 60, 75, 85, 90];

describe('fitTabs', () => {
  it('keeps full labels when every tab fits with them', () => {
    expect(fitTabs(FULL, SHORT, 70, 1000, 0)).toEqual({
      labels: 'full',
      visible: [0, 1, 2, 3, 4, 5],
      hidden: [],
    });
  });

  it('switches to short labels before hiding any tab', () => {
    expect(fitTabs(FULL, SHORT, 70, 460, 0)).toEqual({
      labels: 'short',
      visible: [0, 1, 2, 3, 4, 5],
      hidden: [],
    });
  });

  it('moves the tabs that do not fit to the menu, in order', () => {
    // 300 - 70 for the menu button leaves 230: tabs 0, 1 and 2 (210).
    expect(fitTabs(FULL, SHORT, 70, 300, 0)).toEqual({
      labels: 'short',
      visible: [0, 1, 2],
      hidden: [3, 4, 5],
    });
  });

  it('always shows the active tab, giving up the last ones that fitted', () => {
    const fit = fitTabs(FULL, SHORT, 70, 300, 5);
    expect(fit.visible).toContain(5);
    // 230 px: tabs 0, 1 and 2 fit (210), but tab 5 needs 90, so 2 and 1 make room.
    expect(fit.visible).toEqual([0, 5]);
    expect(fit.hidden).toEqual([1, 2, 3, 4]);
  });

  it('shows the active tab alone when nothing else fits', () => {
    expect(fitTabs(FULL, SHORT, 70, 100, 3)).toEqual({
      labels: 'short',
      visible: [3],
      hidden: [0, 1, 2, 4, 5],
    });
  });

  it('copes with one more tab: the same rules, one more item', () => {
    const fit = fitTabs([...FULL, 200], [...SHORT, 100], 70, 460, 0);
    expect([...fit.visible, ...fit.hidden].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(fit.hidden.length).toBeGreaterThan(0);
  });

  it('shows everything with full labels when the width is unknown or not a number', () => {
    for (const available of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(fitTabs(FULL, SHORT, 70, available, 0)).toEqual({
        labels: 'full',
        visible: [0, 1, 2, 3, 4, 5],
        hidden: [],
      });
  });

  it('treats a missing width as not fitting, and an active index out of range as none', () => {
    expect(fitTabs([100, 100], [50], 20, 90, 7)).toEqual({
      labels: 'short',
      visible: [0],
      hidden: [1],
    });
  });
});
