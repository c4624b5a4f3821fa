import type { ScenarioFlags } from '../../../../server/src/contract.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import {
  INLINE_PERSONA,
  SCENARIO_FLAG_NAMES,
  type ScenarioEditor,
} from '../../store/presets/presets-state.js';
import { toggleError } from '../../store/scenario-slice.js';
import { SCENARIO_CATALOGUE } from '../scenarios/scenario-catalogue.js';
import { FLAG_LABELS } from './preset-format.js';

const flagChoice = (value: boolean | undefined) =>
  value === undefined ? 'started' : value ? 'on' : 'off';

/** Edits a saved scenario: name, description, persona, client changes, errors and switches. */
export function ScenarioEditorPanel({ editor }: { editor: ScenarioEditor }) {
  const personas = useAppStore((s) => s.personas);
  const update = useAppStore((s) => s.updateScenarioEditor);
  const save = useAppStore((s) => s.saveScenarioEditor);
  const close = useAppStore((s) => s.closeScenarioEditor);
  const { draft } = editor;
  const issueAt = (path: string) =>
    editor.issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`));
  const clientIssues = issueAt('clientConfiguration');

  return (
    <div className="preset-editor" data-testid="scenario-editor">
      <header className="preset-editor-head">
        <p className="preset-kind">Edit scenario</p>
        <div className="preset-editor-names">
          <label className="preset-editor-label">
            Name
            <input
              className="input"
              value={draft.name}
              onChange={(e) => update((d) => ({ ...d, name: e.target.value }))}
              maxLength={120}
              data-testid="scenario-name"
            />
          </label>
          <label className="preset-editor-label">
            Description
            <input
              className="input"
              value={draft.description}
              onChange={(e) => update((d) => ({ ...d, description: e.target.value }))}
              data-testid="scenario-description"
            />
          </label>
        </div>
        <p className="muted small">
          Saved as <code>scenarios/{editor.id}.json</code> in the data folder.
        </p>
        {editor.error ? (
          <div className="notice notice-bad" role="alert">
            <Icon name="alert" size={13} /> {editor.error}
          </div>
        ) : null}
        {editor.issues.length ? (
          <ul className="preset-issues" data-testid="scenario-editor-issues">
            {editor.issues.map((i) => (
              <li key={`${i.path}-${i.message}`}>
                <code>{i.path || '(document)'}</code> {i.message}
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <div className="preset-editor-fields scenario-editor-fields">
        <section className="config-section">
          <header className="config-section-head">
            <h2>Persona</h2>
            <p className="muted">Who the user is while the scenario is active.</p>
          </header>
          <div className="preset-editor-pad">
            <select
              className="input select"
              value={draft.persona}
              onChange={(e) => update((d) => ({ ...d, persona: e.target.value }))}
              aria-label="Persona"
              data-testid="scenario-persona"
            >
              <option value="">Keep the current persona</option>
              {draft.inlinePersona ? (
                <option value={INLINE_PERSONA}>
                  {draft.inlinePersona.name} (written in the scenario)
                </option>
              ) : null}
              {personas.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.builtIn ? ' (built-in)' : ''}
                </option>
              ))}
            </select>
          </div>
        </section>
        <section className="config-section">
          <header className="config-section-head">
            <h2>Errors to inject</h2>
            <p className="muted">Replace the active error toggles while the scenario is applied.</p>
          </header>
          <div className="scenario-editor-errors">
            {SCENARIO_CATALOGUE.map((group) => (
              <fieldset key={group.group} className="scenario-editor-group">
                <legend>{group.title}</legend>
                {group.scenarios.map((s) => (
                  <label key={s.name} className="inline-check" title={s.effect}>
                    <input
                      type="checkbox"
                      checked={draft.errors[group.group].includes(s.name)}
                      onChange={(e) =>
                        update((d) => ({
                          ...d,
                          errors: toggleError(d.errors, group.group, s.name, e.target.checked),
                        }))
                      }
                    />
                    <code>{s.name}</code>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        </section>
        <section className="config-section">
          <header className="config-section-head">
            <h2>Keys & mode</h2>
          </header>
          <div className="scenario-editor-flags">
            {SCENARIO_FLAG_NAMES.map((flag) => (
              <label key={flag} className="preset-editor-label">
                {FLAG_LABELS[flag]}
                <select
                  className="input select"
                  value={flagChoice(draft.flags[flag])}
                  onChange={(e) =>
                    update((d) => {
                      const flags: ScenarioFlags = { ...d.flags };
                      if (e.target.value === 'started') delete flags[flag];
                      else flags[flag] = e.target.value === 'on';
                      return { ...d, flags };
                    })
                  }
                >
                  <option value="started">As the simulator started</option>
                  <option value="on">On</option>
                  <option value="off">Off</option>
                </select>
              </label>
            ))}
          </div>
        </section>
        <section className="config-section">
          <header className="config-section-head">
            <h2>Client changes</h2>
            <p className="muted">
              A JSON object of <code>clientConfiguration</code> fields to change, e.g.{' '}
              <code>{'{"pkceEnforced": true}'}</code>. The others stay as the simulator started.
            </p>
          </header>
          <div className="preset-editor-pad">
            <textarea
              className="input mono textarea"
              rows={6}
              spellCheck={false}
              value={draft.clientText}
              onChange={(e) => update((d) => ({ ...d, clientText: e.target.value }))}
              aria-label="Client changes (JSON)"
              aria-invalid={clientIssues.length > 0}
              data-testid="scenario-client"
            />
          </div>
        </section>
      </div>
      <footer className="preset-editor-bar">
        <span className="muted small" role="status">
          {editor.saving ? 'Saving…' : 'The simulator checks the scenario when you save.'}
        </span>
        <span className="spacer" />
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void save()}
          disabled={editor.saving || draft.name.trim() === ''}
          data-testid="scenario-save"
        >
          Save scenario
        </button>
      </footer>
    </div>
  );
}
