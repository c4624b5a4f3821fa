import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { summarise } from './print-test-summary.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUN_TESTS = fileURLToPath(new URL('./run-tests.mjs', import.meta.url));
/** The closing line a CI reads: alone on its line, the totals in this order. */
const CLOSING = /^\d+ passed, \d+ failed(, \d+ skipped)?$/;

/** A vitest JSON report with the fields the summary reads. */
function report(
  files: { name: string; status: 'passed' | 'failed'; message?: string; tests: string[] }[],
  success = files.every((f) => f.status === 'passed'),
) {
  const tests = files.flatMap((f) => f.tests);
  return {
    success,
    numPassedTests: tests.filter((t) => t === 'passed').length,
    numFailedTests: tests.filter((t) => t === 'failed').length,
    numPendingTests: tests.filter((t) => t === 'skipped').length,
    numTodoTests: 0,
    numFailedTestSuites: files.filter((f) => f.status === 'failed').length,
    testResults: files.map((f) => ({
      name: f.name,
      status: f.status,
      message: f.message ?? '',
      assertionResults: f.tests.map((status, i) => ({ title: `t${i}`, status })),
    })),
  };
}

describe('the test summary', () => {
  it('counts a file that failed without a failed test as a failure, and names it', () => {
    const summary = summarise(
      report([
        { name: '/r/a.test.ts', status: 'passed', tests: ['passed', 'passed'] },
        {
          name: '/r/b.test.ts',
          status: 'failed',
          message: 'Error: /r/docs/x.md is missing\n    at read',
          tests: [],
        },
      ]),
    );
    expect(summary.lines.at(-1)).toBe('2 passed, 1 failed, 0 skipped');
    expect(summary.lines).toContain('failed file: /r/b.test.ts (Error: /r/docs/x.md is missing)');
    expect(summary.ok).toBe(false);
  });

  it('does not count a file twice when its failure is a failed test', () => {
    const summary = summarise(
      report([{ name: '/r/a.test.ts', status: 'failed', tests: ['passed', 'failed'] }]),
    );
    expect(summary.lines).toEqual(['1 passed, 1 failed, 0 skipped']);
    expect(summary.ok).toBe(false);
  });

  it('passes an all-green run with one line', () => {
    const summary = summarise(
      report([{ name: '/r/a.test.ts', status: 'passed', tests: ['passed', 'passed', 'passed'] }]),
    );
    expect(summary).toMatchObject({ lines: ['3 passed, 0 failed, 0 skipped'], ok: true });
  });

  it('lists why tests were skipped, each reason once, and a skip is not a failure', () => {
    const notes = [
      { file: 'server/test/x.test.ts', reason: 'python3-authlib cannot exist on darwin' },
      { file: 'server/test/x.test.ts', reason: 'python3-authlib cannot exist on darwin' },
      { file: 'server/test/a.e2e.ts', reason: 'podman is not installed' },
    ];
    const summary = summarise(
      report([{ name: '/r/x.test.ts', status: 'passed', tests: ['passed', 'skipped', 'skipped'] }]),
      notes,
    );
    expect(summary.lines).toEqual([
      'skipped: server/test/a.e2e.ts: podman is not installed',
      'skipped: server/test/x.test.ts: python3-authlib cannot exist on darwin',
      '1 passed, 0 failed, 2 skipped',
    ]);
    expect(summary.ok).toBe(true);
  });

  it('fails a run vitest called failed with nothing failed in it (errors outside tests)', () => {
    const summary = summarise(
      report([{ name: '/r/a.test.ts', status: 'passed', tests: ['passed'] }], false),
    );
    expect(summary.lines.at(-1)).toBe('1 passed, 1 failed, 0 skipped');
    expect(summary.ok).toBe(false);
  });

  it('fails when no test ran or there is no report', () => {
    expect(summarise(report([])).ok).toBe(false);
    const none = summarise(undefined);
    expect(none.ok).toBe(false);
    expect(none.lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
  });

  it('always closes with the totals line alone', () => {
    for (const summary of [
      summarise(undefined),
      summarise(report([{ name: '/r/b.test.ts', status: 'failed', tests: [] }])),
      summarise(report([{ name: '/r/a.test.ts', status: 'passed', tests: ['skipped'] }])),
    ])
      expect(summary.lines.at(-1)).toMatch(CLOSING);
  });
});

describe('npm test', () => {
  const project = mkdtempSync(join(tmpdir(), 'run-tests-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'junction');
  writeFileSync(
    join(project, 'vitest.config.mjs'),
    `export default { test: { include: ['*.test.mjs'] } };\n`,
  );
  const run = () => {
    const out = spawnSync(process.execPath, [RUN_TESTS], { cwd: project, encoding: 'utf8' });
    const lines = out.stdout.trimEnd().split('\n');
    return { status: out.status, last: lines.at(-1), stdout: out.stdout };
  };

  it('runs vitest through the script that always prints the summary', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.test).toMatch(/&& node server\/scripts\/run-tests\.mjs$/);
  });

  it('exits 1 with the summary when a file fails to load, and 0 when all pass', () => {
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, 'a.test.mjs'),
      `import { it, expect } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n`,
    );
    writeFileSync(join(project, 'b.test.mjs'), `throw new Error('cannot load');\n`);
    const failing = run();
    expect(failing.status, failing.stdout).toBe(1);
    expect(failing.last).toBe('1 passed, 1 failed, 0 skipped');
    expect(failing.stdout).toMatch(/failed file: .*b\.test\.mjs \(cannot load\)/);

    rmSync(join(project, 'b.test.mjs'));
    const passing = run();
    expect(passing.status, passing.stdout).toBe(0);
    expect(passing.last).toBe('1 passed, 0 failed, 0 skipped');
  }, 120_000);
});
