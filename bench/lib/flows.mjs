/**
 * The relying party of the benchmark: complete sign-in flows over keep-alive HTTP (node:http, one
 * socket per client), in a closed loop. Every flow is checked; one in VERIFY_EVERY has its
 * tokens verified against the published keys with jose.
 */
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  SignJWT,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportSPKI,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import { Samples } from './stats.mjs';

export const CLIENT_ID = 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw';
export const REDIRECT_URI = 'http://localhost:8080/oidc/authorization-code/callback';
export const VOCAB = 'https://vocab.account.gov.uk/v1';
export const IDENTITY_CLAIMS = ['coreIdentityJWT', 'address', 'passport'].map(
  (c) => `${VOCAB}/${c}`,
);
export const VERIFY_EVERY = 100;
const USER_AGENT = 'identity-simulator-bench';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const PASSPORT = [{ documentNumber: '1223456', icaoIssuerCode: 'GBR', expiryDate: '2032-02-02' }];

/**
 * The benchmark's own client key. ES256: signing a fresh assertion per flow costs the client
 * about a tenth of what RS256 signing would on the two cores it shares with the server.
 */
export async function createClientKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { privateKey, publicPem: await exportSPKI(publicKey) };
}

/** The POST /config body that installs the bench client key and the identity data. */
export function benchConfig(publicPem) {
  return {
    clientConfiguration: {
      publicKey: publicPem,
      claims: [...IDENTITY_CLAIMS, `${VOCAB}/returnCode`],
    },
    responseConfiguration: { passportDetails: PASSPORT },
    errorConfiguration: {},
  };
}

/** A path under the base URL's own path (a named simulator's /sim/<name>), or the path itself. */
function under(base, path) {
  return base.pathname === '/' ? path : `${base.pathname.replace(/\/$/, '')}${path}`;
}

function request(agent, base, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, hostname: base.hostname, port: base.port, method, path: under(base, path), headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: chunks.length === 1 ? chunks[0].toString() : Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Setup calls (config, keys) on a throwaway connection. */
export async function getJson(base, path) {
  const res = await request(undefined, new URL(base), {
    path,
    headers: { 'user-agent': USER_AGENT },
  });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body);
}

export async function postConfig(base, body) {
  const json = JSON.stringify(body);
  const res = await request(undefined, new URL(base), {
    method: 'POST',
    path: '/config',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
    body: json,
  });
  if (res.status !== 200) throw new Error(`POST /config answered ${res.status}: ${res.body}`);
}

