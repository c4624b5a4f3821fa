import { describe, expect, it } from 'vitest';
import type { ExchangeToken } from '../../../server/src/contract.js';
import { createTestStore, exchange, settle } from '../../test/fake-admin-client.js';
import {
  initialLogState,
  matchesFilter,
  mergeExchanges,
  moveSelection,
  preferredTokenIndex,
  receiveExchanges,
  resetLog,
  setCapacity,
  setPaused,
  visibleExchanges,
  EMPTY_FILTER,
  type LogState,
} from './log-slice.js';

const state = (patch: Partial<LogState> = {}): LogState => ({ ...initialLogState(), ...patch });

describe('mergeExchanges', () => {
  it('appends new exchanges in seq order', () => {
    const out = mergeExchanges([exchange(1)], [exchange(2), exchange(3)], 10);
    expect(out.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('skips exchanges it already has (a replay after reconnection)', () => {
    const items = [exchange(1), exchange(2)];
    const out = mergeExchanges(items, [exchange(1), exchange(2), exchange(3)], 10);
    expect(out.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('returns the same array when nothing is new', () => {
    const items = [exchange(1)];
    expect(mergeExchanges(items, [exchange(1)], 10)).toBe(items);
    expect(mergeExchanges(items, [], 10)).toBe(items);
  });

  it('inserts a late exchange at its place', () => {
    const out = mergeExchanges([exchange(1), exchange(3)], [exchange(2)], 10);
    expect(out.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('keeps only the newest exchanges beyond the capacity', () => {
    const batch = Array.from({ length: 25 }, (_, i) => exchange(i + 1));
    const out = mergeExchanges([], batch, 10);
    expect(out).toHaveLength(10);
    expect(out[0]?.seq).toBe(16);
    expect(out[9]?.seq).toBe(25);
  });

  it('starts over when a known seq comes back with another id (restarted server)', () => {
    const out = mergeExchanges([exchange(1), exchange(2)], [exchange(1, { id: 'new-1' })], 10);
    expect(out.map((e) => e.id)).toEqual(['new-1']);
  });
});

describe('pause and capacity', () => {
  it('holds exchanges while paused and merges them on resume', () => {
    let s = state({ items: [exchange(1)] });
    s = { ...s, ...setPaused(s, true) };
    s = { ...s, ...receiveExchanges(s, [exchange(2)]) };
    expect(s.items.map((e) => e.seq)).toEqual([1]);
    expect(s.held.map((e) => e.seq)).toEqual([2]);
    s = { ...s, ...setPaused(s, false) };
    expect(s.items.map((e) => e.seq)).toEqual([1, 2]);
    expect(s.held).toEqual([]);
  });

  it('drops the selection when its exchange falls out of the list', () => {
    let s = state({ capacity: 2, items: [exchange(1), exchange(2)], selectedId: 'ex-1' });
    s = { ...s, ...receiveExchanges(s, [exchange(3)]) };
    expect(s.selectedId).toBeNull();
  });

  it('refuses a capacity that is not a positive whole number', () => {
    const s = state({ capacity: 5 });
    expect(setCapacity(s, -1).capacity).toBe(10_000);
    expect(setCapacity(s, 2.5).capacity).toBe(10_000);
    expect(
      setCapacity(state({ items: [exchange(1), exchange(2)] }), 1).items?.map((e) => e.seq),
    ).toEqual([2]);
  });
});

describe('filtering', () => {
  const a = exchange(1, {
    endpoint: 'authorize',
    request: { method: 'GET', path: '/authorize', query: { state: 'xyz' }, headers: {} },
    response: { status: 302, headers: {}, location: 'http://rp/cb?code=1' },
  });
  const b = exchange(2, {
    endpoint: 'token',
    journeyId: 'j2',
    response: { status: 400, headers: {} },
    outcome: { kind: 'error', code: 'invalid_client', description: 'bad assertion' },
  });
  const c = exchange(3, {
    endpoint: 'userinfo',
    request: { method: 'GET', path: '/userinfo', query: {}, headers: {} },
  });

  it('lists newest first', () => {
    expect(visibleExchanges([a, b, c], EMPTY_FILTER).map((e) => e.seq)).toEqual([3, 2, 1]);
  });

  it('filters by endpoint, outcome, journey and text', () => {
    expect(
      visibleExchanges([a, b, c], { ...EMPTY_FILTER, endpoint: 'token' }).map((e) => e.seq),
    ).toEqual([2]);
    expect(
      visibleExchanges([a, b, c], { ...EMPTY_FILTER, outcome: 'error' }).map((e) => e.seq),
    ).toEqual([2]);
    expect(
      visibleExchanges([a, b, c], { ...EMPTY_FILTER, journey: 'j1' }).map((e) => e.seq),
    ).toEqual([3, 1]);
    expect(
      visibleExchanges([a, b, c], { ...EMPTY_FILTER, text: 'invalid_client' }).map((e) => e.seq),
    ).toEqual([2]);
    expect(visibleExchanges([a, b, c], { ...EMPTY_FILTER, text: 'XYZ' }).map((e) => e.seq)).toEqual(
      [1],
    );
    expect(
      visibleExchanges([a, b, c], { ...EMPTY_FILTER, text: 'state=xyz' }).map((e) => e.seq),
    ).toEqual([1]);
    expect(
      visibleExchanges([a, b, c], { ...EMPTY_FILTER, text: 'get 302' }).map((e) => e.seq),
    ).toEqual([1]);
  });

  it('matches nothing for text found nowhere', () => {
    expect(matchesFilter(a, { ...EMPTY_FILTER, text: 'no-such-thing' })).toBe(false);
  });
});

describe('moveSelection', () => {
  const visible = [exchange(3), exchange(2), exchange(1)];
  it('moves down and up, clamped at the ends', () => {
    expect(moveSelection(visible, 'ex-3', 1)).toBe('ex-2');
    expect(moveSelection(visible, 'ex-1', 1)).toBe('ex-1');
    expect(moveSelection(visible, 'ex-3', -1)).toBe('ex-3');
  });
  it('starts at the top (or bottom) when nothing or a hidden row is selected', () => {
    expect(moveSelection(visible, null, 1)).toBe('ex-3');
    expect(moveSelection(visible, 'gone', -1)).toBe('ex-1');
    expect(moveSelection([], null, 1)).toBeNull();
  });
});

describe('log actions', () => {
  it('loads the detail of a selected exchange once', async () => {
    const { store, calls } = createTestStore();
    store.getState().receiveExchanges([exchange(1)]);
    store.getState().selectExchange('ex-1');
    await settle();
    store.getState().selectExchange('ex-1');
    await settle();
    expect(calls.filter((c) => c.name === 'getExchange')).toHaveLength(1);
    expect(store.getState().details['ex-1']).toEqual({ state: 'ready', analysis: [] });
  });

  it('keeps a readable message when the detail cannot be loaded', async () => {
    const { store } = createTestStore({
      getExchange: async () => ({
        ok: false,
        error: { kind: 'http', status: 404, message: 'not found' },
      }),
    });
    await store.getState().loadDetail('nope');
    expect(store.getState().details.nope).toEqual({
      state: 'error',
      message: 'The simulator answered 404: not found',
    });
  });

  it('clears the log through the API, and says why when it cannot', async () => {
    const good = createTestStore();
    good.store.getState().receiveExchanges([exchange(1)]);
    await good.store.getState().clearLog();
    expect(good.store.getState().items).toEqual([]);

    const bad = createTestStore({
      clearExchanges: async () => ({ ok: false, error: { kind: 'network', message: 'offline' } }),
    });
    bad.store.getState().receiveExchanges([exchange(1)]);
    await bad.store.getState().clearLog();
    expect(bad.store.getState().items).toHaveLength(1);
    expect(bad.store.getState().clearError).toContain('cannot be reached');
  });

  it("clears the window's simulator only: its exchanges go, the others' stay", async () => {
    const { store, calls } = createTestStore();
    store.getState().setFilter({ simulator: 'a' });
    store
      .getState()
      .receiveExchanges([
        exchange(1, { simulator: 'a' }),
        exchange(2),
        exchange(3, { simulator: 'b' }),
      ]);
    store.getState().selectExchange('ex-1');
    await store.getState().clearLog();
    expect(store.getState().items.map((e) => e.seq)).toEqual([2, 3]);
    expect(store.getState().selectedId).toBeNull();
    expect(calls).toContainEqual({ name: 'clearExchanges', body: 'a' });

    // The root window clears the root's ('/'), not the named ones'.
    store.getState().setFilter({ simulator: '' });
    await store.getState().clearLog();
    expect(store.getState().items.map((e) => e.seq)).toEqual([3]);
    expect(calls).toContainEqual({ name: 'clearExchanges', body: '/' });
  });

  it("a partial reset from the stream removes that simulator's exchanges only", () => {
    let s = state();
    s = { ...s, ...receiveExchanges(s, [exchange(1, { simulator: 'a' }), exchange(2)]) };
    expect(resetLog(s, 'a').items?.map((e) => e.seq)).toEqual([2]);
    expect(resetLog(s, '/').items?.map((e) => e.seq)).toEqual([1]);
    expect(resetLog(s).items).toEqual([]);
  });
});

describe('pins', () => {
  const batch = (from: number, to: number, journeyId = 'noise') =>
    Array.from({ length: to - from + 1 }, (_, i) => exchange(from + i, { journeyId }));

  it('keeps pinned exchanges past the cap, as the simulator does', () => {
    const pins = { exchanges: ['ex-1'], journeys: ['sign-in'] };
    let s = state({ capacity: 3, pins });
    s = { ...s, ...receiveExchanges(s, [exchange(1, { journeyId: 'noise' })]) };
    s = { ...s, ...receiveExchanges(s, [exchange(2, { journeyId: 'sign-in' })]) };
    s = { ...s, ...receiveExchanges(s, batch(3, 10)) };
    expect(s.items.map((e) => e.seq)).toEqual([1, 2, 8, 9, 10]);
    // Lowering the capacity keeps them too; without pins the cap is exact.
    expect(setCapacity(s, 1).items?.map((e) => e.seq)).toEqual([1, 2, 10]);
    const unpinned = { ...s, pins: { exchanges: [], journeys: [] } };
    expect(setCapacity(unpinned, 2).items?.map((e) => e.seq)).toEqual([9, 10]);
  });

  it('lists pinned exchanges first on demand, each group newest first', () => {
    const items = [exchange(1), exchange(2, { journeyId: 'sign-in' }), exchange(3), exchange(4)];
    const pins = { exchanges: ['ex-3'], journeys: ['sign-in'] };
    expect(visibleExchanges(items, EMPTY_FILTER, pins, false).map((e) => e.seq)).toEqual([
      4, 3, 2, 1,
    ]);
    expect(visibleExchanges(items, EMPTY_FILTER, pins, true).map((e) => e.seq)).toEqual([
      3, 2, 4, 1,
    ]);
    expect(
      visibleExchanges(items, { ...EMPTY_FILTER, text: 'ex-1' }, pins, true).map((e) => e.seq),
    ).toEqual([1]);
  });

  it('pins and unpins through the simulator; a refusal is shown; clear drops the pins', async () => {
    const { store, calls } = createTestStore();
    await store.getState().setPin('exchange', 'ex-1', true);
    await store.getState().setPin('journey', 'j1', true);
    expect(store.getState().pins).toEqual({ exchanges: ['ex-1'], journeys: ['j1'] });
    await store.getState().setPin('exchange', 'ex-1', false);
    expect(store.getState().pins.exchanges).toEqual([]);
    await store.getState().setPin('exchange', 'unknown', true);
    expect(store.getState().pinError).toMatch(/no such exchange/);
    expect(calls.filter((c) => c.name === 'setPin')).toHaveLength(4);
    await store.getState().loadPins();
    expect(store.getState().pins).toEqual({ exchanges: [], journeys: ['j1'] });
    await store.getState().clearLog();
    expect(store.getState().pins).toEqual({ exchanges: [], journeys: [] });
  });
});

describe('preferredTokenIndex and selection', () => {
  const t = (role: ExchangeToken['role']) => ({ role, compact: `${role}.x.y` });

  it('opens the ID token of a /token exchange, not the client assertion sent with it', () => {
    expect(preferredTokenIndex([t('client_assertion'), t('id_token'), t('access_token')])).toBe(1);
    expect(preferredTokenIndex([t('access_token'), t('core_identity')])).toBe(1);
    expect(preferredTokenIndex([t('client_assertion'), t('access_token')])).toBe(1);
    expect(preferredTokenIndex([t('request_object')])).toBe(0);
    expect(preferredTokenIndex([])).toBe(0);
  });

  it('selecting an exchange points the inspector at its preferred token', () => {
    const { store } = createTestStore();
    const token = exchange(7, {
      tokens: [t('client_assertion'), t('id_token'), t('access_token')],
    });
    store.getState().receiveExchanges([token]);
    store.getState().selectExchange(token.id);
    expect(store.getState().inspectorTokenIndex).toBe(1);
  });
});

describe("the simulator's own requests", () => {
  const own = (seq: number) =>
    exchange(seq, {
      request: {
        method: 'GET',
        path: '/.well-known/jwks.json',
        query: {},
        headers: { 'user-agent': 'identity-simulator-inspector' },
      },
    });
  it('are hidden unless shown, and counted only when shown', () => {
    const { store } = createTestStore();
    store.getState().setFilter({ simulator: '' });
    store.getState().receiveExchanges([exchange(1), own(2)]);
    const ids = () =>
      store.getState().items.filter((e) => matchesFilter(e, store.getState().filter));
    expect(ids().map((e) => e.seq)).toEqual([1]);
    store.getState().setFilter({ showOwn: true });
    expect(ids().map((e) => e.seq)).toEqual([1, 2]);
  });
});
