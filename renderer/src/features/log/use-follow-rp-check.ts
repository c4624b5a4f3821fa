import { useEffect } from 'react';
import { useAppStore } from '../../store/app-store-context.js';

/** How long the log waits after the newest exchange before reading the check's run again. */
const RP_REFRESH_DELAY_MS = 300;

/**
 * Keeps the relying-party check run fresh while the log shows, so rows can name the step that
 * observed them: read when the log opens and once traffic pauses (a run may have started since),
 * and followed while it is running.
 */
export function useFollowRpCheck(): void {
  const refreshRpCheck = useAppStore((s) => s.refreshRpCheck);
  const watchRpCheck = useAppStore((s) => s.watchRpCheck);
  const rpRunning = useAppStore((s) => s.rpStatus?.state === 'running');
  // Oldest first: the last item is the newest exchange.
  const newestSeq = useAppStore((s) => s.items.at(-1)?.seq ?? 0);
  useEffect(() => {
    const timer = setTimeout(() => void refreshRpCheck(), RP_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [newestSeq, refreshRpCheck]);
  useEffect(() => (rpRunning ? watchRpCheck() : undefined), [rpRunning, watchRpCheck]);
}
