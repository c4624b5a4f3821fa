import { useEffect } from 'react';
import { useAppStore } from '../../store/app-store-context.js';
import { ExchangeDetail } from './ExchangeDetail.js';
import { LogList } from './LogList.js';
import { LogToolbar } from './LogToolbar.js';

/** How long the log waits after the newest exchange before reading the check's run again. */
const RP_REFRESH_DELAY_MS = 300;

/** The live request log: filters on top, the list on the left, the selected exchange on the right. */
export function LogScreen() {
  // Rows name the relying-party check step that observed them: read the run when the log opens
  // and after new exchanges, and follow it while it is running.
  const refreshRpCheck = useAppStore((s) => s.refreshRpCheck);
  const watchRpCheck = useAppStore((s) => s.watchRpCheck);
  const rpRunning = useAppStore((s) => s.rpStatus?.state === 'running');
  // Oldest first: the last item is the newest exchange.
  const newestSeq = useAppStore((s) => s.items.at(-1)?.seq ?? 0);
  useEffect(() => {
    // Once traffic pauses (a run may have started since the last look).
    const timer = setTimeout(() => void refreshRpCheck(), RP_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [newestSeq, refreshRpCheck]);
  useEffect(() => (rpRunning ? watchRpCheck() : undefined), [rpRunning, watchRpCheck]);
  return (
    <div className="log-screen" data-testid="log-screen">
      <LogToolbar />
      <div className="log-split">
        <LogList />
        <ExchangeDetail />
      </div>
    </div>
  );
}
