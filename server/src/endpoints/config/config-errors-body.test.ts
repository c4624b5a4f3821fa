import { describe, expect, it } from 'vitest';
import { configErrorsBody } from './config-errors-body.js';

describe('configErrorsBody', () => {
  it('maps each path once and lists every issue', () => {
    const body = configErrorsBody([
      { path: 'simulatorUrl', message: 'must be a string', value: 5 },
      { path: 'simulatorUrl', message: 'second', value: 6 },
      { path: '', message: 'the body must be a JSON object', value: [] },
    ]);
    expect(body.error).toBe('invalid_request');
    expect(body.errors).toEqual({
      simulatorUrl: {
        type: 'field',
        value: 5,
        msg: 'must be a string',
        path: 'simulatorUrl',
        location: 'body',
      },
      '': {
        type: 'field',
        value: [],
        msg: 'the body must be a JSON object',
        path: '',
        location: 'body',
      },
    });
    expect(body.invalid_fields).toEqual([
      { field: 'simulatorUrl', msg: 'must be a string' },
      { field: 'simulatorUrl', msg: 'second' },
      { field: '', msg: 'the body must be a JSON object' },
    ]);
    expect(body.error_description).toBe(
      'simulatorUrl: must be a string; simulatorUrl: second; body: the body must be a JSON object',
    );
  });

  it('does not echo huge or unserialisable values, so the body always serialises', () => {
    let deep: unknown = [];
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const body = configErrorsBody([
      { path: 'a', message: 'm', value: deep },
      { path: 'b', message: 'm', value: 'x'.repeat(5000) },
      { path: 'c', message: 'm', value: { big: 'y'.repeat(5000) } },
    ]);
    const errors = body.errors as Record<string, { value?: unknown }>;
    expect(errors.a?.value).toBeUndefined();
    expect(errors.b?.value).toBeUndefined();
    expect(errors.c?.value).toBeUndefined();
    expect(() => JSON.stringify(body)).not.toThrow();
  });
});
