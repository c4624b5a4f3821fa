import { useState } from 'react';
import type { Exchange } from '../../../../server/src/contract.js';
import { useAppStore } from '../../store/app-store-context.js';
import { compareExchanges } from './compare-exchanges.js';

const title = (e: Exchange) => `#${e.seq} ${e.request.method} ${e.request.path}`;

/** Two exchanges side by side, field by field; differences are marked, sameness can be hidden. */
export function CompareView({ left, right }: { left: Exchange; right: Exchange }) {
  const setCompareId = useAppStore((s) => s.setCompareId);
  const [onlyDiffs, setOnlyDiffs] = useState(true);
  const rows = compareExchanges(left, right);
  const diffs = rows.filter((r) => !r.same).length;
  const shown = onlyDiffs ? rows.filter((r) => !r.same) : rows;
  return (
    <div className="detail compare-view" data-testid="compare-view">
      <header className="detail-head">
        <div className="detail-title">
          <strong>Compare</strong>
          <span className="mono">{title(left)}</span>
          <span className="muted">with</span>
          <span className="mono">{title(right)}</span>
        </div>
        <div className="detail-meta muted small">
          <span data-testid="compare-count">
            {diffs} of {rows.length} fields differ
          </span>
          <label className="inline-check">
            <input
              type="checkbox"
              checked={onlyDiffs}
              onChange={(e) => setOnlyDiffs(e.target.checked)}
              data-testid="compare-only-diffs"
            />
            Only differences
          </label>
          <button
            type="button"
            className="link-btn"
            onClick={() => setCompareId(null)}
            data-testid="compare-close"
          >
            Stop comparing
          </button>
        </div>
      </header>
      <div className="detail-scroll">
        <table className="compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">#{left.seq}</th>
              <th scope="col">#{right.seq}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={`${r.section}-${r.name}`}
                className={r.same ? '' : 'is-different'}
                data-testid="compare-row"
                data-field={r.name}
              >
                <th scope="row">
                  <span className="muted small">{r.section}</span> {r.name}
                </th>
                <td className="mono">
                  <div className="compare-cell">{r.left ?? <span className="muted">—</span>}</div>
                </td>
                <td className="mono">
                  <div className="compare-cell">{r.right ?? <span className="muted">—</span>}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 ? <p className="muted small">Every field is the same.</p> : null}
      </div>
    </div>
  );
}
