import { useState } from 'react';
import type { Exchange } from '../../../../server/src/contract.js';
import { CodeBlock } from '../../components/CodeBlock.js';
import { CopyButton } from '../../components/CopyButton.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Icon } from '../../components/Icon.js';
import { KeyValueTable } from '../../components/KeyValueTable.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { analysisFor } from '../tokens/analysis-for.js';
import { formatClock, formatDuration } from '../tokens/format-time.js';
import { TokenView } from '../tokens/TokenView.js';
import {
  decodeLocation,
  formRows,
  journeyHue,
  prettyBody,
  requestLine,
  shortJourney,
  exchangeStatus,
} from './exchange-format.js';
import { injectedName } from '../scenarios/scenario-catalogue.js';
import { ExchangeActions } from './ExchangeActions.js';

type Tab = 'request' | 'response' | 'tokens';

function Body({ body, label }: { body: unknown; label: string }) {
  const rows = formRows(body);
  if (rows) return <KeyValueTable rows={rows} label={label} testId={`${label}-form`} />;
  return (
    <CodeBlock text={prettyBody(body)} label={label} testId={`${label}-body`} maxHeight={420} />
  );
}

function RequestPane({ e }: { e: Exchange }) {
  const query = Object.entries(e.request.query);
  return (
    <div className="pane" data-testid="exchange-request">
      <h4 className="sub-head">Request line</h4>
      <p className="mono request-line">
        {requestLine(e)} <CopyButton text={requestLine(e)} label="Copy request line" />
      </p>
      <h4 className="sub-head">Query parameters</h4>
      <KeyValueTable rows={query} label="Query parameters" testId="request-query" />
      {e.request.body !== undefined &&
      e.request.body !== '' &&
      !(
        typeof e.request.body === 'object' &&
        e.request.body !== null &&
        Object.keys(e.request.body).length === 0
      ) ? (
        <>
          <h4 className="sub-head">Body</h4>
          <Body body={e.request.body} label="request" />
        </>
      ) : null}
      <h4 className="sub-head">Headers</h4>
      <KeyValueTable rows={Object.entries(e.request.headers)} label="Request headers" />
    </div>
  );
}

function ResponsePane({ e }: { e: Exchange }) {
  const location = e.response.location ?? e.response.headers.location;
  const decoded = location ? decodeLocation(location) : null;
  return (
    <div className="pane" data-testid="exchange-response">
      {e.outcome.kind === 'error' ? (
        <div className="notice notice-bad">
          <Icon name="alert" size={13} />
          <span>
            <strong className="mono">{e.outcome.code}</strong> {e.outcome.description}
          </span>
        </div>
      ) : null}
      {decoded ? (
        <>
          <h4 className="sub-head">Redirect location</h4>
          <p className="mono location-target">
            {decoded.target} <CopyButton text={location ?? ''} label="Copy location" />
          </p>
          {decoded.query.length > 0 ? (
            <>
              <h5 className="mini-head">Query (decoded)</h5>
              <KeyValueTable rows={decoded.query} label="Location query" testId="location-query" />
            </>
          ) : null}
          {decoded.fragment.length > 0 ? (
            <>
              <h5 className="mini-head">Fragment (decoded)</h5>
              <KeyValueTable
                rows={decoded.fragment}
                label="Location fragment"
                testId="location-fragment"
              />
            </>
          ) : null}
        </>
      ) : null}
      {e.aborted ? (
        <p className="muted small" data-testid="no-response">
          The connection closed before the simulator answered: the client received no status, no
          headers and no body.
        </p>
      ) : null}
      {e.response.body !== undefined && e.response.body !== '' ? (
        <>
          <h4 className="sub-head">Body</h4>
          <Body body={e.response.body} label="response" />
        </>
      ) : null}
      {Object.keys(e.response.headers).length > 0 || !e.aborted ? (
        <>
          <h4 className="sub-head">Headers</h4>
          <KeyValueTable rows={Object.entries(e.response.headers)} label="Response headers" />
        </>
      ) : null}
      {e.fault ? (
        <>
          <h4 className="sub-head">Internal fault (never sent)</h4>
          <CodeBlock text={e.fault} label="fault" />
        </>
      ) : null}
    </div>
  );
}

