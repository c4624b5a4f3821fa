import { describe, expect, it } from 'vitest';
import { bodyBytes, boundedText, MAX_CAPTURED_BODY, readBody, storeBody } from './stored-body.js';

describe('stored bodies', () => {
  it('weigh the bytes they keep: two or three a character above U+007F, not one', () => {
    const latin = storeBody<{ body?: unknown }>({}, 'é'.repeat(1000), false);
    const euro = storeBody<{ body?: unknown }>({}, '€'.repeat(1000), false);
    const ascii = storeBody<{ body?: unknown }>({}, 'a'.repeat(1000), false);
    expect(bodyBytes(latin)).toBe(2000);
    expect(bodyBytes(euro)).toBe(3000);
    expect(bodyBytes(ascii)).toBe(1000);
    expect(euro.body).toBe('€'.repeat(1000));
  });

  it('read back as the JSON value, parsed anew on each read (nothing parsed is kept)', () => {
    const holder = storeBody<{ body?: unknown }>({}, '{"a":[1,{"b":"ü"}]}', true);
    const first = holder.body;
    expect(first).toEqual({ a: [1, { b: 'ü' }] });
    expect(holder.body).toEqual(first);
    expect(holder.body).not.toBe(first);
    expect(bodyBytes(holder)).toBe(Buffer.byteLength('{"a":[1,{"b":"ü"}]}'));
  });

  it('read back as text when not JSON, or when JSON was expected and the text is not', () => {
    expect(storeBody<{ body?: unknown }>({}, '{"a":', true).body).toBe('{"a":');
    expect(storeBody<{ body?: unknown }>({}, '{"a":1}', false).body).toBe('{"a":1}');
    expect(readBody('[1]', true)).toEqual([1]);
    expect(readBody('[1]', false)).toBe('[1]');
  });

  it('are replaced by an assigned value, then weighed by its JSON', () => {
    const holder = storeBody<{ body?: unknown }>({}, 'x'.repeat(5000), false);
    holder.body = { masked: true };
    expect(holder.body).toEqual({ masked: true });
    expect(bodyBytes(holder)).toBe(JSON.stringify({ masked: true }).length);
  });

  it('show in JSON and in copies as the value they read as', () => {
    const holder = storeBody<{ n: number; body?: unknown }>({ n: 1 }, '{"a":1}', true);
    expect(JSON.parse(JSON.stringify(holder))).toEqual({ n: 1, body: { a: 1 } });
    expect({ ...holder }).toEqual({ n: 1, body: { a: 1 } });
  });

  it('are cut at the capture limit in characters', () => {
    expect(boundedText('z'.repeat(MAX_CAPTURED_BODY))).toEqual({
      text: 'z'.repeat(MAX_CAPTURED_BODY),
      truncated: false,
    });
    const cut = boundedText('€'.repeat(MAX_CAPTURED_BODY + 1));
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe('€'.repeat(MAX_CAPTURED_BODY));
  });
});
