import type { ConfigIssue } from '../config/config-types.js';
import { isPlainObject } from '../config/field-rules.js';
import { err, ok, type Result } from '../shared/result.js';
import {
  checkKeys,
  isValidName,
  nestedTooDeep,
  parseScenarioDocument,
} from '../presets/parse-preset.js';
import { ID_RULE, isPresetId } from '../shared/preset-id.js';
import { MAX_DESCRIPTION_LENGTH } from '../presets/preset-schemas.js';
import { parseDriveSettings } from './drive/drive-settings.js';
import {
  STEP_KINDS,
  type Plan,
  type PlanDocument,
  type PlanStepDocument,
  type StepKind,
} from './rp-check-types.js';

/**
 * Checks a plan document (a file in <dataDir>/plans, or a file given to --rp-check) against the
 * rules of rp-check-plan.schema.json. Every problem is reported with its path; nothing is partial.
 */

export const MAX_STEPS = 200;
export const MAX_LINE = 500;
export const DEFAULT_TIMEOUT_SECONDS = 10;
export const DEFAULT_WAIT_SECONDS = 120;
export const MAX_TIMEOUT_SECONDS = 3600;

const PLAN_KEYS = [
  '$schema',
  'id',
  'name',
  'description',
  'timeoutSeconds',
  'waitSeconds',
  'keySetMaxAgeSeconds',
  'service',
  'steps',
] as const;
const STEP_KEYS = [
  'id',
  'title',
  'kind',
  'scenario',
  'instruction',
  'expectation',
  'expect',
] as const;
const EXPECT_KEYS = ['identity', 'returnCode', 'reauthenticate'] as const;

const ID_MESSAGE = ID_RULE;

function checkLine(value: unknown, path: string, issues: ConfigIssue[]): void {
  if (typeof value !== 'string' || !/\S/.test(value))
    issues.push({ path, message: 'must be a non-empty string', value });
  else if (value.length > MAX_LINE)
    issues.push({ path, message: `must be at most ${MAX_LINE} characters` });
}

function checkSeconds(value: unknown, path: string, issues: ConfigIssue[]): void {
  if (value === undefined) return;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_TIMEOUT_SECONDS
  )
    issues.push({
      path,
      message: `must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}`,
      value,
    });
}

const isStepKind = (v: unknown): v is StepKind =>
  typeof v === 'string' && (STEP_KINDS as readonly string[]).includes(v);

function checkStep(value: unknown, path: string, seen: Set<string>, issues: ConfigIssue[]): void {
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be an object', value });
    return;
  }
  checkKeys(value, STEP_KEYS, path, issues);
  if (!isPresetId(value.id)) issues.push({ path: `${path}.id`, message: ID_MESSAGE });
  else if (seen.has(value.id))
    issues.push({ path: `${path}.id`, message: `"${value.id}" is the id of an earlier step` });
  else seen.add(value.id);
  if (!isValidName(value.title))
    issues.push({
      path: `${path}.title`,
      message: 'must be a string of 1 to 100 characters, without control characters',
    });
  if (!isStepKind(value.kind))
    issues.push({
      path: `${path}.kind`,
      message: `must be one of ${STEP_KINDS.join(', ')}`,
      value: value.kind,
    });
  checkLine(value.instruction, `${path}.instruction`, issues);
  checkLine(value.expectation, `${path}.expectation`, issues);
  const scenario = value.scenario;
  if (scenario !== undefined) {
    if (typeof scenario === 'string') {
      if (!isPresetId(scenario)) issues.push({ path: `${path}.scenario`, message: ID_MESSAGE });
    } else if (isPlainObject(scenario)) {
      const parsed = parseScenarioDocument(scenario);
      if (!parsed.ok)
        for (const issue of parsed.error)
          issues.push({
            ...issue,
            path: issue.path ? `${path}.scenario.${issue.path}` : `${path}.scenario`,
          });
    } else
      issues.push({
        path: `${path}.scenario`,
        message: 'must be a scenario id or a scenario object {name, ...}',
        value: scenario,
      });
  }
  const expect = value.expect;
  if (expect !== undefined) {
    if (!isPlainObject(expect))
      issues.push({ path: `${path}.expect`, message: 'must be an object', value: expect });
    else {
      checkKeys(expect, EXPECT_KEYS, `${path}.expect`, issues);
      for (const key of EXPECT_KEYS)
        if (expect[key] !== undefined && typeof expect[key] !== 'boolean')
          issues.push({
            path: `${path}.expect.${key}`,
            message: 'must be true or false',
            value: expect[key],
          });
    }
  }
}

/** A plan file or body. */
export function parsePlanDocument(value: unknown): Result<PlanDocument, ConfigIssue[]> {
  if (!isPlainObject(value)) return err([{ path: '', message: 'must be a JSON object' }]);
  if (nestedTooDeep(value)) return err([{ path: '', message: 'is nested too deeply' }]);
  const issues: ConfigIssue[] = [];
  checkKeys(value, PLAN_KEYS, '', issues);
  if (value.$schema !== undefined && typeof value.$schema !== 'string')
    issues.push({ path: '$schema', message: 'must be a string' });
  if (value.id !== undefined && !isPresetId(value.id))
    issues.push({ path: 'id', message: ID_MESSAGE });
  if (!isValidName(value.name))
    issues.push({
      path: 'name',
      message: 'must be a string of 1 to 100 characters, without control characters',
    });
  if (value.description !== undefined) {
    if (typeof value.description !== 'string')
      issues.push({ path: 'description', message: 'must be a string', value: value.description });
    else if (value.description.length > MAX_DESCRIPTION_LENGTH)
      issues.push({
        path: 'description',
        message: `must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
      });
  }
  checkSeconds(value.timeoutSeconds, 'timeoutSeconds', issues);
  checkSeconds(value.waitSeconds, 'waitSeconds', issues);
  checkSeconds(value.keySetMaxAgeSeconds, 'keySetMaxAgeSeconds', issues);
  if (value.service !== undefined) {
    const service = parseDriveSettings(value.service, 'service');
    if (!service.ok) issues.push(...service.error);
  }
  const steps = value.steps;
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > MAX_STEPS)
    issues.push({
      path: 'steps',
      message: `must be a list of 1 to ${MAX_STEPS} steps`,
      value: Array.isArray(steps) ? `${steps.length} steps` : steps,
    });
  else {
    const seen = new Set<string>();
    steps.forEach((step, i) => checkStep(step, `steps[${i}]`, seen, issues));
  }
  return issues.length ? err(issues) : ok(value as unknown as PlanDocument);
}

/** A checked plan document as the admin API answers it. */
export function toPlan(doc: PlanDocument, id: string, builtIn = false): Plan {
  return {
    id,
    name: doc.name,
    description: doc.description ?? '',
    builtIn,
    timeoutSeconds: doc.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    waitSeconds: doc.waitSeconds ?? DEFAULT_WAIT_SECONDS,
    ...(doc.keySetMaxAgeSeconds ? { keySetMaxAgeSeconds: doc.keySetMaxAgeSeconds } : {}),
    ...(doc.service ? { service: structuredClone(doc.service) } : {}),
    steps: doc.steps.map((s): PlanStepDocument => structuredClone(s)),
  };
}
