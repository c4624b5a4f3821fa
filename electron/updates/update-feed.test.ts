import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuildOrigin, updateFeedOf } from './update-feed.js';

const project = 'git+https://github.com/identity-simulator/identity-simulator.git';
const feedOf = (owner: string) => ({
  latestUrl: `https://api.github.com/repos/${owner}/identity-simulator/releases/latest`,
  releasesPage: `https://github.com/${owner}/identity-simulator/releases`,
});

describe('updateFeedOf', () => {
  it('asks the repository the build recorded, not the one package.json names', () => {
    expect(
      updateFeedOf({ repository: 'https://github.com/a-fork/identity-simulator' }, project),
    ).toEqual({ ok: true, value: feedOf('a-fork') });
  });

  it("falls back to package.json's repository when the build recorded none (a local build)", () => {
    expect(updateFeedOf(undefined, project)).toEqual({
      ok: true,
      value: feedOf('identity-simulator'),
    });
  });

  it.each([
    [null, /build-origin\.json\) is damaged/],
    [42, /is damaged/],
    ['https://github.com/a-fork/identity-simulator', /is damaged/],
    [['https://github.com/a-fork/identity-simulator'], /is damaged/],
    [{}, /is damaged/],
    [{ repository: 5 }, /is damaged/],
    [{ repository: null }, /is damaged/],
    [{ repository: ['x'] }, /is damaged/],
    [
      { repository: 'https://gitlab.com/a/b' },
      /^build-origin\.json: the repository .* is not on GitHub/,
    ],
  ])('refuses a damaged record (%j) rather than asking another project', (origin, reason) => {
    const feed = updateFeedOf(origin, project);
    expect(feed.ok).toBe(false);
    expect(!feed.ok && feed.error).toMatch(reason);
  });
});

describe('readBuildOrigin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'build-origin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the record, says undefined without one and null for a file that is not JSON', () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, '{ "repository": "https://github.com/a/b" }');
    expect(readBuildOrigin(good)).toEqual({ repository: 'https://github.com/a/b' });
    expect(readBuildOrigin(join(dir, 'missing.json'))).toBeUndefined();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ "repository": ');
    expect(readBuildOrigin(bad)).toBeNull();
    // Unreadable for another reason (a folder here): damaged, not absent.
    expect(readBuildOrigin(dir)).toBeNull();
  });
});
