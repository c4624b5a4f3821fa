/**
 * The stores are bounded by bytes as well as by count, with one budget for every simulator of
 * the process: in interactive mode each waiting code keeps its own copy of the submitted form
 * (81 KB of JSON here), and 1,500 such sign-ins took RSS from 81 to 455 MiB. Past the budget a
 * sign-in is refused with temporarily_unavailable naming the limits; codes already issued still
 * redeem, and a deleted named simulator gives its share back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  signClientAssertion,
} from '../helpers/relying-party.js';
import { expectStillServing } from '../helpers/protocol.js';
import { TOO_MANY_PENDING_CODES } from '../../src/state/pending-limits.js';

const BUDGET = 1024 * 1024;
let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator({ storeBytes: BUDGET });
});
afterAll(() => sim.close());

/** An 81 KB form: 100 postal addresses with long street names. */
const FORM = {
  postalAddressDetails: JSON.stringify(
    Array.from({ length: 100 }, (_, i) => ({
      addressLocality: 'London',
      buildingNumber: String(i),
      postalCode: 'SW1A 2AA',
      streetName: 'Downing Street '.repeat(45),
      validFrom: '2000-01-01',
    })),
  ),
};

/** One interactive sign-in at `base`: the redirect's parameters. */
async function signIn(base: string): Promise<URLSearchParams> {
  const page = await fetch(`${base}/authorize?${authorizeQuery()}`, { redirect: 'manual' });
  const text = await page.text();
  const id = /name="interactionId" value="([^"]+)"/.exec(text)?.[1];
  if (!id) return new URL(page.headers.get('location') ?? 'http://x/?error=none').searchParams;
  const res = await fetch(`${base}/form-submit`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ interactionId: id, ...FORM }),
  });
  return new URL(res.headers.get('location') ?? 'http://x/?error=none').searchParams;
}

async function redeem(base: string, code: string): Promise<number> {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'budget-test' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_id: DEFAULT_CLIENT_ID,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await signClientAssertion({ baseUrl: base }),
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('one byte budget for every simulator', () => {
  it('81 KB forms at the root and at /sim/b1 fill it; past it sign-ins are refused, codes issued still redeem', async () => {
    for (const path of ['', '/sim/b1']) {
      const res = await fetch(`${sim.baseUrl}${path}/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ interactiveMode: true }),
      });
      expect(res.status).toBe(200);
    }
    const first = (await signIn(sim.baseUrl)).get('code');
    expect(first).toBeTruthy();
    const codes: { base: string; code: string }[] = [];
    let refusal: URLSearchParams | undefined;
    for (let i = 0; i < 60 && !refusal; i++) {
      const base = i % 2 === 0 ? sim.baseUrl : `${sim.baseUrl}/sim/b1`;
      const params = await signIn(base);
      const code = params.get('code');
      if (code) codes.push({ base, code });
      else refusal = params;
    }
    // 1 MiB holds about a dozen such codes (each form's JSON is counted), across both.
    expect(refusal?.get('error')).toBe('temporarily_unavailable');
    expect(refusal?.get('error_description')).toBe(TOO_MANY_PENDING_CODES);
    expect(TOO_MANY_PENDING_CODES).toMatch(/MiB of sign-in data for all simulators together/);
    expect(codes.length).toBeGreaterThan(4);
    expect(codes.length).toBeLessThan(20);
    expect(sim.simulator.storeBudget.usedBytes).toBeLessThanOrEqual(BUDGET + 4096);
    // Nothing issued is lost: the first code and one at the named simulator still redeem.
    expect(await redeem(sim.baseUrl, first as string)).toBe(200);
    const named = codes.find((c) => c.base.endsWith('/sim/b1'));
    expect(await redeem(named?.base as string, named?.code as string)).toBe(200);
    await expectStillServing(sim.simulator.app);
  });

  it('deleting the named simulator gives its share back: a sign-in fits again', async () => {
    const before = sim.simulator.storeBudget.usedBytes;
    const del = await fetch(`${sim.baseUrl}/_simulator/api/simulators/b1`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(sim.simulator.storeBudget.usedBytes).toBeLessThan(before);
    expect((await signIn(sim.baseUrl)).get('code')).toBeTruthy();
  });
});
