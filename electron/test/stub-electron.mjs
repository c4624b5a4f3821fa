// A stand-in for the `electron` module, for loading the packed main process under plain Node.
// It implements just what the main process calls and reports the calls that matter (windows
// created, pages loaded, dialogs shown) as JSON lines on stdout. A JSON line on stdin,
// {"target": "app" | "window" | "contents", "event": NAME, "args": [...]}, emits that event, as
// Electron would (a second launch, a page that failed to load, a renderer that crashed);
// {"target": "process", "event": "throw", "args": [MESSAGE]} throws an error nobody catches.
// Environment: STUB_ELECTRON_LOCK=held (another copy holds the single-instance lock),
// STUB_UI_ROOT_CHILDREN (what the page's #root holds once loaded, default 1),
// STUB_DIALOG_RESPONSE (the button a message box answers, default 0), STUB_BANNER_CHOICE (the
// restart banner's answer, default "restart").
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const report = (event, detail = {}) =>
  process.stdout.write(`${JSON.stringify({ event, ...detail })}\n`);

const paths = new Map();
const base = process.env.STUB_ELECTRON_HOME ?? join(tmpdir(), 'stub-electron');
const listeners = (target) => {
  const map = new Map();
  target.on = (name, fn) => {
    map.set(name, [...(map.get(name) ?? []), fn]);
    return target;
  };
  target.once = target.on;
  target.emit = (name, ...args) => {
    for (const fn of map.get(name) ?? []) fn(...args);
  };
  return target;
};

export const app = listeners({
  isPackaged: true,
  getVersion: () => process.env.STUB_ELECTRON_VERSION ?? '0.0.0',
  getName: () => 'Identity Simulator',
  setPath: (name, path) => paths.set(name, path),
  getPath: (name) => {
    const path = paths.get(name) ?? join(base, name);
    mkdirSync(path, { recursive: true });
    return path;
  },
  setAppLogsPath: (path) => paths.set('logs', path ?? join(app.getPath('userData'), 'logs')),
  requestSingleInstanceLock: () => {
    report('lock', { userData: paths.get('userData') ?? null });
    return process.env.STUB_ELECTRON_LOCK !== 'held';
  },
  relaunch: () => report('relaunch'),
  whenReady: () => Promise.resolve(),
  commandLine: { hasSwitch: (name) => process.argv.includes(`--${name}`) },
  quit: () => {
    report('quit');
    process.exit(0);
  },
  exit: (code) => {
    report('exit', { code });
    process.exit(code);
  },
});

export const nativeTheme = { themeSource: 'system', shouldUseDarkColors: false };

export const screen = {
  getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
  getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const shell = {
  openExternal: async (url) => report('openExternal', { url }),
  openPath: async () => '',
};

export const dialog = {
  showErrorBox: (title, content) => report('dialog', { title, content }),
  showMessageBox: async (windowOrOptions, maybeOptions) => {
    const options = maybeOptions ?? windowOrOptions;
    report('dialog', { title: options?.title, content: options?.detail ?? options?.message });
    return { response: Number(process.env.STUB_DIALOG_RESPONSE ?? 0) };
  },
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showSaveDialog: async () => ({ canceled: true }),
};

export const ipcMain = { handle: (channel) => report('ipc', { channel }) };

export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: () => report('menu'),
};

const windows = [];
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    if (line.trim() === '') continue;
    const { target, event, args = [] } = JSON.parse(line);
    if (target === 'process' && event === 'throw') {
      setImmediate(() => {
        throw new Error(args[0]);
      });
      continue;
    }
    const emitter =
      target === 'app' ? app : target === 'window' ? windows.at(-1) : windows.at(-1)?.webContents;
    emitter?.emit(event, ...args);
  }
});

export class BrowserWindow {
  constructor(options) {
    listeners(this);
    windows.push(this);
    this.options = options;
    let url = '';
    const contents = listeners({
      session: {
        webRequest: { onHeadersReceived: () => undefined },
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
      },
      setWindowOpenHandler: () => undefined,
      getURL: () => url,
      reload: () => report('reload'),
      executeJavaScript: async (code) => {
        if (!code.includes('identity-simulator-restart-banner'))
          return Number(process.env.STUB_UI_ROOT_CHILDREN ?? 1);
        report('banner', { content: code });
        return process.env.STUB_BANNER_CHOICE ?? 'restart';
      },
      isDestroyed: () => false,
    });
    this.webContents = contents;
    this.loadURL = async (next) => {
      url = next;
      report('loadURL', { url: next });
      setImmediate(() => contents.emit('did-finish-load'));
    };
    report('window', { preload: options?.webPreferences?.preload });
  }
  maximize() {}
  show() {
    report('show');
  }
  focus() {}
  restore() {}
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  isDestroyed() {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 800 };
  }
}
