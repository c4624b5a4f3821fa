import { describe, expect, it } from 'vitest';
import {
  evaluate,
  ExpressionError,
  interpolate,
  isTruthy,
  shouldRun,
} from './workflow-expressions.mjs';

const context = {
  runner: { os: 'Linux' },
  matrix: { os: 'ubuntu-latest', list: ['a', 'b'] },
  github: { event: { repository: { private: false } }, ref_name: 'v1.2.3' },
  steps: { chrome: { outputs: { 'chrome-path': '/usr/bin/chromium' } } },
  needs: { smoke: { result: 'success' } },
  env: {},
};

describe('workflow expressions', () => {
  it.each([
    ["runner.os == 'Linux'", true],
    ["runner.os == 'linux'", true], // strings compare without case
    ["runner.os != 'Linux'", false],
    ['steps.chrome.outputs.chrome-path', '/usr/bin/chromium'],
    ["steps['chrome'].outputs['chrome-path']", '/usr/bin/chromium'],
    ['steps.nothing.outputs.x', null],
    ['github.event.repository.private == false', true],
    ['!github.event.repository.private', true],
    ["matrix.os == 'ubuntu-latest' && 'yes' || 'no'", 'yes'],
    ["matrix.os == 'windows-latest' && 'yes' || 'no'", 'no'],
    ["contains(matrix.list, 'b')", true],
    ["startsWith(matrix.os, 'UBUNTU')", true],
    ["format('{0}-{1}', matrix.os, 2)", 'ubuntu-latest-2'],
    ["join(matrix.list, '+')", 'a+b'],
    ['fromJSON(\'{"a":[1,2]}\').a[1]', 2],
    ['1 == true', true],
    ["'' == 0", true],
    ["'it''s'", "it's"],
    ['(1 < 2) && (3 >= 3)', true],
  ])('%s is %j', (expression, value) => {
    expect(evaluate(expression, context)).toEqual(value);
  });

  it.each([
    ['an unknown context', 'secret.TOKEN'],
    ['an unsupported function', "hashFiles('package-lock.json')"],
    ['an unclosed parenthesis', "(runner.os == 'Linux'"],
    ['a dangling operator', 'runner.os =='],
    ['text it cannot read', 'runner.os = 1'],
    ['an object filter', 'steps.*.outputs'],
    ['empty text', '  '],
  ])('refuses %s', (_name, expression) => {
    expect(() => evaluate(expression, context)).toThrow(ExpressionError);
  });

  it.each([42, null, ['a'], { a: 1 }])('refuses an expression that is not text (%j)', (value) => {
    expect(() => evaluate(value as unknown as string, context)).toThrow(ExpressionError);
    expect(() => shouldRun(value === null ? 42 : value, context)).toThrow(ExpressionError);
  });

  it('hands hashFiles() its patterns as text when the context supplies the files', () => {
    const seen: string[][] = [];
    const withFiles = {
      ...context,
      hashFiles: (patterns: string[]) => (seen.push(patterns), 'abc123'),
    };
    expect(interpolate("key-${{ hashFiles('package-lock.json', '**/*.ts') }}", withFiles)).toBe(
      'key-abc123',
    );
    expect(seen).toEqual([['package-lock.json', '**/*.ts']]);
  });

  it('interpolates ${{ }} in text, an absent value as empty text', () => {
    expect(
      interpolate(
        'path=${{ steps.chrome.outputs.chrome-path }} x=${{ steps.no.outputs.x }}',
        context,
      ),
    ).toBe('path=/usr/bin/chromium x=');
  });

  it("applies GitHub's implicit success() unless the condition names a status function", () => {
    const failed = { ...context, status: 'failure' as const };
    expect(shouldRun(undefined, context)).toBe(true);
    expect(shouldRun(undefined, failed)).toBe(false);
    expect(shouldRun("runner.os == 'Linux'", failed)).toBe(false);
    expect(shouldRun('${{ failure() }}', failed)).toBe(true);
    expect(shouldRun('failure()', context)).toBe(false);
    expect(shouldRun("always() && runner.os == 'Linux'", failed)).toBe(true);
    expect(shouldRun("${{ !cancelled() && needs.smoke.result == 'success' }}", failed)).toBe(true);
  });

  it('counts 0, empty text and null as false, anything else as true', () => {
    expect([0, '', null, Number.NaN, false].map(isTruthy)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([1, 'false', [], {}, true].map(isTruthy)).toEqual([true, true, true, true, true]);
  });
});
