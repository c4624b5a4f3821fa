/**
 * Protocol test helpers for supertest: a simulator with a mutable clock, one-call flows
 * (authorize → token → userinfo), exact error-shape assertions, and `expectStillServing`, the
 * check every bad-input test ends with.
 */
import { createHash, randomBytes } from 'node:crypto';
import expressApp from 'express';
import type express from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { argon2id } from '@noble/hashes/argon2.js';
import {
  SignJWT,
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import type { Simulator, SimulatorOptions } from '../../src/index.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { publishedIdTokenKeys, type KeyMaterial } from '../../src/keys/key-store.js';
import { testKeys, testSimulator } from './test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_PRIVATE_KEY_PEM,
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  redirectParams,
  signClientAssertion,
  type AssertionOptions,
  type AuthorizeParams,
} from './relying-party.js';

export const BASE_URL = 'http://localhost:3000';
export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const UA = 'identity-simulator-protocol-tests';
export const DEFAULT_SUB = 'urn:fdc:gov.uk:2022:56P4CMsGh_02YOlWpd8PAOI-2sVlB2nsNU7mcLZYhYw=';
export { DEFAULT_CLIENT_ID, DEFAULT_REDIRECT_URI, DEFAULT_CLIENT_PRIVATE_KEY_PEM };

/** A clock tests move by hand: no sleeps anywhere. */
export interface TestClock {
  (): number;
  /** Milliseconds since the epoch. */
  ms: number;
  /** Whole seconds since the epoch, rounded down (as the simulator issues them). */
  seconds(): number;
  advance(seconds: number): void;
}

export function testClock(startMs = Date.now()): TestClock {
  const clock = (() => clock.ms) as TestClock;
  clock.ms = startMs;
  clock.seconds = () => Math.floor(clock.ms / 1000);
  clock.advance = (seconds: number) => {
    clock.ms += seconds * 1000;
  };
  return clock;
}

export interface Harness {
  simulator: Simulator;
  app: express.Express;
  clock: TestClock;
  keys: KeyMaterial;
  /** The live simulatorUrl. */
  baseUrl(): string;
  config(): Readonly<SimulatorConfig>;
}

/**
 * Where the harness's simulator answers: the root simulator, or with HARNESS_SIMULATOR_PATH
 * (e.g. /sim/ci) a named simulator of the same process, so one suite runs against both.
 */
export const HARNESS_SIMULATOR_PATH = process.env.HARNESS_SIMULATOR_PATH ?? '';

