import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { ConfigIssue } from '../../config/config-types.js';
import { err, ok, type Result } from '../../shared/result.js';
import { MAX_DEPTH, nestedTooDeep } from '../parse-preset.js';
import type { Imported } from './scenario-codec.js';

/**
 * JSON text read for an import: the value, and every syntax error with its line and column. A text
 * with syntax errors is still read as far as it goes (jsonc-parser's error-tolerant parse), so the
 * tester sees the other problems too instead of only the first error JSON.parse stops at.
 */
export interface JsonText {
  value: unknown;
  syntax: ConfigIssue[];
}

export function parseJsonText(text: string): Result<JsonText, ConfigIssue[]> {
  const source = text.replace(/^\uFEFF/, '');
  let json: JsonText;
  try {
    json = { value: JSON.parse(source) as unknown, syntax: [] };
  } catch (error) {
    const errors: ParseError[] = [];
    try {
      json = {
        value: parseTolerant(source, errors, { disallowComments: true }) as unknown,
        syntax: errors.map((e) => ({
          path: '',
          message: `is not valid JSON (${printParseErrorCode(e.error)} at ${lineAndColumn(source, e.offset)})`,
        })),
      };
    } catch {
      // Nesting too deep for a recursive reader: the first error is all there is to say.
      json = { value: undefined, syntax: [] };
    }
    if (json.syntax.length === 0)
      return err([
        { path: '', message: `is not valid JSON (${error instanceof Error ? error.message : ''})` },
      ]);
  }
  if (nestedTooDeep(json.value))
    return err([{ path: '', message: `is nested more than ${MAX_DEPTH} levels deep` }]);
  return ok(json);
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** The problems of a text read with syntax errors: those errors first, then what else is wrong. */
export function withSyntax(
  json: JsonText,
  checked: Result<Imported, ConfigIssue[]>,
): Result<Imported, ConfigIssue[]> {
  if (json.syntax.length === 0) return checked;
  return err([...json.syntax, ...(checked.ok ? [] : checked.error)]);
}

/** Whether a variable's JSON value nests deeper than any scenario may (false when it is no JSON). */
export function deepJsonText(text: string): boolean {
  try {
    return nestedTooDeep(JSON.parse(text) as unknown);
  } catch {
    return false;
  }
}
