import { Switch } from '../../components/Switch.js';
import { Icon } from '../../components/Icon.js';
import { Field } from './Field.js';
import { toggleInList, type Path } from './form-model.js';
import { useField, type FieldState } from './use-field.js';
import type { ReactNode } from 'react';

interface Common {
  path: Path;
  label: string;
  hint?: ReactNode;
  wide?: boolean;
}

export function TextField({
  path,
  label,
  hint,
  wide,
  placeholder,
  mono,
  nullable,
  type = 'text',
}: Common & {
  placeholder?: string;
  mono?: boolean;
  nullable?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url';
}) {
  const field = useField<string | null | undefined>(path);
  const isNull = field.value === null;
  return (
    <Field field={field as FieldState<unknown>} label={label} hint={hint} wide={wide}>
      <div className="input-row">
        <input
          id={field.id}
          type={type}
          className={`input${mono ? ' mono' : ''}`}
          value={field.value ?? ''}
          placeholder={isNull ? 'null (not returned)' : placeholder}
          disabled={isNull}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={field.issues !== ''}
          onChange={(e) => field.set(e.target.value)}
        />
        {nullable ? (
          <label className="inline-check" title="Send null: the claim is left out">
            <input
              type="checkbox"
              checked={isNull}
              onChange={(e) => field.set(e.target.checked ? null : '')}
              aria-label={`${label}: null`}
            />
            null
          </label>
        ) : null}
      </div>
    </Field>
  );
}

export function SwitchField({ path, label, hint, wide }: Common) {
  const field = useField<boolean>(path);
  return (
    <Field field={field as FieldState<unknown>} label={label} hint={hint} wide={wide} inline>
      <Switch
        id={field.id}
        checked={field.value === true}
        onChange={field.set}
        label={label}
        testId={`switch-${field.key}`}
      />
    </Field>
  );
}

/** One of a few values, as a segmented control of radio buttons. */
export function ChoiceField({
  path,
  label,
  hint,
  wide,
  options,
}: Common & { options: readonly { value: string; label?: string }[] }) {
  const field = useField<string>(path);
  return (
    <Field
      field={field as FieldState<unknown>}
      label={label}
      hint={hint}
      wide={wide}
      labelFor={false}
    >
      <div className="segmented" role="radiogroup" aria-labelledby={`${field.id}-label`}>
        {options.map((o) => (
          <label key={o.value} className={`segment${field.value === o.value ? ' is-active' : ''}`}>
            <input
              type="radio"
              name={field.id}
              value={o.value}
              checked={field.value === o.value}
              onChange={() => field.set(o.value)}
            />
            <span>{o.label ?? o.value}</span>
          </label>
        ))}
      </div>
    </Field>
  );
}

/** A list of known values as checkboxes; values outside the vocabulary are kept and shown. */
export function CheckboxesField({
  path,
  label,
  hint,
  wide,
  options,
}: Common & { options: readonly { value: string; label: string; title?: string }[] }) {
  const field = useField<string[]>(path);
  const list = Array.isArray(field.value) ? field.value : [];
  const allowed = options.map((o) => o.value);
  const unknown = list.filter((v) => !allowed.includes(v));
  return (
    <Field
      field={field as FieldState<unknown>}
      label={label}
      hint={hint}
      wide={wide}
      labelFor={false}
    >
      <div className="checks">
        {options.map((o) => (
          <label key={o.value} className="check" title={o.title ?? o.value}>
            <input
              type="checkbox"
              checked={list.includes(o.value)}
              onChange={(e) => field.set(toggleInList(list, o.value, e.target.checked, allowed))}
            />
            <span>{o.label}</span>
          </label>
        ))}
        {unknown.map((u) => (
          <span key={u} className="chip chip-warn" title="Not a known value">
            {u}
          </span>
        ))}
      </div>
    </Field>
  );
}

/** A list of URLs, one input per row, with add and remove. */
export function UrlListField({
  path,
  label,
  itemLabel,
  hint,
  wide,
  placeholder,
}: Common & { placeholder: string; itemLabel: string }) {
  const field = useField<string[]>(path);
  const list = Array.isArray(field.value) ? field.value : [];
  return (
    <Field
      field={field as FieldState<unknown>}
      label={label}
      hint={hint}
      wide={wide}
      labelFor={false}
    >
      <div className="rows">
        {list.map((url, i) => (
          <div className="input-row" key={i}>
            <input
              className="input mono"
              value={url}
              placeholder={placeholder}
              spellCheck={false}
              aria-label={`${itemLabel} ${i + 1}`}
              onChange={(e) => field.set(list.map((u, j) => (j === i ? e.target.value : u)))}
            />
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remove ${itemLabel} ${i + 1}`}
              onClick={() => field.set(list.filter((_, j) => j !== i))}
            >
              <Icon name="x" />
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => field.set([...list, ''])}
        >
          <Icon name="plus" size={12} /> Add URL
        </button>
      </div>
    </Field>
  );
}

/** Multi-line text (a PEM key, a hash). */
export function TextAreaField({
  path,
  label,
  hint,
  wide,
  placeholder,
  rows = 6,
}: Common & { placeholder?: string; rows?: number }) {
  const field = useField<string | undefined>(path);
  return (
    <Field field={field as FieldState<unknown>} label={label} hint={hint} wide={wide}>
      <textarea
        id={field.id}
        className="input mono textarea"
        rows={rows}
        value={field.value ?? ''}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={field.issues !== ''}
        onChange={(e) => field.set(e.target.value)}
      />
    </Field>
  );
}
