import { Icon } from '../../components/Icon.js';
import { Switch } from '../../components/Switch.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { FilterBox } from '../../components/FilterBox.js';
import { FILTER_IDS } from '../../app/filter-target.js';
import { SCENARIO_CATALOGUE, switchName, type ScenarioGroupInfo } from './scenario-catalogue.js';
import { EXPECT_LABEL, scenarioMatches, switchMatches } from './switch-filter.js';
import { FaultsGroup } from './FaultsGroup.js';
import { KeyLifecycleGroup } from './KeyLifecycleGroup.js';

function ScenarioGroup({ info, query }: { info: ScenarioGroupInfo; query: string }) {
  const active = useAppStore(selectors.errorsOfGroup(info.group));
  const setScenario = useAppStore((s) => s.setScenario);
  const loaded = useAppStore((s) => s.current !== null);
  const shown = info.scenarios.filter((s) => scenarioMatches(query, info, s));
  if (shown.length === 0) return null;
  return (
    <section
      className="scenario-group"
      aria-labelledby={`group-${info.group}`}
      data-testid={`scenario-group-${info.group}`}
    >
      <header className="scenario-group-head">
        <h2 id={`group-${info.group}`}>{info.title}</h2>
        <code className="muted small">errorConfiguration.{info.group}</code>
        {active.length > 0 ? <span className="chip chip-warn">{active.length} on</span> : null}
      </header>
      <p className="muted small scenario-where">{info.where}</p>
      <ul className="scenario-list">
        {shown.map((s) => {
          const on = active.includes(s.name);
          const id = `scenario-${info.group}-${s.name}`;
          return (
            <li
              key={s.name}
              className={`scenario${on ? ' is-on' : ''}`}
              data-testid={id}
              data-active={on ? 'true' : 'false'}
            >
              <Switch
                id={id}
                checked={on}
                disabled={!loaded}
                onChange={(next) => void setScenario(info.group, s.name, next)}
                label={
                  s.code
                    ? `${info.title}: ${switchName(info.group, s.name)} (${s.name})`
                    : `${info.title}: ${s.name}`
                }
                testId={`toggle-${info.group}-${s.name}`}
              />
              <div className="scenario-text">
                <label htmlFor={id} className="scenario-name">
                  {s.code ? (
                    <>
                      <span className="scenario-code">{switchName(info.group, s.name)}</span>{' '}
                      <span className="scenario-key muted">{s.name}</span>
                    </>
                  ) : (
                    s.name
                  )}
                </label>
                <p className="scenario-effect">{s.effect}</p>
                <p className="scenario-expect">
                  <span className="expect-label">{EXPECT_LABEL}</span> {s.expect}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One toggle per error scenario; each applies at once. */
export function ScenariosScreen() {
  const count = useAppStore(selectors.activeSwitchCount);
  const busy = useAppStore(selectors.isScenarioBusy);
  const error = useAppStore((s) => s.scenarioError);
  const clear = useAppStore((s) => s.clearScenarios);
  const dismiss = useAppStore((s) => s.dismissScenarioError);
  const query = useAppStore((s) => s.listFilters.switches);
  const setQuery = useAppStore((s) => s.setListFilter);
  const matches = query.trim() === '' ? null : switchMatches(query);
  return (
    <div
      className="scenarios-screen screen-scroll"
      data-testid="scenarios-screen"
      data-busy={busy ? 'true' : 'false'}
    >
      <div className="screen-head">
        <div>
          <h1>Error scenarios</h1>
          <p className="muted">
            Make the simulator misbehave on purpose to prove your relying party handles every answer
            the provider can give. Toggles apply immediately and stay on until you turn them off
            (faults can also stop by themselves after a number of requests); several can be on at
            once.
          </p>
        </div>
        <div className="screen-head-actions">
          <span className="muted small" role="status" aria-live="polite">
            {busy ? 'Applying…' : count === 0 ? 'None active' : `${count} active`}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={count === 0}
            onClick={() => void clear()}
            data-testid="clear-scenarios"
          >
            Turn all off
          </button>
        </div>
      </div>
      {error ? (
        <div className="notice notice-bad" role="alert">
          <Icon name="alert" size={13} /> {error}
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={dismiss}>
            <Icon name="x" size={12} />
          </button>
        </div>
      ) : null}
      <div className="list-filter-bar">
        <FilterBox
          id={FILTER_IDS.switches}
          value={query}
          onChange={(text) => setQuery('switches', text)}
          placeholder="Find a switch: code, name, endpoint…"
          label="Filter the switches"
          testId="switch-filter"
        />
        {matches ? (
          <p className="filter-summary muted small" role="status" data-testid="switch-matches">
            {matches.length === 0 ? (
              <>No switch matches “{query.trim()}”.</>
            ) : (
              <>
                {matches.reduce((n, g) => n + g.count, 0)} matching in {matches.length}{' '}
                {matches.length === 1 ? 'group' : 'groups'}:{' '}
                {matches.map((g, i) => (
                  <span key={g.id}>
                    {i > 0 ? ' · ' : ''}
                    <a href={`#group-${g.id}`} className="link">
                      {g.title}
                    </a>{' '}
                    ({g.count})
                  </span>
                ))}
              </>
            )}
          </p>
        ) : null}
      </div>
      <div className="scenario-groups">
        {SCENARIO_CATALOGUE.map((g) => (
          <ScenarioGroup key={g.group} info={g} query={query} />
        ))}
        <KeyLifecycleGroup query={query} />
        <FaultsGroup query={query} />
      </div>
    </div>
  );
}
