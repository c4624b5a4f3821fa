/**
 * The relying-party check end to end: two scripted relying parties, over real HTTP, follow the
 * instructions of the whole built-in plan while it runs unattended.
 * - The careful one checks what a relying party must (ID token signature against the published
 *   keys, iss, aud, nonce, exp, iat, vot; the core identity JWT against the DID document, its
 *   sub against the ID token's) and stops where it should: every step the simulator can judge
 *   passes.
 * - The careless one checks nothing: every ID token defect step fails, and so does key rotation
 *   (it never fetches the key set); it sends a refused code again, which fails the token error
 *   steps (but for server_error, where one retry is allowed).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import type { RpCheckStatus, StepResult } from '../../src/rp-check/rp-check-types.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  IDENTITY_CLAIMS_REQUEST,
  redirectParams,
  signClientAssertion,
} from '../helpers/relying-party.js';

const UA = 'scripted-relying-party';
const API = '/_simulator/api/rp-check';

interface Rp {
  /** Follows one step's instruction; answers what it decided (for the test's own checks). */
  signIn(step: StepResult): Promise<string>;
}

const wantsIdentity = (step: StepResult): boolean => step.ask.identity;

/**
 * What the user saw, as a test suite driving the service reports it: signed in or not, and for
 * identity steps whether the verified identity was shown.
 */
function outcomeOf(step: StepResult, decision: string) {
  const signedIn = decision.startsWith('signed in');
  return {
    signedIn,
    ...(step.ask.identity ? { identityAccepted: decision === 'signed in with identity' } : {}),
    note: decision,
  };
}

/** Reports the outcome; a step the judge already decided from the exchanges answers 409. */
async function report(base: string, step: StepResult, decision: string): Promise<void> {
  const res = await fetch(`${base}${API}/steps/${step.id}/outcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(outcomeOf(step, decision)),
  });
  expect([200, 409], `${step.id}: ${await res.clone().text()}`).toContain(res.status);
}

async function authorize(base: string, identity: boolean, prompt?: string) {
  const nonce = randomUUID();
  const state = randomUUID();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: DEFAULT_CLIENT_ID,
    redirect_uri: DEFAULT_REDIRECT_URI,
    scope: 'openid email phone',
    state,
    nonce,
  });
  if (prompt) query.set('prompt', prompt);
  if (identity) {
    query.set('vtr', '["Cl.Cm.P2"]');
    query.set('claims', IDENTITY_CLAIMS_REQUEST);
  }
  const res = await fetch(`${base}/authorize?${query}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  // An error page (a server error, say) instead of a redirect: the sign-in stops here.
  if (res.status !== 302 || !location) return { nonce, code: null, error: `HTTP ${res.status}` };
  const params = redirectParams(location);
  if (params.get('state') !== state) throw new Error('state does not match');
  return { nonce, code: params.get('code'), error: params.get('error') };
}

async function redeem(base: string, code: string) {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await signClientAssertion({ baseUrl: base }),
    }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) return { error: `${res.status} ${String(body.error)}` } as const;
  return { tokens: body as { access_token: string; id_token: string } };
}

async function userinfo(base: string, accessToken: string) {
  const res = await fetch(`${base}/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}`, 'user-agent': UA },
  });
  if (res.status !== 200) return { error: String(res.status) } as const;
  return { claims: (await res.json()) as Record<string, unknown> };
}

