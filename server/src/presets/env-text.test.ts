import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatEnvText, parseEnvText, quoteShell } from './env-text.js';

const dir = mkdtempSync(join(tmpdir(), 'env-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a POSIX shell makes of the text when sourced with set -a. */
function sourceWithShell(text: string, names: string[]): Record<string, string> {
  const file = join(dir, 'vars.env');
  writeFileSync(file, text);
  const script = `set -a; . "$1"; set +a; for n in ${names.join(' ')}; do eval "printf '%s\\0' \\"\\$$n\\""; done`;
  const out = execFileSync('/bin/sh', ['-c', script, 'sh', file], { env: {}, encoding: 'utf8' });
  const values = out.split('\0').slice(0, names.length);
  return Object.fromEntries(names.map((n, i) => [n, values[i] as string]));
}

// Values the shell can hold: no NUL byte.
const value = fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !s.includes('\0'));

describe('quoteShell', () => {
  it('leaves safe values bare and single-quotes the rest', () => {
    expect(quoteShell('openid,email')).toBe('openid,email');
    expect(quoteShell('')).toBe("''");
    expect(quoteShell('a b')).toBe("'a b'");
    expect(quoteShell(`[{"code":"X"}]`)).toBe(`'[{"code":"X"}]'`);
    expect(quoteShell("O'Brien")).toBe(`'O'\\''Brien'`);
  });

  it('gives back every value exactly through a real shell', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (values) => {
        const entries = values.map((v, i): [string, string] => [`V${i}`, v]);
        const text = formatEnvText(['a comment'], entries);
        const fromShell = sourceWithShell(
          text,
          entries.map(([n]) => n),
        );
        expect(fromShell).toEqual(Object.fromEntries(entries));
      }),
      { numRuns: 60 },
    );
  });
});

describe('parseEnvText', () => {
  it('reads back what formatEnvText writes, whatever the values', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 5 }),
        fc.string({ maxLength: 30 }),
        (values, comment) => {
          const entries = values.map((v, i): [string, string] => [`VAR_${i}`, v]);
          const parsed = parseEnvText(formatEnvText([comment], entries));
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(parsed.value.vars).toEqual(Object.fromEntries(entries));
        },
      ),
    );
  });

  it('reads the usual variants: export, double quotes, comments, blank lines, CRLF', () => {
    const parsed = parseEnvText(
      [
        '# name: Demo',
        '',
        'export A=1',
        'B="two words" # trailing comment',
        "C='it'\\''s'",
        'D="quote \\" and \\\\ backslash"',
        'E=',
        'F=x\r',
      ].join('\n'),
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        vars: { A: '1', B: 'two words', C: "it's", D: 'quote " and \\ backslash', E: '', F: 'x' },
        comments: ['name: Demo'],
      },
    });
  });

  it('warns when a variable is set twice (the last one wins)', () => {
    const parsed = parseEnvText('A=1\nA=2\n');
    expect(parsed).toMatchObject({ ok: true, value: { vars: { A: '2' } } });
    if (parsed.ok) expect(parsed.value.warnings).toHaveLength(1);
  });

  it.each([
    ['not an assignment', 'hello world', 'line 1'],
    ['bad name', '1A=x', 'line 1'],
    ['space in value', 'A=two words', 'line 1'],
    ['unclosed single quote', "A='open", 'line 1'],
    ['unclosed double quote', 'A="open', 'line 1'],
    ['expansion', 'A=$HOME', 'line 1'],
    ['expansion in double quotes', 'A="${HOME}"', 'line 1'],
    ['command substitution', 'B=1\nA=`id`', 'line 2'],
    ['command separator', 'A=1;rm', 'line 1'],
  ])('reports %s with its line', (_label, text, path) => {
    const parsed = parseEnvText(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error[0]?.path).toBe(path);
  });

  it('survives hostile input without throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const parsed = parseEnvText(text);
        expect(typeof parsed.ok).toBe('boolean');
      }),
    );
  });
});
