import type { Screen } from '../store/ui-slice.js';

export type Command =
  | { type: 'screen'; screen: Screen }
  | { type: 'move'; delta: number }
  | { type: 'move-edge'; edge: 'first' | 'last' }
  | { type: 'open-selected' }
  | { type: 'focus-filter' }
  | { type: 'toggle-pause' }
  | { type: 'help' }
  | { type: 'escape' }
  | { type: 'apply' }
  | { type: 'cycle-theme' }
  /** The quick switcher of personas and scenarios. */
  | { type: 'switcher' }
  /** Apply the Nth scenario of the list (1-based). */
  | { type: 'apply-scenario'; n: number };

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /**
   * The physical key (KeyboardEvent.code). Alt+digit is read from it: on a Mac, Alt changes the
   * character (Alt+1 types ¡).
   */
  code?: string;
  /** The focus is in a text field, so plain letters are typing, not shortcuts. */
  inEditable: boolean;
}

const SCREEN_BY_DIGIT: Record<string, Screen> = {
  '1': 'config',
  '2': 'scenarios',
  '3': 'log',
  '4': 'tokens',
  '5': 'presets',
  '6': 'rp-check',
};
const SCREEN_BY_G: Record<string, Screen> = {
  c: 'config',
  s: 'scenarios',
  l: 'log',
  t: 'tokens',
  i: 'tokens',
  p: 'presets',
  r: 'rp-check',
};

/**
 * Turns a key press into a command. `pendingG` is true after a lone "g" (the "g then letter"
 * sequences); the answer says whether the next key continues such a sequence.
 */
export function resolveKey(
  input: KeyInput,
  pendingG: boolean,
): { command?: Command; pendingG: boolean } {
  const { key } = input;
  const mod = input.ctrlKey || input.metaKey;
  if (mod && key === 'Enter') return { command: { type: 'apply' }, pendingG: false };
  if (key === 'Escape') return { command: { type: 'escape' }, pendingG: false };
  if (mod && !input.altKey && key.toLowerCase() === 'k')
    return { command: { type: 'switcher' }, pendingG: false };
  const altDigit = /^Digit([1-9])$/.exec(input.code ?? '');
  if (input.altKey && !mod && !input.inEditable && altDigit)
    return { command: { type: 'apply-scenario', n: Number(altDigit[1]) }, pendingG: false };
  if (input.inEditable || mod || input.altKey) return { pendingG: false };

  if (pendingG) {
    const screen = SCREEN_BY_G[key.toLowerCase()];
    return screen ? { command: { type: 'screen', screen }, pendingG: false } : { pendingG: false };
  }
  const digitScreen = SCREEN_BY_DIGIT[key];
  if (digitScreen) return { command: { type: 'screen', screen: digitScreen }, pendingG: false };
  switch (key) {
    case 'g':
      return { pendingG: true };
    case 'j':
    case 'ArrowDown':
      return { command: { type: 'move', delta: 1 }, pendingG: false };
    case 'k':
    case 'ArrowUp':
      return { command: { type: 'move', delta: -1 }, pendingG: false };
    case 'PageDown':
      return { command: { type: 'move', delta: 20 }, pendingG: false };
    case 'PageUp':
      return { command: { type: 'move', delta: -20 }, pendingG: false };
    case 'Home':
      return { command: { type: 'move-edge', edge: 'first' }, pendingG: false };
    case 'End':
    case 'G':
      return { command: { type: 'move-edge', edge: 'last' }, pendingG: false };
    case 'Enter':
    case 'i':
      return { command: { type: 'open-selected' }, pendingG: false };
    case '/':
      return { command: { type: 'focus-filter' }, pendingG: false };
    case 'p':
      return { command: { type: 'toggle-pause' }, pendingG: false };
    case '?':
      return { command: { type: 'help' }, pendingG: false };
    case 'T':
      return { command: { type: 'cycle-theme' }, pendingG: false };
    case 's':
      return { command: { type: 'switcher' }, pendingG: false };
    default:
      return { pendingG: false };
  }
}

/** What the help overlay lists, grouped. */
export const SHORTCUT_HELP: readonly {
  group: string;
  items: readonly { keys: string[]; what: string }[];
}[] = [
  {
    group: 'Screens',
    items: [
      { keys: ['1', 'g c'], what: 'Configuration' },
      { keys: ['2', 'g s'], what: 'Error scenarios' },
      { keys: ['3', 'g l'], what: 'Request log' },
      { keys: ['4', 'g t'], what: 'Token inspector' },
      { keys: ['5', 'g p'], what: 'Personas & scenarios' },
      { keys: ['6', 'g r'], what: 'Relying-party check' },
    ],
  },
  {
    group: 'Personas & scenarios',
    items: [
      { keys: ['Ctrl K', 's'], what: 'Quick switcher: type, then Enter applies' },
      { keys: ['Alt 1…9'], what: 'Apply the 1st…9th scenario of the list' },
    ],
  },
  {
    group: 'Request log',
    items: [
      { keys: ['j', '↓'], what: 'Next (older) exchange' },
      { keys: ['k', '↑'], what: 'Previous (newer) exchange' },
      { keys: ['Home', 'End'], what: 'Newest / oldest' },
      { keys: ['Enter', 'i'], what: 'Open the selected exchange’s tokens' },
      { keys: ['/'], what: 'Filter the log (on Errors and Personas & scenarios: their list)' },
      { keys: ['p'], what: 'Pause or resume live updates' },
    ],
  },
  {
    group: 'Everywhere',
    items: [
      { keys: ['Ctrl Enter'], what: 'Apply the configuration' },
      { keys: ['Shift T'], what: 'Theme: system, light, dark' },
      { keys: ['?'], what: 'This help' },
      { keys: ['Esc'], what: 'Close a dialog, leave a field' },
    ],
  },
];
