/**
 * The UI and admin API are never recorded, however addressed: in another letter case, with the
 * prefix percent-encoded, or under /sim/<name>/. And every simulator cookie (the admin token's,
 * the root's session, each named simulator's simulator_session_<name>) is masked in the list and
 * the HAR export.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { runFlow } from '../helpers/relying-party.js';
import { expectStillServing } from '../helpers/protocol.js';

const ADMIN_TOKEN = 'admin-token-that-must-never-be-logged-0123456789';
let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator({ adminToken: ADMIN_TOKEN });
});
afterAll(() => sim.close());

const api = (path: string) =>
  request(sim.running.server).get(`/_simulator/api${path}`).set('Host', 'localhost');

/** Everything the log shows a tester: the masked list and the HAR export, as text. */
async function loggedText(): Promise<string> {
  const list = await api('/exchanges?limit=500').expect(200);
  const har = await api('/exchanges.har').expect(200);
  return `${JSON.stringify(list.body)}\n${har.text}`;
}

describe('admin calls are never recorded, however addressed', () => {
  it.each([
    '/_SIMULATOR/api/exchanges?reveal=true',
    '/_Simulator/api/exchanges?reveal=true',
    `/_Simulator/?token=${ADMIN_TOKEN}`,
    `/_SIMULATOR?token=${ADMIN_TOKEN}`,
    '/sim/w1/_SIMULATOR/api/exchanges?reveal=true',
    `/sim/w1/_Simulator/?token=${ADMIN_TOKEN}`,
    '/%5Fsimulator/api/exchanges?reveal=true',
    '/%5fSIMULATOR/api/exchanges?reveal=true',
    '/_simulator%2Fapi/exchanges?reveal=true',
    '/sim/w1/%5Fsimulator/api/exchanges?reveal=true',
  ])('%s', async (path) => {
    const flow = await runFlow(sim.baseUrl);
    const accessToken = String(flow.tokenBody.access_token);
    const before = sim.simulator.log.size;
    const count = (text: string) => text.split(accessToken).length - 1;
    // The token response itself is in the log (the tester's view of the flow): no more copies.
    const seen = count(await loggedText());
    const res = await request(sim.running.server)
      .get(path)
      .set('Host', 'localhost')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(res.status).toBeLessThan(500);
    // Nothing recorded for the admin call (the named simulator's log is the same one log).
    expect(sim.simulator.log.size).toBe(before);
    const text = await loggedText();
    expect(text).not.toContain(ADMIN_TOKEN);
    expect(count(text)).toBe(seen);
    await expectStillServing(sim.simulator.app);
  });

  it('still records the provider endpoints and an unrelated path that only looks alike', async () => {
    const before = sim.simulator.log.size;
    await request(sim.running.server).get('/_simulatorx/api').expect(404);
    await request(sim.running.server).get('/sim/w1/.well-known/openid-configuration').expect(200);
    expect(sim.simulator.log.size).toBe(before + 2);
  });
});

describe('every simulator cookie is masked', () => {
  it('hides simulator_session, simulator_session_<name> and simulator_admin values', async () => {
    const named = 'named-session-value-that-must-be-masked-0001';
    const root = 'root-session-value-that-must-be-masked-00002';
    await request(sim.running.server)
      .get('/sim/w1/.well-known/openid-configuration')
      .set(
        'Cookie',
        `simulator_session_w1=${named}; simulator_session=${root}; simulator_admin=${ADMIN_TOKEN}; other=visible-cookie`,
      )
      .expect(200);
    await request(sim.running.server)
      .get('/.well-known/openid-configuration')
      .set('Cookie', `simulator_session_w1=${named}`)
      .expect(200);
    const text = await loggedText();
    expect(text).not.toContain(named);
    expect(text).not.toContain(root);
    expect(text).not.toContain(ADMIN_TOKEN);
    expect(text).toContain('visible-cookie');
    expect(text).toContain('simulator_session_w1=••••••(44 chars)');
  });
});
