/**
 * /userinfo under hostile Authorization headers and tampered access tokens: always 401 with a
 * Bearer challenge and an empty body, never a 5xx, never another user's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { base64url } from 'jose';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { runFlow } from '../helpers/relying-party.js';
import { RUNS, expectFlowStillWorks, headerSafeString } from './hostile-input.js';

const UA = 'identity-simulator-fuzz';
let sim: ListeningSimulator;
let accessToken: string;
let idToken: string;

beforeAll(async () => {
  sim = await listeningSimulator();
  const flow = await runFlow(sim.baseUrl);
  accessToken = String(flow.tokenBody.access_token);
  idToken = String(flow.tokenBody.id_token);
});
afterAll(() => sim.close());

function expectBearerChallenge(res: request.Response): void {
  expect(res.status, res.text).toBe(401);
  expect(String(res.headers['www-authenticate'])).toMatch(/^Bearer(?: |$)/);
  expect(res.text).toBe('');
}

const userinfo = (authorization?: string) => {
  const req = request(sim.running.server).get('/userinfo').set('user-agent', UA);
  return authorization === undefined ? req : req.set('authorization', authorization);
};

/** Variations of a real token that must all be refused. */
function tamper(token: string, how: number, at: number): string {
  const [h, p, s] = token.split('.') as [string, string, string];
  const i = at % token.length;
  switch (how % 8) {
    case 0: {
      // One bit flipped in one segment's bytes (editing a base64url character can leave the
      // bytes unchanged, when it only touches padding bits).
      const parts = [h, p, s];
      const which = at % 3;
      const bytes = base64url.decode(parts[which] as string);
      const k = at % bytes.length;
      bytes[k] = (bytes[k] as number) ^ 1;
      parts[which] = base64url.encode(bytes);
      return parts.join('.');
    }
    case 1: // truncated
      return token.slice(0, Math.max(1, i));
    case 2: // signature removed
      return `${h}.${p}.`;
    case 3: // alg none
      return `${base64url.encode('{"alg":"none"}')}.${p}.`;
    case 4: // claims swapped in from the ID token, signature kept
      return `${h}.${idToken.split('.')[1]}.${s}`;
    case 5: // the ID token itself used as an access token
      return idToken;
    case 6: // payload edited to another subject
      return `${h}.${base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(p))), sub: 'someone-else' }))}.${s}`;
    default: // extra segment
      return `${token}.${s}`;
  }
}

describe('/userinfo with hostile credentials', () => {
  it('answers any Authorization header with 401 and a Bearer challenge', async () => {
    await fc.assert(
      fc.asyncProperty(headerSafeString(), async (header) => {
        expectBearerChallenge(await userinfo(header));
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('refuses every tampered version of a real access token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), async (how, at) => {
        const token = tamper(accessToken, how, at);
        fc.pre(token !== accessToken);
        expectBearerChallenge(await userinfo(`Bearer ${token}`));
      }),
      RUNS,
    );
    // The untouched token still works: the refusals above did not revoke it.
    const ok = await userinfo(`Bearer ${accessToken}`);
    expect(ok.status).toBe(200);
  });

  it('does not take a token from the query string or a body', async () => {
    const res = await request(sim.running.server)
      .get(`/userinfo?access_token=${accessToken}`)
      .set('user-agent', UA);
    expectBearerChallenge(res);
    const post = await request(sim.running.server)
      .post('/userinfo')
      .set('user-agent', UA)
      .type('form')
      .send(`access_token=${accessToken}`);
    expect(post.status).toBe(404);
  });

  it('answers no Authorization header with an invalid_token challenge', async () => {
    const res = await userinfo();
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(
      'Bearer error="invalid_token", error_description="Missing access token"',
    );
  });
});