/** GET / until it answers; returns the moment (performance.now()) it did. */
export async function firstAnsweredRoot(base, deadlineMs = 10_000) {
  const url = new URL(base);
  const until = performance.now() + deadlineMs;
  for (;;) {
    try {
      const res = await request(undefined, url, { path: '/' });
      if (res.status === 200) return performance.now();
    } catch (error) {
      if (performance.now() > until) throw error;
    }
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Keys a relying party would fetch once: the JWKS and the DID document. */
export async function fetchVerificationKeys(base) {
  const jwks = createLocalJWKSet(await getJson(base, '/.well-known/jwks.json'));
  const did = await getJson(base, '/.well-known/did.json');
  const didKeys = new Map();
  for (const method of did.assertionMethod)
    didKeys.set(method.id, await importJWK(method.publicKeyJwk, 'ES256'));
  return { jwks, didKeys };
}

/** Latency samples and counts of one phase. */
export class PhaseRecorder {
  constructor() {
    this.authorize = new Samples();
    this.token = new Samples();
    this.userinfo = new Samples();
    this.flow = new Samples();
    this.flows = 0;
    this.failures = 0;
    this.verified = 0;
    this.firstFailures = [];
  }

  fail(error) {
    this.failures++;
    if (this.firstFailures.length < 5) this.firstFailures.push(String(error?.message ?? error));
  }

  summary(seconds) {
    return {
      flows: this.flows,
      failures: this.failures,
      verified: this.verified,
      seconds: Math.round(seconds * 1000) / 1000,
      flowsPerSecond: Math.round((this.flows / seconds) * 10) / 10,
      latencyMs: {
        flow: this.flow.summary(),
        authorize: this.authorize.summary(),
        token: this.token.summary(),
        userinfo: this.userinfo.summary(),
      },
      ...(this.firstFailures.length ? { firstFailures: this.firstFailures } : {}),
    };
  }
}

const now = () => performance.now();

/**
 * One complete flow against the simulator: authorize → token (fresh private_key_jwt) → userinfo.
 * Throws at the first surprise.
 * @param {{ agent: http.Agent, base: URL, issuer: string, clientKey: CryptoKey, mode: 'auth' | 'identity', verify: boolean, keys: Awaited<ReturnType<typeof fetchVerificationKeys>> }} ctx
 * @param {PhaseRecorder} rec
 */
export async function simulatorFlow(ctx, rec) {
  const { agent, base, mode } = ctx;
  const state = randomBytes(12).toString('base64url');
  const nonce = randomBytes(12).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    scope: 'openid email phone',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state,
    nonce,
  });
  if (mode === 'identity') {
    query.set('vtr', '["Cl.Cm.P2"]');
    query.set(
      'claims',
      JSON.stringify({ userinfo: Object.fromEntries(IDENTITY_CLAIMS.map((c) => [c, null])) }),
    );
  } else query.set('vtr', '["Cl.Cm"]');

  const t0 = now();
  const authorize = await request(agent, base, { path: `/authorize?${query}` });
  const t1 = now();
  const location = authorize.headers.location;
  if (authorize.status !== 302 || !location)
    throw new Error(`authorize answered ${authorize.status}: ${authorize.body.slice(0, 200)}`);
  const back = new URL(location).searchParams;
  const code = back.get('code');
  if (!code || back.get('state') !== state)
    throw new Error(`authorize redirect without code or state: ${location}`);

  const issuedAt = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({
    iss: CLIENT_ID,
    sub: CLIENT_ID,
    aud: `${ctx.issuer}token`,
    jti: randomUUID(),
    iat: issuedAt,
    exp: issuedAt + 300,
  })
    .setProtectedHeader({ alg: 'ES256' })
    .sign(ctx.clientKey);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: assertion,
  }).toString();
  const t2 = now();
  const token = await request(agent, base, {
    method: 'POST',
    path: '/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(form),
      'user-agent': USER_AGENT,
    },
    body: form,
  });
  const t3 = now();
  if (token.status !== 200)
    throw new Error(`token answered ${token.status}: ${token.body.slice(0, 300)}`);
  const tokens = JSON.parse(token.body);
  if (typeof tokens.id_token !== 'string' || typeof tokens.access_token !== 'string')
    throw new Error('token response without id_token or access_token');

  const userinfo = await request(agent, base, {
    path: '/userinfo',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'user-agent': USER_AGENT },
  });
  const t4 = now();
  if (userinfo.status !== 200)
    throw new Error(
      `userinfo answered ${userinfo.status}: ${userinfo.headers['www-authenticate']}`,
    );
  const claims = JSON.parse(userinfo.body);
  if (typeof claims.sub !== 'string') throw new Error('userinfo without sub');
  if (mode === 'identity') {
    for (const name of IDENTITY_CLAIMS)
      if (claims[name] === undefined) throw new Error(`userinfo lacks ${name}`);
  }

  rec.authorize.add(t1 - t0);
  rec.token.add(t3 - t2);
  rec.userinfo.add(t4 - t3);
  rec.flow.add(t4 - t0);
  rec.flows++;

  if (ctx.verify) {
    const { payload } = await jwtVerify(tokens.id_token, ctx.keys.jwks, {
      issuer: ctx.issuer,
      audience: CLIENT_ID,
    });
    if (payload.nonce !== nonce) throw new Error('id_token nonce is not the one sent');
    if (payload.vot !== 'Cl.Cm') throw new Error(`unexpected vot ${payload.vot}`);
    if (mode === 'identity') {
      const core = claims[`${VOCAB}/coreIdentityJWT`];
      const { kid } = decodeProtectedHeader(core);
      const key = ctx.keys.didKeys.get(kid);
      if (!key) throw new Error(`core identity kid ${kid} is not in the DID document`);
      const verified = await jwtVerify(core, key, { issuer: ctx.issuer, audience: CLIENT_ID });
      if (verified.payload.vot !== 'P2') throw new Error('core identity vot is not P2');
    }
    rec.verified++;
  }
}

