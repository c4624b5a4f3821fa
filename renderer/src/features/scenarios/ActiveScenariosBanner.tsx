import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { findScenario, GROUP_SHORT_LABELS } from './scenario-catalogue.js';

/** Shown on every screen while error scenarios are on, so nobody forgets them. */
export function ActiveScenariosBanner() {
  const active = useAppStore(selectors.activeScenarios);
  const setScenario = useAppStore((s) => s.setScenario);
  const setScreen = useAppStore((s) => s.setScreen);
  const clear = useAppStore((s) => s.clearScenarios);
  if (active.length === 0) return null;
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
        {active.length === 1
          ? '1 error scenario active'
          : `${active.length} error scenarios active`}
      </button>
      <ul className="banner-chips">
        {active.map(({ group, name }) => (
          <li
            key={`${group}-${name}`}
            className="chip chip-warn"
            title={findScenario(group, name)?.effect}
            data-testid="active-scenario-chip"
          >
            <span className="chip-group">{GROUP_SHORT_LABELS[group]}</span>
            {name}
            <button
              type="button"
              className="chip-x"
              aria-label={`Turn off ${GROUP_SHORT_LABELS[group]} ${name}`}
              onClick={() => void setScenario(group, name, false)}
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
