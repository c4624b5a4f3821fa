import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { PresetStore, writeFileAtomic, NoDataDirError } from './preset-store.js';
import { BUILT_IN_PERSONAS } from './built-in-personas.js';
import { BUILT_IN_SCENARIOS } from './built-in-scenarios.js';
import { PERSONA_SCHEMA, SCENARIO_SCHEMA } from './preset-schemas.js';
import { toPersona, toScenario } from './resolve-preset.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'presets-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const persona = (id: string, name = 'Pat') =>
  toPersona({ name, responseConfiguration: { sub: `urn:fdc:gov.uk:2022:${id}` } }, id);

describe('PresetStore without a data folder', () => {
  it('lists the built-ins and refuses to save', () => {
    const store = new PresetStore(undefined);
    expect(store.listPersonas()).toEqual({
      items: BUILT_IN_PERSONAS.map((p) => ({ ...p })),
      problems: [],
      dataDir: null,
    });
    expect(store.listScenarios().items).toHaveLength(BUILT_IN_SCENARIOS.length);
    expect(() => store.savePersona(persona('x'))).toThrow(NoDataDirError);
    expect(() => store.savePersona(persona('x'))).toThrow('no data folder: start with --data-dir');
  });

  it('hands out copies: changing one does not change the built-ins', () => {
    const store = new PresetStore(undefined);
    const first = store.listPersonas().items[0];
    if (first) first.responseConfiguration.sub = 'changed';
    expect(store.listPersonas().items[0]?.responseConfiguration.sub).not.toBe('changed');
  });
});

