import type { ExportFormat } from '../../../../server/src/contract.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Dialog } from '../../components/Dialog.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { EXPORT_FORMATS } from '../../store/presets/presets-state.js';
import { FORMAT_HELP } from './ImportDialog.js';
import { exportFileName } from './preset-format.js';

const USE: Record<ExportFormat, string> = {
  json: 'Keep it in git next to your tests; run it with --scenario <file>, or import it here.',
  env: 'set -a; . ./file.env; set +a; npm run headless — a default simulator starts in this scenario.',
  config:
    "curl -X POST -H 'content-type: application/json' --data @file http://localhost:3000/config",
  compose: 'Paste under your simulator service in docker-compose.yml ($ is written $$).',
};

function download(text: string, name: string, format: ExportFormat) {
  const type = format === 'json' || format === 'config' ? 'application/json' : 'text/plain';
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** A scenario in the four formats the simulator reads back: copy or download. */
export function ExportDialog() {
  const state = useAppStore((s) => s.exportState);
  const name = useAppStore(
    (s) => s.scenarios.find((x) => x.id === s.exportState?.id)?.name ?? s.exportState?.id,
  );
  const open = useAppStore((s) => s.openExport);
  const close = useAppStore((s) => s.closeExport);
  if (!state) return null;
  const file = exportFileName(state.id, state.format);
  return (
    <Dialog title={`Export “${name ?? state.id}”`} onClose={close} testId="export-dialog" wide>
      <div className="segmented" role="radiogroup" aria-label="Format">
        {EXPORT_FORMATS.map((f) => (
          <label key={f} className={`segment${state.format === f ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="export-format"
              value={f}
              checked={state.format === f}
              onChange={() => void open(state.id, f)}
              data-testid={`export-format-${f}`}
            />
            <span>{FORMAT_HELP[f].label}</span>
          </label>
        ))}
      </div>
      <p className="muted small">{USE[state.format]}</p>
      {state.status === 'error' ? (
        <div className="notice notice-bad" role="alert">
          <Icon name="alert" size={13} /> {state.error}
        </div>
      ) : (
        <pre
          className="export-text"
          aria-label={`${state.format} export`}
          aria-busy={state.status === 'loading'}
          data-testid="export-text"
          data-format={state.format}
          data-status={state.status}
        >
          {state.status === 'loading' ? 'Loading…' : state.text}
        </pre>
      )}
      <div className="dialog-actions">
        <code className="muted small">{file}</code>
        <span className="spacer" />
        {state.status === 'ready' ? (
          <>
            <span className="copy-line">
              <CopyButton text={state.text} label="Copy" testId="export-copy" /> Copy
            </span>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => download(state.text, file, state.format)}
              data-testid="export-download"
            >
              <Icon name="download" size={12} /> Download
            </button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
