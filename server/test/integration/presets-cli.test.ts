/**
 * Scenarios outside the simulator: the env-var export fed to a fresh headless process (sourced by
 * a real POSIX shell) gives the same GET /config as applying the scenario; `--scenario FILE|ID`
 * applies one at start; `--data-dir` serves saved personas. Needs the built CLI
 * (`npm run build`, or `npx tsc -b server`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_VARS, type Simulator } from '../../src/index.js';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import { BUILT_IN_SCENARIOS } from '../../src/presets/built-in-scenarios.js';
import { testSimulator } from '../helpers/test-simulator.js';
import { CLI, ROOT, freePort, runNode, spawnNode } from '../../../bench/lib/processes.mjs';

const API = '/_simulator/api';
let dir: string;
const simulators: Simulator[] = [];

beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build\` (or \`npx tsc -b server\`) first`);
  dir = mkdtempSync(join(tmpdir(), 'presets-cli-'));
});
afterAll(() => {
  for (const s of simulators) s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The parent's environment without any simulator variable. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !(k in ENV_VARS)) env[k] = v;
  return env;
}
const cleanEnvUnset = () => Object.fromEntries(Object.keys(ENV_VARS).map((k) => [k, undefined]));

interface Child {
  url: string;
  stop(): Promise<void>;
}

/** `set -a; . FILE; set +a; exec node cli.js --port N`: the export used as documented. */
function startWithEnvFile(file: string, port: number): Promise<Child> {
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      'set -a; . "$1"; set +a; exec "$2" "$3" --port "$4"',
      'sh',
      file,
      process.execPath,
      CLI,
      String(port),
    ],
    { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL within 15 s: ${stderr}`));
    }, 15_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('http://')) return;
      clearTimeout(timer);
      resolve({
        url: line,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${stderr}`));
    });
  });
}

const withoutUrl = (c: SimulatorConfig) => ({ ...c, simulatorUrl: '' });

async function getConfig(url: string): Promise<SimulatorConfig> {
  return (await (await fetch(`${url}/config`)).json()) as SimulatorConfig;
}

/** A simulator with defaults and a data folder, with two saved presets that stress quoting. */
async function originalSimulator(): Promise<Simulator> {
  const sim = testSimulator({ dataDir: mkdtempSync(join(dir, 'original-')) });
  simulators.push(sim);
  await request(sim.app)
    .post(`${API}/personas`)
    .send({
      id: 'quoting',
      name: 'O\'Brien $HOME `id` "quoted"',
      responseConfiguration: {
        sub: "urn:fdc:gov.uk:2022:o'brien",
        email: 'o.brien+$test@example.com',
        phoneNumber: null,
        postalAddressDetails: [
          { buildingName: "O'BRIEN HOUSE", streetName: 'A\\B STREET', addressCountry: 'IE' },
        ],
        coreIdentityVerifiableCredentials: {
          type: ['VerifiableCredential', 'VerifiableIdentityCredential'],
          credentialSubject: {
            name: [{ nameParts: [{ value: 'SEÁN', type: 'GivenName' }] }],
            birthDate: [{ value: '1970-01-01' }],
          },
        },
        returnCodes: [{ code: 'X' }],
      },
    })
    .expect(201);
  await request(sim.app)
    .post(`${API}/scenarios`)
    .send({
      id: 'custom-everything',
      name: 'Custom: everything',
      persona: 'quoting',
      clientConfiguration: {
        clientId: 'client with spaces & $dollar',
        redirectUrls: ['https://rp.example/callback?a=1&b=2', 'http://localhost:9999/cb'],
        scopes: ['openid', 'email'],
        clientLoCs: ['P2'],
        pkceEnforced: true,
        idTokenSigningAlgorithm: 'RS256',
        client_secret_hash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      },
      errorConfiguration: { idTokenErrors: ['INVALID_AUD', 'NONCE_NOT_MATCHING'] },
      flags: { publishNewCoreIdentitySigningKeys: true, useNewCoreIdentitySigningKeys: true },
    })
    .expect(201);
  return sim;
}

/** A data folder holding one saved persona, kept-in-git. */
async function savedPersonaFolder(): Promise<string> {
  const data = mkdtempSync(join(dir, 'data-'));
  const sim = testSimulator({ dataDir: data });
  simulators.push(sim);
  await request(sim.app)
    .post(`${API}/personas`)
    .send({
      id: 'kept-in-git',
      name: 'Kept in git',
      responseConfiguration: { sub: 'urn:x:kept' },
    })
    .expect(201);
  return data;
}

