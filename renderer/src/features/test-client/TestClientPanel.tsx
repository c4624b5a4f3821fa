import { useState } from 'react';
import type { TestClientRun } from '../../../../server/src/contract.js';
import { CodeBlock } from '../../components/CodeBlock.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import './test-client.css';

const OUTCOME_LABEL: Record<TestClientRun['outcome'], string> = {
  accepted: 'Signed in',
  refused: 'Refused by the test client',
  provider_error: 'Stopped by the provider',
  cannot_run: 'Cannot run',
};

function RunResult({ run, onDismiss }: { run: TestClientRun; onDismiss: () => void }) {
  const select = useAppStore((s) => s.selectExchange);
  const failing = run.checks.filter((c) => !c.ok);
  const passing = run.checks.filter((c) => c.ok);
  return (
    <div
      className={`test-client-result outcome-${run.outcome}`}
      role="status"
      data-testid="test-client-result"
      data-outcome={run.outcome}
    >
      <div className="test-client-result-head">
        <Icon name={run.outcome === 'accepted' ? 'check' : 'alert'} size={14} />
        <strong>{OUTCOME_LABEL[run.outcome]}</strong>
        <span className="test-client-summary" data-testid="test-client-summary">
          {failing.length > 0
            ? `${failing.length} check${failing.length === 1 ? '' : 's'} failed, so a careful client stops here:`
            : run.summary}
        </span>
        <button
          type="button"
          className="icon-btn"
          onClick={onDismiss}
          aria-label="Dismiss the test client result"
          data-testid="test-client-dismiss"
        >
          <Icon name="x" size={13} />
        </button>
      </div>
      {run.user ? (
        <dl className="test-client-user" data-testid="test-client-user">
          <div>
            <dt>sub</dt>
            <dd className="mono" data-testid="test-client-user-sub">
              {run.user.sub}
            </dd>
          </div>
          {run.user.email ? (
            <div>
              <dt>Email</dt>
              <dd data-testid="test-client-user-email">{run.user.email}</dd>
            </div>
          ) : null}
          {run.user.name ? (
            <div>
              <dt>Verified name</dt>
              <dd data-testid="test-client-user-name">{run.user.name}</dd>
            </div>
          ) : null}
          {run.user.birthDate ? (
            <div>
              <dt>Birth date</dt>
              <dd data-testid="test-client-user-birth-date">{run.user.birthDate}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {failing.length > 0 ? (
        <ul className="test-client-checks" data-testid="test-client-refusals">
          {failing.map((c) => (
            <li key={c.name} className="tone-bad">
              <strong>{c.name}</strong>: {c.detail}
            </li>
          ))}
        </ul>
      ) : null}
      {run.notes?.map((n) => (
        <p key={n} className="muted small" data-testid="test-client-note">
          {n}
        </p>
      ))}
      <details className="test-client-details" key={run.journeyId ?? run.summary}>
        <summary>
          {run.steps.length} requests · {passing.length} checks passed · client {run.clientId} ·{' '}
          {run.key === 'default' ? 'default key' : 'pasted key'}
        </summary>
        <ol className="test-client-steps">
          {run.steps.map((step, i) => (
            <li key={`${step.name}-${i}`} className={step.ok ? '' : 'tone-bad'}>
              {step.exchangeId ? (
                <button
                  type="button"
                  className="link-btn mono"
                  onClick={() => select(step.exchangeId ?? null)}
                >
                  {step.name}
                </button>
              ) : (
                <span className="mono">{step.name}</span>
              )}{' '}
              {step.status !== undefined ? <span className="muted">HTTP {step.status}</span> : null}{' '}
              {step.detail}
            </li>
          ))}
        </ol>
        {passing.length > 0 ? (
          <ul className="test-client-checks">
            {passing.map((c) => (
              <li key={c.name}>
                <span className="tone-ok">✓</span> <strong>{c.name}</strong>: {c.detail}
              </li>
            ))}
          </ul>
        ) : null}
      </details>
    </div>
  );
}

function Commands() {
  const commands = useAppStore((s) => s.testClient.commands);
  const error = useAppStore((s) => s.testClient.commandsError);
  if (error)
    return (
      <p className="tone-bad small" role="alert" data-testid="test-client-commands-error">
        {error}
      </p>
    );
  if (!commands) return <p className="muted small">Preparing…</p>;
  return (
    <div className="test-client-commands" data-testid="test-client-commands">
      <div className="copy-line">
        <span className="muted small">Open in your browser:</span>
        <a
          className="mono small ellipsis"
          href={commands.authorizeUrl}
          target="_blank"
          rel="noreferrer noopener"
          data-testid="test-client-authorize-url"
        >
          {commands.authorizeUrl}
        </a>
        <CopyButton text={commands.authorizeUrl} label="Copy the authorize URL" />
      </div>
      {commands.curl.map((c, i) => (
        <CodeBlock
          key={i}
          text={c}
          label={`curl step ${i + 1}`}
          testId={`test-client-curl-${i + 1}`}
        />
      ))}
      <ul className="muted small test-client-notes">
        <li>
          code_verifier: <span className="mono">{commands.codeVerifier}</span>
        </li>
        {commands.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Sign in as a test client": one button that runs a whole sign-in as the client in force
 * (authentication or identity), with the default key or a pasted one, then shows the journey in
 * the log. Beside it, the same journey as curl commands and a URL for the tester's browser.
 */
export function TestClientPanel() {
  const flow = useAppStore((s) => s.testClient.flow);
  const privateKey = useAppStore((s) => s.testClient.privateKey);
  const running = useAppStore((s) => s.testClient.running);
  const run = useAppStore((s) => s.testClient.run);
  const runError = useAppStore((s) => s.testClient.runError);
  const setTestClient = useAppStore((s) => s.setTestClient);
  const runTestClient = useAppStore((s) => s.runTestClient);
  const loadCommands = useAppStore((s) => s.loadTestClientCommands);
  const dismiss = useAppStore((s) => s.dismissTestClientRun);
  const [open, setOpen] = useState<'key' | 'commands' | null>(null);
  const toggle = (which: 'key' | 'commands') => {
    const next = open === which ? null : which;
    setOpen(next);
    if (next === 'commands') void loadCommands();
  };
  return (
    <section className="test-client" aria-label="Test client" data-testid="test-client">
      <div className="test-client-row">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => void runTestClient()}
          disabled={running}
          data-testid="test-client-run"
        >
          <Icon name="play" size={12} />
          {running ? 'Signing in…' : 'Sign in as a test client'}
        </button>
        <select
          className="input select select-sm"
          value={flow}
          onChange={(e) =>
            setTestClient({ flow: e.target.value === 'identity' ? 'identity' : 'authentication' })
          }
          aria-label="Sign in for"
          data-testid="test-client-flow"
        >
          <option value="authentication">Authentication</option>
          <option value="identity">Identity (P2)</option>
        </select>
        <button
          type="button"
          className={`btn btn-sm btn-ghost${privateKey.trim() ? ' is-set' : ''}`}
          aria-expanded={open === 'key'}
          onClick={() => toggle('key')}
          data-testid="test-client-key-toggle"
        >
          <Icon name="key" size={12} />
          {privateKey.trim() ? 'Pasted key' : 'Default key'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-expanded={open === 'commands'}
          onClick={() => toggle('commands')}
          data-testid="test-client-commands-toggle"
        >
          <Icon name="link" size={12} />
          curl &amp; browser URL
        </button>
      </div>
      {open === 'key' ? (
        <div className="test-client-key">
          <textarea
            className="input mono textarea"
            rows={4}
            spellCheck={false}
            placeholder="Paste the client's private key (PEM or JWK). Empty: the default client key."
            value={privateKey}
            onChange={(e) => setTestClient({ privateKey: e.target.value })}
            aria-label="Client private key (PEM or JWK)"
            data-testid="test-client-key"
          />
          <p className="muted small">
            Used for the client assertion only; it stays in this window and is sent to the simulator
            with each run. The client in force must hold its public half.
          </p>
        </div>
      ) : null}
      {open === 'commands' ? <Commands /> : null}
      {runError ? (
        <p className="tone-bad small" role="alert" data-testid="test-client-error">
          {runError}
        </p>
      ) : null}
      {run ? <RunResult run={run} onDismiss={dismiss} /> : null}
    </section>
  );
}
