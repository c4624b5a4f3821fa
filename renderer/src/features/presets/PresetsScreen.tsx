import { useEffect } from 'react';
import { CopyButton } from '../../components/CopyButton.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { ComparePanel } from './ComparePanel.js';
import { PersonaEditorPanel } from './PersonaEditorPanel.js';
import { PresetDetail } from './PresetDetail.js';
import { PresetList } from './PresetList.js';
import { ScenarioEditorPanel } from './ScenarioEditorPanel.js';
import './presets.css';

export const DATA_DIR_COMMAND = 'npm run headless -- --data-dir ./simulator-data';

/** Where saved personas and scenarios go, or how to get such a folder. */
function DataFolderNotice() {
  const dataDir = useAppStore((s) => s.dataDir);
  const problems = useAppStore((s) => s.presetProblems);
  if (dataDir === undefined) return null;
  return (
    <>
      {dataDir === null ? (
        <div className="notice preset-folder" data-testid="no-data-folder">
          <Icon name="alert" size={13} />
          <span>
            <strong>No data folder: nothing can be saved.</strong> Built-ins can still be applied,
            compared and exported. To save your own personas and scenarios (one JSON file each,
            ready for git), start the simulator with a data folder:{' '}
            <code className="copy-line">
              {DATA_DIR_COMMAND}
              <CopyButton text={DATA_DIR_COMMAND} label="Copy the command" />
            </code>{' '}
            The desktop app always has one.
          </span>
        </div>
      ) : (
        <p className="muted small preset-folder-path" data-testid="data-folder">
          Saved in <code>{dataDir}</code> (personas/ and scenarios/, one JSON file each)
        </p>
      )}
      {problems.length > 0 ? (
        <div
          className="notice notice-bad preset-problems"
          role="alert"
          data-testid="preset-problems"
        >
          <Icon name="alert" size={13} />
          <div>
            <strong>
              {problems.length} {problems.length === 1 ? 'file' : 'files'} could not be loaded
            </strong>{' '}
            (everything else did):
            <ul>
              {problems.map((p) => (
                <li key={p.file}>
                  <code>{p.file}</code> {p.message}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </>
  );
}

function Messages() {
  const notice = useAppStore((s) => s.presetNotice);
  const error = useAppStore((s) => s.presetError);
  const listError = useAppStore((s) => s.presetsError);
  const dismiss = useAppStore((s) => s.dismissPresetMessages);
  const text = error ?? listError;
  if (text)
    return (
      <div className="notice notice-bad" role="alert" data-testid="preset-error">
        <Icon name="alert" size={13} /> {text}
        <button type="button" className="icon-btn" aria-label="Dismiss" onClick={dismiss}>
          <Icon name="x" size={12} />
        </button>
      </div>
    );
  if (notice)
    return (
      <div className="notice" role="status" data-testid="preset-notice">
        <Icon name="check" size={13} /> {notice}
        <button type="button" className="icon-btn" aria-label="Dismiss" onClick={dismiss}>
          <Icon name="x" size={12} />
        </button>
      </div>
    );
  return null;
}

function DetailPane() {
  const personaEditor = useAppStore((s) => s.personaEditor);
  const scenarioEditor = useAppStore((s) => s.scenarioEditor);
  if (personaEditor) return <PersonaEditorPanel editor={personaEditor} />;
  if (scenarioEditor) return <ScenarioEditorPanel editor={scenarioEditor} />;
  return <PresetDetail />;
}

/** Personas and scenarios: apply one in a click, save your own, import, export, compare. */
export function PresetsScreen() {
  const view = useAppStore((s) => s.presetsView);
  const setView = useAppStore((s) => s.setPresetsView);
  const load = useAppStore((s) => s.loadPresets);
  const loading = useAppStore((s) => s.presetsLoading);
  const openDialog = useAppStore((s) => s.openDialog);
  const editing = useAppStore((s) => s.personaEditor !== null || s.scenarioEditor !== null);
  // Files in the data folder may have changed since the lists were read.
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div
      className="presets-screen"
      data-testid="presets-screen"
      data-view={view}
      data-editing={editing ? 'true' : 'false'}
    >
      <div className="presets-head">
        <div>
          <h1>Personas & scenarios</h1>
          <p className="muted presets-intro">
            A <strong>persona</strong> is a user (who signs in); a <strong>scenario</strong> is a
            situation (client changes, errors to inject, keys, and optionally a persona). Apply one
            with a click, <kbd className="kbd">Alt</kbd>+<kbd className="kbd">1</kbd>…
            <kbd className="kbd">9</kbd>, or <kbd className="kbd">Ctrl</kbd>+
            <kbd className="kbd">K</kbd> from any screen.
          </p>
        </div>
        <div className="screen-head-actions">
          <div className="segmented" role="radiogroup" aria-label="View">
            {(
              [
                ['library', 'Library'],
                ['compare', 'Compare'],
              ] as const
            ).map(([v, label]) => (
              <label key={v} className={`segment${view === v ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  name="presets-view"
                  value={v}
                  checked={view === v}
                  onChange={() => setView(v)}
                  data-testid={`presets-view-${v}`}
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => openDialog('import')}
            data-testid="open-import"
          >
            <Icon name="upload" size={12} /> Import…
          </button>
          <button
            type="button"
            className="icon-btn"
            onClick={() => void load()}
            aria-label="Read the data folder again"
            title="Read the data folder again"
            disabled={loading}
            data-testid="reload-presets"
          >
            <Icon name="undo" size={13} />
          </button>
        </div>
      </div>
      <div className="presets-messages">
        <Messages />
        <DataFolderNotice />
      </div>
      {view === 'compare' ? (
        <div className="presets-compare">
          <ComparePanel />
        </div>
      ) : (
        <div className="presets-body">
          <nav className="presets-list" aria-label="Scenarios and personas">
            <PresetList />
          </nav>
          <section className="presets-detail" aria-label="Selected scenario or persona">
            <DetailPane />
          </section>
        </div>
      )}
    </div>
  );
}
