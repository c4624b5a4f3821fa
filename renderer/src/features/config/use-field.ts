import { useCallback } from 'react';
import { useAppStore } from '../../store/app-store-context.js';
import { issuesAt } from '../../store/config-slice.js';
import { deepEqual } from '../../store/deep-equal.js';
import { getIn, isChangedFromDefault, pathKey, setIn, type Path } from './form-model.js';

export interface FieldState<T> {
  key: string;
  id: string;
  value: T;
  set: (value: T) => void;
  /** Why the simulator refuses the value, one message per line ('' when accepted). */
  issues: string;
  /** Accepted, but the provider would never send it: why, one per line ('' when plausible). */
  warnings: string;
  changedFromDefault: boolean;
  /** Edited in the form but not applied yet. */
  unapplied: boolean;
  defaultValue: unknown;
  revert: () => void;
}

/** One form field: its draft value, setter, refusals and markers, read narrowly from the store. */
export function useField<T>(path: Path): FieldState<T> {
  const key = pathKey(path);
  const value = useAppStore((s) => getIn(s.draft, path)) as T;
  const issues = useAppStore((s) =>
    issuesAt(s.issues, key)
      .map((i) => (i.path === key ? i.message : `${i.path.slice(key.length + 1)}: ${i.message}`))
      .join('\n'),
  );
  const warnings = useAppStore((s) =>
    issuesAt(s.warnings, key)
      .map((i) => (i.path === key ? i.message : `${i.path.slice(key.length + 1)}: ${i.message}`))
      .join('\n'),
  );
  const changedFromDefault = useAppStore((s) => isChangedFromDefault(s.draft, s.defaults, path));
  const unapplied = useAppStore(
    (s) => s.current !== null && !deepEqual(getIn(s.draft, path), getIn(s.current, path)),
  );
  const defaultValue = useAppStore((s) => getIn(s.defaults, path));
  const editDraft = useAppStore((s) => s.editDraft);
  // The path is identified by its key; a new array with the same key is the same field.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const set = useCallback((v: T) => editDraft((d) => setIn(d, path, v)), [editDraft, key]);
  const revert = useCallback(() => set(structuredClone(defaultValue) as T), [set, defaultValue]);
  return {
    key,
    id: `field-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`,
    value,
    set,
    issues,
    warnings,
    changedFromDefault,
    unapplied,
    defaultValue,
    revert,
  };
}
