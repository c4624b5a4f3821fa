/**
 * Windows device names (con, nul, aux, prn, com1-9, lpt1-9, any case) are never ids of personas,
 * scenarios or plans: on Windows, where the desktop app runs, they cannot be files. Creating one
 * is refused with a message naming the rule and nothing is written; a name that slugs to one
 * gets another id.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { isPresetId, slugify } from '../../src/shared/preset-id.js';
import { testSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

const API = '/_simulator/api';
const DEVICES = ['con', 'nul', 'aux', 'prn', 'com1', 'com9', 'lpt1', 'lpt9'];
const dir = mkdtempSync(join(tmpdir(), 'win-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = () =>
  ['personas', 'scenarios', 'plans'].flatMap((k) => {
    try {
      return readdirSync(join(dir, k)).map((n) => `${k}/${n}`);
    } catch {
      return [];
    }
  });

describe('Windows device names as ids', () => {
  it('are not ids, in any case; names that slug to one get a different id', () => {
    for (const name of [...DEVICES, 'CON', 'Nul', 'LPT3']) expect(isPresetId(name)).toBe(false);
    for (const ok of ['console', 'com10', 'com', 'lpt0', 'nul-user', 'my-aux'])
      expect(isPresetId(ok)).toBe(true);
    expect(slugify('Con')).toBe('con-preset');
    expect(isPresetId(slugify('AUX', 'persona'))).toBe(true);
  });

  it('creating a persona, scenario or plan with one is refused naming the rule; nothing is written', async () => {
    const sim = testSimulator({ dataDir: dir });
    const before = files();
    for (const id of DEVICES) {
      const persona = await request(sim.app)
        .post(`${API}/personas`)
        .send({ id, name: `Device ${id}` });
      expect(persona.status, persona.text).toBe(400);
      expect(persona.text).toMatch(/reserves for devices/);
      const put = await request(sim.app)
        .put(`${API}/scenarios/${id.toUpperCase()}`)
        .send({ name: `Device ${id}` });
      expect(put.status).toBe(400);
      const plan = await request(sim.app)
        .put(`${API}/rp-check/plans/${id}`)
        .send({ name: 'P', steps: [] });
      expect(plan.status).toBe(400);
      expect(plan.text).toMatch(/reserves for devices/);
    }
    expect(files()).toEqual(before);
    // A persona named like a device is saved under another id.
    const named = await request(sim.app).post(`${API}/personas`).send({ name: 'Con' });
    if (named.status === 201) expect(named.body.id).not.toBe('con');
    else expect(named.status).toBe(400);
    await expectStillServing(sim.app);
  });
});
