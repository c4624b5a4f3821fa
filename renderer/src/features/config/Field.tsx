import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon.js';
import type { FieldState } from './use-field.js';

/** The simulator counts list items from 0; the form shows them from 1. */
export function readableIssue(message: string): string {
  return message.replace(/\bitem (\d+)\b/g, (_m, n: string) => `row ${Number(n) + 1}`);
}

function describeDefault(v: unknown): string {
  if (v === undefined || v === null || v === '') return 'not set';
  if (typeof v === 'string') return v.length > 60 ? `${v.slice(0, 57)}…` : v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
    return v.length === 0 ? 'none' : v.join(', ');
  const json = JSON.stringify(v);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

/**
 * A labelled form row: the control, the field's wire name, a "changed from default" marker with
 * a revert button, the simulator's reason when it refuses the value, and a warning when it accepts
 * a value the provider would never send.
 */
export function Field({
  field,
  label,
  hint,
  children,
  wide,
  labelFor = true,
  inline,
}: {
  field: FieldState<unknown>;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** Whether the label targets the control by id (false for groups of controls). */
  labelFor?: boolean;
  /** The control sits before the label (switches). */
  inline?: boolean;
}) {
  const wireName = field.key.split('.').at(-1);
  const invalid = field.issues !== '';
  // For large groups (lists of cards, tables) the hint reads best before the rows.
  const hintAbove = wide === true && !labelFor;
  const hintNode = hint ? <div className="field-hint">{hint}</div> : null;
  return (
    <div
      className={`field${inline ? ' field-inline' : ''}${wide ? ' field-wide' : ''}${invalid ? ' is-invalid' : ''}${field.unapplied ? ' is-unapplied' : ''}`}
      data-testid={`field-${field.key}`}
      data-changed={field.changedFromDefault ? 'true' : 'false'}
      role={labelFor ? undefined : 'group'}
      aria-labelledby={labelFor ? undefined : `${field.id}-label`}
    >
      <div className="field-label">
        {labelFor ? (
          <label htmlFor={field.id} id={`${field.id}-label`}>
            {label}
          </label>
        ) : (
          <span id={`${field.id}-label`} className="label-text">
            {label}
          </span>
        )}
        <code className="field-wire">{wireName}</code>
        {field.changedFromDefault ? (
          <span className="changed-marker" data-testid="changed-marker">
            <span className="changed-dot" aria-hidden="true" />
            <span
              className="changed-text"
              title={`Default: ${describeDefault(field.defaultValue)}`}
            >
              changed
            </span>
            <button
              type="button"
              className="link-btn"
              onClick={field.revert}
              aria-label={`Revert ${label} to its default (${describeDefault(field.defaultValue)})`}
              title={`Revert to default: ${describeDefault(field.defaultValue)}`}
            >
              <Icon name="undo" size={12} />
            </button>
          </span>
        ) : null}
      </div>
      {hintAbove ? hintNode : null}
      <div className="field-control">{children}</div>
      {hintAbove ? null : hintNode}
      {invalid ? (
        <div className="field-issue" role="alert" data-testid="field-issue">
          <Icon name="alert" size={12} />
          <span>{readableIssue(field.issues)}</span>
        </div>
      ) : null}
      {field.warnings !== '' ? (
        <div className="field-warning" role="status" data-testid="field-warning">
          <Icon name="alert" size={12} />
          <span>Accepted, but the provider never sends this: {readableIssue(field.warnings)}</span>
        </div>
      ) : null}
    </div>
  );
}
