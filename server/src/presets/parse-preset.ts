import type { ConfigIssue } from '../config/config-types.js';
import { err, ok, type Result } from '../shared/result.js';
import { CLIENT_RULES, RESPONSE_RULES, isPlainObject, type Rule } from '../config/field-rules.js';
import { ERROR_NAMES } from '../scenarios/names.js';
import { parseFaults } from '../scenarios/faults.js';
import { ID_RULE, isPresetId } from '../shared/preset-id.js';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from './preset-schemas.js';
import { SCENARIO_FLAGS, type PersonaDocument, type ScenarioDocument } from './preset-types.js';

/**
 * Checks persona and scenario documents (files, API bodies, imports) against the rules of
 * server/schemas/*.schema.json. Every problem is reported with its path; nothing is partial.
 */

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** Lists each key of the object that is not allowed as an "unknown field" issue at its path. */
export function checkKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  prefix: string,
  issues: ConfigIssue[],
): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) issues.push({ path: join(prefix, key), message: 'unknown field' });
}

/** Whether text holds a control character (line breaks and tabs included). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** A display name: 1 to 100 characters, something visible, no control characters. */
export function isValidName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    value.length <= MAX_NAME_LENGTH &&
    !hasControlCharacter(value)
  );
}

function checkName(value: unknown, path: string, issues: ConfigIssue[]): value is string {
  let message: string | null = null;
  if (typeof value !== 'string') message = 'must be a string';
  else if (value.trim() === '') message = 'must not be empty';
  else if (value.length > MAX_NAME_LENGTH)
    message = `must be at most ${MAX_NAME_LENGTH} characters`;
  else if (hasControlCharacter(value))
    message = 'must not contain control characters (line breaks, tabs)';
  if (message) issues.push({ path, message, value });
  return message === null;
}

function checkDescription(value: unknown, path: string, issues: ConfigIssue[]): void {
  if (value === undefined) return;
  if (typeof value !== 'string') issues.push({ path, message: 'must be a string', value });
  else if (value.length > MAX_DESCRIPTION_LENGTH)
    issues.push({ path, message: `must be at most ${MAX_DESCRIPTION_LENGTH} characters` });
}

function checkId(value: unknown, path: string, issues: ConfigIssue[]): void {
  if (value === undefined) return;
  if (!isPresetId(value))
    issues.push({
      path,
      message: `${ID_RULE}, e.g. "verified-with-passport"`,
      value,
    });
}

function checkSection(
  value: unknown,
  rules: Record<string, Rule>,
  path: string,
  issues: ConfigIssue[],
): void {
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be a JSON object', value });
    return;
  }
  checkKeys(value, Object.keys(rules), path, issues);
  for (const [field, rule] of Object.entries(rules)) {
    if (!Object.hasOwn(value, field)) continue;
    const problem = rule(value[field]);
    if (problem) issues.push({ path: join(path, field), message: problem, value: value[field] });
  }
}

function checkErrorConfiguration(value: unknown, path: string, issues: ConfigIssue[]): void {
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be a JSON object', value });
    return;
  }
  checkKeys(value, [...Object.keys(ERROR_NAMES), 'faults'], path, issues);
  if (value.faults !== undefined) {
    const faults = parseFaults(value.faults, join(path, 'faults'));
    if (!faults.ok) issues.push(...faults.error);
  }
  for (const [key, names] of Object.entries(ERROR_NAMES)) {
    const list = value[key];
    const listPath = join(path, key);
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      issues.push({ path: listPath, message: 'must be an array of error names', value: list });
      continue;
    }
    if (list.length > 100) {
      issues.push({ path: listPath, message: 'must have at most 100 items' });
      continue;
    }
    list.forEach((name: unknown, i) => {
      if (typeof name !== 'string' || !names.includes(name))
        issues.push({
          path: `${listPath}[${i}]`,
          message: `must be one of ${names.join(', ')}`,
          value: name,
        });
    });
  }
}

function checkFlags(value: unknown, path: string, issues: ConfigIssue[]): void {
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be a JSON object', value });
    return;
  }
  checkKeys(value, SCENARIO_FLAGS, path, issues);
  for (const flag of SCENARIO_FLAGS) {
    if (value[flag] !== undefined && typeof value[flag] !== 'boolean')
      issues.push({
        path: join(path, flag),
        message: 'must be true or false (a JSON boolean)',
        value: value[flag],
      });
  }
}

