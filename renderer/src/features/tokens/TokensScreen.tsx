import type { Exchange, TokenRole } from '../../../../server/src/contract.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { formatClock } from './format-time.js';
import { analysisFor, pastedTokenTitle } from './analysis-for.js';
import { ROLE_LABELS } from './claim-explanations.js';
import { TokenView } from './TokenView.js';
import { KeyTools } from './KeyTools.js';
import { EditInPlace } from './EditInPlace.js';
import { verdictOf } from './check-groups.js';

const ROLES = Object.keys(ROLE_LABELS) as TokenRole[];

function PasteBox() {
  const token = useAppStore((s) => s.pasteToken);
  const role = useAppStore((s) => s.pasteRole);
  const paste = useAppStore((s) => s.paste);
  const setToken = useAppStore((s) => s.setPasteToken);
  const setRole = useAppStore((s) => s.setPasteRole);
  const inspect = useAppStore((s) => s.inspectPasted);
  return (
    <form
      className="paste-box"
      onSubmit={(e) => {
        e.preventDefault();
        void inspect();
      }}
      aria-labelledby="paste-title"
    >
      <h2 id="paste-title" className="side-head">
        Inspect any token
      </h2>
      <textarea
        className="input mono textarea"
        rows={4}
        placeholder="Paste a JWT (eyJ…)"
        value={token}
        spellCheck={false}
        onChange={(e) => setToken(e.target.value)}
        onPaste={(e) => {
          // A JWT pasted is decoded at once, as jwt.io does: no button to press.
          const text = e.clipboardData.getData('text').trim();
          if (!/^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(text)) return;
          e.preventDefault();
          setToken(text);
          void inspect();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            e.stopPropagation();
            void inspect();
          }
        }}
        aria-label="Token to inspect"
        data-testid="paste-token"
      />
      <div className="paste-actions">
        <select
          className="input select select-sm"
          value={role}
          onChange={(e) => setRole(e.target.value as TokenRole | '')}
          aria-label="Check it as"
        >
          <option value="">Guess the kind</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="btn btn-sm btn-primary"
          disabled={paste.state === 'loading'}
          data-testid="paste-inspect"
        >
          Inspect
        </button>
      </div>
      {paste.state === 'error' ? (
        <p className="tone-bad small" role="alert" data-testid="paste-error">
          {paste.message}
        </p>
      ) : null}
      <p className="muted small">
        Checked by the simulator against its current keys and configuration.
      </p>
    </form>
  );
}

function TokenListItem({
  exchange,
  index,
  active,
  onSelect,
}: {
  exchange: Exchange;
  index: number;
  active: boolean;
  onSelect: () => void;
}) {
  const token = exchange.tokens[index];
  const detail = useAppStore((s) => s.details[exchange.id]);
  if (!token) return null;
  const analysis =
    detail?.state === 'ready' ? analysisFor(detail.analysis, token, index) : undefined;
  const verdict = verdictOf(analysis?.checks);
  return (
    <li>
      <button
        type="button"
        className={`token-item${active ? ' is-active' : ''}`}
        onClick={onSelect}
        aria-current={active ? 'true' : undefined}
      >
        <span className={`dot verdict-dot-${verdict.kind}`} aria-hidden="true" />
        <span className="token-item-role">{ROLE_LABELS[token.role]}</span>
        {verdict.kind === 'fail' ? (
          <span className="chip chip-bad">{verdict.failed} failing</span>
        ) : null}
      </button>
    </li>
  );
}

/** The token inspector: the selected exchange's tokens, recent ones, and a paste box. */
export function TokensScreen() {
  const selected = useAppStore(selectors.selectedExchange);
  const recent = useAppStore(selectors.recentTokenExchanges);
  const index = useAppStore((s) => s.inspectorTokenIndex);
  const view = useAppStore((s) => s.inspectorView);
  const paste = useAppStore((s) => s.paste);
  const detail = useAppStore((s) => (selected ? s.details[selected.id] : undefined));
  const select = useAppStore((s) => s.selectExchange);
  const setIndex = useAppStore((s) => s.setInspectorTokenIndex);
  const showPasted = useAppStore((s) => s.showPastedToken);
  const pasteRole = useAppStore((s) => s.pasteRole);

  const token = selected?.tokens[Math.min(index, Math.max(0, (selected?.tokens.length ?? 1) - 1))];
  const tokenIndex = selected ? selected.tokens.indexOf(token as never) : -1;
  const showPaste = view === 'paste' && paste.state === 'ready';

  let main;
  if (showPaste) {
    main = (
      <>
        <TokenView
          role={paste.analysis.role}
          compact={paste.analysis.compact}
          analysis={paste.analysis}
          analysisState="ready"
          title={pastedTokenTitle(paste.analysis, pasteRole)}
        />
        <EditInPlace token={paste.analysis.compact} />
        <KeyTools token={paste.analysis.compact} />
      </>
    );
  } else if (selected && token) {
    const analysis =
      detail?.state === 'ready' ? analysisFor(detail.analysis, token, tokenIndex) : undefined;
    main = (
      <>
        <p className="inspector-source muted small" data-testid="inspector-source">
          From exchange #{selected.seq} · {selected.request.method} {selected.request.path} ·{' '}
          {formatClock(selected.startedAt)}
        </p>
        <TokenView
          role={token.role}
          compact={token.compact}
          analysis={analysis}
          analysisState={
            !detail || detail.state === 'loading'
              ? 'loading'
              : detail.state === 'error'
                ? 'unavailable'
                : 'ready'
          }
        />
        <KeyTools token={token.compact} />
      </>
    );
  } else {
    main = (
      <EmptyState icon="token" title="No token selected" testId="inspector-empty">
        <p>
          Pick a token on the left, select an exchange with tokens in the request log, or paste one.
        </p>
      </EmptyState>
    );
  }

  return (
    <div className="tokens-screen" data-testid="tokens-screen">
      <aside className="tokens-side" aria-label="Tokens">
        <PasteBox />
        {paste.state === 'ready' ? (
          <button
            type="button"
            className={`token-item${showPaste ? ' is-active' : ''}`}
            onClick={showPasted}
          >
            <Icon name="token" size={12} /> Pasted token
          </button>
        ) : null}
        {selected && selected.tokens.length > 0 ? (
          <section>
            <h2 className="side-head">
              Exchange #{selected.seq} <span className="muted">{selected.request.path}</span>
            </h2>
            <ul className="token-items">
              {selected.tokens.map((t, i) => (
                <TokenListItem
                  key={`${t.role}-${i}`}
                  exchange={selected}
                  index={i}
                  active={!showPaste && i === tokenIndex}
                  onSelect={() => setIndex(i)}
                />
              ))}
            </ul>
          </section>
        ) : null}
        <section>
          <h2 className="side-head">Recent exchanges with tokens</h2>
          {recent.length === 0 ? <p className="muted small">None yet.</p> : null}
          <ul className="token-items">
            {recent.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  className={`token-item${selected?.id === e.id && !showPaste ? ' is-active' : ''}`}
                  onClick={() => {
                    select(e.id);
                    setIndex(0);
                  }}
                >
                  <span className="token-item-seq mono muted">#{e.seq}</span>
                  <span className="token-item-two">
                    <span className="mono">
                      {e.request.method} {e.request.path}
                    </span>
                    <span className="muted small ellipsis">
                      {e.tokens.map((t) => ROLE_LABELS[t.role]).join(', ')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </aside>
      <div className="tokens-main" data-testid="inspector-main">
        {main}
      </div>
    </div>
  );
}
