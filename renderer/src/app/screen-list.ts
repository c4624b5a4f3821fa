import type { IconName } from '../components/Icon.js';
import type { Screen } from '../store/ui-slice.js';

export interface ScreenEntry {
  screen: Screen;
  /** The tab's label when there is room. */
  label: string;
  /** The label when the header is narrow: one short word. */
  short: string;
  icon: IconName;
  /** The key that opens it. */
  key: string;
}

/** The screens, in tab order. */
export const SCREEN_LIST: readonly ScreenEntry[] = [
  { screen: 'config', label: 'Configuration', short: 'Config', icon: 'settings', key: '1' },
  { screen: 'scenarios', label: 'Error scenarios', short: 'Errors', icon: 'alert', key: '2' },
  { screen: 'log', label: 'Request log', short: 'Log', icon: 'list', key: '3' },
  { screen: 'tokens', label: 'Token inspector', short: 'Tokens', icon: 'token', key: '4' },
  { screen: 'presets', label: 'Personas & scenarios', short: 'Presets', icon: 'user', key: '5' },
  { screen: 'rp-check', label: 'Relying-party check', short: 'RP check', icon: 'shield', key: '6' },
];
