import { ExchangeDetail } from './ExchangeDetail.js';
import { LogList } from './LogList.js';
import { LogToolbar } from './LogToolbar.js';

/** The live request log: filters on top, the list on the left, the selected exchange on the right. */
export function LogScreen() {
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
