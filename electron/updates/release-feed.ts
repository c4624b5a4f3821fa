import { err, ok, type Result } from '../../server/src/shared/result.js';

/** Where the app asks for its latest release, and where a tester downloads it. */
export interface ReleaseFeed {
  /** GitHub's API for the latest published release (drafts and pre-releases are never listed). */
  latestUrl: string;
  /** The releases page, for a tester to download from by hand. */
  releasesPage: string;
}

/**
 * The release feed of the GitHub repository named by package.json's `repository` (a URL string
 * or `{ url }`, e.g. `git+https://github.com/owner/name.git`).
 */
export function releaseFeedOf(repository: unknown): Result<ReleaseFeed, string> {
  const raw =
    typeof repository === 'string'
      ? repository
      : typeof repository === 'object' && repository !== null && !Array.isArray(repository)
        ? (repository as { url?: unknown }).url
        : undefined;
  if (typeof raw !== 'string') return err('package.json names no repository');
  const match = /^(?:git\+)?https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(raw);
  if (!match) return err(`the repository ${raw} is not on GitHub`);
  const [, owner, name] = match;
  return ok({
    latestUrl: `https://api.github.com/repos/${owner}/${name}/releases/latest`,
    releasesPage: `https://github.com/${owner}/${name}/releases`,
  });
}
