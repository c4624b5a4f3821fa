import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project's record of the public simulator's behaviour (section 9: the interactive form). */
export const COMPATIBILITY_MD = fileURLToPath(
  new URL('../../../docs/compatibility.md', import.meta.url),
);

export interface ReferenceForm {
  /** Names of the visible fields and the button, as the public simulator's form has them. */
  names: string[];
  /** Their data-testid values. */
  testIds: string[];
}

/**
 * Reads the interactive form's element names and data-testids from section 9 of
 * docs/compatibility.md: the table's rows (| `name` | control | `test-id` |) and the submit
 * button (`name="continue"`).
 */
export function readReferenceForm(path = COMPATIBILITY_MD): ReferenceForm {
  if (!existsSync(path)) throw new Error(`${path} is missing: the reference form is read from it`);
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf('\n## 9. ');
  const end = text.indexOf('\n## 10. ', start);
  if (start < 0 || end < 0) throw new Error(`${path}: no section 9`);
  const section = text.slice(start, end);
  const names: string[] = [];
  const testIds: string[] = [];
  for (const line of section.split('\n')) {
    const row = /^\|\s*`([A-Za-z]+)`\s*\|[^|]+\|\s*`([a-z-]+)`\s*\|$/.exec(line);
    if (!row) continue;
    names.push(row[1]!);
    testIds.push(row[2]!);
  }
  if (names.length === 0) throw new Error(`${path}: no field table in section 9`);
  const button = /^Submit button: `name="([a-z]+)"`/m.exec(section);
  if (!button) throw new Error(`${path}: no submit button in section 9`);
  names.push(button[1]!);
  return { names, testIds };
}
