import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store-context.js';
import { DRIVE_FIELD_LABEL, type DriveField } from './rp-check-format.js';

type Field = DriveField;

/** The settings, in the order of the documentation (flags --drive-* on the command line). */
const FIELDS: { key: Field; label: string; hint: string; required?: boolean; url?: boolean }[] = [
  {
    key: 'signIn',
    label: DRIVE_FIELD_LABEL.signIn,
    hint: 'Opens a sign-in (authentication only)',
    required: true,
    url: true,
  },
  {
    key: 'identitySignIn',
    label: DRIVE_FIELD_LABEL.identitySignIn,
    hint: 'Opens a sign-in asking for identity; without it, identity steps are not judged',
    url: true,
  },
  {
    key: 'signedIn',
    label: DRIVE_FIELD_LABEL.signedIn,
    hint: 'Answers 2xx only to a signed-in user',
    required: true,
    url: true,
  },
  {
    key: 'signedInText',
    label: DRIVE_FIELD_LABEL.signedInText,
    hint: 'Shown only on a signed-in page',
  },
  { key: 'signOut', label: DRIVE_FIELD_LABEL.signOut, hint: 'Opened after each step', url: true },
  {
    key: 'identityText',
    label: DRIVE_FIELD_LABEL.identityText,
    hint: 'Shows the identity was accepted (default: the verified family name)',
  },
  {
    key: 'reauthenticate',
    label: DRIVE_FIELD_LABEL.reauthenticate,
    hint: 'Re-authenticates a signed-in user (prompt=login); without it, login_required is not judged',
    url: true,
  },
];

/**
 * "Drive my service for me": the check acts as the user's browser on the tester's service for
 * every step (the server checks the addresses when the run starts).
 */
export function DriveSettingsForm({ disabled }: { disabled: boolean }) {
  const [form, setDrive, issues] = useAppStore(
    useShallow((s) => [s.rpDrive, s.setRpDrive, s.rpDriveIssues]),
  );
  return (
    <fieldset className="rp-drive" data-testid="rp-drive" disabled={disabled}>
      <label className="rp-drive-toggle">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(e) => setDrive({ enabled: e.target.checked })}
          data-testid="rp-drive-enabled"
        />{' '}
        <strong>Drive my service for me</strong>
        <span className="small muted">
          {' '}
          The check opens your service as the user's browser would, for every step, and judges what
          the user saw.
        </span>
      </label>
      {form.enabled ? (
        <div className="rp-drive-fields">
          {FIELDS.map((f) => (
            <label
              key={f.key}
              className={`rp-drive-field${issues[f.key] ? ' has-issue' : ''}`}
              data-testid={`rp-drive-field-${f.key}`}
            >
              <span className="small">
                {f.label}
                {f.required ? ' (required)' : ''}
              </span>
              <input
                className="input"
                type={f.url ? 'url' : 'text'}
                value={form[f.key]}
                placeholder={f.url ? 'http://localhost:8080/…' : ''}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => setDrive({ [f.key]: e.target.value })}
                aria-invalid={issues[f.key] ? true : undefined}
                aria-describedby={issues[f.key] ? `rp-drive-issue-${f.key}` : undefined}
                data-testid={`rp-drive-${f.key}`}
              />
              {issues[f.key] ? (
                <span
                  className="small tone-bad"
                  id={`rp-drive-issue-${f.key}`}
                  data-testid={`rp-drive-issue-${f.key}`}
                >
                  {issues[f.key]}
                </span>
              ) : (
                <span className="small muted">{f.hint}</span>
              )}
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
