import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.js';
import { Kbd } from '../../components/Kbd.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { focusFirstIssue } from './focus-first-issue.js';
import { changedFields } from './form-model.js';

/** Pending edits, the simulator's verdict on them, and Apply / Discard / Reset. */
export function ApplyBar({ onExport, onImport }: { onExport: () => void; onImport: () => void }) {
  const dirty = useAppStore(selectors.isDraftDirty);
  const pending = useAppStore(useShallow((s) => changedFields(s.draft, s.current)));
  const [validation, issues, applying, applyError, notice, externalChange] = useAppStore(
    useShallow(
      (s) =>
        [s.validation, s.issues, s.applying, s.applyError, s.notice, s.externalChange] as const,
    ),
  );
  const applyDraft = useAppStore((s) => s.applyDraft);
  const discardDraft = useAppStore((s) => s.discardDraft);
  const keepDraftEdits = useAppStore((s) => s.keepDraftEdits);
  const resetToDefaults = useAppStore((s) => s.resetToDefaults);
  const [confirmReset, setConfirmReset] = useState(false);

  let state: { tone: string; text: string };
  if (applying) state = { tone: 'pending', text: 'Applying…' };
  else if (applyError) state = { tone: 'bad', text: applyError };
  else if (dirty && externalChange)
    state = { tone: 'warn', text: 'Keep or discard your edits before applying.' };
  else if (!dirty) state = { tone: 'muted', text: notice ?? 'No unapplied changes.' };
  else if (validation === 'pending')
    state = { tone: 'pending', text: 'Checking with the simulator…' };
  else if (validation === 'invalid')
    state = {
      tone: 'bad',
      text: `${issues.length} ${issues.length === 1 ? 'field is' : 'fields are'} refused — see the marked fields.`,
    };
  else if (validation === 'unavailable')
    state = { tone: 'muted', text: 'Could not check the values; Apply will.' };
  else state = { tone: 'ok', text: 'The simulator accepts these values.' };

  return (
    <div className="apply-bar" data-testid="apply-bar">
      {externalChange ? (
        <div className="apply-external" role="status" data-testid="apply-external">
          <Icon name="alert" size={13} />
          <span className="apply-external-text">
            The configuration was changed elsewhere (a persona, a scenario or another window) while
            you were editing. Apply waits until you choose:
          </span>
          <span className="apply-external-actions">
            <button
              type="button"
              className="btn btn-sm"
              onClick={keepDraftEdits}
              data-testid="keep-my-edits"
              title="Keep only the fields you edited, on top of the new configuration"
            >
              Keep my edits
            </button>
            <button
              type="button"
              className="btn btn-sm"
              onClick={discardDraft}
              data-testid="drop-my-edits"
            >
              Discard my edits
            </button>
          </span>
        </div>
      ) : null}
      <div className="apply-main">
        <div className="apply-status">
          {dirty ? (
            <span
              className="chip chip-accent"
              data-testid="unapplied-count"
              title={pending.join(', ')}
            >
              {pending.length} unapplied {pending.length === 1 ? 'change' : 'changes'}
            </span>
          ) : null}
          <span
            className={`apply-state tone-${state.tone}`}
            data-testid="apply-state"
            role="status"
          >
            {state.text}
          </span>
          {state.tone === 'bad' && issues.length > 0 ? (
            <button
              type="button"
              className="link-btn small"
              onClick={() => focusFirstIssue(document.querySelector('.config-scroll'))}
              data-testid="show-first-issue"
            >
              Show
            </button>
          ) : null}
          {dirty && pending.length > 0 ? (
            <span className="apply-list muted ellipsis">{pending.join(' · ')}</span>
          ) : null}
        </div>
        <div className="apply-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={onImport}
            title="Load a configuration JSON file into the form"
            aria-label="Import a configuration file"
          >
            <Icon name="upload" size={12} /> <span className="btn-text-optional">Import</span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={onExport}
            title="Save the form as a configuration JSON file"
            aria-label="Export the form as a configuration file"
          >
            <Icon name="download" size={12} /> <span className="btn-text-optional">Export</span>
          </button>
          <span className="divider" />
          {confirmReset ? (
            <span className="confirm" role="group" aria-label="Confirm reset">
              Reset the whole configuration to its defaults?
              <button
                type="button"
                className="btn btn-sm btn-danger"
                data-testid="confirm-reset"
                onClick={() => {
                  setConfirmReset(false);
                  void resetToDefaults();
                }}
              >
                Reset
              </button>
              <button type="button" className="btn btn-sm" onClick={() => setConfirmReset(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => setConfirmReset(true)}
              data-testid="reset-defaults"
            >
              Reset<span className="btn-text-optional"> to defaults</span>
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm"
            onClick={discardDraft}
            disabled={!dirty || applying}
          >
            Discard
          </button>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => void applyDraft()}
            disabled={!dirty || applying || externalChange}
            data-testid="apply-config"
            title={
              externalChange
                ? 'Choose first: keep your edits or discard them'
                : 'Apply (Ctrl+Enter)'
            }
          >
            Apply <Kbd>Ctrl ⏎</Kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