function checkPersonaFields(
  value: Record<string, unknown>,
  prefix: string,
  allowed: readonly string[],
  issues: ConfigIssue[],
): void {
  checkKeys(value, allowed, prefix, issues);
  if (value.$schema !== undefined && typeof value.$schema !== 'string')
    issues.push({ path: join(prefix, '$schema'), message: 'must be a string' });
  checkId(value.id, join(prefix, 'id'), issues);
  if (!Object.hasOwn(value, 'name'))
    issues.push({ path: join(prefix, 'name'), message: 'is required' });
  else checkName(value.name, join(prefix, 'name'), issues);
  checkDescription(value.description, join(prefix, 'description'), issues);
  if (value.nameCy !== undefined) checkName(value.nameCy, join(prefix, 'nameCy'), issues);
  checkDescription(value.descriptionCy, join(prefix, 'descriptionCy'), issues);
  if (!Object.hasOwn(value, 'responseConfiguration'))
    issues.push({ path: join(prefix, 'responseConfiguration'), message: 'is required' });
  else
    checkSection(
      value.responseConfiguration,
      RESPONSE_RULES,
      join(prefix, 'responseConfiguration'),
      issues,
    );
}

/** How deeply documents may nest: far more than any real one, far less than breaks recursion. */
export const MAX_DEPTH = 64;

/** Whether a JSON value nests deeper than `limit` (checked without recursion). */
export function nestedTooDeep(value: unknown, limit = MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

const TOO_DEEP = { path: '', message: `is nested more than ${MAX_DEPTH} levels deep` };

const PERSONA_KEYS = [
  '$schema',
  'id',
  'name',
  'description',
  'nameCy',
  'descriptionCy',
  'responseConfiguration',
] as const;
const INLINE_PERSONA_KEYS = [
  'id',
  'name',
  'description',
  'nameCy',
  'descriptionCy',
  'responseConfiguration',
] as const;
const SCENARIO_KEYS = [
  '$schema',
  'id',
  'name',
  'description',
  'persona',
  'clientConfiguration',
  'errorConfiguration',
  'flags',
] as const;

/** A persona file or body (persona.schema.json). */
export function parsePersonaDocument(value: unknown): Result<PersonaDocument, ConfigIssue[]> {
  if (!isPlainObject(value)) return err([{ path: '', message: 'must be a JSON object' }]);
  if (nestedTooDeep(value)) return err([TOO_DEEP]);
  const issues: ConfigIssue[] = [];
  checkPersonaFields(value, '', PERSONA_KEYS, issues);
  return issues.length ? err(issues) : ok(value as unknown as PersonaDocument);
}

/** A scenario file or body (scenario.schema.json). */
export function parseScenarioDocument(value: unknown): Result<ScenarioDocument, ConfigIssue[]> {
  if (!isPlainObject(value)) return err([{ path: '', message: 'must be a JSON object' }]);
  if (nestedTooDeep(value)) return err([TOO_DEEP]);
  const issues: ConfigIssue[] = [];
  checkKeys(value, SCENARIO_KEYS, '', issues);
  if (value.$schema !== undefined && typeof value.$schema !== 'string')
    issues.push({ path: '$schema', message: 'must be a string' });
  checkId(value.id, 'id', issues);
  if (!Object.hasOwn(value, 'name')) issues.push({ path: 'name', message: 'is required' });
  else checkName(value.name, 'name', issues);
  checkDescription(value.description, 'description', issues);
  const persona = value.persona;
  if (persona !== undefined) {
    if (typeof persona === 'string') checkId(persona, 'persona', issues);
    else if (isPlainObject(persona))
      checkPersonaFields(persona, 'persona', INLINE_PERSONA_KEYS, issues);
    else
      issues.push({
        path: 'persona',
        message: 'must be a persona id or a persona object {name, responseConfiguration}',
        value: persona,
      });
  }
  if (value.clientConfiguration !== undefined)
    checkSection(value.clientConfiguration, CLIENT_RULES, 'clientConfiguration', issues);
  if (value.errorConfiguration !== undefined)
    checkErrorConfiguration(value.errorConfiguration, 'errorConfiguration', issues);
  if (value.flags !== undefined) checkFlags(value.flags, 'flags', issues);
  return issues.length ? err(issues) : ok(value as unknown as ScenarioDocument);
}
