/** loadStartupFiles: the scenario named on the command line, applied to the starting configuration. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config/from-env.js';
import { loadStartupFiles } from '../../src/startup-files.js';
import { PresetStore } from '../../src/presets/preset-store.js';
import { toPersona } from '../../src/presets/resolve-preset.js';
import { testSimulator, defaultConfig } from '../helpers/test-simulator.js';

const dir = mkdtempSync(join(tmpdir(), 'presets-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const envConfig = (env: Record<string, string>) => {
  const r = configFromEnv(env);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.config;
};

describe('loadStartupFiles', () => {
  it('changes nothing without --scenario', () => {
    const config = defaultConfig();
    expect(loadStartupFiles(config, {})).toEqual({ ok: true, value: { config } });
  });

  it('applies a scenario file over the configuration from the environment', () => {
    const base = envConfig({ REDIRECT_URLS: 'http://localhost:7000/cb', SUB: 'urn:env' });
    const result = loadStartupFiles(base, {
      scenario: file('pkce.json', {
        name: 'PKCE + expired',
        clientConfiguration: { pkceEnforced: true },
        errorConfiguration: { idTokenErrors: ['TOKEN_EXPIRED'] },
      }),
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.value.config.clientConfiguration).toMatchObject({
      pkceEnforced: true,
      redirectUrls: ['http://localhost:7000/cb'],
    });
    // No persona: the responses from the environment stay.
    expect(result.value.config.responseConfiguration.sub).toBe('urn:env');
    expect(result.value.config.errorConfiguration.idTokenErrors).toEqual(['TOKEN_EXPIRED']);
    expect(result.value.config.simulatorUrl).toBe(base.simulatorUrl);
  });

  it('resolves an inline persona, a built-in persona, and one saved in the data folder', () => {
    const inline = loadStartupFiles(defaultConfig(), {
      scenario: file('inline.json', {
        name: 'Inline',
        persona: { name: 'P', responseConfiguration: { sub: 'urn:inline', phoneNumber: null } },
      }),
    });
    expect(inline.ok && inline.value.config.responseConfiguration).toMatchObject({
      sub: 'urn:inline',
      phoneNumber: null,
      maxLoCAchieved: 'P2',
    });
    const builtIn = loadStartupFiles(defaultConfig(), {
      scenario: file('builtin.json', { name: 'B', persona: 'identity-not-proven' }),
    });
    expect(builtIn.ok && builtIn.value.config.responseConfiguration.maxLoCAchieved).toBe('P0');

    const data = join(dir, 'data');
    new PresetStore(data).savePersona(
      toPersona({ name: 'Saved', responseConfiguration: { sub: 'urn:saved' } }, 'saved'),
    );
    const saved = loadStartupFiles(defaultConfig(), {
      scenario: file('saved.json', { name: 'S', persona: 'saved' }),
      dataDir: data,
    });
    expect(saved.ok && saved.value.config.responseConfiguration.sub).toBe('urn:saved');
    const withoutDir = loadStartupFiles(defaultConfig(), {
      scenario: join(dir, 'saved.json'),
    });
    expect(withoutDir).toEqual({
      ok: false,
      error: `--scenario ${join(dir, 'saved.json')}: persona: no persona has the id "saved"`,
    });
  });

  it('takes a built-in or saved scenario id', () => {
    const r = loadStartupFiles(defaultConfig(), { scenario: 'key-rotation-in-progress' });
    expect(r.ok && r.value.config.publishNewIdTokenKeysEnabled).toBe(true);
  });

  it('makes GET /active name the scenario of a simulator started with it', async () => {
    const r = loadStartupFiles(defaultConfig(), { scenario: 'expired-core-identity' });
    if (!r.ok) throw new Error(r.error);
    const sim = testSimulator({
      config: r.value.config,
      ...(r.value.preset ? { startupPreset: r.value.preset } : {}),
    });
    try {
      const active = await request(sim.app).get('/_simulator/api/active');
      expect(active.body).toEqual({
        scenario: { id: 'expired-core-identity', name: 'Expired core identity' },
        persona: { id: 'identity-passport', name: 'Verified with a passport (P2)' },
        modifiedSinceApplied: false,
      });
    } finally {
      sim.close();
    }
  });

  it.each([
    ['not JSON', 'nope', /not valid JSON/],
    ['not an object', '[]', /: \(document\): must be a JSON object/],
    [
      'invalid fields',
      { name: 'x', clientConfiguration: { scopes: ['bad'] }, flags: { x: true } },
      /clientConfiguration\.scopes: item 0 must be one of openid, email, phone; flags\.x: unknown field/,
    ],
    [
      'inconsistent switches',
      { name: 'x', flags: { useNewIdTokenSigningKeys: true } },
      /flags\.useNewIdTokenSigningKeys: cannot use the new ID token signing keys/,
    ],
  ])('refuses %s with one message naming the file and fields', (label, content, message) => {
    const path = file(`${label.replace(/\W+/g, '-')}.json`, content);
    const r = loadStartupFiles(defaultConfig(), { scenario: path });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.startsWith(`--scenario ${path}: `)).toBe(true);
      expect(r.error).toMatch(message);
      expect(r.error).not.toContain('\n');
    }
  });

  it('refuses an unknown id, a hostile path and a folder', () => {
    for (const arg of ['no-such-scenario', '../../../etc/shadow-nope', dir]) {
      const r = loadStartupFiles(defaultConfig(), { scenario: arg });
      expect(r.ok, arg).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/no such file/);
    }
  });
});
