import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_ORIGIN, buildOriginOf, recordBuildOrigin } from './record-build-origin.mjs';

const work = mkdtempSync(join(tmpdir(), 'record-build-origin-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function builtTree(): string {
  const root = mkdtempSync(join(work, 'root-'));
  mkdirSync(join(root, 'dist', 'electron'), { recursive: true });
  return root;
}

describe('recording the repository a build comes from', () => {
  it('records GITHUB_REPOSITORY as a github.com address', () => {
    const root = builtTree();
    const said = recordBuildOrigin(root, { GITHUB_REPOSITORY: 'a-fork/identity-simulator' });
    expect(said).toContain('https://github.com/a-fork/identity-simulator');
    expect(JSON.parse(readFileSync(join(root, BUILD_ORIGIN), 'utf8'))).toEqual({
      repository: 'https://github.com/a-fork/identity-simulator',
    });
    expect(
      buildOriginOf({ GITHUB_REPOSITORY: 'o/n', GITHUB_SERVER_URL: 'https://github.com/' }).origin,
    ).toEqual({ repository: 'https://github.com/o/n' });
  });

  it('keeps no record for a local build, removing a stale one', () => {
    const root = builtTree();
    writeFileSync(join(root, BUILD_ORIGIN), '{"repository":"https://github.com/old/one"}');
    for (const env of [{}, { GITHUB_REPOSITORY: '' }]) {
      expect(recordBuildOrigin(root, env)).toContain('No build origin recorded');
      expect(existsSync(join(root, BUILD_ORIGIN))).toBe(false);
    }
  });

  it('keeps no record for a GitHub Enterprise server, whose API the update check does not know', () => {
    const { origin, reason } = buildOriginOf({
      GITHUB_REPOSITORY: 'o/n',
      GITHUB_SERVER_URL: 'https://github.example.com',
    });
    expect(origin).toBeNull();
    expect(reason).toContain('https://github.example.com');
  });

  it.each(['name-only', 'a/b/c', '../x', 'a/..', 'o/n?x=1', ' o/n', 'o/n\n', '[object Object]'])(
    'refuses a malformed GITHUB_REPOSITORY (%j) and writes nothing',
    (value) => {
      const root = builtTree();
      expect(() => recordBuildOrigin(root, { GITHUB_REPOSITORY: value })).toThrow(
        /GITHUB_REPOSITORY must be <owner>\/<name>/,
      );
      expect(existsSync(join(root, BUILD_ORIGIN))).toBe(false);
    },
  );

  it('runs from npm run dist, which calls it between the build and electron-builder', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.dist).toMatch(
      /^npm run build && node server\/scripts\/record-build-origin\.mjs && electron-builder /,
    );
    const bad = spawnSync(process.execPath, ['server/scripts/record-build-origin.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GITHUB_REPOSITORY: 'not a repository' },
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('GITHUB_REPOSITORY must be <owner>/<name>');
  });
});
