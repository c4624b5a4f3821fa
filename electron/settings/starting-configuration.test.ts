import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../server/src/index.js';
import { defaultSettings, type DesktopSettings } from './desktop-settings.js';
import { startingConfiguration } from './starting-configuration.js';

const saved = (over: Partial<DesktopSettings>): DesktopSettings => ({
  ...defaultSettings(),
  ...over,
});

describe('startingConfiguration', () => {
  it('starts from the defaults without restoreOnStart', () => {
    const config = { ...defaultConfig(), interactiveMode: true } as unknown as Record<
      string,
      unknown
    >;
    expect(startingConfiguration(saved({ port: 4000, lastConfiguration: config }))).toEqual({
      config: undefined,
      configPort: 4000,
      warnings: [],
    });
  });

  it('restores the saved configuration with restoreOnStart', () => {
    const config = {
      ...defaultConfig('http://localhost:4000'),
      interactiveMode: true,
      responseConfiguration: {
        ...defaultConfig().responseConfiguration,
        email: 'kept@example.com',
      },
    };
    const r = startingConfiguration(
      saved({
        port: 4000,
        restoreOnStart: true,
        lastConfiguration: config as unknown as Record<string, unknown>,
      }),
    );
    expect(r.warnings).toEqual([]);
    expect(r.configPort).toBe(4000);
    expect(r.config?.interactiveMode).toBe(true);
    expect(r.config?.responseConfiguration.email).toBe('kept@example.com');
    expect(r.config?.simulatorUrl).toBe('http://localhost:4000');
  });

  it('starts from the defaults, with a warning, when the saved configuration is refused', () => {
    const r = startingConfiguration(
      saved({
        restoreOnStart: true,
        lastConfiguration: { responseConfiguration: { emailVerified: 'maybe' } },
      }),
    );
    expect(r.config).toBeUndefined();
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(
      /^The saved configuration could not be restored \(.*emailVerified/,
    );
  });

  it('starts from the defaults when restoreOnStart is on but nothing was saved', () => {
    expect(startingConfiguration(saved({ restoreOnStart: true })).config).toBeUndefined();
  });
});
