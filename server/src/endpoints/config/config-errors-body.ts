import type { ConfigIssue } from '../../config/config-types.js';

/**
 * The 400 body of a refused POST /config: the public simulator's `errors` map (one entry per
 * field path) plus a plain list of the invalid fields.
 */
/** The refused value, echoed only when it is small and serialisable (never a deep or huge one). */
function echo(value: unknown): unknown {
  if (typeof value === 'string') return value.length <= 2000 ? value : undefined;
  if (value === null || typeof value !== 'object') return value;
  try {
    return JSON.stringify(value).length <= 2000 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function configErrorsBody(issues: ConfigIssue[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    errors[issue.path] ??= {
      type: 'field',
      value: echo(issue.value),
      msg: issue.message,
      path: issue.path,
      location: 'body',
    };
  }
  return {
    error: 'invalid_request',
    error_description: issues.map((i) => `${i.path || 'body'}: ${i.message}`).join('; '),
    errors,
    invalid_fields: issues.map((i) => ({ field: i.path, msg: i.message })),
  };
}
