import { describe, expect, it } from 'vitest';
import { sampleConfig } from '../../../test/fake-admin-client.js';
import { exportConfigFile, importConfigFile } from './config-file.js';

describe('config files', () => {
  it('exports the POST /config body and imports it back unchanged', () => {
    const config = sampleConfig();
    config.usingNewIdTokenSigningKeys = true;
    const text = exportConfigFile(config);
    expect(JSON.parse(text).useNewIdTokenSigningKeys).toBe(true);
    const back = importConfigFile(text, sampleConfig());
    expect(back).toEqual({ ok: true, config });
  });

  it('imports a GET /config answer and a partial file over the current form', () => {
    const base = sampleConfig();
    const partial = importConfigFile(
      JSON.stringify({ responseConfiguration: { email: 'a@b.c' }, interactiveMode: true }),
      base,
    );
    expect(partial.ok).toBe(true);
    if (partial.ok) {
      expect(partial.config.responseConfiguration.email).toBe('a@b.c');
      expect(partial.config.responseConfiguration.sub).toBe(base.responseConfiguration.sub);
      expect(partial.config.interactiveMode).toBe(true);
    }
  });

  it.each([
    ['not json', 'The file is not JSON.'],
    ['[1,2]', 'The file must hold a JSON object.'],
    [
      '{"hello":1}',
      'No configuration found (expected clientConfiguration, responseConfiguration…).',
    ],
  ])('refuses %j', (text, message) => {
    expect(importConfigFile(text, sampleConfig())).toEqual({ ok: false, message });
  });
});
