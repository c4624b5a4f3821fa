/**
 * Many flows at once over real HTTP: each gets its own code, tokens and claims (no cross-talk),
 * a code redeemed concurrently succeeds once, and a client assertion (one jti) presented
 * concurrently succeeds once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_REDIRECT_URI,
  IDENTITY_CLAIMS_REQUEST,
  VOCAB,
  authorizeQuery,
  redirectParams,
  runFlow,
  signClientAssertion,
} from '../helpers/relying-party.js';
import { atHash } from '../../src/tokens/at-hash.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const UA = 'identity-simulator-concurrency';
const FLOWS = 50;

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

async function newCode(state = 's', nonce = 'n'): Promise<string> {
  const res = await fetch(`${sim.baseUrl}/authorize?${authorizeQuery({ state, nonce })}`, {
    redirect: 'manual',
  });
  const code = redirectParams(String(res.headers.get('location'))).get('code');
  if (!code) throw new Error(`no code (${res.status})`);
  return code;
}

function redeem(code: string, assertion: string): Promise<Response> {
  return fetch(`${sim.baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: assertion,
    }),
  });
}

/** Scopes and claims that differ from flow to flow, so a mix-up shows in the answers. */
function variant(i: number): { scope: string; identity: boolean } {
  const scope = ['openid', 'openid email', 'openid phone', 'openid email phone'][i % 4] as string;
  return { scope, identity: i % 3 === 0 };
}

describe('concurrent flows', () => {
  it(`keeps ${FLOWS} simultaneous flows apart`, async () => {
    const flows = await Promise.all(
      Array.from({ length: FLOWS }, (_, i) => {
        const { scope, identity } = variant(i);
        return runFlow(sim.baseUrl, {
          authorize: {
            state: `state-${i}`,
            nonce: `nonce-${i}`,
            scope,
            ...(identity ? { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST } : {}),
          },
        });
      }),
    );

    const codes = new Set(flows.map((f) => f.code));
    const accessTokens = new Set(flows.map((f) => String(f.tokenBody.access_token)));
    expect(codes.size).toBe(FLOWS);
    expect(accessTokens.size).toBe(FLOWS);

    flows.forEach((flow, i) => {
      const { scope, identity } = variant(i);
      expect(flow.authorizeStatus).toBe(302);
      expect(redirectParams(flow.location.href).get('state')).toBe(`state-${i}`);
      expect(flow.tokenStatus).toBe(200);
      const idToken = decodeJwt(String(flow.tokenBody.id_token));
      expect(idToken.nonce).toBe(`nonce-${i}`);
      // The ID token is bound to this flow's access token, not another one.
      expect(idToken.at_hash).toBe(atHash(String(flow.tokenBody.access_token)));
      expect(idToken.vot).toBe('Cl.Cm');
      const access = decodeJwt(String(flow.tokenBody.access_token));
      expect(access.scope).toEqual(scope.split(' '));

      expect(flow.userinfoStatus).toBe(200);
      expect('email' in flow.userinfo).toBe(scope.includes('email'));
      expect('phone_number' in flow.userinfo).toBe(scope.includes('phone'));
      expect(`${VOCAB}/coreIdentityJWT` in flow.userinfo).toBe(identity);
      expect(`${VOCAB}/address` in flow.userinfo).toBe(identity);
    });
  });

  it('redeems a code at most once when it is presented concurrently', async () => {
    for (let round = 0; round < 5; round++) {
      const code = await newCode();
      const assertions = await Promise.all(
        Array.from({ length: 10 }, () => signClientAssertion({ baseUrl: sim.baseUrl })),
      );
      const answers = await Promise.all(assertions.map((a) => redeem(code, a)));
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as Record<string, unknown>[];
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      bodies
        .filter((_, i) => statuses[i] !== 200)
        .forEach((body) => expect(body.error).toBe('invalid_grant'));
    }
  });

  it('accepts a client assertion (one jti) at most once when it is presented concurrently', async () => {
    for (let round = 0; round < 5; round++) {
      const assertion = await signClientAssertion({ baseUrl: sim.baseUrl });
      const codes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => newCode(`s${i}`, `n${i}`)),
      );
      const answers = await Promise.all(codes.map((code) => redeem(code, assertion)));
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as Record<string, unknown>[];
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      bodies
        .filter((_, i) => statuses[i] !== 200)
        .forEach((body) => {
          expect(body.error).toBe('invalid_client');
          expect(String(body.error_description)).toMatch(/jti/);
        });
    }
  });

  it('serves many concurrent /userinfo calls for one token, each with the same claims', async () => {
    const flow = await runFlow(sim.baseUrl);
    const token = String(flow.tokenBody.access_token);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${sim.baseUrl}/userinfo`, {
          headers: { authorization: `Bearer ${token}`, 'user-agent': UA },
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(flow.userinfo);
    }
  });
});
