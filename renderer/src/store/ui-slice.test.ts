import { describe, expect, it } from 'vitest';
import { createTestStore } from '../../test/fake-admin-client.js';
import { nextTheme, parseThemeChoice, THEME_STORAGE_KEY } from './ui-slice.js';

describe('theme choice', () => {
  it('reads a stored choice and falls back to the system for anything else', () => {
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('purple')).toBe('system');
    expect(parseThemeChoice(null)).toBe('system');
  });

  it('cycles system, light, dark', () => {
    expect(nextTheme('system')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
  });

  it('remembers the choice in storage', () => {
    const { store, memory } = createTestStore();
    store.getState().setTheme('dark');
    expect(memory.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(store.getState().theme).toBe('dark');
  });

  it('still switches when storage throws', () => {
    const { deps } = createTestStore();
    deps.storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    // A store built with failing storage starts on the system theme and still switches.
    return import('./create-app-store.js').then(({ createAppStore }) => {
      const store = createAppStore(deps);
      expect(store.getState().theme).toBe('system');
      store.getState().setTheme('light');
      expect(store.getState().theme).toBe('light');
    });
  });
});

describe('pasted token inspection', () => {
  it('refuses an empty paste without calling the simulator', async () => {
    const { store, calls } = createTestStore();
    await store.getState().inspectPasted();
    expect(store.getState().paste.state).toBe('error');
    expect(calls.some((c) => c.name === 'inspectToken')).toBe(false);
  });

  it('sends the trimmed token and shows the analysis', async () => {
    const { store, calls } = createTestStore();
    store.getState().setPasteToken('  a.b.c \n');
    await store.getState().inspectPasted();
    expect(calls.find((c) => c.name === 'inspectToken')?.body).toBe('a.b.c');
    expect(store.getState().paste.state).toBe('ready');
  });

  it('shows why the simulator refused the token', async () => {
    const { store } = createTestStore({
      inspectToken: async () => ({
        ok: false,
        error: { kind: 'http', status: 400, message: 'not a JWT' },
      }),
    });
    store.getState().setPasteToken('garbage');
    await store.getState().inspectPasted();
    expect(store.getState().paste).toEqual({
      state: 'error',
      message: 'The simulator answered 400: not a JWT',
    });
  });
});
