/**
 * What a data folder keeps under hostile use: the temporary files a save cut short by kill -9
 * left are removed when a simulator takes the folder (only files named as the simulator names
 * them), and a persona or scenario beyond the 1,000 a list reads is refused with a clear 409,
 * never answered 201 and then missing from the list.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataFolder } from '../../src/presets/data-folder-lock.js';
import { MAX_FILES } from '../../src/presets/preset-store.js';
import { testSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

const persona = (name: string) => ({
  name,
  responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:hostile' },
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'data-files-'));
  dirs.push(dir);
  return dir;
}

describe('temporary files left by a killed save', () => {
  it('are removed when the folder is taken; files of other names stay', () => {
    const dir = folder();
    for (const sub of ['personas', 'scenarios', 'plans', 'schemas']) mkdirSync(join(dir, sub));
    const ours = [
      'personas/.alice.json.4242.0123456789ab.tmp',
      'scenarios/.slow-login.json.1.abcdefabcdef.tmp',
      'plans/.my-plan.json.99999.000000000000.tmp',
      'schemas/.persona.schema.json.7.a1b2c3d4e5f6.tmp',
    ];
    const others = [
      'personas/alice.json',
      'personas/.notes.tmp',
      'personas/keep.tmp',
      'personas/.alice.json.4242.0123456789ab.tmp.bak',
      'personas/.alice.json.4242.XYZ.tmp',
      '.identity-simulator.json.1.0123456789ab.tmpx',
    ];
    for (const name of [...ours, ...others]) writeFileSync(join(dir, name), 'x');
    // A folder named like one is left alone too.
    mkdirSync(join(dir, 'personas', '.bob.json.1.0123456789ab.tmp'));
    const taken = lockDataFolder(dir);
    expect(taken.ok).toBe(true);
    for (const name of ours) expect(existsSync(join(dir, name))).toBe(false);
    for (const name of others) expect(readFileSync(join(dir, name), 'utf8')).toBe('x');
    expect(existsSync(join(dir, 'personas', '.bob.json.1.0123456789ab.tmp'))).toBe(true);
    if (taken.ok) taken.value();
  });
});

describe('no more saved files than a list reads', () => {
  it(`the ${MAX_FILES + 1}st POST /personas is refused with 409; nothing is written`, async () => {
    const dir = folder();
    const sim = testSimulator({ dataDir: dir });
    const api = () => request(sim.app);
    const seed = await api().post('/_simulator/api/personas').send(persona('Seed')).expect(201);
    const seedId = (seed.body as { id: string }).id;
    const text = readFileSync(join(dir, 'personas', `${seedId}.json`), 'utf8');
    for (let i = 1; i < MAX_FILES - 1; i++) {
      const id = `p${String(i).padStart(4, '0')}`;
      writeFileSync(
        join(dir, 'personas', `${id}.json`),
        text.replace(`"id": "${seedId}"`, `"id": "${id}"`),
      );
    }
    // One place left: the 1,000th is saved and listed.
    const last = await api().post('/_simulator/api/personas').send(persona('Last one')).expect(201);
    const listed = (await api().get('/_simulator/api/personas')).body as {
      items: { id: string }[];
      problems: unknown[];
    };
    expect(listed.items.map((p) => p.id)).toContain((last.body as { id: string }).id);
    expect(listed.problems).toEqual([]);
    const before = readdirSync(join(dir, 'personas')).sort();
    expect(before).toHaveLength(MAX_FILES);

    const refused = await api().post('/_simulator/api/personas').send(persona('One too many'));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'conflict',
      error_description: `the data folder holds ${MAX_FILES} personas, the most that are read; delete one before adding another`,
    });
    const duplicate = await api().post(`/_simulator/api/personas/${seedId}/duplicate`).send({});
    expect(duplicate.status).toBe(409);
    expect(readdirSync(join(dir, 'personas')).sort()).toEqual(before);
    // Changing one that exists still works; after a deletion a new one fits again.
    await api().put(`/_simulator/api/personas/${seedId}`).send(persona('Seed renamed')).expect(200);
    await api().delete('/_simulator/api/personas/p0001').expect(200);
    await api().post('/_simulator/api/personas').send(persona('Fits again')).expect(201);
    await expectStillServing(sim.app);
    sim.close();
  });
});
