import { useState } from 'react';
import { Switch } from '../../components/Switch.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { faultAt, type FaultSlot } from '../../store/scenario-slice.js';
import { DROP, faultFromSettings, settingsOf, type FaultSettings } from './fault-settings.js';
import { FAULTS_GROUP_TITLE, FAULTS_GROUP_WHERE, faultTargetMatches } from './switch-filter.js';
import {
  FAULT_TARGETS,
  OUTAGE_STATUSES,
  faultEffect,
  faultExpect,
  faultName,
  type FaultTargetInfo,
} from './scenario-catalogue.js';

function FaultRow({ info, slot }: { info: FaultTargetInfo; slot: FaultSlot }) {
  const active = useAppStore((s) => faultAt(selectors.activeErrors(s), info.target, slot));
  const loaded = useAppStore((s) => s.current !== null);
  const setFault = useAppStore((s) => s.setFault);
  const [draft, setDraft] = useState<FaultSettings>(() => settingsOf(active));
  const [problem, setProblem] = useState<string | null>(null);
  const on = active !== undefined;
  const name = faultName({ target: info.target, kind: slot === 'latency' ? 'latency' : 'outage' });
  const id = `fault-${info.target}-${slot}`;
  // While on, the row shows what the simulator holds (its counter goes down as requests come);
  // valid edits are sent at once, so only an invalid one shows the tester's text instead.
  const shown = on && problem === null ? settingsOf(active) : draft;

  const apply = (next: FaultSettings, turnOn: boolean) => {
    setDraft(next);
    if (!turnOn) {
      setProblem(null);
      return;
    }
    const fault = faultFromSettings(info.target, slot, next);
    if (typeof fault === 'string') {
      setProblem(fault);
      return;
    }
    setProblem(null);
    void setFault(info.target, slot, fault);
  };

  return (
    <li
      className={`scenario fault${on ? ' is-on' : ''}`}
      data-testid={id}
      data-active={on ? 'true' : 'false'}
    >
      <Switch
        id={id}
        checked={on}
        disabled={!loaded}
        label={name}
        testId={`fault-toggle-${info.target}-${slot}`}
        onChange={(next) => {
          if (next) apply(draft, true);
          else {
            setDraft(settingsOf(active));
            void setFault(info.target, slot, null);
          }
        }}
      />
      <div className="scenario-text">
        <label htmlFor={id} className="scenario-name">
          {name}
        </label>
        <p className="scenario-effect">
          {faultEffect(info, slot === 'latency' ? 'latency' : 'outage')}
        </p>
        <p className="scenario-expect">
          <span className="expect-label">Expected of your relying party:</span>{' '}
          {faultExpect(info, slot === 'latency' ? 'latency' : 'outage')}
        </p>
        <div className="fault-settings">
          {slot === 'answer' ? (
            <label>
              <span className="muted small">Answer</span>
              <select
                className="input select select-sm"
                value={shown.status}
                aria-label={`${name}: answer`}
                data-testid={`${id}-status`}
                onChange={(e) => apply({ ...draft, status: e.target.value }, on)}
              >
                {OUTAGE_STATUSES.map((status) => (
                  <option key={status} value={String(status)}>
                    HTTP {status}
                  </option>
                ))}
                <option value={DROP}>Drop the connection</option>
              </select>
            </label>
          ) : (
            <label>
              <span className="muted small">Milliseconds</span>
              <input
                className="input"
                type="number"
                min={0}
                max={120000}
                step={100}
                value={shown.ms}
                aria-label={`${name}: milliseconds`}
                data-testid={`${id}-ms`}
                onChange={(e) => apply({ ...draft, ms: e.target.value }, on)}
              />
            </label>
          )}
          <label>
            <span className="muted small">For the next</span>
            <input
              className="input"
              type="number"
              min={1}
              placeholder="∞"
              value={shown.requests}
              aria-label={`${name}: for the next number of requests (empty: until switched off)`}
              data-testid={`${id}-requests`}
              onChange={(e) => apply({ ...draft, requests: e.target.value }, on)}
            />
            <span className="muted small">requests</span>
          </label>
          {on && active.requests !== undefined ? (
            <span className="chip chip-warn" data-testid={`${id}-left`}>
              {active.requests} left
            </span>
          ) : null}
        </div>
        {problem ? (
          <p className="tone-bad small" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Outages, dropped connections and latency, per endpoint. */
export function FaultsGroup({ query }: { query: string }) {
  const count = useAppStore((s) => selectors.activeFaults(s).length);
  const shown = FAULT_TARGETS.filter((t) => faultTargetMatches(query, t));
  if (shown.length === 0) return null;
  return (
    <section
      className="scenario-group fault-group"
      aria-labelledby="group-faults"
      data-testid="scenario-group-faults"
    >
      <header className="scenario-group-head">
        <h2 id="group-faults">{FAULTS_GROUP_TITLE}</h2>
        <code className="muted small">errorConfiguration.faults</code>
        {count > 0 ? <span className="chip chip-warn">{count} on</span> : null}
      </header>
      <p className="muted small scenario-where">{FAULTS_GROUP_WHERE}</p>
      <ul className="fault-targets">
        {shown.map((info) => (
          <FaultTargetRows key={info.target} info={info} />
        ))}
      </ul>
    </section>
  );
}

function FaultTargetRows({ info }: { info: FaultTargetInfo }) {
  return (
    <li className="fault-target" data-testid={`fault-target-${info.target}`}>
      <h3 className="fault-target-head">
        {info.label} <code className="muted small">{info.path}</code>
      </h3>
      <ul className="scenario-list">
        <FaultRow info={info} slot="answer" />
        <FaultRow info={info} slot="latency" />
      </ul>
    </li>
  );
}
