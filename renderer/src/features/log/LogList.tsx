import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Exchange } from '../../../../server/src/contract.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors, type RpStepRef } from '../../store/selectors.js';
import { formatClock, formatDuration } from '../tokens/format-time.js';
import { exchangeStatus, journeyHue, outcomeSummary } from './exchange-format.js';
import { injectedName } from '../scenarios/scenario-catalogue.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Icon } from '../../components/Icon.js';
import { EMPTY_FILTER, isPinned, isSimulatorOwn } from '../../store/log-slice.js';

export const ROW_HEIGHT = 30;

function Row({
  e,
  prev,
  next,
  selected,
  pinned,
  rpStep,
  onSelect,
  onPin,
}: {
  e: Exchange;
  prev?: Exchange;
  next?: Exchange;
  selected: boolean;
  pinned: boolean;
  /** The relying-party check step that observed this exchange, if any. */
  rpStep?: RpStepRef;
  onSelect: () => void;
  onPin: (pinned: boolean) => void;
}) {
  const hue = e.journeyId ? journeyHue(e.journeyId) : null;
  const joinsAbove = e.journeyId !== undefined && prev?.journeyId === e.journeyId;
  const joinsBelow = e.journeyId !== undefined && next?.journeyId === e.journeyId;
  const status = exchangeStatus(e);
  const failed = e.outcome.kind === 'error';
  const injected = [...new Set(e.scenarios.map(injectedName))];
  return (
    <div
      role="row"
      aria-selected={selected}
      className={`log-row${selected ? ' is-selected' : ''}${failed ? ' is-error' : ''}`}
      onClick={onSelect}
      data-testid="log-row"
      data-endpoint={e.endpoint}
      data-seq={e.seq}
      data-outcome={e.outcome.kind}
      data-pinned={pinned ? 'true' : 'false'}
      data-own={isSimulatorOwn(e) ? 'true' : undefined}
    >
      <span
        role="gridcell"
        className={`journey-stripe${joinsAbove ? ' joins-above' : ''}${joinsBelow ? ' joins-below' : ''}`}
        style={hue === null ? undefined : { ['--journey-hue' as string]: String(hue) }}
        title={e.journeyId ? `Journey ${e.journeyId}` : 'No journey'}
        data-has-journey={hue !== null}
      />
      <span role="gridcell" className="c-pin">
        <button
          type="button"
          className={`pin-btn${pinned ? ' is-pinned' : ''}`}
          aria-pressed={pinned}
          aria-label={`${pinned ? 'Unpin' : 'Pin'} exchange #${e.seq}`}
          title={
            pinned
              ? 'Pinned: kept past the log’s cap. Click to unpin.'
              : 'Pin: keep it past the log’s cap'
          }
          onClick={(event) => {
            event.stopPropagation();
            onPin(!pinned);
          }}
          data-testid="pin-exchange"
        >
          <Icon name="pin" size={12} />
        </button>
      </span>
      <span role="gridcell" className="c-time mono">
        {formatClock(e.startedAt)}
      </span>
      <span role="gridcell" className={`c-method method-${e.request.method.toLowerCase()}`}>
        {e.request.method}
      </span>
      <span role="gridcell" className="c-path mono ellipsis" title={e.request.path}>
        {e.request.path}
      </span>
      <span
        role="gridcell"
        className={`c-status status-${status.tone}`}
        title={e.aborted ? 'No answer: the connection closed first' : undefined}
      >
        {/* A connection closed before the answer has no status to show. */}
        {e.aborted ? '—' : status.text}
      </span>
      <span
        role="gridcell"
        className={`c-outcome${failed ? ' tone-bad' : ''}`}
        title={[
          failed ? 'Failed' : '',
          ...injected.map((n) => `injected · ${n}`),
          rpStep ? `relying-party check step ${rpStep.number}: ${rpStep.title}` : '',
          outcomeSummary(e),
        ]
          .filter(Boolean)
          .join('\n')}
      >
        {failed ? (
          <span className="row-failed" aria-label="Failed" data-testid="row-failed">
            <Icon name="alert" size={12} />
          </span>
        ) : null}
        {injected.map((name) => (
          <span key={name} className="row-chip row-chip-injected" data-testid="row-injected">
            injected · {name}
          </span>
        ))}
        {isSimulatorOwn(e) ? (
          <span
            className="row-chip"
            data-testid="row-own"
            title="The simulator fetched this itself (the inspector's verify by URL), not a relying party"
          >
            simulator's own
          </span>
        ) : null}
        {rpStep ? (
          <span className="row-chip row-chip-step" data-testid="row-rp-step">
            step {rpStep.number} · {rpStep.title}
          </span>
        ) : null}
        <span className="ellipsis">{outcomeSummary(e)}</span>
      </span>
      <span role="gridcell" className="c-dur mono">
        {formatDuration(e.durationMs)}
      </span>
    </div>
  );
}

