import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store-context.js';
import type { RpDriveForm } from '../../store/rp-check-slice.js';

type Field = Exclude<keyof RpDriveForm, 'enabled'>;

/** The settings, in the order and words of the README (flags --drive-*). */
const FIELDS: { key: Field; label: string; hint: string; required?: boolean; url?: boolean }[] = [
  {
    key: 'signIn',
    label: 'Sign-in address',
    hint: 'Opens a sign-in (authentication only)',
    required: true,
    url: true,
  },
  {
    key: 'identitySignIn',
    label: 'Identity sign-in address',
    hint: 'Opens a sign-in asking for identity; without it, identity steps are not judged',
    url: true,
  },
  {
    key: 'signedIn',
    label: 'Signed-in page',
    hint: 'Answers 2xx only to a signed-in user',
    required: true,
    url: true,
  },
  { key: 'signedInText', label: 'Signed-in text', hint: 'Shown only on a signed-in page' },
  { key: 'signOut', label: 'Sign-out address', hint: 'Opened after each step', url: true },
  {
    key: 'identityText',
    label: 'Identity text',
    hint: 'Shows the identity was accepted (default: the verified family name)',
  },
  {
    key: 'reauthenticate',
    label: 'Re-authentication address',
    hint: 'Re-authenticates a signed-in user (prompt=login); without it, login_required is not judged',
    url: true,
  },
];

/**
 * "Drive my service for me": the check acts as the user's browser on the tester's service for
 * every step (the server checks the addresses when the run starts).
 */
export function DriveSettingsForm({ disabled }: { disabled: boolean }) {
  const [form, setDrive] = useAppStore(useShallow((s) => [s.rpDrive, s.setRpDrive]));
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
            <label key={f.key} className="rp-drive-field">
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
                data-testid={`rp-drive-${f.key}`}
              />
              <span className="small muted">{f.hint}</span>
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
