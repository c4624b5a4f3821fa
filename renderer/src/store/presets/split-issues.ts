import type { ApiError, FieldIssue } from '../../api/result.js';

/** Issues at a path or below it, and the rest. */
export function splitIssues(
  issues: readonly FieldIssue[],
  prefix: string,
): { inside: FieldIssue[]; outside: FieldIssue[] } {
  const inside: FieldIssue[] = [];
  const outside: FieldIssue[] = [];
  for (const issue of issues) {
    const at = issue.path === prefix || issue.path.startsWith(`${prefix}.`);
    (at ? inside : outside).push(issue);
  }
  return { inside, outside };
}

/** The field issues of a refusal (none for other failures). */
export function issuesOf(error: ApiError): FieldIssue[] {
  return error.kind === 'invalid' ? error.issues : [];
}
