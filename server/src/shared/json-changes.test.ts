import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { applyJsonChanges, jsonChanges } from './json-changes.js';

/** JSON text with sorted keys: equal JSON values give equal text, whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort())
      Object.defineProperty(sorted, k, {
        value: (v as Record<string, unknown>)[k],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return sorted;
  });
}

/** Keys that are hard on a JSON Pointer or on a plain object. */
const key = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom('a', 'b', 'c', '', '/', '~', '~1', '~0/', 'a/b', '0', '-', '__proto__', 'length'),
);
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 6 }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A document and an edited copy of it: values replaced, keys removed, items added or cut. */
function edited(doc: unknown, rnd: () => number): unknown {
  const r = rnd();
  if (r < 0.1) return null;
  if (r < 0.15) return 'replaced';
  if (Array.isArray(doc)) {
    const out = doc.map((v) => (rnd() < 0.3 ? edited(v, rnd) : v));
    if (rnd() < 0.3) out.push({ added: rnd() < 0.5 ? null : [1, { x: null }] });
    if (rnd() < 0.3) out.splice(Math.floor(rnd() * out.length), 1);
    return out;
  }
  if (typeof doc === 'object' && doc !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(doc)) {
      const p = rnd();
      if (p < 0.15) continue; // removed
      Object.defineProperty(out, k, {
        value: p < 0.45 ? edited(v, rnd) : v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    if (rnd() < 0.3) out[`new${Math.floor(rnd() * 3)}`] = rnd() < 0.5 ? null : { deep: [null] };
    return out;
  }
  return doc;
}

/** Freezes a value all the way down, so any change made in place throws. */
function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const child of Object.values(v)) deepFreeze(child);
    Object.freeze(v);
  }
  return v;
}

