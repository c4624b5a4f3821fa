import { describe, expect, it } from 'vitest';
import {
  parseExportConfigArgs,
  parsePreferencesArgs,
  parseSetPortArgs,
} from './parse-bridge-args.js';

describe('parseSetPortArgs', () => {
  it('reads a port, with or without a host', () => {
    expect(parseSetPortArgs([4000])).toEqual({ ok: true, value: { port: 4000, host: undefined } });
    expect(parseSetPortArgs([4000, '0.0.0.0'])).toEqual({
      ok: true,
      value: { port: 4000, host: '0.0.0.0' },
    });
  });

  it.each([[['4000']], [[70000]], [[-1]], [[null]], [[1.5]]])('refuses the port in %j', (args) => {
    expect(parseSetPortArgs(args)).toMatchObject({ ok: false, error: { code: 'PORT_INVALID' } });
  });

  it.each([[[4000, 'example.com']], [[4000, 7]], [[4000, '']]])(
    'refuses the host in %j',
    (args) => {
      expect(parseSetPortArgs(args)).toMatchObject({ ok: false, error: { code: 'HOST_INVALID' } });
    },
  );

  it('refuses the wrong number of arguments', () => {
    expect(parseSetPortArgs([])).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(parseSetPortArgs([1, '127.0.0.1', 3])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});

describe('parseExportConfigArgs', () => {
  it('formats the JSON for the file', () => {
    expect(parseExportConfigArgs(['{"a":1}'])).toEqual({ ok: true, value: '{\n  "a": 1\n}\n' });
  });

  it.each([[[]], [['{']], [['[]']], [[{ a: 1 }]], [['{}', 'extra']]])('refuses %j', (args) => {
    expect(parseExportConfigArgs(args)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});

describe('parsePreferencesArgs', () => {
  it('reads either field or both', () => {
    expect(parsePreferencesArgs([{ theme: 'dark' }])).toEqual({
      ok: true,
      value: { theme: 'dark' },
    });
    expect(parsePreferencesArgs([{ restoreOnStart: true, theme: 'system' }])).toEqual({
      ok: true,
      value: { restoreOnStart: true, theme: 'system' },
    });
    expect(parsePreferencesArgs([{}])).toEqual({ ok: true, value: {} });
  });

  it.each([
    [[{ theme: 'pink' }], /theme must be one of/],
    [[{ restoreOnStart: 'yes' }], /restoreOnStart must be true or false/],
    [[{ port: 1 }], /Unknown preference\(s\): port/],
    [['dark'], /takes an object/],
    [[null], /takes an object/],
    [[], /takes an object/],
  ])('refuses %j', (args, message) => {
    const r = parsePreferencesArgs(args);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(message);
  });
});
