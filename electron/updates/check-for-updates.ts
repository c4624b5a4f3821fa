import { err, ok, type Result } from '../../server/src/shared/result.js';
import { compareVersions } from './compare-versions.js';
import type { ReleaseFeed } from './release-feed.js';

/** What a check for updates found, in words for the tester. */
export interface UpdateNews {
  /** A newer release exists. */
  newer: boolean;
  title: string;
  message: string;
  /** The release's page on GitHub (to download and verify the installer), when there is one. */
  releaseUrl?: string;
}

/** Reads GitHub's "latest release" answer: its tag (the version) and its page. */
export function parseLatestRelease(
  body: unknown,
  feed: ReleaseFeed,
): Result<{ version: string; url: string }, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return err('GitHub answered something other than a release');
  const { tag_name: tag, html_url: url } = body as { tag_name?: unknown; html_url?: unknown };
  if (typeof tag !== 'string' || compareVersions(tag, '0.0.0') === undefined)
    return err('the latest release has no version tag');
  // Only a page of this repository's releases is ever opened.
  if (typeof url !== 'string' || !url.startsWith(`${feed.releasesPage}/`))
    return err('the latest release has no page in this repository');
  return ok({ version: tag.replace(/^v/, ''), url });
}

/**
 * Asks GitHub for the latest published release and compares it with `current`. Nothing is
 * downloaded or installed: a newer release is offered as a link to its page.
 */
export async function checkForUpdates(
  feed: ReleaseFeed,
  current: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Result<UpdateNews, string>> {
  let response: Response;
  try {
    response = await fetchImpl(feed.latestUrl, {
      headers: {
        accept: 'application/vnd.github+json',
        'user-agent': `identity-simulator/${current}`,
      },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    return err(
      `GitHub could not be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (response.status === 404) {
    return ok({
      newer: false,
      title: 'No release yet',
      message: `No release has been published at ${feed.releasesPage}.`,
    });
  }
  if (response.status !== 200) return err(`GitHub answered ${response.status}; try again later.`);
  const body: unknown = await response.json().catch(() => undefined);
  const latest = parseLatestRelease(body, feed);
  if (!latest.ok) return err(`${latest.error} (${feed.latestUrl}).`);
  const order = compareVersions(latest.value.version, current);
  if (order !== undefined && order > 0) {
    return ok({
      newer: true,
      title: `Identity Simulator ${latest.value.version} is available`,
      message: `You have ${current}. Open the release page to download the installer for your system and check it against SHA256SUMS.txt.`,
      releaseUrl: latest.value.url,
    });
  }
  return ok({
    newer: false,
    title: 'Identity Simulator is up to date',
    message: `You have ${current}; the latest release is ${latest.value.version}.`,
  });
}
