import { describe, expect, it } from 'vitest';
import { describeCrash } from './describe-crash.js';

describe('describeCrash', () => {
  it('logs an exception with its stack and offers a restart naming the log', () => {
    const error = new TypeError('x is not a function');
    const crash = describeCrash('exception', error, '/logs/main.log');
    expect(crash.log).toBe(`Uncaught exception in the main process: ${error.stack}`);
    expect(crash.title).toBe('Identity Simulator hit an unexpected error');
    expect(crash.detail).toContain('TypeError: x is not a function');
    expect(crash.detail).toContain('Details are in /logs/main.log.');
  });

  it.each([
    ['a string', 'boom', 'boom'],
    ['a number', 42, '42'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['an object', { code: 'E' }, '{"code":"E"}'],
    ['an array', [1, 2], '[1,2]'],
  ])('describes a rejection with %s', (_name, value, text) => {
    const crash = describeCrash('rejection', value, 'main.log');
    expect(crash.log).toBe(`Unhandled promise rejection in the main process: ${text}`);
    expect(crash.detail.startsWith(`${text}\n`)).toBe(true);
  });

  it('survives a value that cannot be turned into JSON', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(describeCrash('exception', loop, 'l').log).toBe(
      'Uncaught exception in the main process: [object Object]',
    );
  });
});