describe('the env-var export, fed to a fresh headless process', () => {
  const ids = [...BUILT_IN_SCENARIOS.map((s) => s.id), 'custom-everything'];

  it(
    'gives the same GET /config as applying the scenario, for every built-in and a custom one',
    { timeout: 120_000 },
    async () => {
      const sim = await originalSimulator();
      const work = async (id: string) => {
        const reset = await request(sim.app).post(`${API}/personas/default-user/apply`);
        expect(reset.status).toBe(200);
        const applied = await request(sim.app).post(`${API}/scenarios/${id}/apply`);
        expect(applied.status, id).toBe(200);
        const original = (await request(sim.app).get('/config')).body as SimulatorConfig;
        const exported = await request(sim.app).get(`${API}/scenarios/${id}/export?format=env`);
        expect(exported.status).toBe(200);
        expect(exported.text).not.toContain('not expressible');
        return { id, original, text: exported.text };
      };
      // The in-process simulator is applied one scenario at a time; the processes run in batches.
      const exports = [];
      for (const id of ids) exports.push(await work(id));
      for (let i = 0; i < exports.length; i += 6) {
        await Promise.all(
          exports.slice(i, i + 6).map(async ({ id, original, text }) => {
            const file = join(dir, `${id}.env`);
            writeFileSync(file, text);
            const child = await startWithEnvFile(file, await freePort());
            try {
              expect(withoutUrl(await getConfig(child.url)), id).toEqual(withoutUrl(original));
            } finally {
              await child.stop();
            }
          }),
        );
      }
    },
  );
});

describe('--scenario', () => {
  it('applies an exported scenario file at start and names it in GET /active', async () => {
    const sim = await originalSimulator();
    await request(sim.app).post(`${API}/scenarios/custom-everything/apply`).expect(200);
    const original = (await request(sim.app).get('/config')).body as SimulatorConfig;
    const file = join(dir, 'custom-everything.json');
    writeFileSync(
      file,
      (await request(sim.app).get(`${API}/scenarios/custom-everything/export?format=json`)).text,
    );
    const cli = await spawnNode([CLI, '--port', String(await freePort()), '--scenario', file], {
      env: cleanEnvUnset(),
    });
    try {
      expect(withoutUrl(await getConfig(cli.url))).toEqual(withoutUrl(original));
      const active = await (await fetch(`${cli.url}${API}/active`)).json();
      expect(active).toEqual({
        scenario: { id: 'custom-everything', name: 'Custom: everything' },
        persona: { id: 'quoting', name: 'O\'Brien $HOME `id` "quoted"' },
        modifiedSinceApplied: false,
      });
    } finally {
      await cli.stop();
    }
  });

  it('takes the id of a built-in scenario, on top of the environment', async () => {
    const cli = await spawnNode(
      [CLI, '--port', String(await freePort()), '--scenario', 'rs256-id-tokens'],
      {
        env: { ...cleanEnvUnset(), REDIRECT_URLS: 'http://localhost:7000/cb' },
      },
    );
    try {
      const config = await getConfig(cli.url);
      expect(config.clientConfiguration.idTokenSigningAlgorithm).toBe('RS256');
      expect(config.clientConfiguration.redirectUrls).toEqual(['http://localhost:7000/cb']);
    } finally {
      await cli.stop();
    }
  });

  it('resolves a persona saved in --data-dir', async () => {
    const data = await savedPersonaFolder();
    const file = join(dir, 'uses-saved.json');
    writeFileSync(file, JSON.stringify({ name: 'Uses saved', persona: 'kept-in-git' }));
    const cli = await spawnNode(
      [CLI, '--port', String(await freePort()), '--data-dir', data, '--scenario', file],
      { env: cleanEnvUnset() },
    );
    try {
      expect((await getConfig(cli.url)).responseConfiguration.sub).toBe('urn:x:kept');
    } finally {
      await cli.stop();
    }
  });
});

describe('--data-dir', () => {
  it('is the folder the API lists and saves in', async () => {
    const data = await savedPersonaFolder();
    const cli = await spawnNode([CLI, '--port', String(await freePort()), '--data-dir', data], {
      env: cleanEnvUnset(),
    });
    try {
      const personas = (await (await fetch(`${cli.url}${API}/personas`)).json()) as {
        dataDir: string;
        items: { id: string }[];
      };
      expect(personas.dataDir).toBe(data);
      expect(personas.items.map((p) => p.id)).toContain('kept-in-git');
    } finally {
      await cli.stop();
    }
  });
});

describe('--scenario errors', () => {
  it.each([
    [
      'invalid fields',
      JSON.stringify({ name: 'Bad', flags: { interactiveMode: 'yes' }, persona: 'nobody-at-all' }),
      /--scenario .*bad-[a-z-]+\.json: flags\.interactiveMode: must be true or false/,
    ],
    [
      'a missing persona',
      JSON.stringify({ name: 'Bad', persona: 'nobody' }),
      /persona: no persona has the id "nobody"/,
    ],
    ['broken JSON', '{"name": ', /not valid JSON/],
  ])('refuses %s with one line and exit code 2', async (label, text, message) => {
    const file = join(dir, `bad-${label.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, text);
    const run = await runNode([CLI, '--port', String(await freePort()), '--scenario', file], {
      env: cleanEnvUnset(),
    });
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^identity-simulator: /);
    expect(lines[0]).toMatch(message);
  });

  it('refuses a path that is neither a file nor a scenario id', async () => {
    const run = await runNode([CLI, '--scenario', join(dir, 'nowhere.json')], {
      env: cleanEnvUnset(),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--scenario .*nowhere\.json: no such file/);
  });
});
