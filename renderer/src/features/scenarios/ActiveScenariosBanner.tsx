import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { faultSlot, type RetirableKeys } from '../../store/scenario-slice.js';
import {
  faultName,
  findScenario,
  GROUP_SHORT_LABELS,
  KEY_RETIREMENT,
  switchName,
} from './scenario-catalogue.js';

/** Shown on every screen while error switches or faults are on, so nobody forgets them. */
export function ActiveScenariosBanner() {
  const active = useAppStore(selectors.activeScenarios);
  const faults = useAppStore(selectors.activeFaults);
  const setScenario = useAppStore((s) => s.setScenario);
  const setFault = useAppStore((s) => s.setFault);
  const setScreen = useAppStore((s) => s.setScreen);
  const clear = useAppStore((s) => s.clearScenarios);
  const retired = useAppStore(selectors.retiredKeys);
  const setKeysRetired = useAppStore((s) => s.setKeysRetired);
  const retiredChips = (Object.keys(KEY_RETIREMENT) as RetirableKeys[]).filter((k) => retired[k]);
  const count = active.length + faults.length + retiredChips.length;
  if (count === 0) return null;
  return (
    <div
      className="scenario-banner"
      role="region"
      aria-label="Active error scenarios"
      data-testid="active-scenarios"
    >
      <Icon name="alert" size={14} />
      <button
        type="button"
        className="link-btn banner-title"
        onClick={() => setScreen('scenarios')}
      >
        {count === 1 ? '1 error scenario active' : `${count} error scenarios active`}
      </button>
      <ul className="banner-chips">
        {active.map(({ group, name }) => {
          const label = switchName(group, name);
          return (
            <li
              key={`${group}-${name}`}
              className="chip chip-warn"
              title={`${name}: ${findScenario(group, name)?.effect ?? ''}`}
              data-testid="active-scenario-chip"
            >
              <span className="chip-group">{GROUP_SHORT_LABELS[group]}</span>
              {label}
              <button
                type="button"
                className="chip-x"
                aria-label={`Turn off ${GROUP_SHORT_LABELS[group]} ${label}`}
                onClick={() => void setScenario(group, name, false)}
              >
                <Icon name="x" size={10} />
              </button>
            </li>
          );
        })}
        {faults.map((fault) => {
          const label = faultName(fault);
          const detail =
            fault.kind === 'outage'
              ? `HTTP ${fault.status}`
              : fault.kind === 'latency'
                ? `${fault.ms} ms`
                : null;
          return (
            <li
              key={`${fault.target}-${faultSlot(fault.kind)}`}
              className="chip chip-warn"
              data-testid="active-scenario-chip"
            >
              <span className="chip-group">Fault</span>
              {label}
              {detail ? <span className="chip-detail"> · {detail}</span> : null}
              {fault.requests !== undefined ? (
                <span className="chip-detail"> · {fault.requests} left</span>
              ) : null}
              <button
                type="button"
                className="chip-x"
                aria-label={`Turn off ${label}`}
                onClick={() => void setFault(fault.target, faultSlot(fault.kind), null)}
              >
                <Icon name="x" size={10} />
              </button>
            </li>
          );
        })}
        {retiredChips.map((keys) => (
          <li key={keys} className="chip chip-warn" data-testid="active-scenario-chip">
            <span className="chip-group">Keys</span>
            {KEY_RETIREMENT[keys].name}
            <button
              type="button"
              className="chip-x"
              aria-label={`Turn off ${KEY_RETIREMENT[keys].name}`}
              onClick={() => void setKeysRetired(keys, false)}
            >
              <Icon name="x" size={10} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-btn banner-clear" onClick={() => void clear()}>
        Turn all off
      </button>
    </div>
  );
}
