import { Dialog } from '../../components/Dialog.js';
import { useAppStore } from '../../store/app-store-context.js';
import { findPreset } from '../../store/presets/preset-lookup.js';

/** Asks before a saved persona or scenario file is deleted. */
export function DeleteDialog() {
  const ref = useAppStore((s) => s.pendingDelete);
  const name = useAppStore((s) => (s.pendingDelete ? findPreset(s, s.pendingDelete)?.name : null));
  const dataDir = useAppStore((s) => s.dataDir);
  const cancel = useAppStore((s) => s.requestDelete);
  const confirm = useAppStore((s) => s.confirmDelete);
  if (!ref) return null;
  const file = `${ref.kind === 'persona' ? 'personas' : 'scenarios'}/${ref.id}.json`;
  return (
    <Dialog title={`Delete this ${ref.kind}?`} onClose={() => cancel(null)} testId="delete-dialog">
      <p>
        <strong>{name ?? ref.id}</strong> will be deleted: the file <code>{file}</code>
        {dataDir ? (
          <>
            {' '}
            in <code>{dataDir}</code>
          </>
        ) : null}{' '}
        goes.
        {ref.kind === 'persona'
          ? ' Saved scenarios that name this persona can no longer be applied.'
          : ''}
      </p>
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" className="btn" onClick={() => cancel(null)} autoFocus>
          Keep it
        </button>
        <button
          type="button"
          className="btn btn-danger preset-danger"
          onClick={() => void confirm()}
          data-testid="delete-confirm"
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}