/** The harness's view of a named simulator: its app (URLs prefixed), config, context and keys. */
async function named(
  root: Simulator,
  path: string,
): Promise<{ simulator: Simulator; keys: KeyMaterial }> {
  const found = root.simulators.obtain(path.replace(/^\/sim\//, ''));
  if (!found.ok) throw new Error(found.error.message);
  const { context } = found.value.simulator;
  const app = expressApp();
  app.use((req, res, next) => {
    req.url = `${path}${req.url}`;
    // The harness shows the named simulator at /, as a reverse proxy would: its cookies' paths too.
    const setHeader = res.setHeader.bind(res);
    const unprefix = (c: unknown) => String(c).replace(`Path=${path}/`, 'Path=/');
    res.setHeader = (name, value) =>
      setHeader(
        name,
        name.toLowerCase() !== 'set-cookie'
          ? value
          : Array.isArray(value)
            ? value.map(unprefix)
            : unprefix(value),
      );
    root.app(req, res, next);
  });
  return {
    simulator: { ...root, app, config: context.config, context },
    keys: await context.keys(),
  };
}

/** A fresh simulator (shared keys, own clock), optionally patched through POST /config rules. */
export async function harness(
  options: SimulatorOptions & { patch?: Record<string, unknown> } = {},
): Promise<Harness> {
  const { patch, ...rest } = options;
  const clock = testClock();
  const root = testSimulator({ clock, config: defaultConfig(), ...rest });
  const { simulator, keys } = HARNESS_SIMULATOR_PATH
    ? await named(root, HARNESS_SIMULATOR_PATH)
    : { simulator: root, keys: await testKeys() };
  if (patch) {
    const applied = simulator.config.update({
      errorConfiguration: simulator.config.get().errorConfiguration,
      ...patch,
    });
    if (!applied.ok) throw new Error(`bad test patch: ${JSON.stringify(applied.error)}`);
  }
  return {
    simulator,
    app: simulator.app,
    clock,
    keys,
    baseUrl: () => simulator.config.get().simulatorUrl,
    config: () => simulator.config.get(),
  };
}

/** Applies a POST /config body directly (errorConfiguration kept unless given). */
export function configure(h: Harness, patch: Record<string, unknown>): void {
  const applied = h.simulator.config.update({
    errorConfiguration: h.config().errorConfiguration,
    ...patch,
  });
  if (!applied.ok) throw new Error(`bad test patch: ${JSON.stringify(applied.error)}`);
}

export function authorize(h: Harness | express.Express, overrides: AuthorizeParams = {}) {
  const app = 'app' in h ? h.app : h;
  return request(app).get(`/authorize?${authorizeQuery(overrides).toString()}`);
}

/** Runs /authorize and returns the code, failing loudly otherwise. */
export async function getCode(h: Harness, overrides: AuthorizeParams = {}): Promise<string> {
  const res = await authorize(h, overrides);
  expect(res.status, res.text).toBe(302);
  const code = redirectParams(res.headers.location as string).get('code');
  expect(code, res.headers.location as string).toBeTruthy();
  return code as string;
}

/** A client assertion valid at the harness clock, for the live simulatorUrl. */
export function assertion(
  h: Harness,
  options: Omit<AssertionOptions, 'baseUrl'> & { baseUrl?: string } = {},
): Promise<string> {
  const now = h.clock.seconds();
  return signClientAssertion({
    baseUrl: h.baseUrl(),
    ...options,
    claims: { iat: now, exp: now + 300, ...options.claims },
  });
}

export type Form = Record<string, string | string[] | undefined>;

/** Encodes a form; an array value repeats the key; undefined removes it. */
export function encodeForm(form: Form): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, item);
  }
  return search.toString();
}

export function postToken(
  app: express.Express,
  form: Form | string,
  userAgent: string | null = UA,
) {
  let req = request(app).post('/token').type('form');
  if (userAgent !== null) req = req.set('User-Agent', userAgent);
  else req = req.unset('User-Agent');
  return req.send(typeof form === 'string' ? form : encodeForm(form));
}

/** The standard token form for a code; `extra` overrides or removes (undefined) fields. */
export async function tokenForm(h: Harness, code: string, extra: Form = {}): Promise<Form> {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: DEFAULT_REDIRECT_URI,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: await assertion(h),
    ...extra,
  };
}

export async function exchange(
  h: Harness,
  code: string,
  extra: Form = {},
): Promise<request.Response> {
  return postToken(h.app, await tokenForm(h, code, extra));
}

export function getUserinfo(app: express.Express, accessToken: string | null, userAgent = UA) {
  let req = request(app).get('/userinfo').set('User-Agent', userAgent);
  if (accessToken !== null) req = req.set('Authorization', `Bearer ${accessToken}`);
  return req;
}

export interface SignedIn {
  code: string;
  tokens: { access_token: string; token_type: string; expires_in: number; id_token: string };
  idHeader: ProtectedHeaderParameters;
  idClaims: JWTPayload & Record<string, unknown>;
}

/** authorize → token, asserting success. */
export async function signIn(
  h: Harness,
  overrides: AuthorizeParams = {},
  tokenExtra: Form = {},
): Promise<SignedIn> {
  const code = await getCode(h, overrides);
  const res = await exchange(h, code, tokenExtra);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const tokens = res.body as SignedIn['tokens'];
  return {
    code,
    tokens,
    idHeader: decodeProtectedHeader(tokens.id_token),
    idClaims: decodeJwt(tokens.id_token) as SignedIn['idClaims'],
  };
}

