import type { TokenAnalysis, TokenCheck, TokenRole } from '../../../../server/src/contract.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Icon } from '../../components/Icon.js';
import { useNow } from '../../components/use-now.js';
import { groupChecks, describeVerdict, verdictOf } from './check-groups.js';
import { explainClaim, explainHeader, ROLE_LABELS, ROLE_SUMMARIES } from './claim-explanations.js';
import { decodeToken, splitCompact } from './decode-token.js';
import { describeTimeClaim, liveTimeText } from './format-time.js';

function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(v, null, 2) ?? String(v);
}

function CheckRow({ check }: { check: TokenCheck }) {
  // The same clock and words as the claims table: a check never says "in 2 min" beside "1 minute ago".
  const now = useNow();
  return (
    <li
      className={`check-row ${check.ok ? 'is-pass' : 'is-fail'}`}
      data-testid="token-check"
      data-check-name={check.name}
      data-ok={check.ok ? 'true' : 'false'}
    >
      <span className="check-icon" aria-label={check.ok ? 'passes' : 'fails'}>
        <Icon name={check.ok ? 'check' : 'x'} size={12} />
      </span>
      <div className="check-body">
        <div className="check-line">
          <span className="check-name">{check.name}</span>
          {check.scenario ? (
            <span
              className="chip chip-warn"
              data-testid="check-injected"
              title="This defect was injected by an error scenario"
            >
              injected · {check.scenario}
            </span>
          ) : null}
        </div>
        <p className="check-detail">{liveTimeText(check.detail, now)}</p>
        {check.fix ? (
          <p className="check-fix">
            <strong>Fix:</strong> {check.fix}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ClaimsTable({
  data,
  role,
  kind,
  now,
}: {
  data: Record<string, unknown>;
  role: TokenRole;
  kind: 'header' | 'claims';
  now: number;
}) {
  const entries = Object.entries(data);
  if (entries.length === 0) return <p className="muted small">Empty</p>;
  return (
    <table
      className="claims"
      aria-label={kind === 'header' ? 'Header' : 'Claims'}
      data-testid={`token-${kind}`}
    >
      <tbody>
        {entries.map(([name, value]) => {
          const explanation =
            kind === 'header' ? explainHeader(name, role) : explainClaim(role, name);
          const time = kind === 'claims' ? describeTimeClaim(name, value, now) : null;
          const text = valueText(value);
          const multiline = text.includes('\n');
          return (
            <tr key={name} data-claim={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>
                {multiline ? (
                  <pre className="claim-value mono">{text}</pre>
                ) : (
                  <span className="claim-value mono">{text}</span>
                )}
                {time ? (
                  <span className="claim-time" data-testid={`claim-time-${name}`}>
                    {time.absolute} · <strong>{time.relative}</strong>
                  </span>
                ) : null}
                {explanation ? <p className="claim-explain">{explanation}</p> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function noChecksText(state: 'loading' | 'unavailable' | 'ready' | undefined): string {
  if (state === 'loading') return 'The simulator is checking this token…';
  if (state === 'unavailable')
    return 'Checks are not available (the simulator did not analyse this token).';
  return 'No checks.';
}

/** In the log's detail pane: the failing checks only, or one line saying all pass. */
function CompactChecks({
  checks,
  summary,
  state,
}: {
  checks: TokenCheck[] | undefined;
  summary: string | undefined;
  state: 'loading' | 'unavailable' | 'ready' | undefined;
}) {
  if (!checks || checks.length === 0)
    return <p className="token-compact-line muted small">{noChecksText(state)}</p>;
  const failing = checks.filter((c) => !c.ok);
  if (failing.length === 0)
    return (
      <p className="token-compact-line muted small">
        {checks.map((c) => c.name).join(' · ')}: all pass.
      </p>
    );
  return (
    <div className="token-checks-compact">
      {summary ? <p className="muted small">{summary.split('. ')[0]}.</p> : null}
      <ul>
        {failing.map((c, i) => (
          <CheckRow key={`${c.name}-${i}`} check={c} />
        ))}
      </ul>
    </div>
  );
}

/**
 * One token: the verdict, each check (pass/fail, reason, fix, injected defects), then header and
 * claims with explanations and readable times, then the raw compact form.
 */
export function TokenView({
  role,
  compact,
  analysis,
  analysisState,
  compactMode,
  onOpen,
  title,
}: {
  role: TokenRole;
  compact: string;
  analysis?: TokenAnalysis;
  /** Why there are no checks yet, when there are none. */
  analysisState?: 'loading' | 'unavailable' | 'ready';
  compactMode?: boolean;
  onOpen?: () => void;
  /** A heading other than the role's name (a pasted text that is no JWT). */
  title?: string;
}) {
  const now = useNow();
  const label = title ?? ROLE_LABELS[role];
  const decoded = decodeToken(compact);
  const header = analysis?.header ?? decoded.header;
  const claims = analysis?.claims ?? decoded.claims;
  const verdict = verdictOf(analysis?.checks);
  const groups = groupChecks(analysis?.checks ?? []);
  const parts = splitCompact(compact);
  const alg = typeof header?.alg === 'string' ? header.alg : undefined;
  const kid = typeof header?.kid === 'string' ? header.kid : undefined;

  return (
    <article
      className={`token-view${compactMode ? ' is-compact' : ''}`}
      data-testid="token-view"
      data-role={role}
      aria-label={label}
    >
      <header className="token-head">
        <h3 data-testid="token-title">{label}</h3>
        <span className={`verdict verdict-${verdict.kind}`} data-testid="token-verdict">
          <Icon
            name={verdict.kind === 'pass' ? 'check' : verdict.kind === 'fail' ? 'alert' : 'dot'}
            size={12}
          />
          {analysisState === 'loading' && verdict.kind === 'unchecked'
            ? 'Checking…'
            : describeVerdict(verdict)}
        </span>
        <span className="token-meta mono muted">
          {alg ? <span>alg {alg}</span> : null}
          {kid ? (
            <span className="ellipsis" title={kid}>
              kid {kid}
            </span>
          ) : null}
        </span>
        <span className="spacer" />
        <CopyButton text={compact} label={`Copy ${label}`} />
        {onOpen ? (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={onOpen}
            data-testid="open-in-inspector"
          >
            Inspect <Icon name="chevronRight" size={12} />
          </button>
        ) : null}
      </header>
      {!compactMode ? <p className="token-summary muted">{ROLE_SUMMARIES[role]}</p> : null}
      {analysis?.notes && analysis.notes.length > 0 ? (
        <ul className="token-notes muted small">
          {analysis.notes.map((n) => (
            // The window has a menu for it, not a "role" parameter.
            <li key={n} data-testid="token-note">
              {n.replace(/send "role" to choose another/, 'choose another under “Check it as”')}
            </li>
          ))}
        </ul>
      ) : null}
      {analysis?.warnings && analysis.warnings.length > 0 ? (
        <div className="token-warnings" role="status" data-testid="token-warnings">
          <p>
            <Icon name="alert" size={13} />{' '}
            {role === 'client_assertion'
              ? 'Warning: accepted, against what the provider recommends:'
              : 'Values the provider never sends (accepted by the simulator; a relying party may stumble on them):'}
          </p>
          <ul>
            {analysis.warnings.map((w) => (
              <li key={w} data-testid="token-warning">
                {w}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {decoded.problem && !analysis ? (
        <p className="notice notice-bad">
          <Icon name="alert" size={13} /> {decoded.problem}
        </p>
      ) : null}

      {compactMode ? (
        <CompactChecks
          checks={analysis?.checks}
          summary={analysis?.summary}
          state={analysisState}
        />
      ) : (
        <div className="token-checks">
          {groups.length === 0 ? (
            <p className="muted small">{noChecksText(analysisState)}</p>
          ) : (
            groups.map((g) => (
              <section
                key={g.id}
                className={`check-group${g.failed > 0 ? ' has-fail' : ''}`}
                data-group={g.id}
              >
                <h4>
                  {g.label}
                  {g.failed > 0 ? <span className="chip chip-bad">{g.failed} failing</span> : null}
                </h4>
                <ul>
                  {g.checks.map((c, i) => (
                    <CheckRow key={`${c.name}-${i}`} check={c} />
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      )}

      {!compactMode ? (
        <>
          <div className="token-tables">
            <section>
              <h4 className="sub-head">Header</h4>
              {header ? (
                <ClaimsTable data={header} role={role} kind="header" now={now} />
              ) : (
                <p className="muted small">Unreadable</p>
              )}
            </section>
            <section>
              <h4 className="sub-head">Claims</h4>
              {claims ? (
                <ClaimsTable data={claims} role={role} kind="claims" now={now} />
              ) : (
                <p className="muted small">Unreadable</p>
              )}
            </section>
          </div>
          <section className="token-raw">
            <h4 className="sub-head">Compact form</h4>
            {parts ? (
              <p className="raw-jwt mono" aria-label="Compact token">
                <span className="jwt-h">{parts.header}</span>.
                <span className="jwt-p">{parts.payload}</span>.
                <span className="jwt-s">{parts.signature}</span>
              </p>
            ) : (
              <p className="raw-jwt mono">{compact}</p>
            )}
          </section>
        </>
      ) : null}
    </article>
  );
}