function carefulRp(base: string): Rp {
  // One key set cache for the whole run, as a real client keeps: an unknown kid refetches it.
  const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`), {
    cooldownDuration: 0,
  });
  let did: Record<string, unknown> | undefined;
  const didKey = async (kid: string) => {
    did ??= (await (
      await fetch(`${base}/.well-known/did.json`, { headers: { 'user-agent': UA } })
    ).json()) as Record<string, unknown>;
    const methods = Object.values(did)
      .flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : []))
      .filter((m): m is { id: string; publicKeyJwk: Record<string, unknown> } => {
        return typeof m === 'object' && m !== null && (m as { id?: unknown }).id === kid;
      });
    const method = methods[0];
    if (!method) throw new Error(`no DID verification method ${kid}`);
    return importJWK(method.publicKeyJwk, 'ES256');
  };
  return {
    async signIn(step) {
      const identity = wantsIdentity(step);
      // A re-authentication step: the user signs in, then the service asks to sign in again.
      if (step.ask.reauthenticate) {
        const first = await authorize(base, identity);
        if (first.code) await redeem(base, first.code);
        const again = await authorize(base, identity, 'login');
        return again.code ? 'signed in again' : `stopped: authorize error ${again.error}`;
      }
      const { nonce, code, error } = await authorize(base, identity);
      if (!code) return `stopped: authorize error ${error}`;
      const redeemed = await redeem(base, code);
      if (!redeemed.tokens) return `stopped: token error ${redeemed.error}`;
      const { tokens } = redeemed;
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(tokens.id_token, jwks, {
          issuer: `${base}/`,
          audience: DEFAULT_CLIENT_ID,
          algorithms: ['ES256'],
          maxTokenAge: '5 min',
        }));
        if (claims.nonce !== nonce) throw new Error('nonce does not match');
        if (claims.vot !== 'Cl.Cm') throw new Error(`vot ${String(claims.vot)} is not Cl.Cm`);
      } catch (e) {
        return `refused the ID token: ${(e as Error).message}`;
      }
      const info = await userinfo(base, tokens.access_token);
      if (!info.claims) return `stopped: userinfo error ${info.error}`;
      const core = info.claims['https://vocab.account.gov.uk/v1/coreIdentityJWT'];
      if (typeof core !== 'string') return identity ? 'signed in without identity' : 'signed in';
      try {
        const { kid } = decodeProtectedHeader(core);
        const { payload } = await jwtVerify(core, await didKey(String(kid)), {
          issuer: `${base}/`,
          audience: DEFAULT_CLIENT_ID,
          algorithms: ['ES256'],
        });
        if (payload.sub !== claims.sub) throw new Error('sub differs from the ID token sub');
      } catch (e) {
        return `refused the core identity: ${(e as Error).message}`;
      }
      return 'signed in with identity';
    },
  };
}

function carelessRp(base: string): Rp {
  return {
    async signIn(step) {
      const { code, error } = await authorize(base, wantsIdentity(step));
      if (!code) return `stopped: authorize error ${error}`;
      // A refused code is simply sent once more before giving up.
      const redeemed = (await redeem(base, code)).tokens ?? (await redeem(base, code)).tokens;
      if (!redeemed) return 'stopped: token error';
      await userinfo(base, redeemed.access_token);
      // It shows whatever name it was given: a forged identity is accepted.
      return wantsIdentity(step) ? 'signed in with identity' : 'signed in';
    },
  };
}

async function status(base: string): Promise<RpCheckStatus> {
  return (await (await fetch(`${base}${API}`)).json()) as RpCheckStatus;
}

/** Runs the default plan with `rp` following each step; answers the final status and the RP's decisions. */
async function runPlan(sim: ListeningSimulator, rp: Rp) {
  const base = sim.baseUrl;
  const started = await fetch(`${base}${API}/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      plan: 'default',
      attended: false,
      reportsOutcome: true,
      timeoutSeconds: 1,
    }),
  });
  expect(started.status).toBe(201);
  const decisions: Record<string, string> = {};
  let handled = -1;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the plan did not finish in time');
    const s = await status(base);
    if (s.state === 'finished') {
      // RP_CHECK_TABLE=1 prints each step's verdict.
      if (process.env.RP_CHECK_TABLE)
        process.stderr.write(
          `\n${JSON.stringify(s.summary)}\n${s.steps.map((x) => `  ${x.id}: ${x.status}`).join('\n')}\n`,
        );
      return { final: s, decisions };
    }
    const index = s.currentStep ?? -1;
    const step = s.steps[index];
    if (index > handled && step?.status === 'observing') {
      handled = index;
      const decision = await rp.signIn(step);
      decisions[step.id] = decision;
      await report(base, step, decision);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

let sim: ListeningSimulator | undefined;
afterEach(async () => {
  sim?.simulator.close();
  await sim?.close();
  sim = undefined;
});

describe('relying-party check: the default plan, end to end', () => {
  it('a careful relying party passes every judged step', async () => {
    sim = await listeningSimulator();
    const { final, decisions } = await runPlan(sim, carefulRp(sim.baseUrl));
    const byKind = (kind: string) => final.steps.filter((s) => s.kind === kind);
    // Judged steps pass. An authorisation error that does not apply to this kind of request
    // (one needing a re-authentication, say) is "not judged", which is not a pass either.
    const notPassed = final.steps.filter(
      (s) => s.status !== 'passed' && !(s.kind === 'authorize-error' && s.status === 'not-judged'),
    );
    expect(notPassed.map((s) => `${s.id}: ${s.status}: ${s.reason}`)).toEqual([]);
    for (const id of [
      'authorize-access-denied',
      'authorize-temporarily-unavailable',
      'authorize-login-required',
    ])
      expect(final.steps.find((s) => s.id === id)?.status, id).toBe('passed');
    // Core identity steps are judged from the reported outcome, calibrated on the identity step.
    expect(byKind('core-identity-defect')).toHaveLength(6);
    for (const s of byKind('core-identity-defect')) {
      expect(s.status).toBe('passed');
      expect(decisions[s.id]).toMatch(/^refused the core identity/);
    }
    for (const s of byKind('id-token-defect'))
      expect(decisions[s.id]).toMatch(/^refused the ID token/);
    expect(final.summary.failed).toBe(0);
    const rotation = final.steps.find((s) => s.kind === 'key-rotation');
    expect(rotation?.reason).toMatch(/^Fetched the key set again \(\/jwks #\d+/);
    // Token and userinfo errors: it stops at the first error, and is judged for it.
    for (const kind of ['token-error', 'userinfo-error']) {
      expect(byKind(kind).length, kind).toBeGreaterThanOrEqual(2);
      for (const s of byKind(kind)) {
        expect(s.status, `${s.id}: ${s.reason}`).toBe('passed');
        expect(decisions[s.id]).toMatch(/^stopped: (token|userinfo) error/);
      }
    }
    const outage = final.steps.find((s) => s.kind === 'jwks-outage');
    expect(outage?.status).toBe('passed');
    expect(outage?.reason).toMatch(
      /^Signed the user in with the keys it fetched earlier in the run \(\/jwks #\d+/,
    );
  }, 120_000);

  it('a careless relying party fails each ID token defect step and each refused-code step', async () => {
    sim = await listeningSimulator();
    const { final } = await runPlan(sim, carelessRp(sim.baseUrl));
    const defects = final.steps.filter((s) => s.kind === 'id-token-defect');
    expect(defects.length).toBeGreaterThanOrEqual(8);
    for (const s of defects) {
      expect(s.status, s.id).toBe('failed');
      expect(s.reason).toMatch(
        /^\/userinfo #\d+ was called with the access token from \/token #\d+/,
      );
    }
    expect(final.steps.find((s) => s.kind === 'key-rotation')?.status).toBe('failed');
    // It shows the name of any identity it is given: every core identity defect step fails.
    const core = final.steps.filter((s) => s.kind === 'core-identity-defect');
    expect(core).toHaveLength(6);
    for (const s of core) {
      expect(s.status, s.id).toBe('failed');
      expect(s.reason).toMatch(
        /The service accepted it: the tester reported the user signed in with the verified identity/,
      );
    }
    // It signs the user in whatever /userinfo answered: every userinfo error step fails.
    for (const s of final.steps.filter((x) => x.kind === 'userinfo-error')) {
      expect(s.status, s.id).toBe('failed');
      expect(s.reason).toMatch(/yet the user was signed in/);
    }
    // It follows the happy paths and stops at authorisation errors like anyone would.
    for (const s of final.steps.filter((x) => x.kind === 'sign-in'))
      expect(s.status, `${s.id}: ${s.reason}`).toBe('passed');
    for (const s of final.steps.filter((x) => x.kind === 'authorize-error'))
      expect(['passed', 'not-judged'], `${s.id}: ${s.reason}`).toContain(s.status);
    // It sends a refused code again: a failure, except after server_error (one retry is fine).
    for (const s of final.steps.filter((x) => x.kind === 'token-error')) {
      if (s.id === 'token-server-error') expect(s.status, s.reason).toBe('passed');
      else {
        expect(s.status, s.id).toBe('failed');
        expect(s.reason).toMatch(/yet the client sent the code again \(\/token #\d+\)/);
      }
    }
  }, 120_000);
});