/** authorize → token → userinfo, asserting success, returning the userinfo body too. */
export async function signInWithUserinfo(
  h: Harness,
  overrides: AuthorizeParams = {},
): Promise<SignedIn & { userinfo: Record<string, unknown> }> {
  const signed = await signIn(h, overrides);
  const res = await getUserinfo(h.app, signed.tokens.access_token);
  expect(res.status, res.text).toBe(200);
  return { ...signed, userinfo: res.body as Record<string, unknown> };
}

/** Verifies a token against the keys the simulator publishes now (throws if it does not). */
export async function verifyWithPublishedKeys(h: Harness, compact: string): Promise<void> {
  const { kid, alg } = decodeProtectedHeader(compact);
  const key = publishedIdTokenKeys(h.keys, h.config()).find((k) => k.kid === kid);
  if (!key) throw new Error(`kid ${String(kid)} is not published`);
  await compactVerify(compact, key.publicKey, { algorithms: [alg ?? key.alg] });
}

/** Signs arbitrary claims with the simulator's own ID token key (to forge hints and tokens). */
export function signAsSimulator(
  h: Harness,
  claims: JWTPayload,
  alg: 'ES256' | 'RS256' = 'ES256',
  which: 'primary' | 'secondary' = 'primary',
): Promise<string> {
  const key = h.keys.idToken[which][alg];
  return new SignJWT(claims).setProtectedHeader({ alg, kid: key.kid }).sign(key.privateKey);
}

// ---------------------------------------------------------------------------------------------
// Assertions on error shapes.

/** /token error: status, JSON body of exactly error + error_description, no-store. */
export function expectTokenError(
  res: request.Response,
  error: string,
  description: string | RegExp,
  status = 400,
): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(Object.keys(res.body as object)).toEqual(['error', 'error_description']);
  expect(res.body.error).toBe(error);
  if (typeof description === 'string') expect(res.body.error_description).toBe(description);
  else expect(res.body.error_description).toMatch(description);
}

export interface ExpectedRedirectError {
  error: string;
  description: string;
  /** The state expected back; null when none must be sent. */
  state: string | null;
  mode?: 'query' | 'fragment';
  redirectUri?: string;
}

/** /authorize error redirect: 302 to the redirect URI with exactly error, description, state. */
export function expectRedirectError(res: request.Response, expected: ExpectedRedirectError): URL {
  expect(res.status, res.text).toBe(302);
  const location = res.headers.location as string;
  expect(location).toBeTruthy();
  const url = new URL(location);
  const redirectUri = new URL(expected.redirectUri ?? DEFAULT_REDIRECT_URI);
  expect(`${url.origin}${url.pathname}`).toBe(`${redirectUri.origin}${redirectUri.pathname}`);
  const mode = expected.mode ?? 'query';
  const params = mode === 'fragment' ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
  if (mode === 'fragment') expect(url.search).toBe(redirectUri.search);
  else expect(url.hash).toBe('');
  const keys = [...params.keys()];
  const wanted = ['error', 'error_description', ...(expected.state !== null ? ['state'] : [])];
  expect(keys).toEqual(wanted);
  expect(params.get('error')).toBe(expected.error);
  expect(params.get('error_description')).toBe(expected.description);
  if (expected.state !== null) expect(params.get('state')).toBe(expected.state);
  expect(params.has('code')).toBe(false);
  return url;
}

/** /authorize error page (client or redirect_uri not trusted): 400 text/html. */
export function expectErrorPage(
  res: request.Response,
  firstLine: string,
  lang: 'en' | 'cy' = 'en',
  status = 400,
): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers.location).toBeUndefined();
  expect(res.text).toContain(`<html lang="${lang}">`);
  expect(res.text).toContain(`<h1>${firstLine}</h1>`);
}

/** /userinfo error: 401, empty body, the challenge in WWW-Authenticate. */
export function expectBearerError(
  res: request.Response,
  error: string,
  description = 'Invalid access token',
): void {
  expect(res.status, res.text).toBe(401);
  expect(res.text).toBe('');
  expect(res.headers['content-type']).toBeUndefined();
  expect(res.headers['www-authenticate']).toBe(
    `Bearer error="${error}", error_description="${description}"`,
  );
}

