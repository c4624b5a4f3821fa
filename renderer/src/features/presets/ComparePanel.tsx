import { useEffect } from 'react';
import type { DiffSide } from '../../api/presets-client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { diffSideLabel, diffValue } from './preset-format.js';

function SidePicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: DiffSide;
  onChange: (side: DiffSide) => void;
  testId: string;
}) {
  const personas = useAppStore((s) => s.personas);
  const scenarios = useAppStore((s) => s.scenarios);
  return (
    <label className="compare-side">
      <span className="muted small">{label}</span>
      <select
        className="input select"
        value={value}
        onChange={(e) => onChange(e.target.value as DiffSide)}
        data-testid={testId}
      >
        <optgroup label="Configurations">
          <option value="defaults">Defaults</option>
          <option value="initial">As the simulator started</option>
          <option value="active">Active configuration</option>
        </optgroup>
        <optgroup label="Scenarios (as applied now)">
          {scenarios.map((s) => (
            <option key={s.id} value={`scenario:${s.id}`}>
              {s.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="Personas (as applied now)">
          {personas.map((p) => (
            <option key={p.id} value={`persona:${p.id}`}>
              {p.name}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  );
}

function Value({ value, present }: { value: unknown; present: boolean }) {
  const shown = diffValue(value, present);
  return shown.absent ? (
    <span className="diff-absent">absent</span>
  ) : (
    <pre className="diff-value">{shown.text}</pre>
  );
}

/** Two configurations side by side: the paths that differ, with each side's value. */
export function ComparePanel() {
  const diff = useAppStore((s) => s.diffState);
  const personas = useAppStore((s) => s.personas);
  const scenarios = useAppStore((s) => s.scenarios);
  const setSides = useAppStore((s) => s.setDiffSides);
  const loadDiff = useAppStore((s) => s.loadDiff);
  // The comparison is made by the simulator: ask once when the view opens.
  useEffect(() => {
    void loadDiff();
  }, [loadDiff]);

  const leftLabel = diffSideLabel(diff.left, personas, scenarios);
  const rightLabel = diffSideLabel(diff.right, personas, scenarios);
  return (
    <div className="compare" data-testid="compare-panel">
      <div className="compare-controls">
        <SidePicker
          label="Left"
          value={diff.left}
          onChange={(left) => void setSides(left, diff.right)}
          testId="compare-left"
        />
        <button
          type="button"
          className="icon-btn compare-swap"
          onClick={() => void setSides(diff.right, diff.left)}
          aria-label="Swap left and right"
          title="Swap left and right"
          data-testid="compare-swap"
        >
          ⇄
        </button>
        <SidePicker
          label="Right"
          value={diff.right}
          onChange={(right) => void setSides(diff.left, right)}
          testId="compare-right"
        />
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void setSides('defaults', 'active')}
          data-testid="compare-active-defaults"
        >
          Active vs defaults
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={() => void loadDiff()}
          aria-label="Compare again"
          title="Compare again"
        >
          <Icon name="undo" size={13} />
        </button>
      </div>
      <p className="muted small compare-count" role="status" data-testid="compare-count">
        {diff.status === 'loading'
          ? 'Comparing…'
          : diff.status === 'ready'
            ? diff.entries.length === 0
              ? 'No differences.'
              : `${diff.entries.length} ${diff.entries.length === 1 ? 'difference' : 'differences'}.`
            : ''}
      </p>
      {diff.status === 'error' ? (
        <div className="notice notice-bad" role="alert">
          <Icon name="alert" size={13} /> {diff.error}
        </div>
      ) : null}
      {diff.status === 'ready' && diff.entries.length === 0 ? (
        <EmptyState icon="check" title="The two sides are the same">
          <p>
            {leftLabel} and {rightLabel} give the same configuration (where the simulator runs is
            not compared).
          </p>
        </EmptyState>
      ) : null}
      {diff.entries.length > 0 ? (
        <div className="compare-table-wrap">
          <table className="compare-table" data-testid="compare-table">
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">{leftLabel}</th>
                <th scope="col">{rightLabel}</th>
              </tr>
            </thead>
            <tbody>
              {diff.entries.map((e) => (
                <tr key={e.path} data-testid="compare-row" data-path={e.path}>
                  <th scope="row">
                    <code>{e.path}</code>
                  </th>
                  <td>
                    <Value value={e.left} present={'left' in e} />
                  </td>
                  <td>
                    <Value value={e.right} present={'right' in e} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
