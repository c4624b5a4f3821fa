import { useEffect, useState, type FormEvent } from 'react';
import type { SimulatorSummary } from '../../../server/src/contract.js';
import type { SimulatorsClient } from '../api/simulators-client.js';
import { simulatorHref } from '../api/simulator-base.js';

const ROOT_LABEL = 'Simulator: /';

/**
 * The header's simulator switcher: which simulator the configuration, errors and check screens
 * act on, and whose exchanges the log shows. Choosing one opens the window on it
 * (?simulator=<name>); a name typed in creates that simulator first.
 */
export function SimulatorSwitcher({
  client,
  chosen,
  navigate,
}: {
  client: SimulatorsClient;
  chosen: string;
  navigate: (href: string) => void;
}) {
  const [named, setNamed] = useState<SimulatorSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let live = true;
    void client.list().then((r) => {
      if (!live) return;
      if (r.ok) setNamed(r.value.simulators);
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [client]);

  const go = (name: string) => navigate(simulatorHref(name, window.location.search));

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const name = draft.trim();
    if (name === '') return;
    const r = await client.create(name);
    if (r.ok) go(r.value.name);
    else setError(r.error.message);
  };

  const names = named.map((s) => s.name);
  if (chosen !== '' && !names.includes(chosen)) names.push(chosen);

  return (
    <div className="simulator-switcher" data-testid="simulator-switcher">
      <select
        value={chosen}
        onChange={(e) => go(e.target.value)}
        aria-label="Simulator"
        data-testid="simulator-select"
        title="The simulator the screens act on and whose exchanges the log shows"
      >
        <option value="">{ROOT_LABEL}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            /sim/{name}/
          </option>
        ))}
      </select>
      <button
        type="button"
        className="icon-btn header-btn"
        aria-expanded={adding}
        aria-label="New simulator"
        title="New simulator"
        data-testid="simulator-new-open"
        onClick={() => {
          setAdding((a) => !a);
          setError(null);
        }}
      >
        +
      </button>
      {adding && (
        <form
          onSubmit={(e) => void create(e)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setAdding(false);
          }}
          className="simulator-new"
        >
          <input
            autoFocus
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            placeholder="new-simulator"
            aria-label="New simulator name"
            data-testid="simulator-new-name"
            maxLength={64}
            size={14}
          />
          <button type="submit" className="btn" data-testid="simulator-create">
            Create
          </button>
          {error !== null ? (
            <span role="alert" className="simulator-new-error" data-testid="simulator-error">
              {error}
            </span>
          ) : (
            <span className="hint">a–z, 0–9 and -; served at /sim/&lt;name&gt;/</span>
          )}
        </form>
      )}
      {error !== null && !adding && (
        <span role="alert" className="simulator-error" data-testid="simulator-error">
          {error}
        </span>
      )}
    </div>
  );
}
