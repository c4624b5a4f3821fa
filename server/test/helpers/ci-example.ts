/** The README's CI example for the relying-party check (examples/ci/rp-check.yml). */
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';

export const CI_EXAMPLE = new URL('../../../examples/ci/rp-check.yml', import.meta.url);
export const CI_EXAMPLE_SOURCE = readFileSync(CI_EXAMPLE, 'utf8');

interface Step {
  run?: string;
  env?: Record<string, string>;
}

/** The arguments after `npm run headless --` in the example's check step, and its env. */
export function exampleHeadlessArgs(): { args: string[]; env: Record<string, string> } {
  const doc = yaml.load(CI_EXAMPLE_SOURCE) as { jobs: Record<string, { steps: Step[] }> };
  const step = Object.values(doc.jobs)
    .flatMap((j) => j.steps)
    .find((s) => s.run?.startsWith('npm run headless --'));
  if (!step?.run) throw new Error('the CI example has no "npm run headless --" step');
  return {
    args: step.run
      .replace(/^npm run headless --/, '')
      .trim()
      .split(/\s+/),
    env: step.env ?? {},
  };
}
