/**
 * The repository stands alone: a clone from GitHub has nothing beside it, so no tracked file may
 * name a path outside the repository, and the tests that read files pass from a copy of the
 * tracked files placed in an otherwise empty directory.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Set in the copy, so the copy does not copy itself again. */
const IN_COPY = process.env.IDENTITY_SIMULATOR_SELF_CONTAINED_COPY === '1';

/** Tracked files, as a clone has them (deleted but not yet committed files left out). */
function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)));
}

/**
 * Climbing paths that are data, not places the project reads: the path-traversal attack string
 * the fuzz tests send to the simulator.
 */
const ALLOWED: ReadonlySet<string> = new Set([['..', '..', '..', '..', 'etc', 'passwd'].join('/')]);

/** Code that runs compiled, from the same folder under dist/ (tests run from their sources). */
function runsFromDist(file: string): boolean {
  return (
    /^(server\/src|electron)\//.test(file) &&
    !/(^|\/)test\/|\.(test|e2e)\.tsx?$/.test(file) &&
    /\.tsx?$/.test(file)
  );
}

/**
 * Paths in `text` (the content of the tracked file `file`) that lead outside the repository: an
 * absolute path into the machine's work area, or a relative path that climbs above the
 * repository's root from the file's folder (for compiled code, from its folder under dist/).
 * Markdown prose is not scanned: it is read by people, not by the build.
 */
export function outsideReferences(file: string, text: string): string[] {
  if (file.endsWith('.md')) return [];
  const found: string[] = [];
  for (const match of text.matchAll(/(^|[\s'"`(=:,])(\/work\/[\w./-]*)/gm)) found.push(match[2]!);
  const folder = runsFromDist(file) ? join('dist', dirname(file)) : dirname(file);
  for (const match of text.matchAll(/(?:\.\.[/\\])+[\w./\\-]*/g)) {
    const path = match[0];
    if (ALLOWED.has(path)) continue;
    const target = resolve('/repo', folder, path.replaceAll('\\', '/'));
    if (relative('/repo', target).startsWith('..')) found.push(path);
  }
  return found;
}

describe('the repository names nothing outside itself', () => {
  it('no tracked file (outside Markdown prose) refers to a path outside the repository', () => {
    const offenders: Record<string, string[]> = {};
    for (const file of trackedFiles(ROOT)) {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue; // images, fonts, icons
      const found = outsideReferences(file, bytes.toString('utf8'));
      if (found.length > 0) offenders[file] = found;
    }
    expect(offenders).toEqual({});
  });

  it('catches the ways a file can reach outside, and lets inside paths through', () => {
    const sibling = ['..', 'shared', 'spec', 'compat.md'].join('/');
    expect(outsideReferences('server/test/helpers/x.ts', `new URL('../../../${sibling}')`)).toEqual(
      [`../../../${sibling}`],
    );
    expect(outsideReferences('vite.config.ts', `read('${sibling}')`)).toEqual([sibling]);
    const absolute = ['', 'work', 'shared', 'design.md'].join('/');
    expect(outsideReferences('bench/run.mjs', `open("${absolute}")`)).toEqual([absolute]);
    expect(outsideReferences('.ci/run', `cd ${['..', '..', 'shared'].join('\\')}`)).toEqual([
      ['..', '..', 'shared'].join('\\'),
    ]);
    // Inside the repository: a sibling folder, the package file seen from dist/, Markdown prose.
    expect(outsideReferences('server/src/admin/a.ts', `from '../shared/j.js'`)).toEqual([]);
    expect(outsideReferences('server/src/cli.ts', `'../../../package.json'`)).toEqual([]);
    expect(outsideReferences('server/src/cli.test.ts', `'../../../package.json'`)).toEqual([
      '../../../package.json',
    ]);
    expect(outsideReferences('docs/x.md', `see ${sibling} and ${absolute}`)).toEqual([]);
    expect(outsideReferences('server/x.ts', `'/home/work/a'`)).toEqual([]);
    expect(outsideReferences('server/x.mjs', '`${HOME}/work/repo`')).toEqual([]);
  });
});

/** The tests that read files from the repository, run again from the copy. */
const FILE_READING_TESTS: ReadonlyArray<{ project: string; file: string }> = [
  { project: 'unit', file: 'server/test/compat/interactive-form-names.test.ts' },
  { project: 'compat-named', file: 'server/test/compat/interactive-form-names.test.ts' },
  { project: 'unit', file: 'server/test/delivery/self-contained.test.ts' },
  { project: 'unit', file: 'server/test/delivery/workflows.test.ts' },
];

describe.skipIf(IN_COPY)('a copy of the tracked files with nothing beside it', () => {
  it('passes the tests that read files', { timeout: 240_000 }, () => {
    // The real path: vitest reports files by it (macOS's temporary folder is behind a symlink).
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'identity-simulator-alone-')));
    try {
      const copy = join(parent, 'identity-simulator');
      mkdirSync(copy);
      for (const file of trackedFiles(ROOT)) {
        mkdirSync(dirname(join(copy, file)), { recursive: true });
        cpSync(join(ROOT, file), join(copy, file), { verbatimSymlinks: true });
      }
      // Installed packages are not part of a clone; `npm ci` would bring them. Link them in.
      symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'junction');
      // A clone is a git repository: the self-containment test lists its files with git.
      execFileSync('git', ['init', '-q'], { cwd: copy });
      writeFileSync(join(copy, '.git', 'info', 'exclude'), '/node_modules\n');
      execFileSync('git', ['add', '-A'], { cwd: copy });
      expect(readdirSync(parent)).toEqual(['identity-simulator']);

      const report = join(copy, 'test-artifacts', 'alone.json');
      const args = [join(copy, 'node_modules', 'vitest', 'vitest.mjs'), 'run'];
      for (const project of new Set(FILE_READING_TESTS.map((t) => t.project)))
        args.push('--project', project);
      args.push(...new Set(FILE_READING_TESTS.map((t) => t.file)));
      args.push('--reporter=json', `--outputFile.json=${report}`);
      const run = spawnSync(process.execPath, args, {
        cwd: copy,
        encoding: 'utf8',
        env: { ...process.env, IDENTITY_SIMULATOR_SELF_CONTAINED_COPY: '1' },
        timeout: 200_000,
      });
      const result = existsSync(report)
        ? (JSON.parse(readFileSync(report, 'utf8')) as {
            numFailedTestSuites: number;
            numFailedTests: number;
            numPassedTests: number;
            testResults: { name: string; status: string }[];
          })
        : undefined;
      expect(result, `${run.stdout}\n${run.stderr}`).toBeDefined();
      expect(
        {
          exit: run.status,
          failedFiles: result!.numFailedTestSuites,
          failed: result!.numFailedTests,
        },
        run.stderr,
      ).toEqual({ exit: 0, failedFiles: 0, failed: 0 });
      // Every file ran, from the copy: the reference form was read there.
      const ran = result!.testResults
        .map((r) => relative(copy, r.name).replaceAll('\\', '/'))
        .sort();
      expect([...new Set(ran)]).toEqual([...new Set(FILE_READING_TESTS.map((t) => t.file))].sort());
      expect(result!.numPassedTests).toBeGreaterThanOrEqual(40);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