/** The exchanges, newest first, virtualised so ten thousand rows scroll smoothly. */
export function LogList() {
  const visible = useAppStore(selectors.visibleExchanges);
  const selectedId = useAppStore((s) => s.selectedId);
  const select = useAppStore((s) => s.selectExchange);
  const total = useAppStore(selectors.exchangeCount);
  const chosen = useAppStore((s) => s.filter.simulator ?? null);
  const setFilter = useAppStore((s) => s.setFilter);
  const pins = useAppStore((s) => s.pins);
  const setPin = useAppStore((s) => s.setPin);
  const rpSteps = useAppStore(selectors.rpStepsByExchange);
  const parentRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- this component is not compiled
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => visible[i]?.id ?? i,
  });
  const selectedIndex = selectedId === null ? -1 : visible.findIndex((e) => e.id === selectedId);

  // Keep the selected row in view when it moves with the keyboard.
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  return (
    <div
      className="log-list"
      role="grid"
      aria-label="Exchanges, newest first"
      aria-rowcount={visible.length}
      data-testid="log-list"
    >
      <div className="log-head" role="row">
        <span role="columnheader" aria-label="Journey" />
        <span role="columnheader" aria-label="Pinned" />
        <span role="columnheader">Time</span>
        <span role="columnheader">Method</span>
        <span role="columnheader">Path</span>
        <span role="columnheader">Status</span>
        <span role="columnheader">Outcome</span>
        <span role="columnheader" className="h-right">
          Took
        </span>
      </div>
      <div className="log-scroll" ref={parentRef} tabIndex={-1}>
        {visible.length === 0 ? (
          <EmptyState
            icon="list"
            title={total === 0 ? 'No exchanges yet' : 'No exchange matches the filter'}
            testId="log-empty"
          >
            {total === 0 ? (
              <p>
                Point your relying party at{' '}
                {chosen ? <strong className="mono">/sim/{chosen}/</strong> : 'the simulator'}; every
                request appears here as it happens.
              </p>
            ) : (
              <p>
                {total.toLocaleString()} {total === 1 ? 'exchange is' : 'exchanges are'} hidden by
                the filter.{' '}
                <button
                  type="button"
                  className="link-btn"
                  onClick={() => setFilter({ ...EMPTY_FILTER, simulator: chosen })}
                  data-testid="log-empty-clear-filter"
                >
                  Show them all
                </button>
              </p>
            )}
          </EmptyState>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const e = visible[item.index] as Exchange;
              return (
                <div
                  key={item.key}
                  className="log-row-wrap"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <Row
                    e={e}
                    prev={visible[item.index - 1]}
                    next={visible[item.index + 1]}
                    selected={e.id === selectedId}
                    pinned={isPinned(pins, e)}
                    rpStep={rpSteps.get(e.id)}
                    onSelect={() => select(e.id)}
                    onPin={(pinned) => void setPin('exchange', e.id, pinned)}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
