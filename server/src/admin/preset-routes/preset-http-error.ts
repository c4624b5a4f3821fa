import type { ConfigIssue } from '../../config/config-types.js';
import type { Kind } from '../../presets/preset-store.js';
import type { PresetErrorBody } from '../../presets/preset-types.js';

/** A refusal of the personas and scenarios API: its status and JSON body. */
export class PresetHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: PresetErrorBody,
  ) {
    super(body.error_description);
  }
}

export const NO_DATA_DIR =
  'no data folder: start with --data-dir <folder> (headless) or give createSimulator a dataDir';

const wire = (issues: readonly ConfigIssue[]) =>
  issues.map(({ path, message }) => ({ path, message }));

/** Issues as one sentence, for error_description. */
export const describeIssues = (issues: readonly ConfigIssue[]): string =>
  issues.map((i) => `${i.path || 'body'}: ${i.message}`).join('; ');

export const noun = (kind: Kind): string => (kind === 'personas' ? 'persona' : 'scenario');

export const invalid = (
  description: string,
  issues: readonly ConfigIssue[] = [],
): PresetHttpError =>
  new PresetHttpError(400, {
    error: 'invalid_request',
    error_description: description,
    issues: wire(issues.length ? issues : [{ path: '', message: description }]),
  });

/** A refusal listing its issues, described by them. */
export const invalidIssues = (issues: readonly ConfigIssue[]): PresetHttpError =>
  invalid(describeIssues(issues), issues);

export const notFound = (kind: Kind, id: string): PresetHttpError =>
  new PresetHttpError(404, {
    error: 'not_found',
    error_description: `no ${noun(kind)} has the id "${id}"`,
  });

export const conflict = (description: string, issues?: readonly ConfigIssue[]): PresetHttpError =>
  new PresetHttpError(409, {
    error: 'conflict',
    error_description: description,
    ...(issues ? { issues: wire(issues) } : {}),
  });

export const builtInRefused = (kind: Kind, id: string): PresetHttpError =>
  new PresetHttpError(403, {
    error: 'forbidden',
    error_description: `"${id}" is a built-in ${noun(kind)} and cannot be changed; duplicate it (POST /_simulator/api/${kind}/${id}/duplicate) and edit the copy`,
  });
