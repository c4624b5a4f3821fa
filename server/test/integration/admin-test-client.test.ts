/**
 * /_simulator/api/test-client: the built-in relying party signs in over real HTTP, its requests
 * land in the log like any client's, and it refuses defective tokens saying why. Bad bodies are
 * a 400 naming the field, and nothing is sent.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import type { TestClientCommands, TestClientRun } from '../../src/test-client/test-client-types.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { DEFAULT_CLIENT_PRIVATE_KEY_PEM } from '../helpers/relying-party.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { CORE_IDENTITY_ERRORS, ID_TOKEN_ERRORS } from '../../src/scenarios/names.js';
import { BUILT_IN_PERSONAS } from '../../src/presets/built-in-personas.js';

const API = '/_simulator/api/test-client';
let sim: ListeningSimulator;

beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

function reset(changes: Partial<SimulatorConfig> = {}): void {
  const base = defaultConfig(sim.baseUrl);
  const res = sim.simulator.config.update({ ...base, ...changes });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
}
beforeEach(() => reset());

async function post(path: string, body: unknown, raw = false) {
  const res = await fetch(`${sim.baseUrl}${API}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function run(body: unknown): Promise<TestClientRun> {
  const res = await post('run', body);
  expect(res.status).toBe(200);
  return res.body as unknown as TestClientRun;
}

const failing = (r: TestClientRun) => r.checks.filter((c) => !c.ok).map((c) => c.name);

describe('sign in as a test client', () => {
  it('signs in for authentication, every request logged in one journey', async () => {
    const r = await run({ flow: 'authentication' });
    expect(r.outcome).toBe('accepted');
    expect(failing(r)).toEqual([]);
    expect(r.steps.map((s) => s.name)).toEqual([
      'discovery',
      'authorize',
      'token',
      'jwks',
      'userinfo',
    ]);
    expect(r.steps.every((s) => s.ok && s.exchangeId)).toBe(true);
    expect(r.checks.map((c) => c.name)).toContain('ID token signature');
    const token = sim.simulator.log.get(r.tokenExchangeId as string);
    expect(token?.endpoint).toBe('token');
    expect(token?.journeyId).toBe(r.journeyId);
    expect(token?.tokens.map((t) => t.role)).toEqual(
      expect.arrayContaining(['client_assertion', 'id_token', 'access_token']),
    );
    const authorize = sim.simulator.log.get(r.steps[1]?.exchangeId as string);
    expect(authorize?.request.query.code_challenge_method).toBe('S256');
    expect(authorize?.request.query.vtr).toBeUndefined();
  });

  it('signs in for identity with vtr P2 and the identity claims, checking the core identity JWT', async () => {
    const r = await run({ flow: 'identity' });
    expect(r.outcome).toBe('accepted');
    expect(r.steps.map((s) => s.name)).toContain('did');
    expect(r.checks.find((c) => c.name === 'core identity JWT signature')?.ok).toBe(true);
    const authorize = sim.simulator.log.get(r.steps[1]?.exchangeId as string);
    expect(authorize?.request.query.vtr).toBe('["Cl.Cm.P2"]');
    expect(authorize?.request.query.claims).toContain('coreIdentityJWT');
  });

  it('refuses an ID token with INVALID_SIGNATURE and says why', async () => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({
      errorConfiguration: { ...cfg.errorConfiguration, idTokenErrors: ['INVALID_SIGNATURE'] },
    });
    const r = await run({ flow: 'authentication' });
    expect(r.outcome).toBe('refused');
    const signature = r.checks.find((c) => c.name === 'ID token signature');
    expect(signature).toMatchObject({ ok: false });
    expect(signature?.detail).toMatch(/signature does not match/);
    expect(r.summary).toMatch(/refused the sign-in: ID token signature/);
  });

  it.each(['authentication', 'identity'] as const)(
    'after a refused ID token (%s) it goes no further: no /userinfo call, no DID document',
    async (flow) => {
      const cfg = defaultConfig(sim.baseUrl);
      reset({
        errorConfiguration: { ...cfg.errorConfiguration, idTokenErrors: ['INVALID_SIGNATURE'] },
      });
      const r = await run({ flow });
      expect(r.outcome).toBe('refused');
      expect(r.steps.map((s) => s.name)).toEqual(['discovery', 'authorize', 'token', 'jwks']);
      const journey = sim.simulator.log.list().filter((e) => e.journeyId === r.journeyId);
      expect(journey.map((e) => e.endpoint)).not.toContain('userinfo');
      expect(journey.map((e) => e.endpoint)).not.toContain('did');
      expect(r.user).toBeUndefined();
    },
  );

  it('after a refused core identity JWT claim check it fetches no DID document', async () => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({
      errorConfiguration: { ...cfg.errorConfiguration, idTokenErrors: ['INVALID_AUD'] },
    });
    const r = await run({ flow: 'identity' });
    expect(r.outcome).toBe('refused');
    expect(r.steps.map((s) => s.name)).not.toContain('did');
  });

  it('shows who signed in: sub and email; for identity the verified name and birth date', async () => {
    const auth = await run({ flow: 'authentication' });
    expect(auth.outcome).toBe('accepted');
    const cfg = sim.simulator.config.get().responseConfiguration;
    expect(auth.user).toEqual({ sub: cfg.sub, email: cfg.email, phoneNumber: cfg.phoneNumber });
    expect(auth.summary).toContain(`Signed in as ${String(cfg.email)}`);
    expect(auth.summary).not.toContain(auth.clientId);
    const identity = await run({ flow: 'identity' });
    expect(identity.outcome).toBe('accepted');
    expect(identity.user).toMatchObject({
      sub: cfg.sub,
      name: 'GEOFFREY HEARNSHAW',
      birthDate: '1955-04-19',
    });
    expect(identity.summary).toContain('verified: GEOFFREY HEARNSHAW');
  });

  it.each(BUILT_IN_PERSONAS.map((p) => p.id))(
    'accepts an identity sign-in as the built-in persona %s (no verdict without a defect)',
    async (id) => {
      const applied = await fetch(`${sim.baseUrl}/_simulator/api/personas/${id}/apply`, {
        method: 'POST',
      });
      expect(applied.status).toBe(200);
      const r = await run({ flow: 'identity' });
      // A persona whose identity was not proven still signs in: no core identity JWT comes,
      // which the run notes rather than refuses or passes.
      expect([r.outcome, failing(r)]).toEqual(['accepted', []]);
      const persona = BUILT_IN_PERSONAS.find((p) => p.id === id);
      const proven = persona?.responseConfiguration.coreIdentityVerifiableCredentials != null;
      expect(r.checks.some((c) => c.name === 'core identity JWT signature')).toBe(proven);
      expect(r.notes !== undefined).toBe(!proven);
    },
  );

  it.each(ID_TOKEN_ERRORS)('refuses the ID token with %s on, naming it', async (name) => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({ errorConfiguration: { ...cfg.errorConfiguration, idTokenErrors: [name] } });
    const r = await run({ flow: 'authentication' });
    expect(r.outcome).toBe('refused');
    expect(r.checks.filter((c) => !c.ok).some((c) => c.detail.includes(name))).toBe(true);
  });

  it.each(CORE_IDENTITY_ERRORS)('refuses the core identity JWT with %s on', async (name) => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({ errorConfiguration: { ...cfg.errorConfiguration, coreIdentityErrors: [name] } });
    const r = await run({ flow: 'identity' });
    expect(r.outcome).toBe('refused');
    expect(failing(r).some((n) => n.startsWith('core identity JWT'))).toBe(true);
  });

  it('refuses a core identity JWT signed with a key the DID document does not publish', async () => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({
      errorConfiguration: { ...cfg.errorConfiguration, coreIdentityErrors: ['INVALID_SIGNATURE'] },
    });
    const r = await run({ flow: 'identity' });
    expect(r.outcome).toBe('refused');
    expect(failing(r)).toContain('core identity JWT signature');
  });

  it('stops at an authorize error, naming it', async () => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({
      errorConfiguration: { ...cfg.errorConfiguration, authoriseErrors: ['ACCESS_DENIED'] },
    });
    const r = await run({ flow: 'authentication' });
    expect(r.outcome).toBe('provider_error');
    expect(r.summary).toMatch(/error=access_denied/);
    expect(r.steps.map((s) => s.name)).toEqual(['discovery', 'authorize']);
  });

  it('stops at a token error and at a JWKS outage, naming the step', async () => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({ errorConfiguration: { ...cfg.errorConfiguration, tokenErrors: ['INVALID_GRANT'] } });
    const token = await run({ flow: 'authentication' });
    expect(token.outcome).toBe('provider_error');
    expect(token.summary).toMatch(/token request was refused \(HTTP 400: invalid_grant/);

    reset();
    const switched = await fetch(`${sim.baseUrl}/_simulator/api/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: { target: 'jwks', kind: 'outage', status: 503 }, on: true }),
    });
    expect(switched.status).toBe(200);
    const jwks = await run({ flow: 'authentication' });
    expect(jwks.outcome).toBe('provider_error');
    expect(jwks.summary).toMatch(/JWKS could not be fetched \(HTTP 503\)/);
    expect(jwks.steps.at(-1)).toMatchObject({ name: 'jwks', ok: false, status: 503 });
  });

  it('submits the interactive form with the values in force', async () => {
    reset({ interactiveMode: true });
    const r = await run({ flow: 'authentication' });
    expect(r.outcome).toBe('accepted');
    expect(r.steps.map((s) => s.name)).toEqual([
      'discovery',
      'authorize',
      'form',
      'token',
      'jwks',
      'userinfo',
    ]);
    const userinfo = sim.simulator.log.get(r.steps[5]?.exchangeId as string);
    expect((userinfo?.response.body as { email?: string }).email).toBe(
      sim.simulator.config.get().responseConfiguration.email,
    );
  });

  it('signs with a pasted key: refused by /token unless the client has its public half', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    const refused = await run({ flow: 'authentication', privateKey: jwk });
    expect(refused.outcome).toBe('provider_error');
    expect(refused.key).toBe('pasted');
    expect(refused.summary).toMatch(/token request was refused.*invalid_client/);

    const cfg = defaultConfig(sim.baseUrl);
    reset({
      clientConfiguration: {
        ...cfg.clientConfiguration,
        publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      },
    });
    const accepted = await run({ flow: 'authentication', privateKey: jwk });
    expect(accepted.outcome).toBe('accepted');
    const token = sim.simulator.log.get(accepted.tokenExchangeId as string);
    const assertion = token?.tokens.find((t) => t.role === 'client_assertion')?.compact ?? '';
    expect(JSON.parse(Buffer.from(assertion.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'ES256',
    });
  });

  it('takes the default key pasted as PEM like the built-in one', async () => {
    const r = await run({ flow: 'authentication', privateKey: DEFAULT_CLIENT_PRIVATE_KEY_PEM });
    expect(r.outcome).toBe('accepted');
  });

  it('says it cannot play a client_secret_post client', async () => {
    const cfg = defaultConfig(sim.baseUrl);
    reset({
      clientConfiguration: {
        ...cfg.clientConfiguration,
        token_auth_method: 'client_secret_post',
        client_secret_hash:
          '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$Gk5VhJtx3bMWPPmT3aGSYKQTpDd4QWYIGrR6oZqG+Bw',
      },
    });
    const before = sim.simulator.log.totalRecorded;
    const r = await run({ flow: 'authentication' });
    expect(r.outcome).toBe('cannot_run');
    expect(r.summary).toMatch(/client_secret_post/);
    expect(sim.simulator.log.totalRecorded).toBe(before);
  });
});

describe('the journey as curl commands', () => {
  it('gives an authorize URL and a token command whose assertion the simulator accepts', async () => {
    const res = await post('commands', { flow: 'identity' });
    expect(res.status).toBe(200);
    const c = res.body as unknown as TestClientCommands;
    expect(c.authorizeUrl.startsWith(`${sim.baseUrl}/authorize?`)).toBe(true);
    expect(new URL(c.authorizeUrl).searchParams.get('vtr')).toBe('["Cl.Cm.P2"]');
    expect(c.curl).toHaveLength(3);
    const auth = await fetch(c.authorizeUrl, { redirect: 'manual' });
    const code = new URL(auth.headers.get('location') as string).searchParams.get('code');
    const assertion = /client_assertion=(\S+)/.exec(c.curl[1] as string)?.[1] as string;
    const verifier = /code_verifier=(\S+)/.exec(c.curl[1] as string)?.[1] as string;
    const token = await fetch(`${sim.baseUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'curl/8' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code as string,
        redirect_uri: defaultConfig().clientConfiguration.redirectUrls[0] as string,
        code_verifier: verifier,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
    });
    expect(token.status).toBe(200);
  });

  it('warns that interactive mode needs a browser', async () => {
    reset({ interactiveMode: true });
    const res = await post('commands', { flow: 'authentication' });
    expect((res.body as unknown as TestClientCommands).notes.join(' ')).toMatch(/Interactive/);
  });
});

describe('bad input', () => {
  const cases: [string, unknown, RegExp][] = [
    ['null', null, /JSON/],
    ['an array', [], /JSON object/],
    ['a number', 5, /JSON/],
    ['a string', 'identity', /JSON/],
    ['no flow', {}, /flow must be one of/],
    ['flow a number', { flow: 1 }, /flow must be one of/],
    ['flow an array', { flow: ['identity'] }, /flow must be one of/],
    ['flow an object', { flow: { identity: true } }, /flow must be one of/],
    ['an unknown flow', { flow: 'P2' }, /flow must be one of/],
    ['an unknown field', { flow: 'identity', vtr: 'P2' }, /Unknown field "vtr"/],
    ['privateKey a number', { flow: 'identity', privateKey: 42 }, /privateKey must be a string/],
    ['privateKey an object', { flow: 'identity', privateKey: { kty: 'EC' } }, /must be a string/],
    ['privateKey an array', { flow: 'identity', privateKey: ['x'] }, /must be a string/],
    ['privateKey garbage', { flow: 'identity', privateKey: 'hello' }, /neither PEM/],
    [
      'a public key',
      {
        flow: 'identity',
        privateKey: defaultConfig().clientConfiguration.publicKey,
      },
      /public key/,
    ],
    ['a public JWK', { flow: 'identity', privateKey: '{"kty":"EC","crv":"P-256"}' }, /public key/],
  ];
  for (const path of ['run', 'commands'])
    it.each(cases)(`${path}: %s → 400, nothing sent`, async (_name, body, message) => {
      const before = sim.simulator.log.totalRecorded;
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(String(res.body.error_description)).toMatch(message);
      expect(sim.simulator.log.totalRecorded).toBe(before);
    });

  it('refuses a body that is not JSON, and other methods, and keeps serving', async () => {
    const bad = await post('run', '{"flow":', true);
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toBe('The body is not valid JSON');
    const get = await fetch(`${sim.baseUrl}${API}/run`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const status = await fetch(`${sim.baseUrl}/_simulator/api/status`);
    expect(status.status).toBe(200);
  });
});
