import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatComposeText, parseComposeText, quoteYaml } from './compose-text.js';

/** An independent YAML parser (js-yaml, already installed with electron-builder). */
const yaml = (await import('js-yaml' as string)) as { load(text: string): unknown };

/** What docker compose does with a value: "$$" is a literal "$". */
const composeValue = (v: unknown) => String(v).replace(/\$\$/g, '$');

const value = fc.string({ unit: 'binary', maxLength: 60 });

describe('quoteYaml', () => {
  it('single-quotes printable values and escapes $ for compose', () => {
    expect(quoteYaml('true')).toBe("'true'");
    expect(quoteYaml("O'Brien")).toBe("'O''Brien'");
    expect(quoteYaml('$argon2id$v=19')).toBe("'$$argon2id$$v=19'");
    expect(quoteYaml('line\nbreak')).toBe('"line\\nbreak"');
  });

  it('is read back exactly by a real YAML parser (after compose’s $$ rule)', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (values) => {
        const entries = values.map((v, i): [string, string] => [`V${i}`, v]);
        const doc = yaml.load(formatComposeText(['comment'], entries)) as {
          environment: Record<string, unknown>;
        };
        for (const [name, v] of entries) {
          expect(typeof doc.environment[name]).toBe('string');
          expect(composeValue(doc.environment[name])).toBe(v);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseComposeText', () => {
  it('reads back what formatComposeText writes, whatever the values', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 5 }), (values) => {
        const entries = values.map((v, i): [string, string] => [`VAR_${i}`, v]);
        const parsed = parseComposeText(formatComposeText(['a comment'], entries));
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.value.vars).toEqual(Object.fromEntries(entries));
      }),
    );
  });

  it('finds the block inside a whole compose file, in mapping or list form', () => {
    const mapping = parseComposeText(
      [
        '# name: From compose',
        'services:',
        '  simulator:',
        '    image: identity-simulator',
        '    environment:',
        '      PKCE_ENABLED: "true"',
        "      SUB: 'urn:fdc:gov.uk:2022:abc' # comment",
        '      CLIENT_ID: plain-value',
        '    ports:',
        '      - "3000:3000"',
      ].join('\n'),
    );
    expect(mapping).toMatchObject({
      ok: true,
      value: {
        vars: { PKCE_ENABLED: 'true', SUB: 'urn:fdc:gov.uk:2022:abc', CLIENT_ID: 'plain-value' },
        comments: ['name: From compose'],
      },
    });
    const list = parseComposeText('environment:\n  - PKCE_ENABLED=true\n  - "SUB=a b"\n');
    expect(list).toMatchObject({ ok: true, value: { vars: { PKCE_ENABLED: 'true', SUB: 'a b' } } });
  });

  it('reads a bare mapping without the environment key', () => {
    expect(parseComposeText("PKCE_ENABLED: 'true'\n")).toMatchObject({
      ok: true,
      value: { vars: { PKCE_ENABLED: 'true' } },
    });
  });

  it.each([
    ['interpolation', 'environment:\n  SUB: "${USER}"', 'line 2'],
    ['a value from the host', 'environment:\n  SUB:', 'line 2'],
    ['null', 'environment:\n  SUB: ~', 'line 2'],
    ['block scalar', 'environment:\n  SUB: |\n    x', 'line 2'],
    ['unclosed quote', "environment:\n  SUB: 'x", 'line 2'],
    ['bad escape', 'environment:\n  SUB: "\\q"', 'line 2'],
    ['list entry without =', 'environment:\n  - SUB', 'line 2'],
    ['bad name', 'environment:\n  1SUB: x', 'line 2'],
    ['tabs', 'environment:\n\tSUB: x', 'line 2'],
    ['nothing', '# just a comment', ''],
  ])('reports %s with its line', (_label, text, path) => {
    const parsed = parseComposeText(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error[0]?.path).toBe(path);
  });

  it('survives hostile input without throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(typeof parseComposeText(text).ok).toBe('boolean');
      }),
    );
  });
});
