import type { SettingsStore } from './settings-store.js';

export interface ConfigurationKeeper {
  /** The configuration changed; it is saved shortly after, while restoreOnStart is on. */
  changed(config: object): void;
  /** Saves a pending change now (before quitting). */
  flush(): Promise<void>;
}

/**
 * Saves the provider configuration into the settings as `lastConfiguration`, a short while after
 * the last change (so a burst of edits gives one write), and only while restoreOnStart is on.
 */
export function keepConfiguration(
  store: Pick<SettingsStore, 'get' | 'update'>,
  onError: (message: string) => void,
  delayMs = 400,
): ConfigurationKeeper {
  let pending: object | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const config = pending;
    pending = undefined;
    if (config === undefined || !store.get().restoreOnStart) return;
    try {
      await store.update({ lastConfiguration: structuredClone(config) as Record<string, unknown> });
    } catch (error) {
      onError(
        `The configuration could not be saved for the next start (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  };

  return {
    changed(config) {
      if (!store.get().restoreOnStart) return;
      pending = config;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