const FLOOR_ASSERTION = `eyJhbGciOiJFUzI1NiJ9.${'p'.repeat(190)}.${'s'.repeat(86)}`;

/**
 * The same three requests against the floor server, with bodies of the same size; no signing,
 * since the floor verifies nothing.
 */
export async function floorFlow(ctx, rec) {
  const { agent, base } = ctx;
  const state = randomBytes(12).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    scope: 'openid email phone',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state,
    nonce: state,
    vtr: '["Cl.Cm"]',
  });
  const t0 = now();
  const authorize = await request(agent, base, { path: `/authorize?${query}` });
  const t1 = now();
  if (authorize.status !== 302) throw new Error(`floor authorize answered ${authorize.status}`);
  const code = new URL(authorize.headers.location).searchParams.get('code');
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: FLOOR_ASSERTION,
  }).toString();
  const t2 = now();
  const token = await request(agent, base, {
    method: 'POST',
    path: '/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(form),
      'user-agent': USER_AGENT,
    },
    body: form,
  });
  const t3 = now();
  if (token.status !== 200) throw new Error(`floor token answered ${token.status}`);
  const tokens = JSON.parse(token.body);
  const userinfo = await request(agent, base, {
    path: '/userinfo',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'user-agent': USER_AGENT },
  });
  const t4 = now();
  if (userinfo.status !== 200) throw new Error(`floor userinfo answered ${userinfo.status}`);
  JSON.parse(userinfo.body);
  rec.authorize.add(t1 - t0);
  rec.token.add(t3 - t2);
  rec.userinfo.add(t4 - t3);
  rec.flow.add(t4 - t0);
  rec.flows++;
}

/**
 * Runs `flow` in a closed loop with `clients` concurrent clients, each on its own keep-alive
 * socket, until `seconds` have passed or `flows` flows have started.
 * @param {(ctx: object, rec: PhaseRecorder) => Promise<void>} flow
 * @param {object} ctx shared flow context (base, keys, mode...)
 * @param {{ clients: number, seconds?: number, flows?: number, onProgress?: (rec: PhaseRecorder) => void }} limits
 */
export async function runClosedLoop(flow, ctx, { clients, seconds, flows }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const rec = new PhaseRecorder();
  const started = now();
  const deadline = seconds === undefined ? Infinity : started + seconds * 1000;
  let remaining = flows ?? Infinity;
  let count = 0;
  const worker = async () => {
    while (remaining > 0 && now() < deadline) {
      remaining--;
      const verify = ++count % VERIFY_EVERY === 0;
      try {
        await flow({ ...ctx, agent, verify }, rec);
      } catch (error) {
        rec.fail(error);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const elapsed = (now() - started) / 1000;
  agent.destroy();
  return rec.summary(elapsed);
}

/**
 * The tester's window, as far as the server can tell: one client on the admin event stream
 * (/_simulator/api/events), reading every event as it comes. Resolves once the stream is open;
 * `events` counts the messages received (replayed and live), `close()` hangs up.
 * @param {string} base
 */
export function openWindow(base) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const stats = { events: 0, exchanges: 0, bytes: 0 };
    let tail = '';
    const req = http.get(
      {
        hostname: url.hostname,
        port: url.port,
        path: under(url, '/_simulator/api/events'),
        headers: { accept: 'text/event-stream', 'user-agent': USER_AGENT },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`event stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          stats.bytes += chunk.length;
          const text = tail + chunk;
          const messages = text.split('\n\n');
          tail = messages.pop() ?? '';
          for (const message of messages) {
            if (message.startsWith(':')) continue;
            stats.events++;
            if (message.includes('\nevent: exchange\n')) stats.exchanges++;
          }
        });
        res.on('error', () => undefined);
        resolve({
          stats,
          close: () =>
            new Promise((done) => {
              res.once('close', done);
              req.destroy();
            }),
        });
      },
    );
    req.on('error', reject);
  });
}
