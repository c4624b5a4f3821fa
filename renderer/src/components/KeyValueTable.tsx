import type { ReactNode } from 'react';

/** Two-column name/value rows (headers, query and form parameters). */
export function KeyValueTable({
  rows,
  empty = 'None',
  label,
  testId,
  plainKeys,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  empty?: string;
  label: string;
  testId?: string;
  /** Keys in the text font (labels) rather than monospace (wire names). */
  plainKeys?: boolean;
}) {
  if (rows.length === 0) return <p className="muted small">{empty}</p>;
  return (
    <table className={plainKeys ? 'kv kv-plain' : 'kv'} aria-label={label} data-testid={testId}>
      <tbody>
        {rows.map(([k, v], i) => (
          <tr key={`${k}-${i}`}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
