import { LOG_FILTER_ID } from '../features/log/LogToolbar.js';
import type { AppState } from '../store/app-state.js';

/** The filter boxes `/` can focus, by element id. */
export const FILTER_IDS = {
  log: LOG_FILTER_ID,
  switches: 'switch-filter',
  presets: 'preset-filter',
} as const;

/**
 * Where `/` sends the tester: the Errors screen and the persona/scenario library filter their own
 * list; anywhere else it is the request log's filter.
 */
export function filterTarget(s: AppState): {
  id: string;
  /** Opens the screen (when needed) and sets the text typed after `/`. */
  open(): void;
  setText(text: string): void;
} {
  if (s.screen === 'scenarios')
    return {
      id: FILTER_IDS.switches,
      open: () => undefined,
      setText: (text) => s.setListFilter('switches', text),
    };
  if (s.screen === 'presets' && s.presetsView === 'library')
    return {
      id: FILTER_IDS.presets,
      open: () => undefined,
      setText: (text) => s.setListFilter('presets', text),
    };
  return {
    id: FILTER_IDS.log,
    open: () => s.setScreen('log'),
    setText: (text) => s.setFilter({ text }),
  };
}