/** POST /config refusal: 400 JSON naming each invalid path, in both the map and the list. */
export function expectConfigRefused(res: request.Response, paths: string[]): void {
  expect(res.status, res.text).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.body as {
    error: string;
    errors: Record<string, { msg: string; path: string; location: string }>;
    invalid_fields: { field: string; msg: string }[];
  };
  expect(body.error).toBe('invalid_request');
  for (const path of paths) {
    expect(body.errors[path], `errors[${path}] in ${res.text}`).toBeDefined();
    expect(body.errors[path]?.path).toBe(path);
    expect(body.errors[path]?.location).toBe('body');
    expect(typeof body.errors[path]?.msg).toBe('string');
    expect(body.invalid_fields.map((f) => f.field)).toContain(path);
  }
  for (const f of body.invalid_fields) expect(f.msg.length).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------

/**
 * The simulator still answers valid requests: the root check, discovery and, with the current
 * configuration, a sign-in (authorize, then token and userinfo when the default client key is in
 * use). Pass the simulator's clock when it is not the real time.
 */
export async function expectStillServing(
  app: express.Express,
  clock: () => number = Date.now,
): Promise<void> {
  const root = await request(app).get('/');
  expect(root.status).toBe(200);
  expect(root.text).toBe('GOV.UK One Login Simulator');
  const discovery = await request(app).get('/.well-known/openid-configuration');
  expect(discovery.status).toBe(200);
  const cfg = (await request(app).get('/config')).body as SimulatorConfig;
  expect(typeof cfg.simulatorUrl).toBe('string');
  if (cfg.interactiveMode || cfg.errorConfiguration.authoriseErrors.length) return;
  const client = cfg.clientConfiguration;
  const redirectUri = client.redirectUrls[0] as string;
  const query = new URLSearchParams({
    response_type: 'code',
    scope: 'openid',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state: 'still-serving',
    nonce: 'still-serving',
    ...(client.pkceEnforced
      ? { code_challenge: STILL_SERVING_PKCE.challenge, code_challenge_method: 'S256' }
      : {}),
  });
  const auth = await request(app).get(`/authorize?${query.toString()}`);
  expect(auth.status, auth.text).toBe(302);
  const code = redirectParams(auth.headers.location as string).get('code');
  expect(code).toBeTruthy();
  if (
    client.token_auth_method !== 'private_key_jwt' ||
    client.publicKeySource !== 'STATIC' ||
    client.publicKey.replace(/\s/g, '') !==
      defaultConfig().clientConfiguration.publicKey.replace(/\s/g, '')
  )
    return;
  const now = Math.floor(clock() / 1000);
  const clientAssertion = await signClientAssertion({
    baseUrl: cfg.simulatorUrl,
    clientId: client.clientId,
    claims: { iat: now, exp: now + 300 },
  });
  const token = await postToken(app, {
    grant_type: 'authorization_code',
    code: code as string,
    redirect_uri: redirectUri,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: clientAssertion,
    ...(client.pkceEnforced ? { code_verifier: STILL_SERVING_PKCE.verifier } : {}),
  });
  expect(token.status, token.text).toBe(200);
  const info = await getUserinfo(app, token.body.access_token as string);
  expect(info.status, info.text).toBe(200);
  expect(info.body.sub).toBe(cfg.responseConfiguration.sub);
}

const STILL_SERVING_VERIFIER = 'still-serving-verifier-still-serving-verifier-0123';
const STILL_SERVING_PKCE = {
  verifier: STILL_SERVING_VERIFIER,
  challenge: createHash('sha256').update(STILL_SERVING_VERIFIER).digest('base64url'),
};

// ---------------------------------------------------------------------------------------------

/** An Argon2id PHC string for a secret, with small parameters so tests stay fast. */
export function argon2idPhc(secret: string, salt = randomBytes(16)): string {
  const hash = argon2id(Buffer.from(secret, 'utf8'), salt, { m: 256, t: 1, p: 1, dkLen: 32 });
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=256,t=1,p=1$${b64(salt)}$${b64(hash)}`;
}

export function locationOf(res: request.Response): URL {
  return new URL(res.headers.location as string);
}
