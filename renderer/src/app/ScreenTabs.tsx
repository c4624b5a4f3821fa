import { useLayoutEffect, useRef, useState } from 'react';
import { Icon } from '../components/Icon.js';
import { useAppStore } from '../store/app-store-context.js';
import { selectors } from '../store/selectors.js';
import type { Screen } from '../store/ui-slice.js';
import { fitTabs } from './fit-tabs.js';
import { SCREEN_LIST, type ScreenEntry } from './screen-list.js';

/**
 * A tab's badge. Its place is kept when there is nothing to show (and it has one width whatever
 * the count), so a count appearing or growing never moves the tabs.
 */
function NavBadge({ screen }: { screen: Screen }) {
  const scenarios = useAppStore(selectors.activeSwitchCount);
  const exchanges = useAppStore(selectors.exchangeCount);
  const dirty = useAppStore(selectors.isDraftDirty);
  if (screen === 'scenarios')
    return scenarios > 0 ? (
      <span className="nav-badge warn">{scenarios > 99 ? '99+' : scenarios}</span>
    ) : (
      <span className="nav-badge is-empty" aria-hidden="true" />
    );
  if (screen === 'log')
    return exchanges > 0 ? (
      <span className="nav-badge">{exchanges > 9999 ? '10k' : exchanges}</span>
    ) : (
      <span className="nav-badge is-empty" aria-hidden="true" />
    );
  if (screen === 'config')
    return dirty ? (
      <span className="nav-dot" title="Unapplied changes" aria-label="unapplied changes" />
    ) : (
      <span className="nav-dot is-empty" aria-hidden="true" />
    );
  return null;
}

/** The widest badge a tab can carry: the tabs are measured with it, so a count never moves them. */
function WidestBadge({ screen }: { screen: Screen }) {
  if (screen === 'scenarios') return <span className="nav-badge warn">99</span>;
  if (screen === 'log') return <span className="nav-badge">10k</span>;
  if (screen === 'config') return <span className="nav-dot" />;
  return null;
}

function TabContent({
  entry,
  label,
  measure = false,
}: {
  entry: ScreenEntry;
  label: string;
  measure?: boolean;
}) {
  return (
    <>
      <Icon name={entry.icon} size={14} />
      <span className="nav-label">{label}</span>
      {measure ? <WidestBadge screen={entry.screen} /> : <NavBadge screen={entry.screen} />}
    </>
  );
}

/**
 * The screen tabs, always on one line: full labels when they fit, short ones when the window is
 * narrow, and the tabs that still do not fit in a "More" menu (the active tab stays in the bar).
 * A hidden copy of every tab, in both label lengths, is measured to decide.
 */
export function ScreenTabs() {
  const screen = useAppStore((s) => s.screen);
  const setScreen = useAppStore((s) => s.setScreen);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [space, setSpace] = useState<{ available: number; widths: number[] } | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const update = () => {
      const widths = Array.from(measure.children).map(
        (c) => (c as HTMLElement).getBoundingClientRect().width,
      );
      setSpace({ available: nav.clientWidth, widths });
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, []);

  const n = SCREEN_LIST.length;
  const activeIndex = SCREEN_LIST.findIndex((e) => e.screen === screen);
  const fit = space
    ? fitTabs(
        space.widths.slice(0, n),
        space.widths.slice(n, 2 * n),
        space.widths[2 * n] ?? 0,
        space.available,
        activeIndex,
      )
    : { labels: 'full' as const, visible: SCREEN_LIST.map((_, i) => i), hidden: [] };
  const hidden = fit.hidden.map((i) => SCREEN_LIST[i] as ScreenEntry);

  const choose = (s: Screen) => {
    setMenuOpen(false);
    setScreen(s);
  };

  return (
    <nav className="app-nav" aria-label="Screens" ref={navRef} data-labels={fit.labels}>
      <div className="nav-tabs" role="tablist" aria-label="Screens">
        {fit.visible.map((i) => {
          const entry = SCREEN_LIST[i] as ScreenEntry;
          const selected = screen === entry.screen;
          return (
            <button
              key={entry.screen}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-label={entry.label}
              className={`nav-tab${fit.labels === 'short' ? ' is-short' : ''}${selected ? ' is-active' : ''}`}
              onClick={() => choose(entry.screen)}
              data-testid={`nav-${entry.screen}`}
              title={`${entry.label} (${entry.key})`}
            >
              <TabContent entry={entry} label={fit.labels === 'full' ? entry.label : entry.short} />
            </button>
          );
        })}
      </div>
      {hidden.length > 0 ? (
        <div className="nav-more">
          <button
            type="button"
            className="nav-tab is-short nav-more-btn"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setMenuOpen(false);
            }}
            data-testid="nav-more"
            title={`More screens: ${hidden.map((e) => e.label).join(', ')}`}
          >
            <span className="nav-label">More</span>
            <Icon name="chevronDown" size={12} />
          </button>
          {menuOpen ? (
            <>
              <div className="nav-more-backdrop" onClick={() => setMenuOpen(false)} />
              <ul className="nav-more-menu" role="menu" aria-label="More screens">
                {hidden.map((entry) => (
                  <li key={entry.screen} role="none">
                    <button
                      type="button"
                      role="menuitem"
                      className="nav-more-item"
                      onClick={() => choose(entry.screen)}
                      onKeyDown={(e) => {
                        if (e.key === 'Escape') setMenuOpen(false);
                      }}
                      data-testid={`nav-more-${entry.screen}`}
                    >
                      <TabContent entry={entry} label={entry.label} />
                      <span className="nav-more-key">{entry.key}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <div className="nav-measure-box" aria-hidden="true">
        <div className="nav-measure" ref={measureRef}>
          {SCREEN_LIST.map((entry) => (
            <span key={`full-${entry.screen}`} className="nav-tab">
              <TabContent entry={entry} label={entry.label} measure />
            </span>
          ))}
          {SCREEN_LIST.map((entry) => (
            <span key={`short-${entry.screen}`} className="nav-tab is-short">
              <TabContent entry={entry} label={entry.short} measure />
            </span>
          ))}
          <span className="nav-tab is-short nav-more-btn">
            <span className="nav-label">More</span>
            <Icon name="chevronDown" size={12} />
          </span>
        </div>
      </div>
    </nav>
  );
}
