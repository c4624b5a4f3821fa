import { describe, expect, it } from 'vitest';
import { parseHost, parsePortNumber } from './parse-listen-address.js';

describe('parsePortNumber', () => {
  it.each([0, 1, 3000, 65535])('accepts %d', (port) => {
    expect(parsePortNumber(port)).toEqual({ ok: true, value: port });
  });

  it.each([-1, 65536, 3000.5, Number.NaN, Number.POSITIVE_INFINITY, '3000', null, undefined, {}])(
    'refuses %j with PORT_INVALID',
    (value) => {
      const r = parsePortNumber(value);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('PORT_INVALID');
        expect(r.error.message).toMatch(/not a valid port/);
      }
    },
  );
});

describe('parseHost', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    [' 0.0.0.0 ', '0.0.0.0'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['::', '::'],
    ['0:0:0:0:0:0:0:1', '0:0:0:0:0:0:0:1'],
    ['127.0.0.2', '127.0.0.2'],
    ['LocalHost', 'localhost'],
  ])('accepts %j as %j', (raw, host) => {
    expect(parseHost(raw)).toEqual({ ok: true, value: host });
  });

  it.each([
    '',
    'example.com',
    '127.0.0.256',
    '1.2.3',
    'http://127.0.0.1',
    '127.0.0.1:3000',
    42,
    null,
  ])('refuses %j with HOST_INVALID', (value) => {
    const r = parseHost(value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('HOST_INVALID');
      expect(r.error.message).toContain('127.0.0.1');
    }
  });

  it('shortens very long input in the message', () => {
    const r = parseHost('x'.repeat(500));
    expect(!r.ok && r.error.message.length).toBeLessThan(250);
  });
});
