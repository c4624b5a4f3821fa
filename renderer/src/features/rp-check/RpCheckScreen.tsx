import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type {
  ExchangeRef,
  OutcomeRequest,
  StepResult,
  TesterVerdict,
} from '../../../../server/src/contract.js';
import { reportUrl } from '../../api/rp-check-client.js';
import { useAppStore } from '../../store/app-store-context.js';
import { currentRpStep, retryableRpStep } from '../../store/rp-check-slice.js';
import { Icon, type IconName } from '../../components/Icon.js';
import {
  STATUS_LABEL,
  STATUS_TONE,
  KIND_LABEL,
  inWindowWords,
  instructionFor,
} from './rp-check-format.js';
import { ServiceSettings } from './ServiceSettings.js';
import { DriveSettingsForm } from './DriveSettingsForm.js';
import './rp-check.css';

function StatusChip({ status }: { status: StepResult['status'] }) {
  return (
    <span
      className={`chip ${STATUS_TONE[status]}`}
      data-testid="rp-step-status"
      data-status={status}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

function Evidence({ step }: { step: StepResult }) {
  const [select, setScreen, showTokens] = useAppStore(
    useShallow((s) => [s.selectExchange, s.setScreen, s.showExchangeTokens]),
  );
  const open = (e: ExchangeRef, screen: 'log' | 'tokens') => {
    select(e.id);
    if (screen === 'tokens') showTokens();
    setScreen(screen);
  };
  if (step.exchanges.length === 0)
    return (
      <p className="muted small" data-testid="rp-evidence-empty">
        No requests from your service yet.
      </p>
    );
  return (
    <ul className="rp-evidence" data-testid="rp-evidence">
      {step.exchanges.map((e) => (
        <li key={e.id} className={step.evidence.includes(e.id) ? 'is-evidence' : undefined}>
          <code className="mono">
            #{e.seq} {e.method} {e.path}
          </code>{' '}
          <span className={e.status >= 400 || e.error ? 'tone-bad' : 'tone-ok'}>
            {e.status}
            {e.error ? ` ${e.error}` : ''}
          </span>
          <span className="spacer" />
          <button type="button" className="link-btn" onClick={() => open(e, 'log')}>
            Log
          </button>
          <button type="button" className="link-btn" onClick={() => open(e, 'tokens')}>
            Inspect
          </button>
        </li>
      ))}
    </ul>
  );
}

function CurrentStep({
  step,
  index,
  total,
  driving,
}: {
  step: StepResult;
  index: number;
  total: number;
  driving: boolean;
}) {
  const [busy, note, setNote, verdict, answer] = useAppStore(
    useShallow((s) => [s.rpBusy, s.rpNote, s.setRpNote, s.sendRpVerdict, s.sendRpOutcome]),
  );
  const waiting = step.status === 'waiting';
  const answers = OUTCOME_ANSWERS.filter((a) => step.ask.identity || !a.identityOnly);
  const question = useRef<HTMLDivElement>(null);
  // The question, when it comes, is brought into view: the tester answers without scrolling.
  useEffect(() => {
    if (waiting) question.current?.scrollIntoView?.({ block: 'nearest' });
  }, [waiting, step.id]);
  return (
    <section className="rp-current" aria-labelledby="rp-current-title" data-testid="rp-current">
      <header className="rp-current-head">
        <span className="muted small">
          Step {index + 1} of {total} · {KIND_LABEL[step.kind]}
        </span>
        <StatusChip status={step.status} />
      </header>
      <h2 id="rp-current-title">{step.title}</h2>
      <p className="rp-instruction" data-testid="rp-instruction">
        {instructionFor(step.instruction, driving)}
      </p>
      {waiting ? (
        <div
          className="rp-verdicts rp-question-box"
          role="group"
          aria-labelledby="rp-question"
          ref={question}
        >
          <p id="rp-question" className="rp-question" data-testid="rp-question">
            What did your service show?
          </p>
          {answers.map((a) => (
            <button
              key={a.id}
              type="button"
              className={a.className}
              disabled={busy}
              onClick={() => void answer(step.id, a.outcome(step))}
              data-testid={`rp-answer-${a.id}`}
            >
              {a.label}
            </button>
          ))}
          <p className="notice small" data-testid="rp-waiting">
            <Icon name="alert" size={14} /> {inWindowWords(step.reason ?? '')}
          </p>
        </div>
      ) : (
        <p className="muted small" data-testid="rp-watching">
          {driving
            ? 'The check is signing in on your service as the user’s browser would, and reads the page it ends on.'
            : 'Watching your service’s requests; once its journey ends (its /userinfo call, or no more requests) you are asked what your service showed.'}
        </p>
      )}
      <p className="muted">
        <span className="expect-label">Expected:</span> {step.expectation}
      </p>
      <h3 className="mini-head">Evidence</h3>
      <Evidence step={step} />
      <label className="rp-note">
        <span className="small">Note (optional, kept in the report)</span>
        <textarea
          className="textarea"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="rp-note"
        />
      </label>
      <div className="rp-verdicts" role="group" aria-label="Skip or retry">
        {VERDICT_BUTTONS.map((b) => (
          <button
            key={b.verdict}
            type="button"
            className={b.className}
            disabled={busy}
            onClick={() => void verdict(step.id, b.verdict)}
            data-testid={`rp-${b.verdict}`}
          >
            {b.icon ? <Icon name={b.icon} size={14} /> : null}
            {b.label}
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * The tester's answers to "What did your service show?" once a journey ended: the step is judged
 * from the answer together with the exchanges (the answer names the step it is for).
 */
const OUTCOME_ANSWERS: readonly {
  id: 'signed-in' | 'refused' | 'no-identity';
  label: string;
  className: string;
  identityOnly?: boolean;
  outcome: (step: StepResult) => Omit<OutcomeRequest, 'note'>;
}[] = [
  {
    id: 'signed-in',
    label: 'Signed in',
    className: 'btn',
    outcome: (step) =>
      step.ask.identity ? { signedIn: true, identityAccepted: true } : { signedIn: true },
  },
  {
    id: 'refused',
    label: 'Refused or error page',
    className: 'btn',
    outcome: (step) =>
      step.ask.identity ? { signedIn: false, identityAccepted: false } : { signedIn: false },
  },
  {
    id: 'no-identity',
    label: 'Signed in without the identity',
    className: 'btn',
    identityOnly: true,
    outcome: () => ({ signedIn: true, identityAccepted: false }),
  },
];

/** What the tester can always do with the current step: skip it or run it again. */
const VERDICT_BUTTONS: readonly {
  verdict: TesterVerdict;
  label: string;
  className: string;
  icon?: IconName;
}[] = [
  { verdict: 'skip', label: 'Skip', className: 'btn' },
  { verdict: 'retry', label: 'Retry', className: 'btn btn-ghost', icon: 'undo' },
];

function StepList({ steps, current }: { steps: StepResult[]; current: number | undefined }) {
  return (
    <ol className="rp-steps" data-testid="rp-steps">
      {steps.map((s, i) => (
        <li
          key={s.id}
          className={i === current ? 'is-current' : undefined}
          data-testid={`rp-step-${s.id}`}
          data-status={s.status}
        >
          <div className="rp-step-line">
            <span className="rp-step-title">{s.title}</span>
            <StatusChip status={s.status} />
          </div>
          {s.reason && s.status !== 'observing' ? (
            <p className="small muted rp-reason" data-testid="rp-reason">
              {inWindowWords(s.reason)}
              {s.note && s.decidedBy === 'tester' && !s.reason.includes(s.note)
                ? ` (${s.note})`
                : ''}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The relying-party check: choose a plan, follow each step, see the verdicts, export a report. */
export function RpCheckScreen() {
  const [plans, problems, planId, choose, status, busy, error, start, stop, verdict, watch] =
    useAppStore(
      useShallow((s) => [
        s.rpPlans,
        s.rpPlanProblems,
        s.rpPlanId,
        s.chooseRpPlan,
        s.rpStatus,
        s.rpBusy,
        s.rpError,
        s.startRpCheck,
        s.stopRpCheck,
        s.sendRpVerdict,
        s.watchRpCheck,
      ]),
    );
  const [startError, unreachable] = useAppStore(
    useShallow((s) => [s.rpStartError, s.rpUnreachable]),
  );
  const stopped = status?.state === 'finished' && (status.summary.pending ?? 0) > 0;
  useEffect(() => watch(), [watch]);
  const running = status?.state === 'running';
  const current = currentRpStep(status);
  const retryable = retryableRpStep(status);
  const sum = status?.summary;
  return (
    <div
      className="rp-check-screen screen-scroll"
      data-testid="rp-check-screen"
      data-state={status?.state ?? 'loading'}
    >
      <div className="screen-head">
        <div>
          <h1>Relying-party check</h1>
          <p className="muted">
            A guided test plan: each step sets up a scenario, tells you what to do on your service,
            and judges what your service does next from the requests it sends.
          </p>
        </div>
      </div>
      <div className="rp-controls">
        <label className="rp-plan">
          <span className="small">Plan</span>
          <select
            className="input select"
            value={planId}
            disabled={running}
            onChange={(e) => choose(e.target.value)}
            data-testid="rp-plan"
          >
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.stepCount} steps)
              </option>
            ))}
          </select>
        </label>
        {running ? (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void stop()}
            data-testid="rp-stop"
          >
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || plans.length === 0}
            onClick={() => void start()}
            data-testid="rp-start"
          >
            <Icon name="play" size={14} /> {status?.state === 'finished' ? 'Start again' : 'Start'}
          </button>
        )}
        <span className="spacer" />
        {status && status.state !== 'idle' ? (
          <div className="rp-export" role="group" aria-label="Export the report">
            <span className="small muted">Report</span>
            <a
              className="btn btn-sm"
              href={reportUrl('html')}
              download
              data-testid="rp-export-html"
            >
              <Icon name="download" size={13} /> HTML
            </a>
            <a
              className="btn btn-sm"
              href={reportUrl('json')}
              download
              data-testid="rp-export-json"
            >
              JSON
            </a>
            <a
              className="btn btn-sm"
              href={reportUrl('junit')}
              download
              data-testid="rp-export-junit"
            >
              JUnit
            </a>
          </div>
        ) : null}
      </div>
      <ServiceSettings />
      <DriveSettingsForm disabled={running} />
      {unreachable ? (
        <p className="notice notice-bad" role="alert" data-testid="rp-unreachable">
          <strong>Your service did not answer</strong>: could not reach {unreachable}. The check
          stopped at once instead of marking every step “not judged”. Start your service (or correct
          the address below), then press Start again.
        </p>
      ) : null}
      {startError ? (
        <p className="notice notice-bad" role="alert" data-testid="rp-start-error">
          {startError}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-bad" role="alert" data-testid="rp-error">
          {error}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <p className="notice small" data-testid="rp-plan-problems">
          {problems.map((p) => `${p.file}: ${p.message}`).join(' · ')}
        </p>
      ) : null}
      {sum && status.state !== 'idle' ? (
        <ul className="rp-summary" aria-label="Summary" data-testid="rp-summary">
          <li>
            <strong>{status.plan?.name}</strong> ·{' '}
            <span data-testid="rp-run-state">
              {stopped ? 'stopped' : status.state === 'finished' ? 'finished' : 'running'}
              {status.drive ? ' · driving your service' : ''}
            </span>
          </li>
          <li className="chip chip-ok" data-testid="rp-count-passed">
            {sum.passed} passed
          </li>
          <li className="chip chip-bad" data-testid="rp-count-failed">
            {sum.failed} failed
          </li>
          <li className="chip">{sum.skipped} skipped</li>
          <li className="chip chip-warn">{sum.notJudged} not judged</li>
          <li className="chip">{sum.pending} to do</li>
        </ul>
      ) : null}
      {!status || status.state === 'idle' ? (
        <div className="empty" data-testid="rp-idle">
          <p className="empty-title">No check running</p>
          <p className="empty-body">
            Choose a plan and press Start. Keep your service pointed at this simulator; each step
            changes its setup, and the configuration comes back when the plan ends.
          </p>
        </div>
      ) : null}
      <div className={`rp-body${current ? ' has-current' : ''}`}>
        <div className="rp-main-column">
          {current && status?.currentStep !== undefined ? (
            <CurrentStep
              step={current}
              index={status.currentStep}
              total={status.steps.length}
              driving={status.drive !== undefined}
            />
          ) : null}
          {retryable ? (
            <p className="small">
              <button
                type="button"
                className="link-btn"
                disabled={busy}
                onClick={() => void verdict(retryable.id, 'retry')}
                data-testid="rp-retry-previous"
              >
                Retry “{retryable.title}”
              </button>
            </p>
          ) : null}
        </div>
        {status && status.steps.length > 0 ? (
          <StepList steps={status.steps} current={status.currentStep} />
        ) : null}
      </div>
    </div>
  );
}
