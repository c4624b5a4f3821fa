import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAdminClient, EVENTS_URL } from './api/admin-client.js';
import { getDesktopBridge } from './api/desktop-bridge.js';
import { openEventStream } from './api/event-stream.js';
import { createPresetsClient } from './api/presets-client.js';
import { createRpCheckClient } from './api/rp-check-client.js';
import { createToolsClient } from './api/tools-client.js';
import {
  readChosenSimulator,
  routeToSimulator,
  simulatorHref,
  withSimulator,
} from './api/simulator-base.js';
import {
  createSimulatorPresence,
  streamUrlWithoutCreation,
  withPresenceCheck,
} from './api/simulator-presence.js';
import { createSimulatorsClient } from './api/simulators-client.js';
import { leaveNotice } from './app/simulator-notice.js';
import { App } from './app/App.js';
import { AppStoreProvider } from './store/app-store-context.js';
import { createAppStore } from './store/create-app-store.js';
import { startSync } from './store/start-sync.js';
import './styles/theme.css';
import './styles/base.css';
import './styles/app.css';
import './styles/config.css';
import './styles/scenarios.css';
import './styles/log.css';
import './styles/tokens.css';

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

// The simulator the window acts on (?simulator=<name>; none: the root one). Its calls go there;
// the one request log is shared and shown filtered to it.
const chosen = readChosenSimulator(window.location.search);
const simulators = createSimulatorsClient();
// A request under /sim/<name>/ creates that simulator unless it says not to: the window's say so
// (a deleted one answers 404), and while it could have missed a deletion it also asks first; either
// way it goes back to the root simulator instead of bringing it back.
const presence =
  chosen === ''
    ? null
    : createSimulatorPresence({
        name: chosen,
        list: () => simulators.list(),
        create: (name) => simulators.create(name),
        leave: (notice) => {
          leaveNotice(notice);
          window.location.assign(simulatorHref('', window.location.search));
        },
      });
const plain = withSimulator((i, init) => fetch(i, init), chosen);
const routed = presence ? withPresenceCheck(plain, presence) : plain;

const store = createAppStore({
  api: createAdminClient(routed),
  presets: createPresetsClient(routed),
  rpCheck: createRpCheckClient(routed),
  tools: createToolsClient(routed),
  now: () => Date.now(),
  schedule: (fn, ms) => window.setTimeout(fn, ms),
  cancel: (h) => window.clearTimeout(h as number),
  storage: safeStorage(),
});

store.getState().setFilter({ simulator: chosen });

startSync(store, {
  openStream: (handlers) =>
    openEventStream(
      presence
        ? streamUrlWithoutCreation(routeToSimulator(EVENTS_URL, chosen))
        : routeToSimulator(EVENTS_URL, chosen),
      presence
        ? {
            ...handlers,
            onState: (s) => {
              presence.setStreamOpen(s === 'open');
              handlers.onState(s);
            },
          }
        : handlers,
      presence ? { beforeConnect: async () => (await presence.ensure()) === 'go' } : {},
    ),
  schedule: (fn, ms) => window.setTimeout(fn, ms),
  cancel: (h) => window.clearTimeout(h as number),
});

// In the desktop window the theme is also a desktop preference (it styles the window itself and
// survives a port change, which gives the page a new origin and so new local storage).
const desktop = getDesktopBridge();
if (desktop) {
  void desktop.getInfo().then(
    (info) => {
      if (info.theme !== store.getState().theme) store.getState().setTheme(info.theme);
      store.subscribe((state, previous) => {
        if (state.theme !== previous.theme) void desktop.setPreferences({ theme: state.theme });
      });
    },
    () => undefined,
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppStoreProvider store={store}>
        <App simulators={simulators} presence={presence} />
      </AppStoreProvider>
    </StrictMode>,
  );
}
