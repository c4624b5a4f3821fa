import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildDefaultPlan } from './default-plan.js';
import { PLAN_SCHEMA, PLAN_SCHEMA_ID } from './plan-schema.js';
import { PlanStore, planToDocument, readPlanFile } from './plan-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plans-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const minimal = {
  name: 'Mine',
  steps: [{ id: 'a', title: 'A', kind: 'sign-in', instruction: 'i', expectation: 'e' }],
};

describe('PlanStore', () => {
  it('lists the built-in plan without a data folder and finds no saved plan', () => {
    const store = new PlanStore(undefined);
    const list = store.list();
    expect(list.items.map((p) => p.id)).toEqual(['default']);
    expect(list.dataDir).toBeNull();
    expect(store.get('mine').kind).toBe('missing');
  });

  it('saves a plan as readable JSON with its schema copy, and reads it back', () => {
    const store = new PlanStore(dir);
    const plan = { ...buildDefaultPlan(), id: 'copy', name: 'Copy', builtIn: false };
    store.save(plan);
    const text = readFileSync(join(dir, 'plans', 'copy.json'), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "name": "Copy",\n');
    expect(
      JSON.parse(readFileSync(join(dir, 'schemas', 'rp-check-plan.schema.json'), 'utf8')),
    ).toEqual(PLAN_SCHEMA);
    const found = store.get('copy');
    expect(found.kind).toBe('found');
    if (found.kind === 'found') expect(found.plan.steps).toEqual(plan.steps);
    expect(store.list().items.map((p) => p.id)).toEqual(['default', 'copy']);
  });

  it('reports broken files as problems and keeps going', () => {
    mkdirSync(join(dir, 'plans'));
    writeFileSync(join(dir, 'plans', 'bad-json.json'), '{');
    writeFileSync(join(dir, 'plans', 'bad-plan.json'), JSON.stringify({ name: 'x', steps: 'no' }));
    writeFileSync(join(dir, 'plans', 'default.json'), JSON.stringify(minimal));
    writeFileSync(join(dir, 'plans', 'Bad Name.json'), JSON.stringify(minimal));
    writeFileSync(join(dir, 'plans', 'other.json'), JSON.stringify({ ...minimal, id: 'else' }));
    writeFileSync(join(dir, 'plans', 'good.json'), JSON.stringify(minimal));
    const store = new PlanStore(dir);
    const list = store.list();
    expect(list.items.map((p) => p.id)).toEqual(['default', 'good']);
    const byFile = Object.fromEntries(list.problems.map((p) => [p.file, p.message]));
    expect(byFile['plans/bad-json.json']).toMatch(/is not valid JSON/);
    expect(byFile['plans/bad-plan.json']).toMatch(/steps: must be a list/);
    expect(byFile['plans/default.json']).toMatch(/built-in plan/);
    expect(byFile['plans/Bad Name.json']).toMatch(/must be an id/);
    expect(byFile['plans/other.json']).toMatch(/does not match the file name/);
    expect(store.get('bad-json')).toMatchObject({ kind: 'broken' });
    expect(store.get('../etc')).toEqual({ kind: 'missing' });
  });

  it('refuses to save without a data folder or over the built-in plan', () => {
    expect(() => new PlanStore(undefined).save({ ...buildDefaultPlan(), id: 'x' })).toThrow(
      /data folder/,
    );
    expect(() => new PlanStore(dir).save(buildDefaultPlan())).toThrow(/cannot be the id/);
  });
});

describe('readPlanFile', () => {
  it('reads a plan file by path, named after the file', () => {
    const file = join(dir, 'ci-plan.json');
    writeFileSync(file, JSON.stringify(minimal));
    const r = readPlanFile(file);
    expect(r.ok && r.value.id).toBe('ci-plan');
  });
  it('explains a missing, malformed or invalid file', () => {
    expect(readPlanFile(join(dir, 'none.json'))).toEqual({ ok: false, error: 'does not exist' });
    writeFileSync(join(dir, 'a.json'), 'nope');
    expect(readPlanFile(join(dir, 'a.json'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not valid JSON/),
    });
    writeFileSync(join(dir, 'b.json'), '[]');
    expect(readPlanFile(join(dir, 'b.json'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/must be a JSON object/),
    });
    expect(readPlanFile(dir)).toMatchObject({ ok: false });
  });
});

describe('the plan schema', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(PLAN_SCHEMA);
  it('server/schemas holds it (regenerate it if this fails)', () => {
    const file = fileURLToPath(new URL('../../schemas/rp-check-plan.schema.json', import.meta.url));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(PLAN_SCHEMA);
    expect(PLAN_SCHEMA.$id).toBe(PLAN_SCHEMA_ID);
    expect(ajv.validateSchema(PLAN_SCHEMA)).toBe(true);
  });
  it('accepts the default plan file and refuses what the parser refuses', () => {
    expect(validate(JSON.parse(JSON.stringify(planToDocument(buildDefaultPlan()))))).toBe(true);
    expect(validate(minimal)).toBe(true);
    expect(validate({ ...minimal, steps: [{ ...minimal.steps[0], kind: 'nope' }] })).toBe(false);
    expect(
      validate({
        ...minimal,
        steps: [
          {
            ...minimal.steps[0],
            scenario: { name: 'S', errorConfiguration: { idTokenErrors: ['NOPE'] } },
          },
        ],
      }),
    ).toBe(false);
    expect(validate({ ...minimal, timeoutSeconds: 0 })).toBe(false);
  });
});
