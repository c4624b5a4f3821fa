import type { ConfigIssue } from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import { ENV_NAME, oneLine } from './env-text.js';

/**
 * A docker-compose `environment:` block in mapping form. Every value is a quoted YAML string
 * (compose needs strings; "true" unquoted would be a boolean), and "$" is written "$$" so compose
 * does not interpolate it. The parser reads that, the list form (- NAME=value) and plain values.
 */

/** Characters YAML does not allow raw, or reads as line breaks. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const NOT_PLAIN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/;

/** A YAML scalar that compose reads back as exactly `value`. */
export function quoteYaml(value: string): string {
  const escaped = value.replace(/\$/g, '$$$$');
  if (!NOT_PLAIN.test(escaped)) return `'${escaped.replace(/'/g, "''")}'`;
  // Double quotes: JSON escapes are YAML escapes; add the characters JSON leaves raw.
  return JSON.stringify(escaped).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function formatComposeText(
  comments: readonly string[],
  entries: readonly [string, string][],
): string {
  const lines = comments.map((c) => (c ? `# ${oneLine(c)}` : '#'));
  lines.push(entries.length ? 'environment:' : 'environment: {}');
  for (const [name, value] of entries) lines.push(`  ${name}: ${quoteYaml(value)}`);
  return `${lines.join('\n')}\n`;
}

export interface ParsedComposeText {
  vars: Record<string, string>;
  /** The line each variable was (last) set on, for problems found later. */
  lines: Record<string, number>;
  comments: string[];
  warnings: string[];
}

const DOUBLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

/** Reads one YAML scalar that ends the line. Returns the value and what follows it. */
function readScalar(src: string): { value: string; rest: string } | { error: string } {
  const s = src.trimStart();
  if (s.startsWith("'")) {
    let out = '';
    let i = 1;
    for (;;) {
      const q = s.indexOf("'", i);
      if (q === -1) return { error: 'a single-quoted value is not closed on its line' };
      out += s.slice(i, q);
      if (s[q + 1] === "'") {
        out += "'";
        i = q + 2;
      } else return { value: out, rest: s.slice(q + 1) };
    }
  }
  if (s.startsWith('"')) {
    let out = '';
    let i = 1;
    while (i < s.length) {
      const c = s[i] as string;
      if (c === '"') return { value: out, rest: s.slice(i + 1) };
      if (c === '\\') {
        const e = s[i + 1] ?? '';
        const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
        if (hex) {
          const digits = s.slice(i + 2, i + 2 + hex);
          if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== hex)
            return { error: `bad escape \\${e}${digits}` };
          const code = parseInt(digits, 16);
          if (code > 0x10ffff) return { error: `bad escape \\${e}${digits}` };
          out += String.fromCodePoint(code);
          i += 2 + hex;
          continue;
        }
        const mapped = DOUBLE_ESCAPES[e];
        if (mapped === undefined) return { error: `unknown escape \\${e}` };
        out += mapped;
        i += 2;
        continue;
      }
      out += c;
      i++;
    }
    return { error: 'a double-quoted value is not closed on its line' };
  }
  if (/^[|>]/.test(s))
    return { error: 'block scalars (| or >) are not supported; quote the value' };
  if (/^[[{&*!]/.test(s)) return { error: 'write the value as a quoted string' };
  // Plain scalar: up to a comment (" #").
  const hash = s.search(/\s#/);
  const value = (hash === -1 ? s : s.slice(0, hash)).trimEnd();
  return { value, rest: '' };
}

/** Compose's own escaping: "$$" is "$"; "$NAME" and "${NAME}" would be interpolated. */
function unescapeDollars(value: string): { value: string } | { error: string } {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c !== '$') {
      out += c;
      continue;
    }
    if (value[i + 1] === '$') {
      out += '$';
      i++;
      continue;
    }
    if (/[A-Za-z_{]/.test(value[i + 1] ?? ''))
      return { error: 'variable interpolation ($NAME) is not supported; write $ as $$' };
    out += '$';
  }
  return { value: out };
}

const MAX_VARS = 500;

/** Reads an `environment:` block (or a whole compose file holding one). */
export function parseComposeText(text: string): Result<ParsedComposeText, ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  const comments: string[] = [];
  const warnings: string[] = [];
  const vars: Record<string, string> = Object.create(null) as Record<string, string>;
  const varLines: Record<string, number> = Object.create(null) as Record<string, number>;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);

  // Where the block is: after an "environment:" key, else the whole text.
  let start = 0;
  let blockIndent = -1;
  const envLine = lines.findIndex((l) => /^\s*environment\s*:\s*(#.*)?$/.test(l));
  if (envLine !== -1) {
    start = envLine + 1;
    blockIndent = (/^\s*/.exec(lines[envLine] as string) as RegExpExecArray)[0].length;
  } else if (lines.some((l) => /^\s*environment\s*:\s*\{\s*\}\s*$/.test(l))) {
    start = lines.length;
  }
  for (let k = 0; k < lines.length; k++) {
    const m = /^\s*#\s?(.*)$/.exec(lines[k] as string);
    if (m && (k < start || envLine === -1)) comments.push(m[1] as string);
  }

  for (let k = start; k < lines.length; k++) {
    const raw = lines[k] as string;
    const path = `line ${k + 1}`;
    if (/^\s*(#.*)?$/.test(raw)) continue;
    const indent = (/^\s*/.exec(raw) as RegExpExecArray)[0].length;
    if (raw.slice(0, indent).includes('\t')) {
      issues.push({ path, message: 'indent with spaces, not tabs' });
      continue;
    }
    if (envLine !== -1 && indent <= blockIndent) break;
    const body = raw.slice(indent);
    let name: string;
    let value: string;
    if (body.startsWith('- ') || body === '-') {
      const item = readScalar(body.slice(1));
      if ('error' in item) {
        issues.push({ path, message: item.error });
        continue;
      }
      const eq = item.value.indexOf('=');
      if (eq === -1) {
        issues.push({
          path,
          message:
            'a list entry needs NAME=value (without "=" compose would take the value from the host)',
        });
        continue;
      }
      name = item.value.slice(0, eq);
      value = item.value.slice(eq + 1);
    } else {
      const m = /^([^:\s]+)\s*:(?:\s+|$)(.*)$/.exec(body);
      if (!m) {
        issues.push({ path, message: 'expected NAME: value' });
        continue;
      }
      name = m[1] as string;
      const rawValue = m[2] as string;
      if (/^\s*(#.*)?$/.test(rawValue) || /^\s*(~|null|Null|NULL)\s*(#.*)?$/.test(rawValue)) {
        issues.push({
          path,
          message: `${name} has no value (compose would take it from the host environment)`,
        });
        continue;
      }
      const scalar = readScalar(rawValue);
      if ('error' in scalar) {
        issues.push({ path, message: `${name}: ${scalar.error}` });
        continue;
      }
      if (/^\s*[^\s#]/.test(scalar.rest)) {
        issues.push({ path, message: `${name}: unexpected text after the value` });
        continue;
      }
      value = scalar.value;
    }
    if (!ENV_NAME.test(name)) {
      issues.push({ path, message: `"${name}" is not a variable name` });
      continue;
    }
    const unescaped = unescapeDollars(value);
    if ('error' in unescaped) {
      issues.push({ path, message: `${name}: ${unescaped.error}` });
      continue;
    }
    if (name in vars) warnings.push(`${name} is set more than once; the last value is used`);
    vars[name] = unescaped.value;
    varLines[name] = k + 1;
    if (Object.keys(vars).length > MAX_VARS) {
      issues.push({ path, message: `more than ${MAX_VARS} variables` });
      break;
    }
  }
  if (!issues.length && envLine === -1 && Object.keys(vars).length === 0 && start === 0)
    issues.push({ path: '', message: 'no environment: block and no NAME: value lines found' });
  return issues.length
    ? err(issues)
    : ok({ vars: { ...vars }, lines: { ...varLines }, comments, warnings });
}
