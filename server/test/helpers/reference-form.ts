import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The public simulator's observed behaviour, beside the repository (../shared/spec/compat.md). */
export const COMPAT_MD = fileURLToPath(
  new URL('../../../../shared/spec/compat.md', import.meta.url),
);

export interface ReferenceForm {
  /** Names of the visible fields and the button, as the public simulator's form has them. */
  names: string[];
  /** Their data-testid values. */
  testIds: string[];
}

/**
 * Reads the interactive form's element names and data-testids from compat.md §9: the "Visible
 * fields" list (`name`: kind, testid `id`) and the button (`name=continue`).
 */
export function readReferenceForm(path = COMPAT_MD): ReferenceForm {
  if (!existsSync(path))
    throw new Error(`${path} is missing: the reference form is read from ../shared/spec/compat.md`);
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf('Visible fields');
  const end = text.indexOf('**POST /form-submit validation**', start);
  if (start < 0 || end < 0) throw new Error(`${path}: no "Visible fields" list in §9`);
  const section = text.slice(start, end);
  const names: string[] = [];
  const testIds: string[] = [];
  for (const line of section.split('\n')) {
    // "* `name`: kind …, `test-id`": the name first, the test id last.
    const item = /^\* `([A-Za-z]+)`:.*`([a-z-]+)`\s*$/.exec(line);
    if (!item) continue;
    names.push(item[1]!);
    testIds.push(item[2]!);
  }
  const button = /button is\s+`name=([a-z]+)`/.exec(section);
  if (!button) throw new Error(`${path}: no button name in §9`);
  names.push(button[1]!);
  return { names, testIds };
}
