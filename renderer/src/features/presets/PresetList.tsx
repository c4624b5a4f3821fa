import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Persona, Scenario } from '../../../../server/src/contract.js';
import { Icon } from '../../components/Icon.js';
import { Kbd } from '../../components/Kbd.js';
import { useAppStore } from '../../store/app-store-context.js';
import { isActivePreset, presetKey } from '../../store/presets/preset-lookup.js';
import { SCENARIO_SHORTCUTS, type PresetKind } from '../../store/presets/presets-state.js';
import { selectors } from '../../store/selectors.js';
import { FILTER_IDS } from '../../app/filter-target.js';
import { FilterBox } from '../../components/FilterBox.js';
import { matchesQuery } from '../scenarios/switch-filter.js';

/** A persona or scenario matches by its names, descriptions (English and Welsh) and id. */
const presetMatches = (query: string, item: Persona | Scenario) =>
  matchesQuery(query, [
    item.id,
    item.name,
    item.description,
    'nameCy' in item ? item.nameCy : undefined,
    'descriptionCy' in item ? item.descriptionCy : undefined,
    'persona' in item && typeof item.persona === 'string' ? item.persona : undefined,
  ]);

function PresetRow({
  kind,
  item,
  shortcut,
}: {
  kind: PresetKind;
  item: Persona | Scenario;
  shortcut?: number;
}) {
  const ref = { kind, id: item.id };
  const selected = useAppStore(
    (s) => s.selectedPreset?.kind === kind && s.selectedPreset.id === item.id,
  );
  const active = useAppStore((s) => isActivePreset(s.active, ref));
  const modified = useAppStore(selectors.isActiveModified);
  const applying = useAppStore((s) => s.applyingPreset === presetKey(ref));
  const busy = useAppStore(selectors.isApplyingPreset);
  const select = useAppStore((s) => s.selectPreset);
  const apply = useAppStore((s) => s.applyPreset);
  const rowRef = useRef<HTMLLIElement>(null);
  // A row selected from elsewhere (a new copy, the header chip) is brought into view.
  useEffect(() => {
    if (selected) rowRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <li
      ref={rowRef}
      className={`preset-row${selected ? ' is-selected' : ''}${active ? ' is-active' : ''}`}
      data-testid="preset-row"
      data-kind={kind}
      data-id={item.id}
      data-active={active ? 'true' : 'false'}
    >
      <button
        type="button"
        className="preset-row-main"
        onClick={() => select(ref)}
        aria-current={selected ? 'true' : undefined}
        title={item.description ? `${item.name}: ${item.description}` : item.name}
      >
        <span className="preset-row-name">
          <span className="ellipsis">{item.name}</span>
          {active ? (
            <span className={`chip ${modified ? 'chip-warn' : 'chip-ok'}`}>
              {modified ? 'active · modified' : 'active'}
            </span>
          ) : null}
        </span>
        <span className="preset-row-description ellipsis">{item.description || item.id}</span>
      </button>
      <span className="preset-row-side">
        {item.builtIn ? <span className="preset-builtin">built-in</span> : null}
        {shortcut !== undefined ? (
          <span className="preset-shortcut" title={`Alt+${shortcut} applies it from anywhere`}>
            <Kbd>{`Alt ${shortcut}`}</Kbd>
          </span>
        ) : null}
        <button
          type="button"
          className="btn btn-sm preset-apply"
          onClick={() => void apply(ref)}
          disabled={busy}
          aria-label={`Apply ${kind} ${item.name}`}
          data-testid="apply-preset"
        >
          {applying ? 'Applying…' : 'Apply'}
        </button>
      </span>
    </li>
  );
}

/** "Save the current configuration as a scenario": a name, then Save. */
function SaveCurrentForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const save = useAppStore((s) => s.saveCurrentAsScenario);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    void save(name.trim()).then((ok) => {
      if (ok) onDone();
    });
  };
  return (
    <form className="preset-inline-form" onSubmit={submit} data-testid="save-current-form">
      <input
        className="input"
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="Name of the new scenario"
        aria-label="Name of the new scenario"
        autoFocus
        maxLength={120}
      />
      <button type="submit" className="btn btn-sm btn-primary" disabled={name.trim() === ''}>
        Save
      </button>
      <button type="button" className="btn btn-sm" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** Scenarios (Alt+1…9 for the first nine), then personas; built-ins first in each. */
export function PresetList() {
  const scenarios = useAppStore((s) => s.scenarios);
  const personas = useAppStore((s) => s.personas);
  const canSave = useAppStore(selectors.canSavePresets);
  const loaded = useAppStore((s) => s.current !== null);
  const newPersona = useAppStore((s) => s.newPersonaFromCurrent);
  const query = useAppStore((s) => s.listFilters.presets);
  const setQuery = useAppStore((s) => s.setListFilter);
  const [savingCurrent, setSavingCurrent] = useState(false);
  const noFolder = 'Needs a data folder (see above)';
  const shownScenarios = scenarios
    .map((item, i) => ({ item, shortcut: i < SCENARIO_SHORTCUTS ? i + 1 : undefined }))
    .filter(({ item }) => presetMatches(query, item));
  const shownPersonas = personas.filter((p) => presetMatches(query, p));
  const filtering = query.trim() !== '';
  const count = (shown: number, all: number) => (filtering ? `${shown} of ${all}` : String(all));
  return (
    <div className="preset-lists">
      <div className="preset-filter">
        <FilterBox
          id={FILTER_IDS.presets}
          value={query}
          onChange={(text) => setQuery('presets', text)}
          placeholder="Find a persona or scenario…"
          label="Filter the personas and scenarios"
          testId="preset-filter"
        />
      </div>
      <section aria-labelledby="preset-scenarios-title" data-testid="scenario-list">
        <header className="preset-list-head">
          <h2 id="preset-scenarios-title">
            Scenarios{' '}
            <span className="muted" data-testid="scenario-count">
              {count(shownScenarios.length, scenarios.length)}
            </span>
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setSavingCurrent(true)}
            disabled={!canSave || !loaded}
            title={canSave ? 'Save the whole current configuration as a scenario' : noFolder}
            data-testid="save-current-scenario"
          >
            <Icon name="plus" size={12} /> Save current
          </button>
        </header>
        {savingCurrent ? <SaveCurrentForm onDone={() => setSavingCurrent(false)} /> : null}
        <ul className="preset-rows">
          {shownScenarios.map(({ item, shortcut }) => (
            <PresetRow key={item.id} kind="scenario" item={item} shortcut={shortcut} />
          ))}
        </ul>
        {filtering && shownScenarios.length === 0 ? (
          <p className="muted small preset-no-match">No scenario matches.</p>
        ) : null}
      </section>
      <section aria-labelledby="preset-personas-title" data-testid="persona-list">
        <header className="preset-list-head">
          <h2 id="preset-personas-title">
            Personas{' '}
            <span className="muted" data-testid="persona-count">
              {count(shownPersonas.length, personas.length)}
            </span>
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={newPersona}
            disabled={!canSave || !loaded}
            title={canSave ? 'A new persona holding the current user' : noFolder}
            data-testid="new-persona"
          >
            <Icon name="plus" size={12} /> From current user
          </button>
        </header>
        <ul className="preset-rows">
          {shownPersonas.map((p) => (
            <PresetRow key={p.id} kind="persona" item={p} />
          ))}
        </ul>
        {filtering && shownPersonas.length === 0 ? (
          <p className="muted small preset-no-match">No persona matches.</p>
        ) : null}
      </section>
    </div>
  );
}
