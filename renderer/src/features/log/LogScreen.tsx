import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { TestClientPanel } from '../test-client/TestClientPanel.js';
import { CompareView } from './CompareView.js';
import { ExchangeDetail } from './ExchangeDetail.js';
import { LogList } from './LogList.js';
import { LogToolbar } from './LogToolbar.js';
import { useFollowRpCheck } from './use-follow-rp-check.js';

/**
 * The live request log: the test client and filters on top, the list on the left, the selected
 * exchange (or two side by side) on the right.
 */
export function LogScreen() {
  useFollowRpCheck();
  const selected = useAppStore(selectors.selectedExchange);
  const compared = useAppStore((s) =>
    s.compareId === null ? undefined : s.items.find((e) => e.id === s.compareId),
  );
  return (
    <div className="log-screen" data-testid="log-screen">
      <TestClientPanel />
      <LogToolbar />
      <div className="log-split">
        <LogList />
        {compared && selected && compared.id !== selected.id ? (
          <CompareView left={compared} right={selected} />
        ) : (
          <ExchangeDetail />
        )}
      </div>
    </div>
  );
}
