import type { ConfigIssue } from '../../config/config-types.js';
import { isPlainObject } from '../../config/field-rules.js';
import { ERROR_NAMES } from '../../scenarios/names.js';

/**
 * The error names in error lists that are none of the simulator's, each as an issue (at the list
 * item, or at the variable named in `varNames` for the list).
 */
export function unknownErrorNames(
  value: unknown,
  varNames?: Record<string, string>,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const known = ERROR_NAMES;
  if (!isPlainObject(value)) return issues;
  for (const [key, names] of Object.entries(known)) {
    const list = value[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item: unknown, i) => {
      if (typeof item === 'string' && !names.includes(item))
        issues.push({
          path: varNames ? (varNames[key] as string) : `errorConfiguration.${key}[${i}]`,
          message: `"${item}" is not one of ${names.join(', ')}`,
          value: item,
        });
    });
  }
  return issues;
}
