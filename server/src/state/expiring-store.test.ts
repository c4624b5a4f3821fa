import { describe, expect, it } from 'vitest';
import { ByteBudget } from './store-budget.js';
import { ExpiringStore } from './expiring-store.js';

function clocked(max = 10) {
  const clock = { now: 1_000_000 };
  const store = new ExpiringStore<string, number>(() => clock.now, max);
  return { clock, store };
}

describe('ExpiringStore', () => {
  it('stores and returns values until they expire', () => {
    const { clock, store } = clocked();
    store.set('a', 1, 1000);
    expect(store.get('a')).toBe(1);
    expect(store.has('a')).toBe(true);
    clock.now += 999;
    expect(store.get('a')).toBe(1);
    clock.now += 1;
    expect(store.get('a')).toBeUndefined();
    expect(store.has('a')).toBe(false);
    expect(store.size).toBe(0);
  });

  it('take removes the value: single use', () => {
    const { store } = clocked();
    store.set('code', 7, 60_000);
    expect(store.take('code')).toBe(7);
    expect(store.take('code')).toBeUndefined();
    expect(store.get('code')).toBeUndefined();
  });

  it('take of an expired value gives nothing', () => {
    const { clock, store } = clocked();
    store.set('code', 7, 10);
    clock.now += 10;
    expect(store.take('code')).toBeUndefined();
  });

  it('setting a key again replaces value and expiry', () => {
    const { clock, store } = clocked();
    store.set('a', 1, 10);
    store.set('a', 2, 1000);
    clock.now += 500;
    expect(store.get('a')).toBe(2);
    expect(store.size).toBe(1);
  });

  it('stays bounded: the oldest entry is evicted when full', () => {
    const { store } = clocked(3);
    for (const k of ['a', 'b', 'c', 'd']) store.set(k, 1, 60_000);
    expect(store.size).toBe(3);
    expect(store.get('a')).toBeUndefined();
    expect(store.get('d')).toBe(1);
  });

  it('sweeps expired entries as new ones arrive', () => {
    const { clock, store } = clocked(1000);
    for (let i = 0; i < 8; i++) store.set(`old${i}`, i, 10);
    clock.now += 20;
    store.set('new', 1, 10);
    expect(store.size).toBe(1);
  });

  it('sweep() with no limit clears every expired entry', () => {
    const { clock, store } = clocked(1000);
    for (let i = 0; i < 50; i++) store.set(`k${i}`, i, i < 25 ? 10 : 100_000);
    clock.now += 20;
    store.sweep();
    expect(store.size).toBe(25);
  });

  it('delete and clear', () => {
    const { store } = clocked();
    store.set('a', 1, 100);
    store.set('b', 2, 100);
    store.delete('a');
    expect(store.get('a')).toBeUndefined();
    store.clear();
    expect(store.size).toBe(0);
  });

  it('a zero-capacity store holds nothing but does not loop', () => {
    const store = new ExpiringStore<string, number>(() => 0, 0);
    store.set('a', 1, 100);
    expect(store.size).toBeLessThanOrEqual(1);
  });

  it('memory stays flat under many inserts', () => {
    const { store } = clocked(100);
    for (let i = 0; i < 10_000; i++) store.set(`k${i}`, i, 60_000);
    expect(store.size).toBe(100);
  });
});

describe('ExpiringStore.add (never evicts)', () => {
  it('refuses a new key when full of live entries, and keeps every one of them', () => {
    const { clock, store } = clocked(3);
    for (const k of ['a', 'b', 'c']) expect(store.add(k, 1, 60_000)).toBe(true);
    expect(store.add('d', 1, 60_000)).toBe(false);
    expect(['a', 'b', 'c'].map((k) => store.get(k))).toEqual([1, 1, 1]);
    // Replacing a key already held needs no room.
    expect(store.add('b', 2, 60_000)).toBe(true);
    clock.now += 60_000;
    expect(store.add('d', 1, 60_000)).toBe(true);
    expect(store.size).toBe(1);
  });

  it('finds room among expired entries anywhere, not only at the front', () => {
    const { clock, store } = clocked(3);
    store.add('long', 1, 600_000);
    store.add('short', 1, 1_000);
    store.add('long2', 1, 600_000);
    clock.now += 2_000;
    expect(store.add('new', 1, 60_000)).toBe(true);
    expect(store.get('long')).toBe(1);
  });
});

describe('ExpiringStore with a shared byte budget', () => {
  it('add refuses what does not fit, whatever the count; bytes come back on take, expiry and clear', () => {
    let now = 0;
    const budget = new ByteBudget(1000, () => now);
    const a = new ExpiringStore<string, string>(() => now, 100, budget);
    const b = new ExpiringStore<string, string>(() => now, 100, budget);
    expect(a.add('x', 'x', 1000, 600)).toBe(true);
    expect(b.add('y', 'y', 1000, 600)).toBe(false);
    expect(b.size).toBe(0);
    expect(budget.usedBytes).toBe(600);
    expect(a.take('x')).toBe('x');
    expect(budget.usedBytes).toBe(0);
    expect(b.add('y', 'y', 1000, 600)).toBe(true);
    now = 2000;
    // Expired in the other store: every store is swept when room is short (at most once a
    // second), its bytes given back.
    expect(a.add('z', 'z', 1000, 900)).toBe(true);
    expect(budget.usedBytes).toBe(900);
    a.clear();
    expect(budget.usedBytes).toBe(0);
  });

  it('set evicts its own oldest entries to fit; one entry alone is kept even when it does not', () => {
    const budget = new ByteBudget(1000);
    const tokens = new ExpiringStore<string, number>(() => 0, 100, budget);
    const sessions = new ExpiringStore<string, number>(() => 0, 100, budget);
    for (let i = 0; i < 4; i++) tokens.set(`t${i}`, i, 1000, 300);
    expect(tokens.size).toBe(3);
    expect(tokens.get('t0')).toBeUndefined();
    expect(budget.usedBytes).toBe(900);
    // Another store's entries are not evicted for it: its one entry is kept over the budget.
    sessions.set('s', 1, 1000, 300);
    expect(sessions.get('s')).toBe(1);
    expect(tokens.size).toBe(3);
    expect(budget.usedBytes).toBe(1200);
    sessions.set('s2', 2, 1000, 300);
    expect(sessions.get('s')).toBeUndefined();
    expect(budget.usedBytes).toBe(1200);
    sessions.clear();
    tokens.set('t1', 10, 1000, 300);
    expect(budget.usedBytes).toBe(900);
  });
});
