import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import { BUILT_IN_PERSONAS } from '../../presets/built-in-personas.js';
import { PresetStore } from '../../presets/preset-store.js';
import { choosePersona, parsePersonaChoice, personaChoices } from './choose-persona.js';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'choose-persona-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('personaChoices', () => {
  it('lists the built-in personas, then the saved ones, leaving broken files out', () => {
    const dir = dataDir();
    const store = new PresetStore(dir);
    // A saved persona without Welsh names (the built-ins have them).
    const {
      nameCy: _nameCy,
      descriptionCy: _descriptionCy,
      ...source
    } = structuredClone(BUILT_IN_PERSONAS[0]!);
    store.savePersona({ ...source, id: 'saved-tester', name: 'Saved tester', builtIn: false });
    mkdirSync(join(dir, 'personas'), { recursive: true });
    writeFileSync(join(dir, 'personas', 'broken.json'), '{not json');
    const choices = personaChoices(store);
    expect(choices.slice(0, BUILT_IN_PERSONAS.length).map((c) => c.id)).toEqual(
      BUILT_IN_PERSONAS.map((p) => p.id),
    );
    expect(choices.at(-1)).toEqual({
      id: 'saved-tester',
      name: 'Saved tester',
      description: BUILT_IN_PERSONAS[0]!.description,
    });
    expect(choices.map((c) => c.id)).not.toContain('broken');
  });
});

describe('choosePersona', () => {
  const store = new PresetStore(undefined);

  it('finds a built-in persona', () => {
    const found = choosePersona(store, 'no-phone');
    expect(found.ok && found.value.responseConfiguration.phoneNumber).toBeNull();
  });

  it.each([
    ['an unknown id', 'nobody-here', /^no persona has the id "nobody-here"$/],
    ['a path', '../../etc/passwd', /^must be a persona id/],
    ['an upper-case id', 'Default-User', /^must be a persona id/],
    ['an empty value', '', /^must be a persona id/],
    ['a very long id', 'a'.repeat(65), /^must be a persona id/],
    ['a repeated field', ['default-user', 'no-phone'], /^must be a persona id/],
    ['an object', { id: 'default-user' }, /^must be a persona id/],
    ['a prototype key', '__proto__', /^must be a persona id/],
  ])('refuses %s, naming the persona field', (_what, raw, message) => {
    const found = choosePersona(store, raw);
    expect(found.ok).toBe(false);
    if (!found.ok) {
      expect(found.error.field).toBe('persona');
      expect(found.error.code).toBe('persona');
      expect(found.error.msg).toMatch(message);
    }
  });

  it('says which saved file cannot be used', () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'personas'), { recursive: true });
    writeFileSync(join(dir, 'personas', 'half-written.json'), '{"name": ');
    const found = choosePersona(new PresetStore(dir), 'half-written');
    expect(!found.ok && found.error.msg).toMatch(/^personas\/half-written\.json cannot be used/);
  });
});

describe('parsePersonaChoice', () => {
  it('replaces every field with the persona’s values', () => {
    const current = { ...defaultConfig().responseConfiguration, email: 'typed@example.com' };
    const parsed = parsePersonaChoice(new PresetStore(undefined), 'identity-passport', current);
    const persona = BUILT_IN_PERSONAS.find((p) => p.id === 'identity-passport')!;
    expect(parsed).toEqual({ ok: true, value: persona.responseConfiguration });
  });

  it('gives a submission problem for an unknown persona', () => {
    const parsed = parsePersonaChoice(
      new PresetStore(undefined),
      'nobody',
      defaultConfig().responseConfiguration,
    );
    expect(parsed).toEqual({
      ok: false,
      error: {
        issues: [{ field: 'persona', code: 'persona', msg: 'no persona has the id "nobody"' }],
        submitted: {},
      },
    });
  });
});
