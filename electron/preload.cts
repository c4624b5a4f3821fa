/**
 * Preload of the app window. Runs sandboxed, so it is one CommonJS file that requires only
 * 'electron'. It exposes the desktop bridge as `window.simulatorDesktop`: one method per IPC
 * channel, arguments passed through as they are (the main process checks them and the sender).
 * Nothing else reaches the page: no ipcRenderer, no generic invoke.
 */
// A CommonJS file under verbatimModuleSyntax loads modules with `import x = require()`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');
import type { DesktopBridge, DesktopChannels } from './bridge.js';

const { contextBridge, ipcRenderer } = electron;

// Spelled out here (a sandboxed preload cannot load other files); the type keeps it in step.
const channels: DesktopChannels = {
  getInfo: 'desktop:get-info',
  setPort: 'desktop:set-port',
  exportConfig: 'desktop:export-config',
  importConfig: 'desktop:import-config',
  revealDataFolder: 'desktop:reveal-data-folder',
  setPreferences: 'desktop:set-preferences',
};

const bridge: DesktopBridge = {
  getInfo: () => ipcRenderer.invoke(channels.getInfo),
  setPort: (port, host) =>
    host === undefined
      ? ipcRenderer.invoke(channels.setPort, port)
      : ipcRenderer.invoke(channels.setPort, port, host),
  exportConfig: (json) => ipcRenderer.invoke(channels.exportConfig, json),
  importConfig: () => ipcRenderer.invoke(channels.importConfig),
  revealDataFolder: () => ipcRenderer.invoke(channels.revealDataFolder),
  setPreferences: (preferences) => ipcRenderer.invoke(channels.setPreferences, preferences),
};

contextBridge.exposeInMainWorld('simulatorDesktop', bridge);
