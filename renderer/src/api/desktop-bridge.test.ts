import { describe, expect, it } from 'vitest';
import { getDesktopBridge, parsePortInput } from './desktop-bridge.js';

describe('desktop bridge detection', () => {
  it('finds a complete bridge and ignores anything else', () => {
    const bridge = {
      getInfo: async () => ({}),
      setPort: async () => ({ ok: true as const, url: 'http://127.0.0.1:4000' }),
      exportConfig: async () => ({ ok: true as const, path: '/tmp/x.json' }),
      importConfig: async () => null,
      revealDataFolder: async () => undefined,
      setPreferences: async () => ({
        ok: true as const,
        preferences: { theme: 'system' as const, restoreOnStart: false },
      }),
    };
    expect(getDesktopBridge({ simulatorDesktop: bridge })).toBe(bridge);
    expect(getDesktopBridge({})).toBeUndefined();
    expect(getDesktopBridge({ simulatorDesktop: { getInfo: () => ({}) } })).toBeUndefined();
    expect(getDesktopBridge({ simulatorDesktop: 'yes' })).toBeUndefined();
  });
});

describe('parsePortInput', () => {
  it('accepts a port from 1 to 65535', () => {
    expect(parsePortInput(' 4000 ')).toEqual({ ok: true, port: 4000 });
    expect(parsePortInput('65535')).toEqual({ ok: true, port: 65535 });
  });
  it.each(['0', '65536', '-1', '40.5', 'abc', ''])('refuses %j', (text) => {
    expect(parsePortInput(text).ok).toBe(false);
  });
});
