/**
 * Reads a GitHub Actions workflow against the tests' declared requirements
 * (helpers/requirements.ts): for every job, on every system of its matrix, every requirement of
 * every test a step runs must be installed by an earlier step of that job on that system, or be
 * impossible there (the per-OS rule then skips its tests, with the reason).
 *
 * Install evidence: Debian packages installed with apt-get by a Linux `run:` step, in its script
 * or in the repository scripts it runs (.ci/…, followed); for Chromium also a
 * browser-actions/setup-chrome step whose `chrome-path` output the test step passes as
 * CHROMIUM_PATH.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUIREMENTS, type RequirementName } from '../helpers/requirements.js';

export interface WorkflowStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
export interface WorkflowJob {
  'runs-on'?: string;
  strategy?: { matrix?: { os?: string[] } };
  steps?: WorkflowStep[];
}
export interface WorkflowFile {
  jobs: Record<string, WorkflowJob>;
}

const TEST_FILE = /\.(test|e2e)\.tsx?$/;
const TEST_FOLDERS = ['server', 'electron', 'renderer', 'bench'];

/** The test files vitest's projects take (repository-relative, `/`-separated). */
export function testFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (TEST_FILE.test(entry.name)) found.push(path);
    }
  };
  for (const dir of TEST_FOLDERS) if (existsSync(join(root, dir))) walk(dir);
  return found.sort();
}

/** The `requires(…)` calls of a test file that imports it, each with its arguments as written. */
export function requiresCalls(source: string): string[] {
  if (!/import \{[^}]*\brequires\b[^}]*\} from '[^']*\/requirements\.js'/.test(source)) return [];
  return [...source.matchAll(/(?<![\w.])requires\(([^)]*)\)/g)].map((m) => m[1]!.trim());
}

/** The requirement names a test file declares (string literals in its `requires(…)` calls). */
export function declaredRequirements(source: string): string[] {
  return requiresCalls(source).flatMap((args) =>
    [...args.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!),
  );
}

/** The system a GitHub-hosted runner label stands for, as Node's process.platform names it. */
export function platformOfLabel(label: string): NodeJS.Platform | undefined {
  if (/^ubuntu-/.test(label)) return 'linux';
  if (/^windows-/.test(label)) return 'win32';
  if (/^macos-/.test(label)) return 'darwin';
  return undefined;
}

const RUNNER_OS: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'Linux',
  win32: 'Windows',
  darwin: 'macOS',
};

/** Whether a step runs on this system before the tests (no condition, or one on runner.os). */
function stepRunsOn(step: WorkflowStep, platform: NodeJS.Platform): boolean {
  if (step.if === undefined) return true;
  const os = RUNNER_OS[platform];
  const condition = /^\s*runner\.os\s*(==|!=)\s*'(\w+)'\s*$/.exec(step.if);
  if (!condition) return false; // failure(), always(), …: not an install step one can count on
  return condition[1] === '==' ? condition[2] === os : condition[2] !== os;
}

/** The tests a step runs: all of them for `npm test`, else the files a `vitest run` names. */
function testsRunBy(step: WorkflowStep, all: readonly string[]): string[] {
  const run = step.run ?? '';
  if (/(^|\s)npm (run )?test(\s|$)/m.test(run)) return [...all];
  if (!/vitest run/.test(run)) return [];
  return all.filter((file) => run.includes(file));
}

/** A run step's script with the text of the repository scripts it runs, followed. */
function scriptClosure(root: string, run: string): string {
  const seen = new Set<string>();
  let text = run;
  const pending = [run];
  while (pending.length > 0) {
    const script = pending.pop()!;
    for (const [, path] of script.matchAll(/(?:^|[\s;&|])(\.ci\/[\w.-]+)/g)) {
      if (seen.has(path!) || !existsSync(join(root, path!))) continue;
      seen.add(path!);
      const body = readFileSync(join(root, path!), 'utf8');
      text += `\n${body}`;
      pending.push(body);
    }
  }
  return text;
}

