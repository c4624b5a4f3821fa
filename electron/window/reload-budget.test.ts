import { describe, expect, it } from 'vitest';
import { createReloadBudget } from './reload-budget.js';

describe('createReloadBudget', () => {
  it('allows a few reloads, then refuses while the crashes keep coming', () => {
    const allow = createReloadBudget(3, 60_000);
    expect([0, 1_000, 2_000, 3_000, 30_000].map(allow)).toEqual([true, true, true, false, false]);
  });

  it('allows reloads again once earlier crashes are out of the window', () => {
    const allow = createReloadBudget(2, 10_000);
    expect(allow(0)).toBe(true);
    expect(allow(5_000)).toBe(true);
    expect(allow(9_999)).toBe(false);
    expect(allow(10_000)).toBe(true);
    expect(allow(14_999)).toBe(false);
    expect(allow(15_000)).toBe(true);
  });
});
