import type { ConfigIssue } from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';

/**
 * KEY=VALUE text that a POSIX shell can source (`set -a; . ./file.env; set +a`): values are
 * single-quoted when they hold anything but safe characters, a quote written '\''.
 * The parser reads that, plus the usual variants (export prefix, double quotes, comments).
 */

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One value quoted for a POSIX shell. */
export function quoteShell(value: string): string {
  if (SAFE.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Comment lines (without "# ") then NAME=value lines. */
export function formatEnvText(
  comments: readonly string[],
  entries: readonly [string, string][],
): string {
  const lines = comments.map((c) => (c ? `# ${oneLine(c)}` : '#'));
  for (const [name, value] of entries) lines.push(`${name}=${quoteShell(value)}`);
  return `${lines.join('\n')}\n`;
}

/** Comments and headers are one line each. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim();
}

export interface ParsedEnvText {
  vars: Record<string, string>;
  /** The line each variable was (last) set on, for problems found later. */
  lines: Record<string, number>;
  /** The text of each comment line, without the leading "#" and one space. */
  comments: string[];
  warnings: string[];
}

const MAX_VARS = 500;

/** Reads KEY=VALUE text. Every problem is reported with its line. */
export function parseEnvText(text: string): Result<ParsedEnvText, ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  const vars: Record<string, string> = Object.create(null) as Record<string, string>;
  const varLines: Record<string, number> = Object.create(null) as Record<string, number>;
  const comments: string[] = [];
  const warnings: string[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  const at = () => `line ${line}`;

  const skipBlanks = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
  };
  const skipRestOfLine = () => {
    while (i < n && text[i] !== '\n') i++;
  };

  while (i < n) {
    skipBlanks();
    if (i >= n) break;
    const c = text[i];
    if (c === '\n' || c === '\r') {
      if (c === '\n') line++;
      i++;
      continue;
    }
    if (c === '#') {
      const start = i + 1;
      skipRestOfLine();
      comments.push(text.slice(start, i).replace(/\r$/, '').replace(/^ /, ''));
      continue;
    }
    const startLine = line;
    // NAME
    let nameEnd = i;
    while (nameEnd < n && /[A-Za-z0-9_]/.test(text[nameEnd] as string)) nameEnd++;
    let name = text.slice(i, nameEnd);
    if (name === 'export' && (text[nameEnd] === ' ' || text[nameEnd] === '\t')) {
      i = nameEnd;
      skipBlanks();
      nameEnd = i;
      while (nameEnd < n && /[A-Za-z0-9_]/.test(text[nameEnd] as string)) nameEnd++;
      name = text.slice(i, nameEnd);
    }
    if (!ENV_NAME.test(name) || text[nameEnd] !== '=') {
      issues.push({
        path: at(),
        message: 'expected NAME=value (a variable name, "=", then the value), or a # comment',
      });
      skipRestOfLine();
      continue;
    }
    i = nameEnd + 1;
    // VALUE: a shell word made of unquoted, '…' and "…" parts.
    let value = '';
    let bad: string | null = null;
    while (i < n) {
      const ch = text[i] as string;
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') break;
      if (ch === "'") {
        const end = text.indexOf("'", i + 1);
        if (end === -1) {
          bad = 'a single quote is not closed';
          i = n;
          break;
        }
        const part = text.slice(i + 1, end);
        line += part.split('\n').length - 1;
        value += part;
        i = end + 1;
      } else if (ch === '"') {
        i++;
        let closed = false;
        while (i < n) {
          const d = text[i] as string;
          if (d === '"') {
            closed = true;
            i++;
            break;
          }
          if (d === '\\' && i + 1 < n && '\\"$`\n'.includes(text[i + 1] as string)) {
            if (text[i + 1] === '\n') line++;
            else value += text[i + 1];
            i += 2;
            continue;
          }
          if (d === '$' || d === '`') {
            bad ??= "variable expansion and command substitution are not supported; quote with '…'";
          }
          if (d === '\n') line++;
          value += d;
          i++;
        }
        if (!closed) {
          bad = 'a double quote is not closed';
          i = n;
          break;
        }
      } else if (ch === '\\') {
        if (text[i + 1] === '\n') {
          line++;
        } else if (i + 1 < n) value += text[i + 1];
        i += 2;
      } else {
        if (
          ch === '$' ||
          ch === '`' ||
          ch === ';' ||
          ch === '|' ||
          ch === '&' ||
          ch === '<' ||
          ch === '>' ||
          ch === '(' ||
          ch === ')'
        )
          bad ??= `the character ${ch} must be quoted ('…')`;
        value += ch;
        i++;
      }
    }
    // After the value: blanks, then the end of the line or a comment.
    skipBlanks();
    if (i < n && text[i] === '\r') i++;
    if (i < n && text[i] === '#') skipRestOfLine();
    else if (i < n && text[i] !== '\n') {
      bad ??= 'unexpected text after the value (quote values that contain spaces)';
      skipRestOfLine();
    }
    if (bad) {
      issues.push({ path: `line ${startLine}`, message: `${name}: ${bad}` });
      continue;
    }
    if (name in vars) warnings.push(`${name} is set more than once; the last value is used`);
    vars[name] = value;
    varLines[name] = startLine;
    if (Object.keys(vars).length > MAX_VARS) {
      issues.push({ path: at(), message: `more than ${MAX_VARS} variables` });
      break;
    }
  }
  return issues.length
    ? err(issues)
    : ok({ vars: { ...vars }, lines: { ...varLines }, comments, warnings });
}
