import type { ResponseConfiguration } from '../../config/config-types.js';
import { err, ok, type Result } from '../../shared/result.js';
import {
  MAX_STRING,
  RESPONSE_RULES,
  isPlainObject,
  type ResponseField,
} from '../../config/field-rules.js';
import {
  CHECKBOXES_SHOWN,
  FORM_FIELDS,
  jsonText,
  type FormField,
  type FormValues,
} from './form-fields.js';

/** Why a submitted field was refused; each has an English and a Welsh message. */
export type IssueCode =
  | 'required'
  | 'text'
  | 'single'
  | 'tooLong'
  | 'level'
  | 'boolean'
  | 'json'
  | 'shape'
  | 'tooMany'
  | 'tooDeep'
  /** The submitted persona is not one the simulator knows. */
  | 'persona';

export interface FormIssue {
  /** The form field name (the response configuration key). */
  field: string;
  /** Why, in the words POST /config uses: the `msg` of the JSON answer. */
  msg: string;
  /** What kind of problem, for the translated message next to the field. */
  code?: IssueCode;
  /** Where JSON parsing stopped (1-based character), when the parser says. */
  position?: number;
}

export interface SubmissionProblem {
  issues: FormIssue[];
  /** What was submitted, as the controls show it, so a re-rendered form keeps it. */
  submitted: Partial<FormValues>;
}

/** JSON deeper than this is refused: such values only serve to exhaust the stack later. */
export const MAX_JSON_DEPTH = 32;

/** A form body value: a string, or an array of strings when the key was repeated. JSON: any. */
type Raw = unknown;

function isTooDeep(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The names of the checkboxes the submitted form showed (its hidden marker fields). */
function shownCheckboxes(body: Record<string, unknown>): Set<string> {
  const marker = body[CHECKBOXES_SHOWN];
  const names = Array.isArray(marker) ? marker : [marker];
  return new Set(names.filter((n): n is string => typeof n === 'string'));
}

/** How a value that is not a string is shown again in a text control. */
function displayText(raw: Raw): string {
  if (Array.isArray(raw)) {
    const last: unknown = raw[raw.length - 1];
    return typeof last === 'string' ? last : '';
  }
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  // Objects (JSON from a script) are shown as JSON: never String(), which runs their members.
  return typeof raw === 'object' && raw !== null ? jsonText(raw) : '';
}

interface FieldOutcome {
  value?: unknown;
  issue?: FormIssue;
  shown: string | boolean;
}

function parseText(field: FormField, raw: Raw): FieldOutcome {
  const key = field.key;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if ((key === 'email' || key === 'phoneNumber') && raw.trim() === '') value = null;
    if (key === 'maxLoCAchieved') value = raw.trim();
  }
  const shown = typeof raw === 'string' ? raw : displayText(raw);
  const problem = RESPONSE_RULES[key](value);
  if (!problem) return { value, shown };
  let code: IssueCode;
  if (key === 'sub' && (value === null || (typeof value === 'string' && value.trim() === '')))
    code = 'required';
  else if (Array.isArray(value)) code = 'single';
  else if (typeof value !== 'string') code = 'text';
  else if (value.length > MAX_STRING) code = 'tooLong';
  else if (key === 'maxLoCAchieved') code = 'level';
  else code = 'text';
  return { shown, issue: { field: key, msg: problem, code } };
}

function parseCheckbox(field: FormField, raw: Raw): FieldOutcome {
  let value: unknown = raw;
  if (raw === 'true' || raw === true) value = true;
  else if (raw === 'false' || raw === false || raw === '') value = false;
  const problem = RESPONSE_RULES[field.key](value);
  if (!problem) return { value, shown: value === true };
  return { shown: false, issue: { field: field.key, msg: problem, code: 'boolean' } };
}

function parseJson(field: FormField, raw: Raw): FieldOutcome {
  const key = field.key;
  let value: unknown = raw;
  let shown: string;
  if (typeof raw === 'string') {
    shown = raw;
    const text = raw.trim();
    if (text === '') value = null;
    else {
      try {
        value = JSON.parse(text);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        const at = /at position (\d+)/.exec(detail);
        const issue: FormIssue = {
          field: key,
          msg: `must be valid JSON (${detail})`,
          code: 'json',
        };
        if (at) issue.position = Number(at[1]) + 1;
        return { shown, issue };
      }
    }
  } else if (Array.isArray(raw) && raw.every((r) => typeof r === 'string')) {
    // A repeated form key: show the last value again.
    shown = displayText(raw);
  } else {
    shown = jsonText(raw);
  }
  if (isTooDeep(value, MAX_JSON_DEPTH)) {
    return {
      shown,
      issue: {
        field: key,
        msg: `must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
        code: 'tooDeep',
      },
    };
  }
  const problem = RESPONSE_RULES[key](value);
  if (!problem) return { value, shown };
  const tooMany = Array.isArray(value) && value.length > 100;
  return { shown, issue: { field: key, msg: problem, code: tooMany ? 'tooMany' : 'shape' } };
}

/**
 * Reads a submitted interactive form (urlencoded, or JSON from a script) into a response
 * configuration. Each submitted field is checked by the rule POST /config uses; a field not
 * submitted keeps its configured value. A checkbox the form showed but the browser left out
 * (unticked) means false. Email and phone number left empty, and JSON boxes left empty, mean null.
 */
export function parseFormSubmission(
  body: unknown,
  current: Readonly<ResponseConfiguration>,
): Result<ResponseConfiguration, SubmissionProblem> {
  const fields = isPlainObject(body) ? body : {};
  const checkboxes = shownCheckboxes(fields);
  const updates: Partial<Record<ResponseField, unknown>> = {};
  const submitted: Partial<FormValues> = {};
  const issues: FormIssue[] = [];

  for (const field of FORM_FIELDS) {
    const raw: Raw = Object.hasOwn(fields, field.key) ? fields[field.key] : undefined;
    let outcome: FieldOutcome;
    if (raw === undefined) {
      if (field.kind !== 'checkbox' || !checkboxes.has(field.key)) continue;
      outcome = { value: false, shown: false };
    } else if (field.kind === 'checkbox') outcome = parseCheckbox(field, raw);
    else if (field.kind === 'json') outcome = parseJson(field, raw);
    else outcome = parseText(field, raw);

    submitted[field.key] = outcome.shown;
    if (outcome.issue) issues.push(outcome.issue);
    else updates[field.key] = outcome.value;
  }

  if (issues.length > 0) return err({ issues, submitted });
  return ok({ ...structuredClone(current), ...structuredClone(updates) } as ResponseConfiguration);
}
