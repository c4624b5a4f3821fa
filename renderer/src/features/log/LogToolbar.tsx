import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Dialog } from '../../components/Dialog.js';
import { FilterBox } from '../../components/FilterBox.js';
import { Icon } from '../../components/Icon.js';
import { harUrl } from '../../api/admin-client.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import type { OutcomeFilter } from '../../store/log-slice.js';
import { EXCHANGE_ENDPOINTS } from '../../../../server/src/shared/exchange-endpoints.js';
import { shortJourney } from './exchange-format.js';

export const LOG_FILTER_ID = 'log-filter';

/** Filters, live/paused, clear and HAR export. */
export function LogToolbar() {
  const filter = useAppStore((s) => s.filter);
  const setFilter = useAppStore((s) => s.setFilter);
  const [paused, held, total, shown] = useAppStore(
    useShallow(
      (s) =>
        [
          s.paused,
          s.held.length,
          selectors.exchangeCount(s),
          selectors.visibleExchanges(s).length,
        ] as const,
    ),
  );
  const setPaused = useAppStore((s) => s.setPaused);
  const pinnedFirst = useAppStore((s) => s.pinnedFirst);
  const setPinnedFirst = useAppStore((s) => s.setPinnedFirst);
  const pinCount = useAppStore((s) => s.pins.exchanges.length + s.pins.journeys.length);
  const clearLog = useAppStore((s) => s.clearLog);
  const clearError = useAppStore((s) => s.clearError);
  const filtered = useAppStore(selectors.isFiltered);
  const ownCount = useAppStore(selectors.ownFetchCount);
  // The window's simulator ('' the root); the HAR holds its exchanges unless "all" is chosen.
  const chosen = filter.simulator ?? null;
  const [harOfAll, setHarOfAll] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const whose = chosen ? `/sim/${chosen}/` : 'the root simulator (/)';
  const harOf = harOfAll ? null : chosen;
  return (
    <div className="log-toolbar" role="toolbar" aria-label="Request log">
      <FilterBox
        id={LOG_FILTER_ID}
        value={filter.text}
        onChange={(text) => setFilter({ text })}
        placeholder="Filter by path, status, error, state…"
        label="Filter the log"
        testId="log-filter"
      />
      <select
        className="input select"
        value={filter.endpoint}
        onChange={(e) => setFilter({ endpoint: e.target.value as typeof filter.endpoint })}
        aria-label="Endpoint"
        data-testid="log-endpoint-filter"
      >
        <option value="all">All endpoints</option>
        {EXCHANGE_ENDPOINTS.map((e) => (
          <option key={e} value={e}>
            {e}
          </option>
        ))}
      </select>
      <div className="segmented" role="radiogroup" aria-label="Outcome">
        {(['all', 'success', 'error'] as OutcomeFilter[]).map((o) => (
          <label key={o} className={`segment${filter.outcome === o ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="log-outcome"
              value={o}
              checked={filter.outcome === o}
              onChange={() => setFilter({ outcome: o })}
              data-testid={`log-outcome-${o}`}
            />
            <span>{o === 'all' ? 'All' : o === 'success' ? 'Success' : 'Errors'}</span>
          </label>
        ))}
      </div>
      {filter.journey ? (
        <span className="chip chip-accent" data-testid="journey-filter">
          Journey {shortJourney(filter.journey)}
          <button
            type="button"
            className="chip-x"
            aria-label="Show all journeys"
            onClick={() => setFilter({ journey: null })}
          >
            <Icon name="x" size={10} />
          </button>
        </span>
      ) : null}
      <span className="muted small log-count" data-testid="log-count" aria-live="polite">
        {filtered ? `${shown} of ${total}` : `${total}`} {total === 1 ? 'exchange' : 'exchanges'}
      </span>
      <span className="spacer" />
      {clearError ? (
        <span className="tone-bad small" role="alert">
          {clearError}
        </span>
      ) : null}
      {ownCount > 0 ? (
        <button
          type="button"
          className="btn btn-sm btn-toggle"
          onClick={() => setFilter({ showOwn: !filter.showOwn })}
          aria-pressed={filter.showOwn === true}
          aria-label={`The simulator's own requests (${ownCount})`}
          data-testid="log-show-own"
          title="The simulator's own requests (its key-set fetches when the inspector verifies by URL): hidden unless shown"
        >
          <Icon name="shield" size={12} /> <span className="btn-label">Own</span> ({ownCount})
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-sm btn-toggle"
        onClick={() => setPinnedFirst(!pinnedFirst)}
        aria-pressed={pinnedFirst}
        data-testid="log-pinned-first"
        aria-label="Pinned first"
        title="List the pinned exchanges first"
      >
        <Icon name="pin" size={12} /> <span className="btn-label">Pinned first</span>
        {pinCount > 0 ? ` (${pinCount})` : ''}
      </button>
      <button
        type="button"
        className={`btn btn-sm ${paused ? 'btn-warn' : ''}`}
        onClick={() => setPaused(!paused)}
        aria-pressed={paused}
        data-testid="log-pause"
        aria-label={paused ? `Resume${held > 0 ? ` (${held} new)` : ''}` : 'Pause'}
        title="Pause or resume live updates (p)"
      >
        <Icon name={paused ? 'play' : 'pause'} size={12} />
        <span className="btn-label">{paused ? 'Resume' : 'Pause'}</span>
        {paused && held > 0 ? ` (${held} new)` : ''}
      </button>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => setConfirmClear(true)}
        data-testid="log-clear"
        aria-label="Clear"
        disabled={total === 0}
        title={`Clear the exchanges of ${whose} (asks first)`}
      >
        <Icon name="trash" size={12} /> <span className="btn-label">Clear</span>
      </button>
      {confirmClear ? (
        <Dialog
          title="Clear this simulator's log?"
          onClose={() => setConfirmClear(false)}
          testId="log-clear-confirm"
        >
          <p>
            The {total.toLocaleString()} {total === 1 ? 'exchange' : 'exchanges'} of{' '}
            <strong>{whose}</strong> leave the log, pinned ones included. Other simulators'
            exchanges stay.
          </p>
          <div className="dialog-actions">
            <span className="spacer" />
            <button type="button" className="btn" onClick={() => setConfirmClear(false)} autoFocus>
              Keep them
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setConfirmClear(false);
                void clearLog();
              }}
              data-testid="log-clear-confirm-action"
            >
              Clear {total.toLocaleString()} {total === 1 ? 'exchange' : 'exchanges'}
            </button>
          </div>
        </Dialog>
      ) : null}
      {chosen !== null ? (
        <select
          className="input select select-sm"
          value={harOfAll ? 'all' : 'chosen'}
          onChange={(e) => setHarOfAll(e.target.value === 'all')}
          aria-label="HAR export of"
          title="Which exchanges the HAR download holds"
          data-testid="log-export-scope"
        >
          <option value="chosen">{chosen === '' ? 'HAR of /' : `HAR of /sim/${chosen}/`}</option>
          <option value="all">HAR of all simulators</option>
        </select>
      ) : null}
      <a
        className="btn btn-sm"
        href={harUrl(harOf)}
        download={harOf ? `identity-simulator-${harOf}.har` : 'identity-simulator.har'}
        data-testid="log-export-har"
        title={
          harOf === null
            ? 'Download every simulator’s exchanges as HAR'
            : `Download the exchanges of ${harOf === '' ? 'the root simulator' : `/sim/${harOf}/`} as HAR`
        }
      >
        <Icon name="download" size={12} /> HAR
      </a>
    </div>
  );
}
