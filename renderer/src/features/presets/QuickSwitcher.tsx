import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog.js';
import { Kbd } from '../../components/Kbd.js';
import { useAppStore } from '../../store/app-store-context.js';
import { isActivePreset } from '../../store/presets/preset-lookup.js';
import { filterEntries, switcherEntries, type SwitcherEntry } from './switcher-model.js';

/**
 * Ctrl+K (or s): type a few letters of a scenario or persona, Enter applies the highlighted one.
 * The filter is fuzzy (letters in order), best match first.
 */
export function QuickSwitcher() {
  const scenarios = useAppStore((s) => s.scenarios);
  const personas = useAppStore((s) => s.personas);
  const active = useAppStore((s) => s.active);
  const apply = useAppStore((s) => s.applyPreset);
  const close = useAppStore((s) => s.openDialog);
  const applying = useAppStore((s) => s.applyingPreset !== null);
  const error = useAppStore((s) => s.presetError);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The dialog focuses its first button when it opens (its effect runs before this one).
  useEffect(() => input.current?.focus(), []);
  const [cursor, setCursor] = useState(0);
  const entries = useMemo(() => switcherEntries(scenarios, personas), [scenarios, personas]);
  const matches = useMemo(() => filterEntries(entries, query), [entries, query]);
  const highlighted = Math.min(cursor, Math.max(matches.length - 1, 0));

  const choose = (entry: SwitcherEntry | undefined) => {
    if (!entry || applying) return;
    void apply({ kind: entry.kind, id: entry.id }).then((ok) => {
      if (ok) close(null);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setCursor(Math.min(Math.max(highlighted + step, 0), Math.max(matches.length - 1, 0)));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(matches[highlighted]);
    }
  };

  const optionId = (entry: SwitcherEntry) => `switcher-${entry.kind}-${entry.id}`;
  const current = matches[highlighted];
  return (
    <Dialog title="Apply a scenario or persona" onClose={() => close(null)} testId="quick-switcher">
      <input
        className="input switcher-input"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setCursor(0);
        }}
        onKeyDown={onKeyDown}
        placeholder="Type to filter: “wrong key”, “passport”…"
        aria-label="Filter scenarios and personas"
        role="combobox"
        aria-expanded="true"
        aria-controls="switcher-list"
        aria-activedescendant={current ? optionId(current) : undefined}
        ref={input}
        spellCheck={false}
        autoComplete="off"
        data-testid="switcher-input"
      />
      {error ? (
        <p className="tone-bad small" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="switcher-list" id="switcher-list" role="listbox" aria-label="Matches">
        {matches.length === 0 ? (
          <li className="muted small switcher-none">Nothing matches “{query}”.</li>
        ) : null}
        {matches.map((entry, i) => {
          const isActive = isActivePreset(active, entry);
          return (
            <li
              key={optionId(entry)}
              id={optionId(entry)}
              role="option"
              aria-selected={i === highlighted}
              className={`switcher-item${i === highlighted ? ' is-highlighted' : ''}`}
              onMouseMove={() => i !== highlighted && setCursor(i)}
              onClick={() => choose(entry)}
              data-testid="switcher-item"
              data-kind={entry.kind}
              data-id={entry.id}
            >
              <span className={`switcher-kind kind-${entry.kind}`}>
                {entry.kind === 'scenario' ? 'Scenario' : 'Persona'}
              </span>
              <span className="switcher-text">
                <span className="switcher-name">
                  {entry.name}
                  {isActive ? <span className="chip chip-ok">active</span> : null}
                </span>
                <span className="switcher-description ellipsis">{entry.description}</span>
              </span>
              {entry.shortcut !== undefined ? <Kbd>{`Alt ${entry.shortcut}`}</Kbd> : null}
            </li>
          );
        })}
      </ul>
      <p className="muted small switcher-help">
        <Kbd>↑</Kbd> <Kbd>↓</Kbd> choose · <Kbd>Enter</Kbd> apply · <Kbd>Esc</Kbd> close
      </p>
    </Dialog>
  );
}
