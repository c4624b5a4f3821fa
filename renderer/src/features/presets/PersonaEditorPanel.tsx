import { useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Icon } from '../../components/Icon.js';
import { AppStoreProvider, useAppStore } from '../../store/app-store-context.js';
import { isDraftDirty } from '../../store/config-slice.js';
import type { PersonaEditor } from '../../store/presets/presets-state.js';
import { focusFirstIssue } from '../config/focus-first-issue.js';
import { ResponseFields } from '../config/ResponseFields.js';

/** After a refused save: the first marked field, once React has drawn the marks. */
function showFirstIssueIn(root: HTMLElement | null) {
  requestAnimationFrame(() => requestAnimationFrame(() => focusFirstIssue(root)));
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      className="config-section"
      aria-labelledby={`persona-section-${id}`}
      data-testid={`persona-section-${id}`}
    >
      <header className="config-section-head">
        <h2 id={`persona-section-${id}`}>{title}</h2>
        {description ? <p className="muted">{description}</p> : null}
      </header>
      <div className="config-grid">{children}</div>
    </section>
  );
}

/**
 * The response fields of the configuration form, unchanged: inside the editor they read and
 * write the persona's own form store (see PersonaEditor.form), not the simulator's configuration.
 */
function PersonaFields() {
  return <ResponseFields Section={Section} />;
}

function FormStatus({ editor }: { editor: PersonaEditor }) {
  const validation = useStore(editor.form, (s) => s.validation);
  const issueCount = useStore(editor.form, (s) => s.issues.length);
  const dirty = useStore(editor.form, isDraftDirty);
  let text: string;
  let tone: string;
  if (editor.saving) [text, tone] = ['Saving…', 'pending'];
  else if (validation === 'pending') [text, tone] = ['Checking with the simulator…', 'pending'];
  else if (validation === 'invalid')
    [text, tone] = [
      `${issueCount} ${issueCount === 1 ? 'field is' : 'fields are'} refused — see the marked fields.`,
      'bad',
    ];
  else if (editor.id === null) [text, tone] = ['A new persona: Save creates its file.', 'muted'];
  else if (!dirty) [text, tone] = ['No unsaved changes to the fields.', 'muted'];
  else if (validation === 'valid') [text, tone] = ['The simulator accepts these values.', 'ok'];
  else [text, tone] = ['Unsaved changes.', 'muted'];
  return (
    <span className={`apply-state tone-${tone}`} role="status" data-testid="persona-editor-state">
      {text}
    </span>
  );
}

/** Edits a saved persona (or creates one): name, description and every response field. */
export function PersonaEditorPanel({ editor }: { editor: PersonaEditor }) {
  const update = useAppStore((s) => s.updatePersonaEditor);
  const save = useAppStore((s) => s.savePersonaEditor);
  const close = useAppStore((s) => s.closePersonaEditor);
  const nameIssue = editor.issues.find((i) => i.path === 'name');
  const idIssue = editor.issues.find((i) => i.path === 'id');
  const otherIssues = editor.issues.filter((i) => i.path !== 'name' && i.path !== 'id');
  const rootRef = useRef<HTMLDivElement>(null);
  const formIssueCount = useStore(editor.form, (s) => s.issues.length);
  const onSave = async () => {
    if (!(await save())) showFirstIssueIn(rootRef.current);
  };
  return (
    <div className="preset-editor" data-testid="persona-editor" ref={rootRef}>
      <header className="preset-editor-head">
        <p className="preset-kind">{editor.id === null ? 'New persona' : 'Edit persona'}</p>
        <div className="preset-editor-names">
          <label className="preset-editor-label">
            Name
            <input
              className="input"
              value={editor.name}
              onChange={(e) => update({ name: e.target.value })}
              aria-invalid={nameIssue !== undefined}
              maxLength={120}
              data-testid="persona-name"
            />
            {nameIssue ? <span className="tone-bad small">{nameIssue.message}</span> : null}
          </label>
          <label className="preset-editor-label">
            Description
            <input
              className="input"
              value={editor.description}
              onChange={(e) => update({ description: e.target.value })}
              data-testid="persona-description"
            />
          </label>
          <label className="preset-editor-label">
            <span>
              Id <span className="muted small">(file name; scenarios name the persona by it)</span>
            </span>
            <input
              className="input mono"
              value={editor.newId}
              onChange={(e) => update({ newId: e.target.value.trim() })}
              aria-invalid={idIssue !== undefined}
              maxLength={64}
              spellCheck={false}
              data-testid="persona-id"
            />
            {idIssue ? <span className="tone-bad small">{idIssue.message}</span> : null}
          </label>
          <label className="preset-editor-label">
            <span>
              Welsh name <span className="muted small">(optional; on the Welsh form)</span>
            </span>
            <input
              className="input"
              lang="cy"
              value={editor.nameCy}
              onChange={(e) => update({ nameCy: e.target.value })}
              maxLength={120}
              data-testid="persona-name-cy"
            />
          </label>
          <label className="preset-editor-label">
            <span>
              Welsh description <span className="muted small">(optional)</span>
            </span>
            <input
              className="input"
              lang="cy"
              value={editor.descriptionCy}
              onChange={(e) => update({ descriptionCy: e.target.value })}
              data-testid="persona-description-cy"
            />
          </label>
        </div>
        <p className="muted small" data-testid="persona-file">
          Saved as <code>personas/{editor.newId || '…'}.json</code> in the data folder.
          {editor.id !== null && editor.newId !== editor.id
            ? ` Saving renames it from ${editor.id}; saved scenarios that name it follow.`
            : editor.idFollowsName
              ? ' The id follows the name until you change it.'
              : ''}
        </p>
        {editor.error ? (
          <div className="notice notice-bad" role="alert" data-testid="persona-editor-error">
            <Icon name="alert" size={13} /> {editor.error}
            {formIssueCount + editor.issues.length > 0 ? (
              <button
                type="button"
                className="link-btn small"
                onClick={() => focusFirstIssue(rootRef.current)}
                data-testid="persona-show-first-issue"
              >
                Show the first
              </button>
            ) : null}
          </div>
        ) : null}
        {otherIssues.length ? (
          <ul className="preset-issues" data-testid="persona-editor-issues">
            {otherIssues.map((i) => (
              <li key={`${i.path}-${i.message}`}>
                <code>{i.path || '(document)'}</code> {i.message}
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <div className="preset-editor-fields">
        <AppStoreProvider store={editor.form}>
          <PersonaFields />
        </AppStoreProvider>
      </div>
      <footer className="preset-editor-bar">
        <FormStatus editor={editor} />
        <span className="spacer" />
        <button type="button" className="btn" onClick={close} data-testid="persona-cancel">
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void onSave()}
          disabled={editor.saving || editor.name.trim() === ''}
          data-testid="persona-save"
        >
          Save persona
        </button>
      </footer>
    </div>
  );
}
