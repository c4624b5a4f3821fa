import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_CAPTURED_BODY } from './stored-body.js';
import { jsonTextOf, keepJsonText } from './request-body-text.js';

const request = () => ({}) as IncomingMessage;

describe('the JSON body text kept for the log', () => {
  it('is the text the parser read, as sent (spacing kept, nothing serialised again)', () => {
    const req = request();
    keepJsonText(req, undefined, Buffer.from('{ "a" : [ 1 , 2 ] }'), 'utf-8');
    expect(jsonTextOf(req)).toEqual({ text: '{ "a" : [ 1 , 2 ] }', truncated: false });
  });

  it('is cut at the capture limit in characters, multi-byte ones included', () => {
    const ascii = request();
    keepJsonText(ascii, undefined, Buffer.from(`[${'0,'.repeat(60_000)}0]`), 'utf-8');
    expect(jsonTextOf(ascii)?.truncated).toBe(true);
    expect(jsonTextOf(ascii)?.text).toBe(`[${'0,'.repeat(60_000)}0]`.slice(0, MAX_CAPTURED_BODY));

    const euros = request();
    const text = `"${'€'.repeat(MAX_CAPTURED_BODY + 10)}"`;
    keepJsonText(euros, undefined, Buffer.from(text), 'utf-8');
    expect(jsonTextOf(euros)).toEqual({ text: text.slice(0, MAX_CAPTURED_BODY), truncated: true });
  });

  it('keeps a whole body of multi-byte characters whole', () => {
    const req = request();
    const text = `"${'€'.repeat(30_000)}"`;
    keepJsonText(req, undefined, Buffer.from(text), 'utf-8');
    expect(jsonTextOf(req)).toEqual({ text, truncated: false });
  });

  it('drops a byte order mark, as the parser does', () => {
    const req = request();
    keepJsonText(req, undefined, Buffer.from('\ufeff{"a":1}'), 'utf-8');
    expect(jsonTextOf(req)?.text).toBe('{"a":1}');
  });

  it('leaves bodies in another charset to the recorder', () => {
    const req = request();
    keepJsonText(req, undefined, Buffer.from('{"a":1}', 'utf16le'), 'utf-16le');
    expect(jsonTextOf(req)).toBeUndefined();
  });
});
