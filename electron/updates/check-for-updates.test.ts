import { describe, expect, it } from 'vitest';
import { checkForUpdates, parseLatestRelease } from './check-for-updates.js';

const feed = {
  latestUrl: 'https://api.github.com/repos/o/n/releases/latest',
  releasesPage: 'https://github.com/o/n/releases',
};
const page = 'https://github.com/o/n/releases/tag/v0.2.0';

/** A fetch answering `status` with `body`, recording what was asked. */
function answering(status: number, body: string) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    asked.push({ url, init });
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return { asked, fetchImpl };
}

describe('checkForUpdates', () => {
  it('offers a newer release as a link to its page, asking the latest-release API', async () => {
    const { asked, fetchImpl } = answering(
      200,
      JSON.stringify({ tag_name: 'v0.2.0', html_url: page }),
    );
    expect(await checkForUpdates(feed, '0.1.0', fetchImpl)).toEqual({
      ok: true,
      value: {
        newer: true,
        title: 'Identity Simulator 0.2.0 is available',
        message: expect.stringContaining('SHA256SUMS.txt'),
        releaseUrl: page,
      },
    });
    expect(asked[0]?.url).toBe(feed.latestUrl);
    expect(new Headers(asked[0]?.init?.headers).get('user-agent')).toBe('identity-simulator/0.1.0');
  });

  it('says the app is up to date when the latest release is the same or older', async () => {
    for (const tag of ['v0.1.0', 'v0.0.9', 'v0.1.0-rc.1']) {
      const { fetchImpl } = answering(200, JSON.stringify({ tag_name: tag, html_url: page }));
      const checked = await checkForUpdates(feed, '0.1.0', fetchImpl);
      expect(checked.ok && checked.value.newer).toBe(false);
      expect(checked.ok && checked.value.releaseUrl).toBeUndefined();
    }
  });

  it('says so when nothing has been released (404)', async () => {
    const checked = await checkForUpdates(feed, '0.1.0', answering(404, '{}').fetchImpl);
    expect(checked).toEqual({
      ok: true,
      value: {
        newer: false,
        title: 'No release yet',
        message: expect.stringContaining(feed.releasesPage),
      },
    });
  });

  it('reports a failure in one line: unreachable, an error status, a body that is not a release', async () => {
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await checkForUpdates(feed, '0.1.0', offline)).toEqual({
      ok: false,
      error: 'GitHub could not be reached (fetch failed).',
    });
    expect(await checkForUpdates(feed, '0.1.0', answering(403, '{}').fetchImpl)).toEqual({
      ok: false,
      error: 'GitHub answered 403; try again later.',
    });
    const junk = await checkForUpdates(feed, '0.1.0', answering(200, 'not json').fetchImpl);
    expect(!junk.ok && junk.error).toMatch(/something other than a release/);
  });
});

describe('parseLatestRelease', () => {
  it.each([
    [null, /something other than a release/],
    [[], /something other than a release/],
    [42, /something other than a release/],
    ['v1.0.0', /something other than a release/],
    [{ html_url: page }, /no version tag/],
    [{ tag_name: 7, html_url: page }, /no version tag/],
    [{ tag_name: 'nightly', html_url: page }, /no version tag/],
    [{ tag_name: 'v1.0.0' }, /no page in this repository/],
    [{ tag_name: 'v1.0.0', html_url: ['x'] }, /no page in this repository/],
    [{ tag_name: 'v1.0.0', html_url: 'https://evil.example/o/n/releases/x' }, /no page/],
    [{ tag_name: 'v1.0.0', html_url: 'https://github.com/o/n/releasesX' }, /no page/],
  ])('refuses %j', (body, reason) => {
    const parsed = parseLatestRelease(body, feed);
    expect(!parsed.ok && parsed.error).toMatch(reason);
  });
});
