import { readFileSync } from 'node:fs';
import { err, type Result } from '../../server/src/shared/result.js';
import { releaseFeedOf, type ReleaseFeed } from './release-feed.js';

/**
 * The build's record of the repository it was built from (dist/electron/build-origin.json,
 * written by `npm run dist` from GITHUB_REPOSITORY): undefined when there is none (a local
 * build), null when the file cannot be read as JSON.
 */
export function readBuildOrigin(path: string, read = readFileSync): unknown {
  let text: string;
  try {
    text = read(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Where Help › Check for updates asks: the repository the build recorded (so an installer from
 * a fork's release workflow asks the fork), else package.json's `repository` (a local build).
 * A damaged record is an error, never a silent fall-back to another project.
 */
export function updateFeedOf(
  buildOrigin: unknown,
  packageRepository: unknown,
): Result<ReleaseFeed, string> {
  if (buildOrigin === undefined) return releaseFeedOf(packageRepository);
  if (
    typeof buildOrigin !== 'object' ||
    buildOrigin === null ||
    Array.isArray(buildOrigin) ||
    typeof (buildOrigin as { repository?: unknown }).repository !== 'string'
  )
    return err('the build record of its repository (build-origin.json) is damaged');
  const feed = releaseFeedOf((buildOrigin as { repository: string }).repository);
  return feed.ok ? feed : err(`build-origin.json: ${feed.error}`);
}
