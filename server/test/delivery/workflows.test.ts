/**
 * The GitHub Actions workflows: each one is valid against the GitHub Actions workflow schema
 * (checked by @action-validator/core, the validator published on npm), broken ones are rejected,
 * and the pipelines do what the README says: npm test on three systems with Node 22, the desktop
 * smoke test under Xvfb on Linux, installers attached with checksums to a draft release.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import yaml from 'js-yaml';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKFLOWS = `${ROOT}.github/workflows/`;
const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));

/** Validation errors as one line each (nested one-of branches flattened). */
function describeErrors(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((e) => {
    const nested =
      'states' in e && e.states ? e.states.flatMap((s) => describeErrors(s.errors)) : [];
    const where = 'path' in e ? e.path : '';
    return [`${e.code} ${where} ${e.title}${e.detail ? `: ${e.detail}` : ''}`, ...nested];
  });
}

function read(file: string): string {
  return readFileSync(`${WORKFLOWS}${file}`, 'utf8');
}

interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  strategy?: { matrix?: { os?: string[] } };
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

function parse(file: string): Workflow {
  return yaml.load(read(file)) as Workflow;
}

function allSteps(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs).flatMap((job) => job.steps);
}

describe('GitHub Actions workflows', () => {
  it('has the CI and release workflows', () => {
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
  });

  it.each(files)('%s is valid against the GitHub Actions workflow schema', (file) => {
    const result = validateWorkflow(read(file));
    expect(result.actionType).toBe('workflow');
    expect(describeErrors(result.errors)).toEqual([]);
  });

  const ci = read('ci.yml');
  it.each([
    [
      'a misspelt key (runs_on)',
      ci.replace('runs-on: ${{ matrix.os }}', 'runs_on: ${{ matrix.os }}'),
    ],
    [
      'a step that is both uses and run',
      ci.replace('- uses: actions/checkout@v4', '- uses: actions/checkout@v4\n        run: echo'),
    ],
    ['a trigger that does not exist', ci.replace('pull_request:', 'pull_requests:')],
    ['broken YAML', ci.replace('jobs:', 'jobs: [')],
    ['a number', '42'],
    ['a list', '[1, 2]'],
    ['null', 'null'],
    ['jobs as a number', 'on: push\njobs: 5\n'],
    ['a job with nowhere to run', 'on: push\njobs:\n  a:\n    steps:\n      - run: echo\n'],
  ])('rejects %s', (_name, source) => {
    expect(source).not.toBe(ci);
    expect(validateWorkflow(source).errors.length).toBeGreaterThan(0);
  });

  it.each(files)('%s pins every action to a released major version', (file) => {
    for (const step of allSteps(parse(file)))
      if (step.uses) expect(step.uses, `${file}: ${step.uses}`).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
  });

  it.each(files)('%s runs only npm scripts and repository files that exist', (file) => {
    const { scripts } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const step of allSteps(parse(file))) {
      for (const [, script] of (step.run ?? '').matchAll(/\bnpm run ([\w:-]+)/g))
        expect(scripts, `${file}: npm run ${script}`).toHaveProperty([script as string]);
      for (const [, path] of (step.run ?? '').matchAll(/(?:^|\s)(\.ci\/[\w.-]+)/g)) {
        expect(existsSync(`${ROOT}${path}`), `${file}: ${path}`).toBe(true);
        expect(statSync(`${ROOT}${path}`).mode & 0o111, `${file}: ${path} is executable`).not.toBe(
          0,
        );
      }
    }
  });
});

describe('CI workflow', () => {
  const workflow = parse('ci.yml');
  const job = workflow.jobs.test as Job;
  const steps = job.steps;
  const linuxOnly = (step: Step | undefined) => step?.if === "runner.os == 'Linux'";

  it('runs npm test with Node 22 on Linux, Windows and macOS, on pushes and pull requests', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(job.strategy?.matrix?.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    const setupNode = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version-file']).toBe('.nvmrc');
    expect(readFileSync(`${ROOT}.nvmrc`, 'utf8').trim()).toBe('22');
    const test = steps.find((s) => s.run === 'npm test');
    expect(test).toBeDefined();
    expect(test?.if).toBeUndefined();
  });

  it('installs podman on Linux before npm test, so the container image test runs there', () => {
    const podman = steps.findIndex((s) => s.run?.includes('.ci/install-podman'));
    expect(linuxOnly(steps[podman])).toBe(true);
    expect(podman).toBeLessThan(steps.findIndex((s) => s.run === 'npm test'));
  });

  it('downloads Electron on Linux and runs the desktop smoke test under Xvfb, failing if it skipped', () => {
    const install = steps.findIndex((s) => s.run === 'npm run desktop:install');
    const smoke = steps.findIndex((s) => s.run?.includes('electron/electron-smoke.e2e.ts'));
    expect(install).toBeGreaterThan(-1);
    expect(smoke).toBeGreaterThan(install);
    expect(linuxOnly(steps[install])).toBe(true);
    expect(linuxOnly(steps[smoke])).toBe(true);
    expect(steps[smoke]?.run).toMatch(
      /xvfb-run .*vitest run --project e2e electron\/electron-smoke/,
    );
    expect(steps[smoke]?.run).toContain('numPendingTests');
  });
});

describe('release workflow', () => {
  const workflow = parse('release.yml');
  const installers = workflow.jobs.installers as Job;
  const draft = workflow.jobs['draft-release'] as Job;

  it('runs on version tags only', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('builds the installers with npm run dist on Linux, Windows and macOS', () => {
    expect(installers.strategy?.matrix?.os).toEqual([
      'ubuntu-latest',
      'windows-latest',
      'macos-latest',
    ]);
    const dist = installers.steps.find((s) => s.run?.includes('npm run dist'));
    const setupNode = installers.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version-file']).toBe('.nvmrc');
    expect(dist?.run).toMatch(/npm run dist -- "-c\.mac\.identity=\$MAC_SIGNING_IDENTITY"/);
    expect(Object.keys(dist?.env ?? {}).sort()).toEqual([
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_ID',
      'APPLE_TEAM_ID',
      'CSC_KEY_PASSWORD',
      'CSC_LINK',
      'MAC_SIGNING_IDENTITY',
    ]);

    // Signing secrets reach the macOS job only.
    for (const value of Object.values(dist?.env ?? {}))
      expect(value).toMatch(/^\$\{\{ runner\.os == 'macOS' && secrets\.\w+ \|\| '' \}\}$/);
    const upload = installers.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(String(upload?.with?.path)).toMatch(/\.dmg[\s\S]*\.exe[\s\S]*\.AppImage[\s\S]*\.deb/);
    expect(upload?.with?.['if-no-files-found']).toBe('error');
  });

  it('attaches every installer and a SHA-256 checksum file to a draft release', () => {
    expect(draft.needs).toBe('installers');
    expect(draft.permissions).toEqual({ contents: 'write' });
    const run = draft.steps.map((s) => s.run ?? '').join('\n');
    expect(run).toMatch(/sha256sum -- \* > SHA256SUMS\.txt/);
    expect(run).toMatch(/gh release create "\$GITHUB_REF_NAME" --draft/);
    const download = draft.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toMatchObject({ pattern: 'installers-*', 'merge-multiple': true });
  });
});
