/**
 * The locked-down web preferences of the app window. Structurally a subset of Electron's
 * `WebPreferences`, so the window can pass it straight through; kept free of Electron imports
 * so it can be tested in plain Node.
 */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  experimentalFeatures: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  spellcheck: false;
  devTools: boolean;
}

export interface WindowOptionsInput {
  /** Absolute path of the compiled preload script (preload.cjs). */
  preloadPath: string;
  /** DevTools are available only in development builds. */
  allowDevTools: boolean;
}

export function secureWebPreferences({
  preloadPath,
  allowDevTools,
}: WindowOptionsInput): SecureWebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: allowDevTools,
  };
}

export interface WindowBoundsInput {
  x?: number | undefined;
  y?: number | undefined;
  width: number;
  height: number;
}

/** The options of the single app window (a subset of `BrowserWindowConstructorOptions`). */
export interface MainWindowOptions {
  title: string;
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: false;
  backgroundColor: string;
  autoHideMenuBar: false;
  webPreferences: SecureWebPreferences;
}

export const MIN_WINDOW_WIDTH = 640;
export const MIN_WINDOW_HEIGHT = 480;

export function windowOptions(
  input: WindowOptionsInput & { bounds: WindowBoundsInput; title: string; dark: boolean },
): MainWindowOptions {
  const { bounds } = input;
  return {
    title: input.title,
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: Math.max(bounds.width, MIN_WINDOW_WIDTH),
    height: Math.max(bounds.height, MIN_WINDOW_HEIGHT),
    minWidth: MIN_WINDOW_WIDTH,
    minHeight: MIN_WINDOW_HEIGHT,
    // Shown once the first page is ready, so there is no white flash.
    show: false,
    backgroundColor: input.dark ? '#1b1f23' : '#ffffff',
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(input),
  };
}
