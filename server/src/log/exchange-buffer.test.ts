import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange-types.js';
import { ExchangeBuffer } from './exchange-buffer.js';

function exchange(seq: number, patch: Partial<Exchange> = {}): Exchange {
  return {
    id: `id-${seq}`,
    seq,
    endpoint: 'token',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method: 'GET', path: '/', query: {}, headers: {} },
    response: { status: 200, headers: {} },
    outcome: { kind: 'success' },
    tokens: [],
    scenarios: [],
    ...patch,
  };
}

function fill(buffer: ExchangeBuffer, n: number): void {
  for (let i = 0; i < n; i++) buffer.push(exchange(buffer.nextSeq()));
}

describe('ExchangeBuffer', () => {
  it('keeps exchanges oldest first until full', () => {
    const buffer = new ExchangeBuffer(3);
    fill(buffer, 2);
    expect(buffer.list().map((e) => e.seq)).toEqual([1, 2]);
    expect(buffer.size).toBe(2);
  });

  it('never holds more than its capacity: the oldest go first', () => {
    const buffer = new ExchangeBuffer(3);
    fill(buffer, 10);
    expect(buffer.size).toBe(3);
    expect(buffer.list().map((e) => e.seq)).toEqual([8, 9, 10]);
    expect([...buffer.newestFirst()].map((e) => e.seq)).toEqual([10, 9, 8]);
    expect(buffer.totalRecorded).toBe(10);
  });

  it('stays bounded over a long run, and forgets evicted ids', () => {
    const buffer = new ExchangeBuffer(100);
    fill(buffer, 25_000);
    expect(buffer.size).toBe(100);
    expect(buffer.get('id-1')).toBeUndefined();
    expect(buffer.get('id-24999')?.seq).toBe(24_999);
  });

  it('finds exchanges by id', () => {
    const buffer = new ExchangeBuffer(5);
    fill(buffer, 3);
    expect(buffer.get('id-2')?.seq).toBe(2);
    expect(buffer.get('nope')).toBeUndefined();
  });

  it('lists what follows a sequence number (resume), across the wrap-around', () => {
    const buffer = new ExchangeBuffer(4);
    fill(buffer, 7); // holds 4..7
    expect(buffer.after(5).map((e) => e.seq)).toEqual([6, 7]);
    expect(buffer.after(0).map((e) => e.seq)).toEqual([4, 5, 6, 7]);
    expect(buffer.after(2).map((e) => e.seq)).toEqual([4, 5, 6, 7]);
    expect(buffer.after(7)).toEqual([]);
    expect(buffer.after(99)).toEqual([]);
  });

  it('finds the newest exchange matching a predicate', () => {
    const buffer = new ExchangeBuffer(4);
    buffer.push(exchange(buffer.nextSeq(), { endpoint: 'authorize' }));
    buffer.push(exchange(buffer.nextSeq(), { endpoint: 'token' }));
    buffer.push(exchange(buffer.nextSeq(), { endpoint: 'authorize' }));
    expect(buffer.findLast((e) => e.endpoint === 'authorize')?.seq).toBe(3);
    expect(buffer.findLast((e) => e.endpoint === 'logout')).toBeUndefined();
  });

  it('clears everything but keeps numbering, so resumed streams stay consistent', () => {
    const buffer = new ExchangeBuffer(4);
    fill(buffer, 3);
    buffer.clear();
    expect(buffer.size).toBe(0);
    expect(buffer.list()).toEqual([]);
    expect(buffer.get('id-1')).toBeUndefined();
    expect(buffer.lastSeq).toBe(3);
    fill(buffer, 1);
    expect(buffer.list().map((e) => e.seq)).toEqual([4]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a capacity of %s', (capacity) => {
    expect(() => new ExchangeBuffer(capacity)).toThrow(RangeError);
  });
});

describe('ExchangeBuffer pins', () => {
  it('keeps a pinned exchange past the cap, in order, until unpinned', () => {
    const buffer = new ExchangeBuffer(3);
    fill(buffer, 3);
    expect(buffer.pinExchange('id-1', true)).toBe(true);
    fill(buffer, 5);
    expect(buffer.list().map((e) => e.seq)).toEqual([1, 6, 7, 8]);
    expect([...buffer.newestFirst()].map((e) => e.seq)).toEqual([8, 7, 6, 1]);
    expect(buffer.after(0).map((e) => e.seq)).toEqual([1, 6, 7, 8]);
    expect(buffer.after(1).map((e) => e.seq)).toEqual([6, 7, 8]);
    // The event stream's replay walks them in the same order.
    expect(buffer.firstAfter(0)?.seq).toBe(1);
    expect(buffer.firstAfter(1)?.seq).toBe(6);
    expect(buffer.firstAfter(8)).toBeUndefined();
    expect(buffer.get('id-1')?.seq).toBe(1);
    expect(buffer.size).toBe(4);
    expect(buffer.pins()).toEqual({ exchanges: ['id-1'], journeys: [] });
    expect(buffer.pinExchange('id-1', false)).toBe(true);
    expect(buffer.list().map((e) => e.seq)).toEqual([6, 7, 8]);
    expect(buffer.get('id-1')).toBeUndefined();
  });

  it('pins a journey: the exchanges it has and those still to come', () => {
    const buffer = new ExchangeBuffer(2);
    buffer.push(exchange(buffer.nextSeq(), { journeyId: 'j1' }));
    expect(buffer.pinJourney('j1', true)).toBe(true);
    fill(buffer, 2);
    buffer.push(exchange(buffer.nextSeq(), { journeyId: 'j1' }));
    fill(buffer, 2);
    expect(buffer.list().map((e) => e.seq)).toEqual([1, 4, 5, 6]);
    expect(buffer.isPinned(exchange(99, { journeyId: 'j1' }))).toBe(true);
    expect(buffer.pinJourney('j1', false)).toBe(true);
    expect(buffer.list().map((e) => e.seq)).toEqual([5, 6]);
  });

  it('refuses to pin what it does not hold, and clear drops pins', () => {
    const buffer = new ExchangeBuffer(2);
    fill(buffer, 1);
    expect(buffer.pinExchange('nope', true)).toBe(false);
    expect(buffer.pinJourney('nope', true)).toBe(false);
    expect(buffer.pinJourney('nope', false)).toBe(false);
    expect(buffer.pins()).toEqual({ exchanges: [], journeys: [] });
    buffer.pinExchange('id-1', true);
    buffer.clear();
    expect(buffer.pins()).toEqual({ exchanges: [], journeys: [] });
    expect(buffer.size).toBe(0);
  });

  it('keeps at most MAX_KEPT_PINNED beyond the ring, dropping the oldest kept', async () => {
    const { MAX_KEPT_PINNED } = await import('./exchange-buffer.js');
    const buffer = new ExchangeBuffer(1);
    buffer.push(exchange(buffer.nextSeq(), { journeyId: 'j' }));
    buffer.pinJourney('j', true);
    for (let i = 0; i < MAX_KEPT_PINNED + 5; i++)
      buffer.push(exchange(buffer.nextSeq(), { journeyId: 'j' }));
    expect(buffer.size).toBe(MAX_KEPT_PINNED + 1);
    expect(buffer.list()[0]?.seq).toBe(6);
  });
});

describe('ExchangeBuffer.clearWhere', () => {
  it('removes what the predicate picks, keeps the rest in order, and the ring keeps working', () => {
    const buffer = new ExchangeBuffer(4);
    for (let seq = 1; seq <= 6; seq++)
      buffer.push(exchange(seq, seq % 2 === 0 ? { simulator: 'a' } : {}));
    // The ring holds 3..6, its head in the middle of the slots.
    expect(buffer.clearWhere((e) => e.simulator === 'a')).toBe(2);
    expect(buffer.list().map((e) => e.seq)).toEqual([3, 5]);
    expect(buffer.get(exchange(4).id)).toBeUndefined();
    for (let seq = 7; seq <= 10; seq++) buffer.push(exchange(seq));
    expect(buffer.list().map((e) => e.seq)).toEqual([7, 8, 9, 10]);
    expect(buffer.clearWhere(() => false)).toBe(0);
  });

  it('drops the pins of what it removed, kept pinned ones included, and frees their bytes', () => {
    const buffer = new ExchangeBuffer(2);
    buffer.push(exchange(1, { simulator: 'a', journeyId: 'j1' }));
    buffer.push(exchange(2, { journeyId: 'j2' }));
    buffer.pinExchange(exchange(1).id, true);
    buffer.pinJourney('j2', true);
    buffer.push(exchange(3));
    buffer.push(exchange(4));
    // 1 and 2 were pushed out of the ring and kept because pinned.
    expect(buffer.list().map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    const before = buffer.bytes;
    expect(buffer.clearWhere((e) => e.simulator === 'a')).toBe(1);
    expect(buffer.list().map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(buffer.pins()).toEqual({ exchanges: [], journeys: ['j2'] });
    expect(buffer.bytes).toBeLessThan(before);
    expect(buffer.size).toBe(3);
  });
});
