import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { releaseFeedOf } from './release-feed.js';

describe('releaseFeedOf', () => {
  const feed = {
    latestUrl: 'https://api.github.com/repos/identity-simulator/identity-simulator/releases/latest',
    releasesPage: 'https://github.com/identity-simulator/identity-simulator/releases',
  };

  it("reads this project's package.json repository", () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      repository: unknown;
    };
    expect(releaseFeedOf(pkg.repository)).toEqual({ ok: true, value: feed });
  });

  it.each([
    'git+https://github.com/identity-simulator/identity-simulator.git',
    'https://github.com/identity-simulator/identity-simulator',
    { type: 'git', url: 'https://github.com/identity-simulator/identity-simulator.git' },
  ])('takes %j', (repository) => {
    expect(releaseFeedOf(repository)).toEqual({ ok: true, value: feed });
  });

  it.each([
    [undefined, /names no repository/],
    [null, /names no repository/],
    [42, /names no repository/],
    [['https://github.com/a/b'], /names no repository/],
    [{ url: 5 }, /names no repository/],
    ['https://gitlab.com/a/b.git', /is not on GitHub/],
    ['https://github.com/a/b/../../evil', /is not on GitHub/],
    ['http://github.com/a/b', /is not on GitHub/],
  ])('refuses %j', (repository, reason) => {
    const feedOf = releaseFeedOf(repository);
    expect(!feedOf.ok && feedOf.error).toMatch(reason);
  });
});

describe('where updates are checked', () => {
  it('only in the desktop app: the provider library, headless mode and the container image have no check', () => {
    const root = new URL('../../', import.meta.url);
    const offenders: string[] = [];
    const visit = (dir: URL) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const url = new URL(`${entry.name}${entry.isDirectory() ? '/' : ''}`, dir);
        if (entry.isDirectory()) visit(url);
        else if (
          /api\.github\.com|releases\/latest|check-for-updates/.test(readFileSync(url, 'utf8'))
        )
          offenders.push(url.pathname);
      }
    };
    visit(new URL('server/src/', root));
    expect(readFileSync(new URL('Dockerfile', root), 'utf8')).not.toMatch(/api\.github\.com/);
    expect(offenders).toEqual([]);
  });
});
