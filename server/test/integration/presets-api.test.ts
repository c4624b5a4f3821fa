/**
 * The personas and scenarios API under /_simulator/api, over HTTP (supertest): every route, the
 * data folder on disk, and bad input for every route and field, after which the simulator still
 * answers.
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/index.js';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import { testSimulator, defaultConfig } from '../helpers/test-simulator.js';
import { BUILT_IN_PERSONAS } from '../../src/presets/built-in-personas.js';
import { BUILT_IN_SCENARIOS } from '../../src/presets/built-in-scenarios.js';
import { PERSONA_SCHEMA, SCENARIO_SCHEMA } from '../../src/presets/preset-schemas.js';
import type {
  ActivePreset,
  ApplyResult,
  DiffEntry,
  ImportResult,
  Persona,
  PresetList,
  Scenario,
} from '../../src/presets/preset-types.js';

const API = '/_simulator/api';
const simulators: Simulator[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const s of simulators.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fresh(withDataDir = true): { sim: Simulator; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'presets-api-'));
  dirs.push(dir);
  const sim = testSimulator(withDataDir ? { dataDir: dir } : {});
  simulators.push(sim);
  return { sim, dir };
}

const errors = { coreIdentityErrors: [], idTokenErrors: [], authoriseErrors: [] };
const newPersona = {
  name: 'Tess Tester',
  description: 'Made in a test',
  responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:tess', phoneNumber: null },
};

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (sim: Simulator, method: Method, path: string) => request(sim.app)[method](path);

async function expectStillServing(sim: Simulator): Promise<void> {
  expect((await request(sim.app).get(`${API}/personas`)).status).toBe(200);
  expect((await request(sim.app).get('/.well-known/openid-configuration')).status).toBe(200);
}

describe('without a data folder', () => {
  it('lists the built-ins and says how to save', async () => {
    const { sim } = fresh(false);
    const list = await request(sim.app).get(`${API}/personas`);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const body = list.body as PresetList<Persona>;
    expect(body.dataDir).toBeNull();
    expect(body.problems).toEqual([]);
    expect(body.items.map((p) => p.id)).toEqual(BUILT_IN_PERSONAS.map((p) => p.id));
    const scenarios = (await request(sim.app).get(`${API}/scenarios`)).body as PresetList<Scenario>;
    expect(scenarios.items.map((s) => s.id)).toEqual(BUILT_IN_SCENARIOS.map((s) => s.id));

    for (const [method, path, body] of [
      ['post', '/personas', newPersona],
      ['post', '/personas/identity-passport/duplicate', undefined],
      ['post', '/scenarios', { name: 'S' }],
      ['post', '/scenarios/pkce-enforced/duplicate', undefined],
      ['put', '/personas/someone', newPersona],
      ['delete', '/scenarios/someone', undefined],
    ] as const) {
      const res = await request(sim.app)[method](`${API}${path}`).send(body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body).toMatchObject({
        error: 'conflict',
        error_description: expect.stringContaining('no data folder: start with --data-dir'),
      });
    }
    const imported = await request(sim.app)
      .post(`${API}/import?save=true`)
      .send({ format: 'env', text: 'PKCE_ENABLED=true\n' });
    expect(imported.status).toBe(409);
  });

  it('still applies built-ins', async () => {
    const { sim } = fresh(false);
    const res = await request(sim.app).post(`${API}/scenarios/pkce-enforced/apply`);
    expect(res.status).toBe(200);
    expect((res.body as ApplyResult).config.clientConfiguration.pkceEnforced).toBe(true);
  });
});

describe('personas', () => {
  it('create, read, update, duplicate, delete, with one file each on disk', async () => {
    const { sim, dir } = fresh();
    const created = await request(sim.app).post(`${API}/personas`).send(newPersona);
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`${API}/personas/tess-tester`);
    const persona = created.body as Persona;
    expect(persona).toMatchObject({
      id: 'tess-tester',
      name: 'Tess Tester',
      builtIn: false,
      responseConfiguration: {
        sub: 'urn:fdc:gov.uk:2022:tess',
        phoneNumber: null,
        // Omitted fields take the defaults.
        maxLoCAchieved: 'P2',
      },
    });
    const file = JSON.parse(readFileSync(join(dir, 'personas', 'tess-tester.json'), 'utf8'));
    expect(file).toMatchObject({ $schema: '../schemas/persona.schema.json', id: 'tess-tester' });

    // The same name again gets a new id.
    const again = await request(sim.app).post(`${API}/personas`).send(newPersona);
    expect((again.body as Persona).id).toBe('tess-tester-2');
    // An explicit id that is taken is refused.
    const taken = await request(sim.app)
      .post(`${API}/personas`)
      .send({ ...newPersona, id: 'identity-passport' });
    expect(taken.status).toBe(409);
    expect(taken.body.error_description).toContain('already exists');

    expect((await request(sim.app).get(`${API}/personas/tess-tester`)).body).toEqual(persona);

    const updated = await request(sim.app)
      .put(`${API}/personas/tess-tester`)
      .send({ name: 'Tess (renamed)', responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:t2' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: 'tess-tester', name: 'Tess (renamed)' });

    const copy = await request(sim.app).post(`${API}/personas/identity-passport/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      id: 'verified-with-a-passport-p2-copy',
      name: 'Verified with a passport (P2) (copy)',
      builtIn: false,
    });
    const named = await request(sim.app)
      .post(`${API}/personas/identity-passport/duplicate`)
      .send({ name: 'My passport user' });
    expect(named.body).toMatchObject({ id: 'my-passport-user', name: 'My passport user' });
    expect((named.body as Persona).responseConfiguration).toEqual(
      BUILT_IN_PERSONAS.find((p) => p.id === 'identity-passport')?.responseConfiguration,
    );

    await request(sim.app)
      .post(`${API}/scenarios`)
      .send({ name: 'Uses Tess', persona: 'tess-tester' })
      .expect(201);
    const deleted = await request(sim.app).delete(`${API}/personas/tess-tester`);
    expect(deleted.body).toEqual({ deleted: 'tess-tester', referencedBy: ['uses-tess'] });
    expect((await request(sim.app).get(`${API}/personas/tess-tester`)).status).toBe(404);
    expect((await request(sim.app).delete(`${API}/personas/tess-tester`)).status).toBe(404);
    expect(readdirSync(join(dir, 'personas')).sort()).toEqual([
      'my-passport-user.json',
      'tess-tester-2.json',
      'verified-with-a-passport-p2-copy.json',
    ]);
  });

  it('takes back what GET answered (GET, edit, PUT), for personas and scenarios', async () => {
    const { sim } = fresh();
    await request(sim.app).post(`${API}/personas`).send(newPersona).expect(201);
    const got = (await request(sim.app).get(`${API}/personas/tess-tester`)).body as Persona;
    got.responseConfiguration.email = 'changed@example.com';
    const put = await request(sim.app).put(`${API}/personas/tess-tester`).send(got);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(got);

    const copy = (await request(sim.app).post(`${API}/scenarios/verified-with-passport/duplicate`))
      .body as Scenario;
    copy.flags.interactiveMode = true;
    const putScenario = await request(sim.app).put(`${API}/scenarios/${copy.id}`).send(copy);
    expect(putScenario.status).toBe(200);
    expect(putScenario.body).toEqual(copy);
  });

  it('refuses to change built-ins (403) and answers 404 for unknown ids', async () => {
    const { sim } = fresh();
    const put = await request(sim.app).put(`${API}/personas/identity-passport`).send(newPersona);
    expect(put.status).toBe(403);
    expect(put.body.error).toBe('forbidden');
    expect(put.body.error_description).toContain('duplicate it');
    expect((await request(sim.app).delete(`${API}/personas/default-user`)).status).toBe(403);
    expect((await request(sim.app).get(`${API}/personas/nobody`)).status).toBe(404);
    expect((await request(sim.app).put(`${API}/personas/nobody`).send(newPersona)).status).toBe(
      404,
    );
    expect((await request(sim.app).post(`${API}/personas/nobody/apply`)).status).toBe(404);
    expect((await request(sim.app).post(`${API}/personas/nobody/duplicate`)).status).toBe(404);
  });

  it('apply sets the responses and keeps the client configuration and errors', async () => {
    const { sim } = fresh();
    sim.config.update({
      clientConfiguration: { pkceEnforced: true },
      errorConfiguration: { ...errors, idTokenErrors: ['TOKEN_EXPIRED'] },
    });
    const res = await request(sim.app).post(`${API}/personas/no-phone/apply`);
    expect(res.status).toBe(200);
    const body = res.body as ApplyResult;
    expect(body.config.responseConfiguration).toEqual(
      BUILT_IN_PERSONAS.find((p) => p.id === 'no-phone')?.responseConfiguration,
    );
    expect(body.config.clientConfiguration.pkceEnforced).toBe(true);
    expect(body.config.errorConfiguration.idTokenErrors).toEqual(['TOKEN_EXPIRED']);
    expect(body.active).toEqual({
      persona: { id: 'no-phone', name: 'No phone number' },
      modifiedSinceApplied: false,
    });
    expect((await request(sim.app).get('/config')).body).toEqual(body.config);
  });
});

describe('scenarios', () => {
  it('create (checked against personas), update, duplicate, delete', async () => {
    const { sim, dir } = fresh();
    const dangling = await request(sim.app)
      .post(`${API}/scenarios`)
      .send({ name: 'Dangling', persona: 'nobody' });
    expect(dangling.status).toBe(400);
    expect(dangling.body.issues).toEqual([
      { path: 'persona', message: 'no persona has the id "nobody"' },
    ]);

    const created = await request(sim.app)
      .post(`${API}/scenarios`)
      .send({
        name: 'Passport user, PKCE',
        persona: 'identity-passport',
        clientConfiguration: { pkceEnforced: true },
        errorConfiguration: { coreIdentityErrors: ['TOKEN_EXPIRED'] },
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'passport-user-pkce',
      builtIn: false,
      errorConfiguration: { coreIdentityErrors: ['TOKEN_EXPIRED'], idTokenErrors: [] },
      flags: {},
    });
    expect(
      JSON.parse(readFileSync(join(dir, 'scenarios', 'passport-user-pkce.json'), 'utf8')).$schema,
    ).toBe('../schemas/scenario.schema.json');

    const updated = await request(sim.app)
      .put(`${API}/scenarios/passport-user-pkce`)
      .send({ id: 'passport-user-pkce', name: 'Renamed', flags: { interactiveMode: true } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', flags: { interactiveMode: true } });
    expect(updated.body.persona).toBeUndefined();

    const mismatch = await request(sim.app)
      .put(`${API}/scenarios/passport-user-pkce`)
      .send({ id: 'other', name: 'x' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.issues[0].path).toBe('id');

    const copy = await request(sim.app).post(`${API}/scenarios/pkce-enforced/duplicate`);
    expect(copy.body).toMatchObject({ id: 'pkce-enforced-copy', builtIn: false });
    expect(
      (await request(sim.app).put(`${API}/scenarios/pkce-enforced`).send({ name: 'x' })).status,
    ).toBe(403);
    expect((await request(sim.app).delete(`${API}/scenarios/pkce-enforced`)).status).toBe(403);
    expect((await request(sim.app).delete(`${API}/scenarios/renamed`)).status).toBe(404);
    expect((await request(sim.app).delete(`${API}/scenarios/passport-user-pkce`)).body).toEqual({
      deleted: 'passport-user-pkce',
    });
  });

  it('apply is one configuration change, tracked by GET /active', async () => {
    const { sim } = fresh();
    const events: SimulatorConfig[] = [];
    sim.events.on('config', (c: SimulatorConfig) => events.push(c));
    expect((await request(sim.app).get(`${API}/active`)).body).toEqual({
      modifiedSinceApplied: false,
    });

    const res = await request(sim.app).post(`${API}/scenarios/expired-core-identity/apply`);
    expect(res.status).toBe(200);
    expect(events).toHaveLength(1);
    const { config, active } = res.body as ApplyResult;
    expect(config.errorConfiguration.coreIdentityErrors).toEqual(['TOKEN_EXPIRED']);
    expect(config.responseConfiguration.sub).toBe(
      BUILT_IN_PERSONAS.find((p) => p.id === 'identity-passport')?.responseConfiguration.sub,
    );
    expect(active).toEqual({
      scenario: { id: 'expired-core-identity', name: 'Expired core identity' },
      persona: { id: 'identity-passport', name: 'Verified with a passport (P2)' },
      modifiedSinceApplied: false,
    });

    // A scenario without a persona keeps the current one, and resets the other errors.
    const pkce = (await request(sim.app).post(`${API}/scenarios/pkce-enforced/apply`))
      .body as ApplyResult;
    expect(pkce.config.responseConfiguration).toEqual(config.responseConfiguration);
    expect(pkce.config.errorConfiguration.coreIdentityErrors).toEqual([]);
    expect(pkce.active).toMatchObject({
      scenario: { id: 'pkce-enforced' },
      persona: { id: 'identity-passport' },
    });

    // Someone else changes the configuration: the mark shows it.
    await request(sim.app)
      .post('/config')
      .send({ clientConfiguration: { pkceEnforced: false }, errorConfiguration: errors })
      .expect(200);
    expect(
      ((await request(sim.app).get(`${API}/active`)).body as ActivePreset).modifiedSinceApplied,
    ).toBe(true);

    // Client changes are made from the configuration the simulator started with.
    const rs = (await request(sim.app).post(`${API}/scenarios/rs256-id-tokens/apply`))
      .body as ApplyResult;
    expect(rs.config.clientConfiguration.pkceEnforced).toBe(false);
    expect(rs.config.clientConfiguration.idTokenSigningAlgorithm).toBe('RS256');
    expect(rs.active.persona).toBeUndefined();
  });

  it('imports and applies a scenario without a data folder (?apply=true), saving nothing', async () => {
    const { sim } = fresh(false);
    const text = 'PKCE_ENABLED=true\nID_TOKEN_ERRORS=INVALID_ISS\n';
    const res = await request(sim.app)
      .post(`${API}/import?apply=true`)
      .send({ format: 'env', text, name: 'Pasted PKCE' });
    expect(res.status).toBe(200);
    const body = res.body as ImportResult;
    expect(body.saved).toBe(false);
    expect(body.applied?.config.clientConfiguration.pkceEnforced).toBe(true);
    expect(body.applied?.config.errorConfiguration.idTokenErrors).toEqual(['INVALID_ISS']);
    const active = { scenario: { id: 'pasted-pkce', name: 'Pasted PKCE' } };
    expect(body.applied?.active).toMatchObject({ ...active, modifiedSinceApplied: false });
    expect((await request(sim.app).get(`${API}/active`)).body).toMatchObject(active);
    expect((await request(sim.app).get('/config')).body.clientConfiguration.pkceEnforced).toBe(
      true,
    );
    // Saving still needs a folder; nothing is applied when the save is refused.
    const saveAndApply = await request(sim.app)
      .post(`${API}/import?save=true&apply=true`)
      .send({ format: 'env', text: 'PKCE_ENABLED=false\n' });
    expect(saveAndApply.status).toBe(409);
    expect((await request(sim.app).get('/config')).body.clientConfiguration.pkceEnforced).toBe(
      true,
    );
  });

  it('save=true&apply=true saves the scenario and puts it in force', async () => {
    const { sim, dir } = fresh();
    const res = await request(sim.app)
      .post(`${API}/import?save=true&apply=true`)
      .send({
        format: 'json',
        text: JSON.stringify({ name: 'Saved and applied', persona: 'no-phone' }),
      });
    expect(res.status).toBe(201);
    const body = res.body as ImportResult;
    expect(body.saved).toBe(true);
    expect(body.applied?.active).toEqual({
      scenario: { id: 'saved-and-applied', name: 'Saved and applied' },
      persona: { id: 'no-phone', name: 'No phone number' },
      modifiedSinceApplied: false,
    });
    expect(existsSync(join(dir, 'scenarios', 'saved-and-applied.json'))).toBe(true);
  });

  it('PUT with a new id in the body renames a persona; scenarios and GET /active follow', async () => {
    const { sim, dir } = fresh();
    const copy = (
      await request(sim.app).post(`${API}/personas/no-phone/duplicate`).send({}).expect(201)
    ).body as Persona;
    expect(copy.id).toBe('no-phone-number-copy');
    await request(sim.app)
      .post(`${API}/scenarios`)
      .send({ name: 'Uses the copy', persona: copy.id })
      .expect(201);
    await request(sim.app).post(`${API}/personas/${copy.id}/apply`).expect(200);
    const renamed = await request(sim.app)
      .put(`${API}/personas/${copy.id}`)
      .send({ ...copy, id: 'landline-only', name: 'Landline only' });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.location).toBe(`${API}/personas/landline-only`);
    expect(renamed.body).toMatchObject({ id: 'landline-only', name: 'Landline only' });
    expect((await request(sim.app).get(`${API}/personas/${copy.id}`)).status).toBe(404);
    expect(readdirSync(join(dir, 'personas'))).toEqual(['landline-only.json']);
    expect((await request(sim.app).get(`${API}/scenarios/uses-the-copy`)).body.persona).toBe(
      'landline-only',
    );
    expect((await request(sim.app).get(`${API}/active`)).body.persona).toEqual({
      id: 'landline-only',
      name: 'Landline only',
    });
  });

  it('refuses a rename to a taken or malformed id, changing nothing', async () => {
    const { sim, dir } = fresh();
    await request(sim.app).post(`${API}/personas`).send(newPersona).expect(201);
    await request(sim.app)
      .post(`${API}/personas`)
      .send({ ...newPersona, name: 'Other' })
      .expect(201);
    const taken = await request(sim.app)
      .put(`${API}/personas/tess-tester`)
      .send({ ...newPersona, id: 'other' });
    expect(taken.status).toBe(409);
    const builtIn = await request(sim.app)
      .put(`${API}/personas/tess-tester`)
      .send({ ...newPersona, id: 'no-phone' });
    expect(builtIn.status).toBe(409);
    for (const id of [42, null, ['x'], { a: 1 }, 'Not An Id', '', 'a'.repeat(65), '-x']) {
      const res = await request(sim.app)
        .put(`${API}/personas/tess-tester`)
        .send({ ...newPersona, id });
      expect(res.status, JSON.stringify(id)).toBe(400);
      expect(
        (res.body.issues as { path: string }[]).some((i) => i.path === 'id'),
        JSON.stringify(id),
      ).toBe(true);
    }
    expect(readdirSync(join(dir, 'personas')).sort()).toEqual(['other.json', 'tess-tester.json']);
    await expectStillServing(sim);
  });

  it('a persona applied after a scenario leaves the scenario named in GET /active', async () => {
    const { sim } = fresh();
    await request(sim.app).post(`${API}/scenarios/verified-with-passport/apply`).expect(200);
    const applied = (await request(sim.app).post(`${API}/personas/no-phone/apply`).expect(200))
      .body as ApplyResult;
    const active = {
      scenario: { id: 'verified-with-passport', name: 'Verified with a passport' },
      persona: { id: 'no-phone', name: 'No phone number' },
      modifiedSinceApplied: false,
    };
    expect(applied.active).toEqual(active);
    expect((await request(sim.app).get(`${API}/active`)).body).toEqual(active);
    // The scenario's client changes are still in force, and a change on top is flagged.
    expect(applied.config.clientConfiguration.claims).toEqual(
      expect.arrayContaining(['https://vocab.account.gov.uk/v1/passport']),
    );
    await request(sim.app)
      .post('/config')
      .send({ clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors })
      .expect(200);
    expect((await request(sim.app).get(`${API}/active`)).body).toEqual({
      ...active,
      modifiedSinceApplied: true,
    });
  });

  it('apply refuses a saved scenario whose persona was deleted (409, with the field)', async () => {
    const { sim } = fresh();
    await request(sim.app).post(`${API}/personas`).send(newPersona).expect(201);
    await request(sim.app)
      .post(`${API}/scenarios`)
      .send({ name: 'Tess', persona: 'tess-tester' })
      .expect(201);
    await request(sim.app).delete(`${API}/personas/tess-tester`).expect(200);
    const before = (await request(sim.app).get('/config')).body;
    const res = await request(sim.app).post(`${API}/scenarios/tess/apply`);
    expect(res.status).toBe(409);
    expect(res.body.issues).toEqual([
      { path: 'persona', message: 'no persona has the id "tess-tester"' },
    ]);
    expect((await request(sim.app).get('/config')).body).toEqual(before);
  });
});

describe('export and import over HTTP', () => {
  it('exports in each format with its content type, and imports it back (saving on request)', async () => {
    const { sim, dir } = fresh();
    const types = {
      json: 'application/json',
      config: 'application/json',
      env: 'text/plain',
      compose: 'text/plain',
    };
    for (const [format, type] of Object.entries(types)) {
      const res = await request(sim.app).get(
        `${API}/scenarios/verified-with-passport/export?format=${format}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(res.headers['content-disposition']).toMatch(
        /^inline; filename="verified-with-passport/,
      );
      const imported = await request(sim.app)
        .post(`${API}/import`)
        .send({ format, text: res.text, ...(format === 'config' ? { name: 'From config' } : {}) });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect((imported.body as ImportResult).saved).toBe(false);
    }
    expect(readdirSync(dir)).toEqual([]);

    const env = (await request(sim.app).get(`${API}/scenarios/pkce-enforced/export?format=env`))
      .text;
    const saved = await request(sim.app)
      .post(`${API}/import?save=true`)
      .send({ format: 'env', text: env });
    expect(saved.status).toBe(201);
    // The built-in's id is taken, so the import is saved under a new one.
    expect(saved.body).toMatchObject({
      saved: true,
      scenario: { id: 'pkce-enforced-2', name: 'PKCE enforced' },
      warnings: ['the id "pkce-enforced" is taken; saved as "pkce-enforced-2"'],
    });
    expect(readdirSync(join(dir, 'scenarios'))).toEqual(['pkce-enforced-2.json']);
  });

  it('default format is json', async () => {
    const { sim } = fresh();
    const res = await request(sim.app).get(`${API}/scenarios/pkce-enforced/export`);
    expect(JSON.parse(res.text)).toMatchObject({
      id: 'pkce-enforced',
      $schema: expect.any(String),
    });
  });

  it('import lists every problem with its field, and saves nothing', async () => {
    const { sim, dir } = fresh();
    const res = await request(sim.app)
      .post(`${API}/import?save=true`)
      .send({
        format: 'json',
        text: JSON.stringify({
          name: '',
          persona: { name: 'P', responseConfiguration: { maxLoCAchieved: 'P9' } },
          errorConfiguration: { idTokenErrors: ['NOPE'] },
        }),
      });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      [
        'name',
        'persona.responseConfiguration.maxLoCAchieved',
        'errorConfiguration.idTokenErrors[0]',
      ].sort(),
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('GET /diff', () => {
  it('compares the active configuration with the defaults by default', async () => {
    const { sim } = fresh();
    expect((await request(sim.app).get(`${API}/diff`)).body).toEqual([]);
    await request(sim.app).post(`${API}/scenarios/id-token-wrong-key/apply`).expect(200);
    expect((await request(sim.app).get(`${API}/diff`)).body).toEqual([
      { path: 'errorConfiguration.idTokenErrors', left: [], right: ['INVALID_SIGNATURE'] },
    ]);
  });

  it('compares two scenarios, a persona, the initial configuration', async () => {
    const { sim } = fresh();
    const res = await request(sim.app).get(
      `${API}/diff?left=scenario:pkce-enforced&right=scenario:rs256-id-tokens`,
    );
    expect(res.body).toEqual([
      { path: 'clientConfiguration.idTokenSigningAlgorithm', left: 'ES256', right: 'RS256' },
      { path: 'clientConfiguration.pkceEnforced', left: true, right: false },
    ]);
    const persona = (await request(sim.app).get(`${API}/diff?left=initial&right=persona:no-phone`))
      .body as DiffEntry[];
    expect(persona).toContainEqual({
      path: 'responseConfiguration.phoneNumber',
      left: '+447123456789',
      right: null,
    });
    expect(persona.every((e) => e.path.startsWith('responseConfiguration.'))).toBe(true);
  });

  it.each([
    ['left=nonsense', 400],
    ['left=scenario:', 400],
    ['left=scenario:..%2F..%2Fetc', 400],
    ['right=scenario:nobody', 404],
    ['right=persona:nobody', 404],
    ['left=active&left=x', 400],
  ])('refuses %s', async (query, status) => {
    const { sim } = fresh();
    const res = await request(sim.app).get(`${API}/diff?${query}`);
    expect(res.status).toBe(status);
    expect(res.body.error).toBeDefined();
  });
});

describe('schemas', () => {
  it('serves both JSON Schema documents', async () => {
    const { sim } = fresh(false);
    const persona = await request(sim.app).get(`${API}/schemas/persona.json`);
    expect(persona.headers['content-type']).toBe('application/schema+json; charset=utf-8');
    expect(JSON.parse(persona.text)).toEqual(PERSONA_SCHEMA);
    const scenario = await request(sim.app).get(`${API}/schemas/scenario.json`);
    expect(JSON.parse(scenario.text)).toEqual(SCENARIO_SCHEMA);
  });
});

describe('a data folder with broken files', () => {
  it('lists the problems and serves the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'presets-broken-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'scenarios'));
    writeFileSync(join(dir, 'scenarios', 'good.json'), JSON.stringify({ name: 'Good' }));
    writeFileSync(join(dir, 'scenarios', 'broken.json'), '{"name": ');
    writeFileSync(
      join(dir, 'scenarios', 'wrong.json'),
      JSON.stringify({ name: 'Wrong', flags: { interactiveMode: 'yes' } }),
    );
    const sim = testSimulator({ dataDir: dir });
    simulators.push(sim);
    const list = (await request(sim.app).get(`${API}/scenarios`)).body as PresetList<Scenario>;
    expect(list.items.filter((s) => !s.builtIn).map((s) => s.id)).toEqual(['good']);
    expect(list.problems).toEqual([
      { file: 'scenarios/broken.json', message: expect.stringMatching(/^is not valid JSON/) },
      {
        file: 'scenarios/wrong.json',
        message: 'flags.interactiveMode: must be true or false (a JSON boolean)',
      },
    ]);
    const broken = await request(sim.app).post(`${API}/scenarios/broken/apply`);
    expect(broken.status).toBe(409);
    expect(broken.body.error_description).toMatch(/^scenarios\/broken\.json cannot be used/);
    // PUT over a broken file fixes it.
    const fixed = await request(sim.app).put(`${API}/scenarios/broken`).send({ name: 'Fixed' });
    expect(fixed.status).toBe(200);
    expect((await request(sim.app).post(`${API}/scenarios/good/apply`)).status).toBe(200);
  });
});

describe('bad input', () => {
  const hostileIds = [
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'UPPER',
    'a'.repeat(65),
    'semi%3Bcolon',
    'nul%00byte',
    'sp%20ace',
  ];
  const idRoutes: [Method, (id: string) => string][] = [
    ['get', (id) => `/personas/${id}`],
    ['put', (id) => `/personas/${id}`],
    ['delete', (id) => `/personas/${id}`],
    ['post', (id) => `/personas/${id}/duplicate`],
    ['post', (id) => `/personas/${id}/apply`],
    ['get', (id) => `/scenarios/${id}`],
    ['put', (id) => `/scenarios/${id}`],
    ['delete', (id) => `/scenarios/${id}`],
    ['post', (id) => `/scenarios/${id}/duplicate`],
    ['post', (id) => `/scenarios/${id}/apply`],
    ['get', (id) => `/scenarios/${id}/export`],
  ];

  it('refuses hostile ids on every route with 400 and touches no file', async () => {
    const { sim, dir } = fresh();
    for (const id of hostileIds)
      for (const [method, path] of idRoutes) {
        const res = await call(sim, method, `${API}${path(id)}`).send(newPersona);
        expect(res.status, `${method} ${path(id)}`).toBe(400);
        expect(res.body).toMatchObject({ error: 'invalid_request', issues: [{ path: 'id' }] });
      }
    const traversal = await request(sim.app).get(`${API}/personas/../../../etc/passwd`);
    expect(traversal.status).toBe(404);
    expect(readdirSync(dir)).toEqual([]);
    await expectStillServing(sim);
  });

  it('refuses bodies of the wrong shape on every write route, with the field at fault', async () => {
    const { sim } = fresh();
    await request(sim.app).post(`${API}/personas`).send(newPersona).expect(201);
    await request(sim.app).post(`${API}/scenarios`).send({ name: 'Mine' }).expect(201);
    const cases: [Method, string, unknown, string[]][] = [
      ['post', '/personas', [], ['']],
      ['post', '/personas', 'text', ['']],
      [
        'post',
        '/personas',
        { name: 5, responseConfiguration: { sub: [] } },
        ['name', 'responseConfiguration.sub'],
      ],
      [
        'post',
        '/personas',
        { name: 'x', responseConfiguration: { emailVerified: 'true' } },
        ['responseConfiguration.emailVerified'],
      ],
      ['post', '/personas', { name: 'x', id: '../x', responseConfiguration: {} }, ['id']],
      ['put', '/personas/tess-tester', { responseConfiguration: {} }, ['name']],
      [
        'put',
        '/personas/tess-tester',
        { name: 'x', responseConfiguration: { returnCodes: 'X' } },
        ['responseConfiguration.returnCodes'],
      ],
      ['post', '/personas/identity-passport/duplicate', { name: '' }, ['name']],
      ['post', '/personas/identity-passport/duplicate', { name: 'ok', other: 1 }, ['other']],
      ['post', '/personas/identity-passport/duplicate', [1], ['']],
      [
        'post',
        '/scenarios',
        { name: 'x', clientConfiguration: { redirectUrls: [] } },
        ['clientConfiguration.redirectUrls'],
      ],
      [
        'post',
        '/scenarios',
        { name: 'x', clientConfiguration: { publicKey: 'not a key' } },
        ['clientConfiguration.publicKey'],
      ],
      [
        'post',
        '/scenarios',
        { name: 'x', flags: { useNewIdTokenSigningKeys: true } },
        ['flags.useNewIdTokenSigningKeys'],
      ],
      [
        'post',
        '/scenarios',
        { name: 'x', clientConfiguration: { publicKeySource: 'JWKS' } },
        ['clientConfiguration.jwksUrl'],
      ],
      [
        'put',
        '/scenarios/mine',
        { name: 'x', errorConfiguration: { authoriseErrors: [null] } },
        ['errorConfiguration.authoriseErrors[0]'],
      ],
      ['post', '/scenarios/pkce-enforced/duplicate', { name: 'a\nb' }, ['name']],
      ['post', '/import', { format: 'xml', text: 1, extra: true }, ['extra', 'format', 'text']],
      ['post', '/import', { format: 'env', text: 'x', name: 7 }, ['name']],
      ['post', '/import', { format: 'env', text: 'NOT VALID' }, ['line 1']],
      [
        'post',
        '/import',
        { format: 'compose', text: 'environment:\n  PKCE_ENABLED: "${X}"' },
        ['line 2'],
      ],
      ['post', '/import', { format: 'config', text: '{' }, ['']],
    ];
    for (const [method, path, body, paths] of cases) {
      const res = await call(sim, method, `${API}${path}`).send(body as object);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(typeof res.body.error_description).toBe('string');
      expect(
        res.body.issues.map((i: { path: string }) => i.path).sort(),
        `${method} ${path}`,
      ).toEqual([...paths].sort());
    }
    await expectStillServing(sim);
  });

  it('refuses malformed JSON, a body that is not JSON, huge bodies and bad query values', async () => {
    const { sim } = fresh();
    const malformed = await request(sim.app)
      .post(`${API}/personas`)
      .set('content-type', 'application/json')
      .send('{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'invalid_request', issues: [{ path: '' }] });

    const notJson = await request(sim.app)
      .post(`${API}/scenarios`)
      .set('content-type', 'text/plain')
      .send('name=x');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error_description).toContain('Content-Type: application/json');

    const huge = await request(sim.app)
      .post(`${API}/import`)
      .send({ format: 'env', text: `A=${'x'.repeat(200_000)}` });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('invalid_request');

    const format = await request(sim.app).get(`${API}/scenarios/pkce-enforced/export?format=yaml`);
    expect(format.status).toBe(400);
    expect(format.body.issues).toEqual([{ path: 'format', message: expect.any(String) }]);
    const twice = await request(sim.app).get(
      `${API}/scenarios/pkce-enforced/export?format=json&format=env`,
    );
    // A repeated query parameter keeps its last value, as everywhere in the simulator.
    expect(twice.status).toBe(200);
    expect(twice.headers['content-type']).toBe('text/plain; charset=utf-8');
    const save = await request(sim.app)
      .post(`${API}/import?save=maybe`)
      .send({ format: 'env', text: '' });
    expect(save.status).toBe(400);
    expect(save.body.issues).toEqual([{ path: 'save', message: 'must be true or false' }]);
    const before = (await request(sim.app).get('/config')).body;
    for (const query of ['apply=yes', 'apply=1', 'apply=', 'apply=TRUE']) {
      const res = await request(sim.app)
        .post(`${API}/import?${query}`)
        .send({ format: 'env', text: 'PKCE_ENABLED=true\n' });
      expect(res.status, query).toBe(400);
      expect(res.body.issues, query).toEqual([{ path: 'apply', message: 'must be true or false' }]);
    }
    // A scenario that cannot be applied (unknown persona) is refused whole, with the field.
    const unknown = await request(sim.app)
      .post(`${API}/import?apply=true`)
      .send({ format: 'json', text: JSON.stringify({ name: 'Ghost', persona: 'nobody-here' }) });
    expect(unknown.status).toBe(400);
    expect((await request(sim.app).get('/config')).body).toEqual(before);
    await expectStillServing(sim);
  });

  it('refuses deeply nested documents without a fault, in bodies, imports and files', async () => {
    const { sim, dir } = fresh();
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const body = `{"name":"Deep","responseConfiguration":{"coreIdentityVerifiableCredentials":${deep(10_000)}}}`;
    const persona = await request(sim.app)
      .post(`${API}/personas`)
      .set('content-type', 'application/json')
      .send(body);
    expect(persona.status).toBe(400);
    expect(persona.body.issues).toEqual([
      { path: '', message: 'is nested more than 64 levels deep' },
    ]);
    for (const [format, text] of [
      ['json', `{"name":"x","clientConfiguration":${deepArray(20_000)}}`],
      ['config', `{"responseConfiguration":{"passportDetails":${deepArray(20_000)}}}`],
      ['env', `PASSPORT_DETAILS='${deepArray(20_000)}'`],
      ['compose', `environment:\n  CORE_IDENTITY_VC: '${deep(10_000)}'`],
    ]) {
      const res = await request(sim.app).post(`${API}/import`).send({ format, text });
      expect(res.status, format).toBe(400);
      expect(res.body.issues[0].message, format).toMatch(
        /^is nested more than 64 levels deep( \(line \d\))?$/,
      );
    }
    mkdirSync(join(dir, 'personas'));
    writeFileSync(join(dir, 'personas', 'deep.json'), body);
    const list = (await request(sim.app).get(`${API}/personas`)).body as PresetList<Persona>;
    expect(list.problems).toEqual([
      { file: 'personas/deep.json', message: '(document): is nested more than 64 levels deep' },
    ]);
    await expectStillServing(sim);
  });

  it('answers only requests addressed to this machine, and refuses changes from other origins', async () => {
    const { sim } = fresh();
    const foreign = await request(sim.app).get(`${API}/personas`).set('host', 'evil.example');
    expect(foreign.status).toBe(403);
    const crossSite = await request(sim.app)
      .post(`${API}/scenarios/pkce-enforced/apply`)
      .set('origin', 'http://evil.example');
    expect(crossSite.status).toBe(403);
    expect(sim.config.get().clientConfiguration.pkceEnforced).toBe(false);
    expect(defaultConfig().clientConfiguration.pkceEnforced).toBe(false);
  });
});
