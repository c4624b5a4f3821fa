import { describe, expect, it } from 'vitest';
import type { Exchange } from '../contract.js';
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
