import type { DesktopBridge, DesktopChannels } from '../bridge.js';

/** The channel of each bridge method (the preload spells the same names, checked by type). */
export const DESKTOP_CHANNELS: DesktopChannels = {
  getInfo: 'desktop:get-info',
  setPort: 'desktop:set-port',
  exportConfig: 'desktop:export-config',
  importConfig: 'desktop:import-config',
  revealDataFolder: 'desktop:reveal-data-folder',
  setPreferences: 'desktop:set-preferences',
};

// Every bridge method has exactly one channel, and every channel a method.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const oneChannelPerMethod: Same<keyof DesktopBridge, keyof DesktopChannels> = true;
void oneChannelPerMethod;
