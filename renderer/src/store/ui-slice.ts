import type { TokenAnalysis, TokenRole } from '../../../server/src/contract.js';
import { describeApiError } from '../api/result.js';
import type { GetState, SetState, StoreDeps } from './app-state.js';

export const SCREENS = ['config', 'scenarios', 'log', 'tokens', 'presets', 'rp-check'] as const;
export type Screen = (typeof SCREENS)[number];

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const THEME_STORAGE_KEY = 'identity-simulator.theme';

/**
 * `switcher`: the quick switcher of personas and scenarios (Ctrl+K); `import`, `export` and
 * `delete`: the scenario import box, a scenario's export, and a delete confirmation.
 */
export type Dialog =
  'help' | 'client' | 'port' | 'switcher' | 'import' | 'export' | 'delete' | null;

export type PasteInspection =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; analysis: TokenAnalysis }
  | { state: 'error'; message: string };

export interface UiState {
  screen: Screen;
  theme: ThemeChoice;
  dialog: Dialog;
  pasteToken: string;
  pasteRole: TokenRole | '';
  paste: PasteInspection;
  /** Which token of the selected exchange the inspector shows (its index), when several. */
  inspectorTokenIndex: number;
  /** Whether the inspector shows the selected exchange's token or the pasted one. */
  inspectorView: 'exchange' | 'paste';
  /** The filter boxes of the Errors screen and of the persona/scenario library. */
  listFilters: Record<ListFilter, string>;
}

/** The lists with a filter box (`/` focuses it on their screen). */
export type ListFilter = 'switches' | 'presets';

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(value ?? '')
    ? (value as ThemeChoice)
    : 'system';
}

/** system → light → dark → system */
export function nextTheme(theme: ThemeChoice): ThemeChoice {
  const i = THEME_CHOICES.indexOf(theme);
  return THEME_CHOICES[(i + 1) % THEME_CHOICES.length] as ThemeChoice;
}

export interface UiActions {
  setScreen(screen: Screen): void;
  setTheme(theme: ThemeChoice): void;
  openDialog(dialog: Dialog): void;
  setPasteToken(token: string): void;
  setPasteRole(role: TokenRole | ''): void;
  inspectPasted(): Promise<void>;
  setInspectorTokenIndex(index: number): void;
  showExchangeTokens(): void;
  showPastedToken(): void;
  setListFilter(which: ListFilter, text: string): void;
}
export type UiSlice = UiState & UiActions;

export function createUiSlice(set: SetState, get: GetState, deps: StoreDeps): UiSlice {
  let stored: string | null = null;
  try {
    stored = deps.storage?.getItem(THEME_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return {
    screen: 'config',
    theme: parseThemeChoice(stored),
    dialog: null,
    pasteToken: '',
    pasteRole: '',
    paste: { state: 'idle' },
    inspectorTokenIndex: 0,
    inspectorView: 'exchange',
    listFilters: { switches: '', presets: '' },
    setListFilter: (which, text) =>
      set((s) => ({ listFilters: { ...s.listFilters, [which]: text } })),
    setScreen: (screen) => set({ screen }),
    setTheme(theme) {
      try {
        deps.storage?.setItem(THEME_STORAGE_KEY, theme);
      } catch {
        // Storage may be unavailable (private mode); the choice still holds for this session.
      }
      set({ theme });
    },
    openDialog: (dialog) => set({ dialog }),
    setPasteToken: (pasteToken) => set({ pasteToken }),
    setPasteRole: (pasteRole) => set({ pasteRole }),
    async inspectPasted() {
      const token = get().pasteToken.trim();
      if (token === '') {
        set({
          paste: {
            state: 'error',
            message: 'Paste a JWT first (three base64url parts joined by dots).',
          },
        });
        return;
      }
      set({ paste: { state: 'loading' }, inspectorView: 'paste' });
      const role = get().pasteRole;
      const result = await deps.api.inspectToken(token, role === '' ? undefined : role);
      if (get().pasteToken.trim() !== token) return;
      set({
        paste: result.ok
          ? { state: 'ready', analysis: result.value }
          : { state: 'error', message: describeApiError(result.error) },
      });
    },
    setInspectorTokenIndex: (inspectorTokenIndex) =>
      set({ inspectorTokenIndex, inspectorView: 'exchange' }),
    showExchangeTokens: () => set({ inspectorView: 'exchange' }),
    showPastedToken: () => set({ inspectorView: 'paste' }),
  };
}
