import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_JSON_BYTES, parseConfigJson } from './parse-config-json.js';

describe('parseConfigJson', () => {
  it('formats a JSON object for a file', () => {
    expect(parseConfigJson('{"simulatorUrl":"http://localhost:3000"}')).toEqual({
      ok: true,
      value: '{\n  "simulatorUrl": "http://localhost:3000"\n}\n',
    });
  });

  it('accepts a byte order mark', () => {
    expect(parseConfigJson('\uFEFF{}').ok).toBe(true);
  });

  it.each([
    ['broken JSON', '{"a":', /not valid JSON/],
    ['an array', '[1]', /must be a JSON object/],
    ['null', 'null', /must be a JSON object/],
    ['a string', '"text"', /must be a JSON object/],
    ['an empty text', '', /not valid JSON/],
  ])('refuses %s', (_name, text, message) => {
    const r = parseConfigJson(text);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(message);
  });

  it.each([undefined, 42, { a: 1 }, null])('refuses the non-text %j', (value) => {
    expect(parseConfigJson(value)).toEqual({
      ok: false,
      error: 'The configuration must be JSON text.',
    });
  });

  it('refuses a configuration that is too large', () => {
    const text = JSON.stringify({ pad: 'x'.repeat(MAX_CONFIG_JSON_BYTES) });
    const r = parseConfigJson(text);
    expect(!r.ok && r.error).toMatch(/too large/);
  });
});
