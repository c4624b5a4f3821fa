import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  bodyBytes,
  boundedText,
  COMPRESS_FROM,
  KEEP_AS_TEXT_BELOW,
  MAX_CAPTURED_BODY,
  readBody,
  storeBody,
} from './stored-body.js';

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

  it('are kept deflated from COMPRESS_FROM bytes when that saves a quarter, and read back whole', () => {
    const json = JSON.stringify({
      items: Array.from({ length: 4000 }, (_, i) => ({ i, ok: true })),
    });
    expect(Buffer.byteLength(json)).toBeGreaterThan(COMPRESS_FROM);
    const holder = storeBody<{ body?: unknown }>({}, json, true);
    expect(bodyBytes(holder)).toBeLessThan(Buffer.byteLength(json) / 4);
    expect(holder.body).toEqual(JSON.parse(json));

    const text = '€ and ü '.repeat(MAX_CAPTURED_BODY / 8);
    const multiByte = storeBody<{ body?: unknown }>({}, text, false);
    expect(bodyBytes(multiByte)).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(multiByte.body).toBe(text);
  });

  it('just under COMPRESS_FROM bytes, or not shrinking by a quarter, are kept as they are', () => {
    const under = 'a'.repeat(COMPRESS_FROM - 1);
    expect(bodyBytes(storeBody<{ body?: unknown }>({}, under, false))).toBe(COMPRESS_FROM - 1);
    // Random hex: deflate saves about 40 %, so this one is kept deflated...
    const hex = randomBytes(COMPRESS_FROM).toString('hex');
    const hexHolder = storeBody<{ body?: unknown }>({}, hex, false);
    expect(bodyBytes(hexHolder)).toBeLessThan(hex.length * 0.75);
    expect(hexHolder.body).toBe(hex);
    // ...while random Latin-1 text (two UTF-8 bytes of high entropy a character) is not.
    const noise = String.fromCharCode(...randomBytes(COMPRESS_FROM));
    const noiseHolder = storeBody<{ body?: unknown }>({}, noise, false);
    expect(bodyBytes(noiseHolder)).toBe(Buffer.byteLength(noise));
    expect(noiseHolder.body).toBe(noise);
  });

  it('kept deflated are replaced by an assigned value like any other', () => {
    const holder = storeBody<{ body?: unknown }>({}, 'x'.repeat(MAX_CAPTURED_BODY), false);
    expect(bodyBytes(holder)).toBeLessThan(1024);
    holder.body = 'masked';
    expect(holder.body).toBe('masked');
    expect(bodyBytes(holder)).toBe('masked'.length);
  });

  it('weigh their UTF-8 bytes whether kept as text (small) or as bytes, and read back the same', () => {
    for (const length of [KEEP_AS_TEXT_BELOW / 2 - 1, KEEP_AS_TEXT_BELOW / 2, KEEP_AS_TEXT_BELOW]) {
      const text = JSON.stringify({ v: 'é'.repeat(length) });
      const holder = storeBody<{ body?: unknown }>({}, text, true);
      expect(bodyBytes(holder)).toBe(Buffer.byteLength(text));
      expect(holder.body).toEqual({ v: 'é'.repeat(length) });
      expect(JSON.stringify(holder)).toBe(`{"body":${text}}`);
    }
  });
});