describe('PresetStore with a data folder', () => {
  it('saves one file per persona and scenario, with $schema, and reads them back', () => {
    const store = new PresetStore(dir);
    const p = persona('pat');
    store.savePersona(p);
    const s = toScenario({ name: 'Uses Pat', persona: 'pat' }, 'uses-pat');
    store.saveScenario(s);

    const file = JSON.parse(readFileSync(join(dir, 'personas', 'pat.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(file.$schema).toBe('../schemas/persona.schema.json');
    expect(file.id).toBe('pat');
    expect(store.getPersona('pat')).toEqual({ kind: 'found', value: p });
    expect(store.getScenario('uses-pat')).toEqual({ kind: 'found', value: s });
    expect(store.listPersonas().items.map((x) => x.id)).toContain('pat');
    expect(store.listScenarios().items.map((x) => x.id)).toContain('uses-pat');
    expect(store.lookupPersona('pat')?.name).toBe('Pat');
  });

  it('writes the schemas next to the files, and the saved files validate against them', () => {
    const store = new PresetStore(dir);
    store.savePersona(persona('pat'));
    store.saveScenario(toScenario({ name: 'S', clientConfiguration: { pkceEnforced: true } }, 's'));
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const personaSchema = JSON.parse(
      readFileSync(join(dir, 'schemas', 'persona.schema.json'), 'utf8'),
    ) as object;
    const scenarioSchema = JSON.parse(
      readFileSync(join(dir, 'schemas', 'scenario.schema.json'), 'utf8'),
    ) as object;
    expect(personaSchema).toEqual(PERSONA_SCHEMA);
    expect(scenarioSchema).toEqual(SCENARIO_SCHEMA);
    expect(
      ajv.validate(
        personaSchema,
        JSON.parse(readFileSync(join(dir, 'personas', 'pat.json'), 'utf8')),
      ),
    ).toBe(true);
    expect(
      ajv.validate(
        scenarioSchema,
        JSON.parse(readFileSync(join(dir, 'scenarios', 's.json'), 'utf8')),
      ),
    ).toBe(true);
  });

  it('writes atomically: no temporary file is left and a rewrite replaces the whole file', () => {
    const store = new PresetStore(dir);
    store.savePersona(persona('pat', 'First'));
    store.savePersona(persona('pat', 'Second'));
    expect(readdirSync(join(dir, 'personas'))).toEqual(['pat.json']);
    expect(store.lookupPersona('pat')?.name).toBe('Second');
  });

  it('keeps the old file whole when a write fails', () => {
    if (process.getuid?.() === 0) {
      // root ignores folder permissions: make the write fail another way (a folder in the way).
      const target = join(dir, 'blocked.json');
      mkdirSync(target);
      expect(() => writeFileAtomic(target, '{}')).toThrow();
      expect(readdirSync(dir)).toEqual(['blocked.json']);
      return;
    }
    const store = new PresetStore(dir);
    store.savePersona(persona('pat', 'Kept'));
    chmodSync(join(dir, 'personas'), 0o500);
    try {
      expect(() => store.savePersona(persona('pat', 'Lost'))).toThrow();
    } finally {
      chmodSync(join(dir, 'personas'), 0o700);
    }
    expect(store.lookupPersona('pat')?.name).toBe('Kept');
    expect(readdirSync(join(dir, 'personas'))).toEqual(['pat.json']);
  });

  it('reports broken files with their problem and keeps loading the rest', () => {
    const store = new PresetStore(dir);
    store.savePersona(persona('good'));
    const personas = join(dir, 'personas');
    writeFileSync(join(personas, 'truncated.json'), '{"name": "Half", "responseConf');
    writeFileSync(
      join(personas, 'invalid.json'),
      JSON.stringify({
        name: '',
        responseConfiguration: { sub: 5, returnCodes: [{ code: '' }], phoneNumber: 7 },
      }),
    );
    writeFileSync(
      join(personas, 'renamed.json'),
      JSON.stringify({ id: 'original', name: 'R', responseConfiguration: {} }),
    );
    writeFileSync(
      join(personas, 'Bad Name.json'),
      JSON.stringify({ name: 'x', responseConfiguration: {} }),
    );
    writeFileSync(
      join(personas, 'default-user.json'),
      JSON.stringify({ name: 'x', responseConfiguration: {} }),
    );
    writeFileSync(join(personas, 'huge.json'), `{"name":"${'x'.repeat(1024 * 1024)}"}`);
    writeFileSync(join(personas, 'notes.txt'), 'ignored');
    writeFileSync(join(personas, '.hidden.json'), 'ignored');
    mkdirSync(join(personas, 'folder.json'));

    const list = store.listPersonas();
    expect(list.items.filter((p) => !p.builtIn).map((p) => p.id)).toEqual(['good']);
    const byFile = Object.fromEntries(list.problems.map((p) => [p.file, p.message]));
    expect(Object.keys(byFile).sort()).toEqual(
      [
        'personas/Bad Name.json',
        'personas/default-user.json',
        'personas/huge.json',
        'personas/invalid.json',
        'personas/renamed.json',
        'personas/truncated.json',
      ].sort(),
    );
    expect(byFile['personas/truncated.json']).toMatch(/^is not valid JSON/);
    expect(byFile['personas/invalid.json']).toContain('name: must not be empty');
    expect(byFile['personas/invalid.json']).toContain(
      'responseConfiguration.sub: must be a string',
    );
    expect(byFile['personas/invalid.json']).toContain('responseConfiguration.returnCodes:');
    expect(byFile['personas/invalid.json']).toContain('responseConfiguration.phoneNumber:');
    expect(byFile['personas/renamed.json']).toBe(
      'id "original" does not match the file name (renamed)',
    );
    expect(byFile['personas/default-user.json']).toContain('built-in persona');
    expect(byFile['personas/huge.json']).toContain('larger than');

    expect(store.getPersona('truncated')).toMatchObject({
      kind: 'broken',
      problem: { file: 'personas/truncated.json' },
    });
    expect(store.getPersona('nobody')).toEqual({ kind: 'missing' });
    expect(store.getPersona('../../etc/passwd')).toEqual({ kind: 'missing' });
  });

  it('reports a data folder whose personas entry is a file', () => {
    writeFileSync(join(dir, 'personas'), 'oops');
    expect(new PresetStore(dir).listPersonas().problems).toEqual([
      { file: 'personas', message: 'is a file, not a folder' },
    ]);
  });

  it('does not mind a data folder that does not exist yet, and creates it on save', () => {
    const store = new PresetStore(join(dir, 'later', 'data'));
    expect(store.listScenarios().problems).toEqual([]);
    store.savePersona(persona('pat'));
    expect(store.lookupPersona('pat')).toBeDefined();
  });

  it('deletes saved files and knows which ids are taken', () => {
    const store = new PresetStore(dir);
    store.savePersona(persona('pat'));
    expect(store.isTaken('personas', 'pat')).toBe(true);
    expect(store.isTaken('personas', 'identity-passport')).toBe(true);
    expect(store.isTaken('personas', 'other')).toBe(false);
    expect(store.remove('personas', 'pat')).toBe(true);
    expect(store.remove('personas', 'pat')).toBe(false);
    expect(store.remove('personas', '../x')).toBe(false);
  });
});
