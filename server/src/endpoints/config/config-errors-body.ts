import type { ConfigIssue } from '../../contract.js';

/**
 * The 400 body of a refused POST /config: the public simulator's `errors` map (one entry per
 * field path) plus a plain list of the invalid fields.
 */
export function configErrorsBody(issues: ConfigIssue[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    errors[issue.path] ??= {
      type: 'field',
      value: issue.value,
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
