import { useShallow } from 'zustand/react/shallow';
import type { Persona, Scenario } from '../../../../server/src/contract.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Icon } from '../../components/Icon.js';
import { KeyValueTable } from '../../components/KeyValueTable.js';
import { useAppStore } from '../../store/app-store-context.js';
import { isActivePreset } from '../../store/presets/preset-lookup.js';
import { type PresetRef } from '../../store/presets/presets-state.js';
import { selectors } from '../../store/selectors.js';
import { personaRows, scenarioRows } from './preset-format.js';

/** The selected persona or scenario: what it is, and what can be done with it. */
export function PresetDetail() {
  const ref = useAppStore((s) => s.selectedPreset);
  const item = useAppStore(selectors.selectedPreset);
  const personas = useAppStore((s) => s.personas);
  const active = useAppStore((s) => (ref ? isActivePreset(s.active, ref) : false));
  const modified = useAppStore(selectors.isActiveModified);
  const canSave = useAppStore(selectors.canSavePresets);
  const busy = useAppStore(selectors.isApplyingPreset);
  const loaded = useAppStore((s) => s.current !== null);
  const actions = useAppStore(
    useShallow((s) => ({
      apply: s.applyPreset,
      duplicate: s.duplicatePreset,
      requestDelete: s.requestDelete,
      editPersona: s.editPersona,
      editScenario: s.editScenario,
      openExport: s.openExport,
      compare: s.setDiffSides,
      setView: s.setPresetsView,
    })),
  );

  if (!ref || !item) {
    return (
      <EmptyState icon="user" title="Choose a scenario or persona" testId="preset-detail-empty">
        <p>
          <strong>Apply</strong> switches the simulator to it in one step. A scenario sets the
          client, the errors to inject and the key switches (and a persona, when it names one); a
          persona changes only who the user is.
        </p>
      </EmptyState>
    );
  }

  const kind = ref.kind;
  const rows =
    kind === 'scenario' ? scenarioRows(item as Scenario, personas) : personaRows(item as Persona);
  const presetRef: PresetRef = { kind, id: item.id };
  const noFolder = 'Saving needs a data folder (see above)';

  return (
    <article
      className="preset-detail"
      data-testid="preset-detail"
      data-kind={kind}
      data-id={item.id}
    >
      <header className="preset-detail-head">
        <div>
          <p className="preset-kind">{kind === 'scenario' ? 'Scenario' : 'Persona'}</p>
          <h2>{item.name}</h2>
          <p className="muted small">
            <code>{item.id}</code>
            {item.builtIn ? ' · built-in, read-only' : ' · saved in the data folder'}
            {active ? (modified ? ' · active, modified since applied' : ' · active') : ''}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void actions.apply(presetRef)}
          disabled={busy}
          data-testid="detail-apply"
        >
          <Icon name="play" size={12} /> Apply
        </button>
      </header>
      {item.description ? <p className="preset-description">{item.description}</p> : null}
      <KeyValueTable
        rows={rows}
        label={kind === 'scenario' ? 'What the scenario sets' : 'Who the persona is'}
        plainKeys
        testId="preset-summary"
      />
      <div className="preset-actions">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            actions.setView('compare');
            void actions.compare('active', `${kind}:${item.id}`);
          }}
          data-testid="detail-compare"
        >
          Compare with active
        </button>
        {kind === 'scenario' ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void actions.openExport(item.id)}
            data-testid="detail-export"
          >
            <Icon name="download" size={12} /> Export…
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void actions.duplicate(presetRef)}
          disabled={!canSave}
          title={canSave ? 'Save an editable copy' : noFolder}
          aria-describedby={canSave || !item.builtIn ? undefined : 'detail-builtin-note'}
          data-testid="detail-duplicate"
        >
          <Icon name="copy" size={12} /> {canSave ? 'Duplicate' : 'Duplicate (needs a data folder)'}
        </button>
        {!item.builtIn ? (
          <>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() =>
                kind === 'persona' ? actions.editPersona(item.id) : actions.editScenario(item.id)
              }
              disabled={!canSave || !loaded}
              data-testid="detail-edit"
            >
              <Icon name="settings" size={12} /> Edit
            </button>
            <button
              type="button"
              className="btn btn-sm btn-ghost danger"
              onClick={() => actions.requestDelete(presetRef)}
              disabled={!canSave}
              data-testid="detail-delete"
            >
              <Icon name="trash" size={12} /> Delete
            </button>
          </>
        ) : (
          <span className="muted small" data-testid="detail-builtin-note" id="detail-builtin-note">
            {canSave
              ? 'Built-in: duplicate it to make your own version.'
              : 'Built-in. Copies are saved in a data folder, and none was given: start with --data-dir to make your own version.'}
          </span>
        )}
      </div>
    </article>
  );
}