function TokensPane({ e }: { e: Exchange }) {
  const detail = useAppStore((s) => s.details[e.id]);
  const setScreen = useAppStore((s) => s.setScreen);
  const setIndex = useAppStore((s) => s.setInspectorTokenIndex);
  const showExchangeTokens = useAppStore((s) => s.showExchangeTokens);
  if (e.tokens.length === 0) return <p className="muted small pane">No tokens in this exchange.</p>;
  const analysis = detail?.state === 'ready' ? detail.analysis : undefined;
  return (
    <div className="pane token-stack" data-testid="exchange-tokens">
      {detail?.state === 'error' ? (
        <p className="muted small">Checks unavailable: {detail.message}</p>
      ) : null}
      {e.tokens.map((t, i) => (
        <TokenView
          key={`${t.role}-${i}`}
          role={t.role}
          compact={t.compact}
          analysis={analysisFor(analysis, t, i)}
          analysisState={
            detail?.state === 'loading' || !detail
              ? 'loading'
              : detail.state === 'error'
                ? 'unavailable'
                : 'ready'
          }
          compactMode
          onOpen={() => {
            showExchangeTokens();
            setIndex(i);
            setScreen('tokens');
          }}
        />
      ))}
    </div>
  );
}

/** The selected exchange: request, response (with the redirect decoded) and its tokens. */
export function ExchangeDetail() {
  const e = useAppStore(selectors.selectedExchange);
  const setFilter = useAppStore((s) => s.setFilter);
  const journeyFilter = useAppStore((s) => s.filter.journey);
  const setPin = useAppStore((s) => s.setPin);
  const journeyPinned = useAppStore(
    (s) => e?.journeyId !== undefined && s.pins.journeys.includes(e.journeyId),
  );
  const [tab, setTab] = useState<Tab>('response');
  const rpStep = useAppStore((s) => (e ? selectors.rpStepsByExchange(s).get(e.id) : undefined));
  if (!e) {
    return (
      <div className="detail detail-empty">
        <EmptyState icon="list" title="Select an exchange" testId="detail-empty">
          <p>
            Click a row or move with <kbd className="kbd">j</kbd> / <kbd className="kbd">k</kbd>.
          </p>
        </EmptyState>
      </div>
    );
  }
  const tabs: { id: Tab; label: string }[] = [
    { id: 'request', label: 'Request' },
    { id: 'response', label: 'Response' },
    { id: 'tokens', label: `Tokens${e.tokens.length ? ` (${e.tokens.length})` : ''}` },
  ];
  return (
    <div className="detail" data-testid="exchange-detail" data-seq={e.seq}>
      <header className="detail-head">
        <div className="detail-title">
          <span className={`c-method method-${e.request.method.toLowerCase()}`}>
            {e.request.method}
          </span>
          <span className="mono detail-path">{e.request.path}</span>
          <span
            className={`status-pill status-${exchangeStatus(e).tone}`}
            data-testid="exchange-status"
          >
            {exchangeStatus(e).text}
          </span>
        </div>
        <div className="detail-meta muted small">
          <span>#{e.seq}</span>
          <span>{formatClock(e.startedAt)}</span>
          <span>{formatDuration(e.durationMs)}</span>
          <span>{e.endpoint}</span>
          {e.journeyId ? (
            <span
              className="journey-chip"
              style={{ ['--journey-hue' as string]: String(journeyHue(e.journeyId)) }}
              title={e.journeyId}
            >
              journey {shortJourney(e.journeyId)}
              <button
                type="button"
                className="link-btn"
                onClick={() =>
                  setFilter({
                    journey: journeyFilter === e.journeyId ? null : (e.journeyId ?? null),
                  })
                }
                data-testid="show-journey"
              >
                {journeyFilter === e.journeyId ? 'show all' : 'show journey'}
              </button>
              <button
                type="button"
                className="link-btn"
                onClick={() => void setPin('journey', e.journeyId ?? '', !journeyPinned)}
                aria-pressed={journeyPinned}
                data-testid="pin-journey"
                title="Keep every exchange of this sign-in, later ones too, past the log’s cap"
              >
                {journeyPinned ? 'unpin journey' : 'pin journey'}
              </button>
            </span>
          ) : null}
          {rpStep ? (
            <span className="chip" data-testid="exchange-rp-step">
              relying-party check step {rpStep.number} · {rpStep.title}
            </span>
          ) : null}
          {e.scenarios.map((s) => (
            <span
              key={s}
              className="chip chip-warn"
              title={`Injected by an error scenario (${s})`}
              data-testid="exchange-injected"
            >
              injected · {injectedName(s)}
            </span>
          ))}
        </div>
        <ExchangeActions e={e} />
      </header>
      <div className="tabs" role="tablist" aria-label="Exchange parts">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`detail-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`detail-panel-${t.id}`}
            className={`tab${tab === t.id ? ' is-active' : ''}`}
            onClick={() => setTab(t.id)}
            data-testid={`detail-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="detail-scroll"
        role="tabpanel"
        id={`detail-panel-${tab}`}
        aria-labelledby={`detail-tab-${tab}`}
      >
        {tab === 'request' ? (
          <RequestPane e={e} />
        ) : tab === 'response' ? (
          <ResponsePane e={e} />
        ) : (
          <TokensPane e={e} />
        )}
      </div>
    </div>
  );
}