/** Sends the changes as the event stream does: through JSON text. */
const overTheWire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('jsonChanges and applyJsonChanges', () => {
  it('round-trip: applying the changes from a to b gives b, over JSON, leaving a untouched', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const from = deepFreeze(overTheWire(a));
        const to = overTheWire(b);
        const result = applyJsonChanges(from, overTheWire(jsonChanges(from, to)));
        expect(result.ok).toBe(true);
        if (result.ok) expect(canonical(result.value)).toBe(canonical(to));
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trip on edited copies (nested objects, arrays, removals, nulls)', () => {
    fc.assert(
      fc.property(json, fc.integer(), (a, seed) => {
        let s = seed >>> 0 || 1;
        const rnd = () => ((s = (s * 1_103_515_245 + 12_345) >>> 0) % 10_000) / 10_000;
        const from = deepFreeze(overTheWire(a));
        const to = overTheWire(edited(from, rnd));
        const changes = jsonChanges(from, to);
        const result = applyJsonChanges(from, overTheWire(changes));
        expect(result).toMatchObject({ ok: true });
        if (result.ok) expect(canonical(result.value)).toBe(canonical(to));
        if (canonical(from) === canonical(to)) expect(changes).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells null from a removed key', () => {
    const from = { email: 'a@example.com', phone: '+44', nested: { keep: 1, gone: 2 } };
    const to = { email: null, phone: '+44', nested: { keep: 1 } };
    const changes = jsonChanges(from, to);
    expect(changes).toEqual([
      { op: 'replace', path: '/email', value: null },
      { op: 'remove', path: '/nested/gone' },
    ]);
    expect(applyJsonChanges(from, changes)).toEqual({ ok: true, value: to });
  });

  it('treats an undefined value as absent, as JSON does', () => {
    expect(jsonChanges({ a: undefined, b: 1 }, { b: 1 })).toEqual([]);
    expect(jsonChanges({ b: 1 }, { a: undefined, b: 1 })).toEqual([]);
    expect(jsonChanges({ a: undefined }, { a: 2 })).toEqual([{ op: 'add', path: '/a', value: 2 }]);
  });

  it('names only what changed in a large document, and skips shared parts unread', () => {
    const big = { items: Array.from({ length: 5000 }, (_, i) => ({ i, text: 'x'.repeat(50) })) };
    const faults = [{ target: 'trustmark', kind: 'outage', status: 503, requests: 7 }];
    const from = { big, errorConfiguration: { faults } };
    const to = { big, errorConfiguration: { faults: [{ ...faults[0], requests: 6 }] } };
    const changes = jsonChanges(from, to);
    expect(changes).toEqual([
      { op: 'replace', path: '/errorConfiguration/faults/0/requests', value: 6 },
    ]);
    const result = applyJsonChanges(from, changes);
    expect(result.ok && (result.value as typeof from).big).toBe(big);
  });

  it('copies each container a list of changes goes through once, not once per change', () => {
    // 10,000 changes to one 10,000-item array: copied per change, that is 10^8 items moved,
    // a window frozen for each such push.
    const from = deepFreeze({
      r: { keep: 'k', list: Array.from({ length: 10_000 }, (_, i) => i) },
    });
    const to = { r: { keep: 'k', list: Array.from({ length: 10_000 }, (_, i) => -i) } };
    const changes = overTheWire(jsonChanges(from, to)) as unknown[];
    const slices = vi.spyOn(Array.prototype, 'slice');
    let result: ReturnType<typeof applyJsonChanges>;
    let copies: number;
    try {
      result = applyJsonChanges(from, changes);
      copies = slices.mock.calls.length;
    } finally {
      slices.mockRestore();
    }
    expect(copies).toBeLessThanOrEqual(1);
    expect(result.ok).toBe(true);
    if (result.ok) expect(canonical(result.value)).toBe(canonical(to));
    // The input is untouched, and so is it when a later change fails after earlier ones applied.
    expect(from.r.list[9_999]).toBe(9_999);
    const failing = [...changes.slice(0, 5), { op: 'remove', path: '/r/none' }];
    expect(applyJsonChanges(from, failing).ok).toBe(false);
    expect(from.r.list.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('escapes "/" and "~" in keys, and keeps "__proto__" an own key', () => {
    const from = JSON.parse('{"a/b":{"~c":1},"__proto__":{"x":1}}') as unknown;
    const to = JSON.parse('{"a/b":{"~c":2},"__proto__":{"x":2,"polluted":true}}') as unknown;
    const changes = jsonChanges(from, to);
    expect(changes.map((c) => c.path)).toEqual([
      '/a~1b/~0c',
      '/__proto__/x',
      '/__proto__/polluted',
    ]);
    const result = applyJsonChanges(from, overTheWire(changes));
    expect(result.ok).toBe(true);
    if (result.ok) expect(canonical(result.value)).toBe(canonical(to));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.ok ? result.value : null)).toBe(Object.prototype);
  });

  it('refuses what is not a list of changes that apply, with a reason and without throwing', () => {
    const doc = deepFreeze({ a: [1, 2], b: { c: null } });
    const bad: [unknown, RegExp][] = [
      [null, /must be a list/],
      [{ op: 'add' }, /must be a list/],
      ['[]', /must be a list/],
      [42, /must be a list/],
      [[null], /change 0: a change must be an object/],
      [[[]], /change 0: a change must be an object/],
      [[{ op: 'move', path: '/a', from: '/b' }], /op must be/],
      [[{ op: 'add', path: 'a', value: 1 }], /JSON Pointer/],
      [[{ op: 'add', path: 7, value: 1 }], /JSON Pointer/],
      [[{ op: 'add', path: ['a'], value: 1 }], /JSON Pointer/],
      [[{ op: 'replace', path: '/a/0' }], /needs a value/],
      [[{ op: 'replace', path: '/zz', value: 1 }], /no member "zz"/],
      [[{ op: 'remove', path: '/b/zz' }], /no member "zz"/],
      [[{ op: 'replace', path: '/a/2', value: 1 }], /no item at index 2/],
      [[{ op: 'add', path: '/a/3', value: 1 }], /past the end/],
      [[{ op: 'replace', path: '/a/01', value: 1 }], /not an array index/],
      [[{ op: 'replace', path: '/a/-', value: 1 }], /not an array index/],
      [[{ op: 'replace', path: '/a/x', value: 1 }], /not an array index/],
      [[{ op: 'add', path: '/b/c/d', value: 1 }], /nothing to go into/],
      [[{ op: 'remove', path: '' }], /whole document/],
      [
        [
          { op: 'replace', path: '/b/c', value: 1 },
          { op: 'remove', path: '/nope' },
        ],
        /change 1 \(remove \/nope\)/,
      ],
    ];
    for (const [changes, reason] of bad) {
      const result = applyJsonChanges(doc, changes);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(reason);
    }
    expect(doc).toEqual({ a: [1, 2], b: { c: null } });
  });

  it('applies the RFC 6902 forms it accepts: append with "-", insert, replace the root', () => {
    expect(applyJsonChanges([1], [{ op: 'add', path: '/-', value: 2 }])).toEqual({
      ok: true,
      value: [1, 2],
    });
    expect(applyJsonChanges([1, 3], [{ op: 'add', path: '/1', value: 2 }])).toEqual({
      ok: true,
      value: [1, 2, 3],
    });
    expect(applyJsonChanges({ a: 1 }, [{ op: 'replace', path: '', value: [] }])).toEqual({
      ok: true,
      value: [],
    });
  });
});
