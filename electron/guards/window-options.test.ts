import { describe, expect, it } from 'vitest';
import { MIN_WINDOW_WIDTH, secureWebPreferences, windowOptions } from './window-options.js';

describe('secureWebPreferences', () => {
  const prefs = secureWebPreferences({
    preloadPath: '/app/dist/electron/preload.cjs',
    allowDevTools: false,
  });

  it('isolates the page from Node and Electron', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps the web security defaults and turns off risky features', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('uses the given preload and allows DevTools only when asked', () => {
    expect(prefs.preload).toBe('/app/dist/electron/preload.cjs');
    expect(prefs.devTools).toBe(false);
    expect(secureWebPreferences({ preloadPath: 'p', allowDevTools: true }).devTools).toBe(true);
  });
});

describe('windowOptions', () => {
  const base = { preloadPath: 'p', allowDevTools: false, title: 'Identity Simulator', dark: false };

  it('keeps a saved position and size', () => {
    const o = windowOptions({ ...base, bounds: { x: 10, y: 20, width: 1000, height: 700 } });
    expect(o).toMatchObject({ x: 10, y: 20, width: 1000, height: 700, show: false });
    expect(o.webPreferences.sandbox).toBe(true);
  });

  it('lets the system place a window without a saved position', () => {
    const o = windowOptions({ ...base, bounds: { width: 1000, height: 700 } });
    expect('x' in o).toBe(false);
    expect('y' in o).toBe(false);
  });

  it('never makes a window smaller than the minimum', () => {
    const o = windowOptions({ ...base, bounds: { width: 10, height: 10 } });
    expect(o.width).toBe(MIN_WINDOW_WIDTH);
    expect(o.height).toBeGreaterThanOrEqual(o.minHeight);
  });

  it('matches the background to the theme', () => {
    expect(
      windowOptions({ ...base, dark: true, bounds: { width: 800, height: 600 } }).backgroundColor,
    ).toBe('#1b1f23');
  });
});
