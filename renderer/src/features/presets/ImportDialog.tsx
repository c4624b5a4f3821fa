import type { ExportFormat } from '../../../../server/src/contract.js';
import { Dialog } from '../../components/Dialog.js';
import { Icon } from '../../components/Icon.js';
import { KeyValueTable } from '../../components/KeyValueTable.js';
import { useAppStore } from '../../store/app-store-context.js';
import { EXPORT_FORMATS } from '../../store/presets/presets-state.js';
import { selectors } from '../../store/selectors.js';
import { scenarioRows } from './preset-format.js';

export const FORMAT_HELP: Record<ExportFormat, { label: string; hint: string; example: string }> = {
  json: {
    label: 'Scenario JSON',
    hint: 'A scenario file, as saved in the data folder or exported as JSON.',
    example:
      '{\n  "name": "Passport user, PKCE",\n  "persona": "identity-passport",\n  "clientConfiguration": { "pkceEnforced": true }\n}',
  },
  env: {
    label: 'Environment',
    hint: 'KEY=VALUE lines, as a shell sources them (PKCE_ENABLED=true …).',
    example: 'PKCE_ENABLED=true\nRETURN_CODES=\'[{"code":"D"}]\'',
  },
  config: {
    label: 'POST /config body',
    hint: 'A POST /config body or a GET /config answer. Give it a name below.',
    example: '{ "clientConfiguration": { … }, "responseConfiguration": { … } }',
  },
  compose: {
    label: 'docker-compose',
    hint: 'An environment: block, a whole compose file, or "- KEY=value" lines.',
    example: "environment:\n  PKCE_ENABLED: 'true'",
  },
};

/**
 * Paste a scenario in any of the four formats: the dialog switches to the format the text is in
 * (until one is picked by hand). Check shows every problem with its field, or what the scenario
 * sets; nothing is saved or applied until Save (which needs a data folder) or Apply without saving.
 */
export function ImportDialog() {
  const state = useAppStore((s) => s.importState);
  const personas = useAppStore((s) => s.personas);
  const canSave = useAppStore(selectors.canSavePresets);
  const setImport = useAppStore((s) => s.setImport);
  const check = useAppStore((s) => s.checkImport);
  const saveImport = useAppStore((s) => s.saveImport);
  const applyImport = useAppStore((s) => s.applyImport);
  const close = useAppStore((s) => s.openDialog);
  const busy = state.status !== 'idle';
  const empty = state.text.trim() === '';
  const help = FORMAT_HELP[state.format];

  return (
    <Dialog title="Import a scenario" onClose={() => close(null)} testId="import-dialog" wide>
      <div className="segmented" role="radiogroup" aria-label="Format">
        {EXPORT_FORMATS.map((f) => (
          <label key={f} className={`segment${state.format === f ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="import-format"
              value={f}
              checked={state.format === f}
              onChange={() => setImport({ format: f })}
              data-testid={`import-format-${f}`}
            />
            <span>{FORMAT_HELP[f].label}</span>
          </label>
        ))}
      </div>
      <p className="muted small" data-testid="import-format-hint">
        {state.detected && state.detected === state.format && !state.formatChosen ? (
          <strong data-testid="import-detected">Detected {help.label}. </strong>
        ) : null}
        {state.detected && state.detected !== state.format ? (
          <span data-testid="import-detected-other">
            This looks like {FORMAT_HELP[state.detected].label}.{' '}
            <button
              type="button"
              className="link-btn"
              onClick={() => setImport({ format: state.detected ?? state.format })}
            >
              Read it as {FORMAT_HELP[state.detected].label}
            </button>{' '}
          </span>
        ) : null}
        {help.hint}
      </p>
      <textarea
        className="input mono textarea import-text"
        rows={11}
        spellCheck={false}
        value={state.text}
        placeholder={help.example}
        onChange={(e) => setImport({ text: e.target.value })}
        aria-label="Scenario text"
        data-testid="import-text"
      />
      <label className="preset-editor-label">
        <span>
          Name <span className="muted small">(optional; overrides the name in the text)</span>
        </span>
        <input
          className="input"
          value={state.name}
          onChange={(e) => setImport({ name: e.target.value })}
          maxLength={120}
          data-testid="import-name"
        />
      </label>
      {state.issues.length > 0 ? (
        <div className="import-problems" role="alert" data-testid="import-problems">
          <p>
            <Icon name="alert" size={13} />{' '}
            <strong>
              {state.issues.length} {state.issues.length === 1 ? 'problem' : 'problems'}
            </strong>{' '}
            — nothing was saved or applied.
          </p>
          <ul>
            {state.issues.map((i, n) => (
              <li key={`${n}-${i.path}`} data-testid="import-problem" data-path={i.path}>
                <code>{i.path || '(text)'}</code> {i.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.error ? (
        <div className="notice notice-bad" role="alert" data-testid="import-error">
          <Icon name="alert" size={13} /> {state.error}
        </div>
      ) : null}
      {state.result ? (
        <div className="import-result" data-testid="import-result">
          <p>
            <Icon name="check" size={13} /> {state.result.saved ? 'Saved' : 'Valid'}:{' '}
            <strong>{state.result.scenario.name}</strong>{' '}
            <code className="muted">{state.result.scenario.id}</code>
          </p>
          <KeyValueTable
            rows={scenarioRows(state.result.scenario, personas)}
            label="What the imported scenario sets"
            plainKeys
          />
          {state.result.warnings.map((w) => (
            <p key={w} className="tone-pending small" data-testid="import-warning">
              {w}
            </p>
          ))}
        </div>
      ) : null}
      {!canSave ? (
        <p className="muted small" data-testid="import-no-folder">
          Saving needs a data folder: start with{' '}
          <code>npm run headless -- --data-dir ./simulator-data</code>. You can still check the text
          and apply it without saving.
        </p>
      ) : null}
      <div className="dialog-actions">
        <button
          type="button"
          className="btn"
          onClick={() => void check()}
          disabled={busy || empty}
          data-testid="import-check"
        >
          {state.status === 'checking' ? 'Checking…' : 'Check'}
        </button>
        <span className="spacer" />
        <button
          type="button"
          className={canSave ? 'btn' : 'btn btn-primary'}
          onClick={() => void applyImport()}
          disabled={busy || empty}
          data-testid="import-apply"
          title="Put the scenario in force now; nothing is written to the data folder"
        >
          {state.status === 'applying' ? 'Applying…' : 'Apply without saving'}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void saveImport(false)}
          disabled={busy || empty || !canSave}
          data-testid="import-save"
        >
          Save
        </button>
        <button
          type="button"
          className={canSave ? 'btn btn-primary' : 'btn'}
          onClick={() => void saveImport(true)}
          disabled={busy || empty || !canSave}
          data-testid="import-save-apply"
        >
          {state.status === 'saving' ? 'Saving…' : 'Save and apply'}
        </button>
      </div>
    </Dialog>
  );
}
