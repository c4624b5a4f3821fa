import { Icon } from '../../components/Icon.js';
import { Field } from './Field.js';
import {
  propertyText,
  propertyValue,
  rowsValue,
  type Path,
  type PropertyInfo,
} from './form-model.js';
import { useField, type FieldState } from './use-field.js';

type Row = Record<string, unknown>;

/**
 * A list of objects edited as table rows (passports, driving permits, return codes). Members
 * outside the known columns are kept untouched.
 */
export function RowsField({
  path,
  label,
  hint,
  columns,
  emptyAs,
  addLabel,
  newRow,
}: {
  path: Path;
  label: string;
  hint?: string;
  columns: readonly PropertyInfo[];
  emptyAs: null | [];
  addLabel: string;
  newRow: Row;
}) {
  const field = useField<Row[] | null>(path);
  const rows = Array.isArray(field.value) ? field.value : [];
  const setRows = (next: Row[]) => field.set(rowsValue(next, emptyAs));
  return (
    <Field field={field as FieldState<unknown>} label={label} hint={hint} wide labelFor={false}>
      {rows.length === 0 ? (
        <p className="muted small rows-empty">
          {field.value === null
            ? 'None (null): the claim is not returned.'
            : 'None (an empty list).'}
        </p>
      ) : (
        <table className="rows-table" aria-label={label}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" title={c.hint}>
                  {c.label}
                </th>
              ))}
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.key}>
                    <input
                      className="input mono"
                      value={propertyText(row[c.key])}
                      placeholder={c.type === 'date' ? 'YYYY-MM-DD' : ''}
                      aria-label={`${label} ${i + 1} ${c.label}`}
                      spellCheck={false}
                      onChange={(e) =>
                        setRows(
                          rows.map((r, j) =>
                            j === i ? { ...r, [c.key]: propertyValue(c, e.target.value) } : r,
                          ),
                        )
                      }
                    />
                  </td>
                ))}
                <td className="row-actions">
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Remove ${label} ${i + 1}`}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    <Icon name="trash" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => setRows([...rows, { ...newRow }])}
      >
        <Icon name="plus" size={12} /> {addLabel}
      </button>
    </Field>
  );
}
