import { describe, expect, it } from 'vitest';
import { defaultSettings, parseSettings } from './desktop-settings.js';

describe('parseSettings', () => {
  it('reads every field', () => {
    const raw = {
      port: 4000,
      host: '0.0.0.0',
      windowBounds: { x: 10, y: -20, width: 1000, height: 700, maximized: true },
      theme: 'dark',
      restoreOnStart: true,
      lastConfiguration: { simulatorUrl: 'http://localhost:4000' },
    };
    expect(parseSettings(raw)).toEqual({ settings: raw, warnings: [] });
  });

  it('fills missing fields with defaults, silently', () => {
    expect(parseSettings({})).toEqual({ settings: defaultSettings(), warnings: [] });
    expect(parseSettings({ port: 5000 }).settings).toEqual({ ...defaultSettings(), port: 5000 });
  });

  it('replaces each bad field by its default, with one warning per field', () => {
    const { settings, warnings } = parseSettings({
      port: '3000',
      host: 'example.com',
      windowBounds: { width: 'wide', height: 700 },
      theme: 'purple',
      restoreOnStart: 'yes',
      lastConfiguration: [1, 2],
    });
    const d = defaultSettings();
    expect(settings).toEqual(d);
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toBe('"port" must be a whole number from 1 to 65535; using 3000');
    expect(warnings.join('\n')).toMatch(/"host".*127\.0\.0\.1/);
    expect(warnings.join('\n')).toMatch(
      /"theme" must be one of system, light, dark; using "system"/,
    );
  });

  it('keeps good fields next to bad ones', () => {
    const { settings, warnings } = parseSettings({ port: 70000, theme: 'light' });
    expect(settings.port).toBe(3000);
    expect(settings.theme).toBe('light');
    expect(warnings).toHaveLength(1);
  });

  it.each([0, -5, 1.5, 65536, null, true])('refuses the port %j', (port) => {
    expect(parseSettings({ port }).warnings).toHaveLength(1);
  });

  it('drops a position that is not whole numbers but keeps the size', () => {
    const { settings } = parseSettings({ windowBounds: { x: 'a', y: 2, width: 900, height: 600 } });
    expect(settings.windowBounds).toEqual({ width: 900, height: 600, maximized: false });
  });

  it('refuses a window that is too small', () => {
    expect(parseSettings({ windowBounds: { width: 50, height: 50 } }).warnings).toHaveLength(1);
  });

  it('forgets the configuration when restoreOnStart is off', () => {
    const { settings, warnings } = parseSettings({
      restoreOnStart: false,
      lastConfiguration: { a: 1 },
    });
    expect(settings.lastConfiguration).toBeNull();
    expect(warnings).toEqual([]);
  });

  it.each([null, [], 'text', 42])('falls back to defaults for the non-object %j', (raw) => {
    const { settings, warnings } = parseSettings(raw);
    expect(settings).toEqual(defaultSettings());
    expect(warnings).toHaveLength(1);
  });

  it('drops unknown fields', () => {
    expect(parseSettings({ extra: 1 }).settings).not.toHaveProperty('extra');
  });
});
