import { shell } from 'electron';
import { readFileSync } from 'node:fs';
import type { createDialogs } from './dialogs.js';
import { checkForUpdates } from './updates/check-for-updates.js';
import { readBuildOrigin, updateFeedOf } from './updates/update-feed.js';

export interface UpdateCheckInput {
  /** The build-origin.json npm run dist writes (absent in a local build). */
  buildOriginPath: string;
  /** The app's package.json (its `repository` is the fallback feed). */
  packageJsonPath: string;
  version: string;
  dialogs: ReturnType<typeof createDialogs>;
}

/**
 * Help › Check for updates: asks the repository the build came from once, on the tester's click
 * only, and says what it found in a dialog (with a button to the release page when there is one).
 */
export function createUpdateCheck(input: UpdateCheckInput): () => Promise<void> {
  const { dialogs } = input;
  const feed = updateFeedOf(
    readBuildOrigin(input.buildOriginPath),
    (JSON.parse(readFileSync(input.packageJsonPath, 'utf8')) as { repository?: unknown })
      .repository,
  );
  return async () => {
    if (!feed.ok) {
      await dialogs.showError('Updates could not be checked', feed.error);
      return;
    }
    const news = await checkForUpdates(feed.value, input.version);
    if (!news.ok) {
      console.warn(`Check for updates: ${news.error}`);
      await dialogs.showError('Updates could not be checked', news.error);
      return;
    }
    const url = news.value.releaseUrl;
    if (!url) {
      await dialogs.showInfo(news.value.title, news.value.message);
      return;
    }
    const choice = await dialogs.ask(news.value.title, news.value.message, [
      'Open the release page',
      'Later',
    ]);
    if (choice === 0) await shell.openExternal(url);
  };
}
