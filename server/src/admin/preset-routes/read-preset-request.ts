import type { Request } from 'express';
import type { ConfigIssue } from '../../config/config-types.js';
import { isPlainObject } from '../../config/field-rules.js';
import { isValidName } from '../../presets/parse-preset.js';
import { ID_RULE, isPresetId } from '../../shared/preset-id.js';
import { MAX_NAME_LENGTH } from '../../presets/preset-schemas.js';
import type { Kind, Lookup } from '../../presets/preset-store.js';
import { conflict, invalid, invalidIssues, notFound, noun } from './preset-http-error.js';

export const NAME_RULE = `must be a string of 1 to ${MAX_NAME_LENGTH} characters, without control characters`;

/** A persona or scenario id from the path, or a 400. */
export function checkId(kind: Kind, raw: unknown): string {
  if (!isPresetId(raw))
    throw invalid(`"${String(raw).slice(0, 80)}" is not a ${noun(kind)} id`, [
      {
        path: 'id',
        message: ID_RULE,
      },
    ]);
  return raw;
}

/** What a store lookup found, or the 404/409 that says why not. */
export function found<T>(kind: Kind, id: string, lookup: Lookup<T>): T {
  if (lookup.kind === 'found') return lookup.value;
  if (lookup.kind === 'broken')
    throw conflict(`${lookup.problem.file} cannot be used: ${lookup.problem.message}`);
  throw notFound(kind, id);
}

export function jsonBody(req: Request): Record<string, unknown> {
  if (!isPlainObject(req.body))
    throw invalid('the body must be a JSON object (Content-Type: application/json)');
  return req.body;
}

/**
 * A persona or scenario body. What GET answered may be sent back as it is: its `builtIn` mark is
 * the server's to set, so it is dropped.
 */
export function presetBody(req: Request): Record<string, unknown> {
  const body = { ...jsonBody(req) };
  if (typeof body.builtIn === 'boolean') delete body.builtIn;
  return body;
}

/** An optional body of {name?}: for duplicate. */
export function optionalName(req: Request): string | undefined {
  if (req.body === undefined || (isPlainObject(req.body) && Object.keys(req.body).length === 0))
    return undefined;
  const body = jsonBody(req);
  const issues: ConfigIssue[] = [];
  for (const key of Object.keys(body))
    if (key !== 'name') issues.push({ path: key, message: 'unknown field' });
  const name = body.name;
  if (name !== undefined && !isValidName(name)) issues.push({ path: 'name', message: NAME_RULE });
  if (issues.length) throw invalidIssues(issues);
  return name as string | undefined;
}

/** The name of a copy: the source's, marked, within the length limit. */
export const copyName = (name: string): string => {
  const suffix = ' (copy)';
  return `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
};
