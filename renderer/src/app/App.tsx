import { useLayoutEffect } from 'react';
import { Icon } from '../components/Icon.js';
import { useAppStore, useAppStoreApi } from '../store/app-store-context.js';
import { nextTheme, type ThemeChoice } from '../store/ui-slice.js';
import { ConfigScreen } from '../features/config/ConfigScreen.js';
import { LogScreen } from '../features/log/LogScreen.js';
import { ActiveScenariosBanner } from '../features/scenarios/ActiveScenariosBanner.js';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { ConnectionBanner } from '../features/status/ConnectionBanner.js';
import { ScenariosScreen } from '../features/scenarios/ScenariosScreen.js';
import { ClientDetailsDialog } from '../features/status/ClientDetailsDialog.js';
import { PortDialog } from '../features/status/PortDialog.js';
import { StatusBar } from '../features/status/StatusBar.js';
import { TokensScreen } from '../features/tokens/TokensScreen.js';
import { ActivePresetChip } from '../features/presets/ActivePresetChip.js';
import { DeleteDialog } from '../features/presets/DeleteDialog.js';
import { ExportDialog } from '../features/presets/ExportDialog.js';
import { ImportDialog } from '../features/presets/ImportDialog.js';
import { PresetsScreen } from '../features/presets/PresetsScreen.js';
import { RpCheckScreen } from '../features/rp-check/RpCheckScreen.js';
import { QuickSwitcher } from '../features/presets/QuickSwitcher.js';
import { HelpDialog } from './HelpDialog.js';
import { SimulatorSwitcher } from './SimulatorSwitcher.js';
import type { SimulatorsClient } from '../api/simulators-client.js';
import type { SimulatorPresence } from '../api/simulator-presence.js';
import { readChosenSimulator } from '../api/simulator-base.js';
import { useShortcuts } from './use-shortcuts.js';
import { ScreenTabs } from './ScreenTabs.js';
import { SCREEN_LIST } from './screen-list.js';

const THEME_ICON = { system: 'monitor', light: 'sun', dark: 'moon' } as const;
const THEME_LABEL: Record<ThemeChoice, string> = {
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
};

/**
 * The tester's window: header with screens and the active scenario/persona, the active error
 * scenarios, the screen, the status bar.
 */
export function App({
  simulators,
  presence,
}: {
  simulators: SimulatorsClient;
  /** The chosen named simulator's presence (null on the root simulator). */
  presence: SimulatorPresence | null;
}) {
  const store = useAppStoreApi();
  const screen = useAppStore((s) => s.screen);
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const dialog = useAppStore((s) => s.dialog);
  const openDialog = useAppStore((s) => s.openDialog);
  useShortcuts(store);

  useLayoutEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);

  return (
    <div className="app" data-screen={screen}>
      <a
        className="skip-link"
        href="#main"
        data-testid="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            <Icon name="shield" size={16} />
          </span>
          <span className="brand-name">Identity Simulator</span>
        </div>
        <ScreenTabs />
        {/* What the window acts on and what is in force: a box of its own width, so however
            long a scenario's name is, the tabs keep their places (a narrow window puts it on a
            second line, where the name has the window's width). */}
        <div className="header-context" data-testid="header-context">
          <SimulatorSwitcher
            client={simulators}
            presence={presence}
            chosen={readChosenSimulator(window.location.search)}
            navigate={(href) => window.location.assign(href)}
          />
          <ActivePresetChip />
        </div>
        <button
          type="button"
          className="icon-btn header-btn"
          onClick={() => setTheme(nextTheme(theme))}
          aria-label={`${THEME_LABEL[theme]} (click to change)`}
          title={`${THEME_LABEL[theme]} — Shift+T`}
          data-testid="theme-toggle"
          data-theme-choice={theme}
        >
          <Icon name={THEME_ICON[theme]} size={15} />
        </button>
        <button
          type="button"
          className="icon-btn header-btn"
          onClick={() => openDialog('help')}
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          data-testid="help-button"
        >
          <Icon name="help" size={15} />
        </button>
      </header>
      <div className="banners">
        <ConnectionBanner />
        <ActiveScenariosBanner />
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="app-main"
        role="tabpanel"
        aria-label={SCREEN_LIST.find((n) => n.screen === screen)?.label}
      >
        <ErrorBoundary resetKey={screen}>
          {screen === 'config' ? <ConfigScreen /> : null}
          {screen === 'scenarios' ? <ScenariosScreen /> : null}
          {screen === 'log' ? <LogScreen /> : null}
          {screen === 'tokens' ? <TokensScreen /> : null}
          {screen === 'presets' ? <PresetsScreen /> : null}
          {screen === 'rp-check' ? <RpCheckScreen /> : null}
        </ErrorBoundary>
      </main>
      <StatusBar />
      {dialog === 'help' ? <HelpDialog /> : null}
      {dialog === 'client' ? <ClientDetailsDialog /> : null}
      {dialog === 'port' ? <PortDialog /> : null}
      {dialog === 'switcher' ? <QuickSwitcher /> : null}
      {dialog === 'import' ? <ImportDialog /> : null}
      {dialog === 'export' ? <ExportDialog /> : null}
      {dialog === 'delete' ? <DeleteDialog /> : null}
    </div>
  );
}
