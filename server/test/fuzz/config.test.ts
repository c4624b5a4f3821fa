/**
 * POST /config under hostile bodies: 200 with the new configuration or 400 JSON listing the
 * errors (and then nothing applied), never a 5xx, and the simulator keeps serving either way.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import type { SimulatorConfig } from '../../src/index.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  SOME_RUNS,
  STACK_TRACE,
  TRANSPORT_LIMITS,
  deepArrayJson,
  deepObjectJson,
  expectFlowStillWorks,
  hostileJson,
  hostileString,
} from './hostile-input.js';
import { RESPONSE_FIELDS } from '../helpers/response-fields.js';

const CLIENT_FIELDS = [
  'clientId',
  'publicKeySource',
  'publicKey',
  'jwksUrl',
  'scopes',
  'redirectUrls',
  'postLogoutRedirectUrls',
  'claims',
  'identityVerificationSupported',
  'idTokenSigningAlgorithm',
  'clientLoCs',
  'token_auth_method',
  'client_secret_hash',
  'pkceEnforced',
  'maxAgeEnabled',
] as const;
const ERROR_LISTS = ['coreIdentityErrors', 'idTokenErrors', 'authoriseErrors'] as const;
const FLAGS = [
  'publishNewIdTokenSigningKeys',
  'useNewIdTokenSigningKeys',
  'publishNewCoreIdentitySigningKeys',
  'useNewCoreIdentitySigningKeys',
  'interactiveMode',
  'simulatorUrl',
] as const;

let sim: ListeningSimulator;
let saved: SimulatorConfig;
beforeAll(async () => {
  sim = await listeningSimulator();
  saved = structuredClone(sim.simulator.config.get()) as SimulatorConfig;
});
afterEach(() => {
  // Hostile but valid bodies change the configuration; every test starts from the same one.
  const restored = sim.simulator.config.update(saved);
  if (!restored.ok) throw new Error(JSON.stringify(restored.error));
});
afterAll(() => sim.close());

const postConfig = (json: string) =>
  request(sim.running.server).post('/config').type('application/json').send(json);

/** The simulator still answers its configuration and its discovery document. */
async function expectServing(): Promise<void> {
  const config = await request(sim.running.server).get('/config');
  expect(config.status, config.text.slice(0, 200)).toBe(200);
  const discovery = await request(sim.running.server).get('/.well-known/openid-configuration');
  expect(discovery.status).toBe(200);
}

/** The documented answer to any POST /config, and nothing applied on refusal. */
async function expectConfigAnswer(json: string): Promise<void> {
  const before = (await request(sim.running.server).get('/config')).text;
  const res = await postConfig(json);
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  expect(res.text).not.toMatch(STACK_TRACE);
  if (TRANSPORT_LIMITS.includes(res.status)) return;
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  if (res.status === 200) {
    expect(typeof res.body.clientConfiguration).toBe('object');
    expect(typeof res.body.simulatorUrl).toBe('string');
  } else {
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(typeof res.body.error_description).toBe('string');
    // A refused body applies nothing.
    expect((await request(sim.running.server).get('/config')).text).toBe(before);
  }
  await expectServing();
}

const section = <K extends string>(fields: readonly K[]) =>
  fc.dictionary(fc.constantFrom(...fields), fc.oneof(hostileJson(), hostileString()), {
    maxKeys: 4,
  });

describe('POST /config with hostile bodies', () => {
  it('answers any JSON value with 200 or a 400 listing the errors', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson(), async (value) => {
        await expectConfigAnswer(JSON.stringify(value) ?? 'null');
      }),
      SOME_RUNS,
    );
  });

  it('answers hostile values in every section and field', async () => {
    const body = fc.record(
      {
        clientConfiguration: section(CLIENT_FIELDS),
        responseConfiguration: section(RESPONSE_FIELDS),
        errorConfiguration: section(ERROR_LISTS),
        ...Object.fromEntries(FLAGS.map((f) => [f, fc.oneof(hostileJson(), hostileString())])),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        await expectConfigAnswer(JSON.stringify(b));
      }),
      SOME_RUNS,
    );
    sim.simulator.config.update(saved);
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers malformed JSON with 400 JSON and no stack trace', async () => {
    for (const json of ['{', '{"a":}', '{"a":1,}', "{'a':1}", '\u0000', '{"a":"\ud800"}', 'nul']) {
      const res = await postConfig(json);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.text).not.toMatch(STACK_TRACE);
    }
  });

  it('answers a body that is not JSON with 415 JSON', async () => {
    const res = await request(sim.running.server)
      .post('/config')
      .type('form')
      .send('simulatorUrl=http://example.com');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('invalid_request');
  });

  it('answers an oversized body with 413', async () => {
    const res = await postConfig(
      JSON.stringify({ simulatorUrl: `http://a.b/${'x'.repeat(150_000)}` }),
    );
    expect(res.status).toBe(413);
  });
});

describe('POST /config with deeply nested values', () => {
  // JSON.parse takes any depth; recursive code after it (serialising, cloning) must not fall over.
  it('refuses a deeply nested array body without a fault', async () => {
    const res = await postConfig(deepArrayJson(20_000));
    expect(res.status).toBe(400);
    await expectServing();
  });

  it('refuses a deeply nested section without a fault', async () => {
    const res = await postConfig(`{"clientConfiguration":${deepArrayJson(20_000)}}`);
    expect(res.status).toBe(400);
    await expectServing();
  });

  it('does not let a deeply nested credential object break the simulator', async () => {
    const res = await postConfig(
      `{"responseConfiguration":{"coreIdentityVerifiableCredentials":${deepObjectJson(20_000)}}}`,
    );
    expect(res.status).toBeLessThan(500);
    await expectServing();
  });

  it('does not let a deeply nested credential array break the simulator', async () => {
    const res = await postConfig(
      `{"responseConfiguration":{"coreIdentityVerifiableCredentials":{"a":${deepArrayJson(20_000)}}}}`,
    );
    expect(res.status).toBeLessThan(500);
    await expectServing();
    sim.simulator.config.update(saved);
    await expectFlowStillWorks(sim.baseUrl);
  });
});
