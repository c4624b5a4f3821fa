/**
 * A relying-party check meets client-controlled JWT claims nested absurdly deep: the step it
 * observes fails with a reason, the process keeps serving, and the run moves on.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { RpCheckStatus } from '../../src/rp-check/rp-check-types.js';
import {
  ASSERTION_TYPE,
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  expectStillServing,
  getCode,
  getUserinfo,
  harness,
  postToken,
  type Harness,
} from '../helpers/protocol.js';

const API = '/_simulator/api/rp-check';
const deepArray = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** An unsigned client assertion whose `claim` nests 20,000 arrays deep (about 53 KB). */
function deepAssertion(h: Harness, claim: string): string {
  const now = h.clock.seconds();
  const plain = { iss: DEFAULT_CLIENT_ID, sub: DEFAULT_CLIENT_ID, aud: `${h.baseUrl()}/token` };
  const payload = JSON.stringify({ ...plain, exp: now + 300, jti: 'j' }).replace(
    /}$/,
    `,"${claim}":${deepArray(20_000)}}`,
  );
  return `${b64('{"alg":"RS256"}')}.${b64(payload)}.${b64('not-a-signature')}`;
}

async function runOneStep(h: Harness): Promise<void> {
  const plan = {
    name: 'One step',
    timeoutSeconds: 1,
    waitSeconds: 1,
    steps: [
      {
        id: 'happy',
        title: 'Happy',
        kind: 'sign-in',
        instruction: 'Sign in.',
        expectation: 'Correct.',
      },
    ],
  };
  await request(h.app)
    .post(`${API}/start`)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ plan, attended: false }))
    .expect(201);
}

async function waitForFinish(h: Harness): Promise<RpCheckStatus> {
  const end = Date.now() + 8000;
  for (;;) {
    const s = (await request(h.app).get(API).expect(200)).body as RpCheckStatus;
    if (s.state === 'finished') return s;
    if (Date.now() > end) throw new Error(`the run never finished: ${JSON.stringify(s.steps[0])}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('relying-party check under deeply nested claims', () => {
  for (const claim of ['aud', 'iss', 'sub']) {
    it(`a /token whose client_assertion ${claim} nests 20,000 deep fails the step (quiet timer)`, async () => {
      const h = await harness();
      await runOneStep(h);
      const code = await getCode(h, { nonce: 'n', state: 's' });
      const res = await postToken(h.app, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: DEFAULT_REDIRECT_URI,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: deepAssertion(h, claim),
      });
      expect(res.status).toBeLessThan(500);
      const s = await waitForFinish(h);
      expect(s.steps[0]?.status).toBe('failed');
      expect(JSON.stringify(s.steps[0])).toMatch(/no readable client_assertion|could not read/);
      await expectStillServing(h.app, h.clock);
    });
  }

  it('the same /token followed by a /userinfo fails the step instead of leaving it observing', async () => {
    const h = await harness();
    await runOneStep(h);
    const code = await getCode(h, { nonce: 'n', state: 's' });
    await postToken(h.app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: deepAssertion(h, 'aud'),
    });
    await getUserinfo(h.app, 'not-a-token');
    const s = await waitForFinish(h);
    expect(s.steps[0]?.status).toBe('failed');
    await expectStillServing(h.app, h.clock);
  });
});
