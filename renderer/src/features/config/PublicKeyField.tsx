import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { Field } from './Field.js';
import { FIELD } from './form-model.js';
import { useField, type FieldState } from './use-field.js';

/** The client's public key (PEM), with the simulator's verdict on whether it parses. */
export function PublicKeyField() {
  const field = useField<string>(FIELD.client('publicKey'));
  const validation = useAppStore((s) => s.validation);
  const unapplied = field.unapplied;
  let verdict: { tone: 'ok' | 'bad' | 'pending'; text: string } | null = null;
  if (field.issues !== '') verdict = { tone: 'bad', text: 'The simulator cannot use this key.' };
  else if (unapplied && validation === 'pending')
    verdict = { tone: 'pending', text: 'Checking the key…' };
  else if (unapplied && (validation === 'valid' || validation === 'invalid'))
    verdict = { tone: 'ok', text: 'The key parses (RSA or EC public key).' };
  return (
    <Field
      field={field as FieldState<unknown>}
      label="Public key"
      hint="PEM (-----BEGIN PUBLIC KEY-----) or its base64 body. Client assertions must be signed with the matching private key; the default pair’s private half is server/keys/default-client-private-key.pem."
      wide
    >
      <textarea
        id={field.id}
        className="input mono textarea"
        rows={7}
        value={field.value ?? ''}
        spellCheck={false}
        placeholder="-----BEGIN PUBLIC KEY-----"
        aria-invalid={field.issues !== ''}
        onChange={(e) => field.set(e.target.value)}
        data-testid="public-key-input"
      />
      {verdict ? (
        <div className={`key-verdict tone-${verdict.tone}`} data-testid="public-key-verdict">
          <Icon
            name={verdict.tone === 'ok' ? 'check' : verdict.tone === 'bad' ? 'alert' : 'dot'}
            size={12}
          />
          {verdict.text}
        </div>
      ) : null}
    </Field>
  );
}