/** How an earlier step installs the requirement for the test step on this system, if one does. */
export function installEvidence(
  root: string,
  steps: readonly WorkflowStep[],
  testStep: number,
  platform: NodeJS.Platform,
  name: RequirementName,
): string | undefined {
  const before = steps.slice(0, testStep).filter((step) => stepRunsOn(step, platform));
  if (name === 'chromium') {
    const passed = steps[testStep]?.env?.CHROMIUM_PATH ?? '';
    const setup = before.find(
      (step) =>
        step.uses?.startsWith('browser-actions/setup-chrome@') &&
        step.id !== undefined &&
        passed.replace(/\s/g, '') === `\${{steps.${step.id}.outputs.chrome-path}}`,
    );
    // Ubuntu's chromium package is only a wrapper around a snap: on GitHub's Ubuntu runners
    // apt-get does not count, only the browser setup-chrome downloads.
    return setup ? `setup-chrome (step ${setup.id}) passed as CHROMIUM_PATH` : undefined;
  }
  if (platform !== 'linux') return undefined;
  const packages = REQUIREMENTS[name].debianPackages;
  for (const step of before) {
    if (step.run === undefined) continue;
    const text = scriptClosure(root, step.run);
    if (!/apt-get\s+install\b/.test(text)) continue;
    const word = (pkg: string) =>
      new RegExp(`(^|[\\s("'])${pkg.replace(/[.+]/g, '\\$&')}(?=[\\s)"']|$)`, 'm');
    if (packages.every((pkg) => word(pkg).test(text)))
      return `apt-get install ${packages.join(' ')} (${step.name ?? step.run.split('\n')[0]})`;
  }
  return undefined;
}

export interface RequirementReport {
  /** Requirements a job needs on a system and does not install there. */
  gaps: string[];
  /** Requirements installed, with the evidence. */
  installed: string[];
  /** Requirements impossible on a system: their tests are skipped there by the per-OS rule. */
  skipped: string[];
}

/** Checks a workflow against the requirements the test files declare. */
export function checkWorkflowRequirements(
  root: string,
  workflow: WorkflowFile,
  declared: ReadonlyMap<string, readonly string[]> = declaredByTest(root),
): RequirementReport {
  const all = [...declared.keys()];
  const gaps = new Set<string>();
  const installed = new Set<string>();
  const skipped = new Set<string>();
  for (const [id, job] of Object.entries(workflow.jobs)) {
    const steps = job.steps ?? [];
    const labels = job.strategy?.matrix?.os ?? [job['runs-on'] ?? ''];
    for (const label of labels) {
      const platform = platformOfLabel(label);
      steps.forEach((step, index) => {
        if (!stepRunsOn(step, platform ?? 'linux')) return;
        for (const file of testsRunBy(step, all)) {
          for (const name of declared.get(file) ?? []) {
            const where = `${id} on ${label}`;
            if (!(name in REQUIREMENTS)) {
              gaps.add(`${where}: ${file} declares an unknown requirement "${name}"`);
              continue;
            }
            const requirement = REQUIREMENTS[name as RequirementName];
            if (platform === undefined) {
              gaps.add(`${where}: unknown system of runner label "${label}"`);
            } else if (!(requirement.platforms as readonly string[]).includes(platform)) {
              skipped.add(`${where}: ${name} (cannot exist on ${platform})`);
            } else {
              const evidence = installEvidence(
                root,
                steps,
                index,
                platform,
                name as RequirementName,
              );
              if (evidence) installed.add(`${where}: ${name} by ${evidence}`);
              else gaps.add(`${where}: ${name} is not installed before "${step.name ?? step.run}"`);
            }
          }
        }
      });
    }
  }
  return { gaps: [...gaps].sort(), installed: [...installed].sort(), skipped: [...skipped].sort() };
}

/** Each test file's declared requirements (files declaring none included, with none). */
export function declaredByTest(root: string): Map<string, string[]> {
  return new Map(
    testFiles(root).map((file) => [
      file,
      declaredRequirements(readFileSync(join(root, file), 'utf8')),
    ]),
  );
}
