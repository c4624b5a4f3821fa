/**
 * A request under /sim/<name>/ that fails the Origin or Host rule creates nothing: the checks come
 * before creation, so a cross-site page cannot fill the cap of named simulators with image tags
 * and cross-origin posts (answered 403, yet created, the tester's own create then got 503).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

const ATTACKER = 'https://attacker.example';
const image = (path: string) =>
  request(sim.running.server)
    .get(path)
    .set('Sec-Fetch-Site', 'cross-site')
    .set('Sec-Fetch-Mode', 'no-cors')
    .set('Sec-Fetch-Dest', 'image')
    .set('Referer', `${ATTACKER}/page`);

describe('a refused request creates no named simulator', () => {
  it('32 cross-site image GETs and 32 cross-origin POSTs create nothing; the cap stays free', async () => {
    const max = sim.simulator.simulators.max;
    expect(max).toBe(64);
    const answers = await Promise.all([
      ...Array.from({ length: 16 }, (_, i) => image(`/sim/img${i}/authorize`)),
      ...Array.from({ length: 16 }, (_, i) => image(`/sim/pic${i}/_simulator/api/exchanges`)),
      ...Array.from({ length: 16 }, (_, i) =>
        request(sim.running.server)
          .post(`/sim/cfg${i}/config`)
          .set('Origin', ATTACKER)
          .send({ simulatorUrl: 'http://attacker.example' }),
      ),
      ...Array.from({ length: 16 }, (_, i) =>
        request(sim.running.server)
          .post(`/sim/tok${i}/token`)
          .set('Origin', ATTACKER)
          .type('form')
          .send({ grant_type: 'authorization_code' }),
      ),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect((res.body as { error: string }).error).toBe('forbidden');
    }
    // A top-level form post from another site to /config, and a rebinding name on the admin API.
    await request(sim.running.server)
      .post('/sim/nav/config')
      .set('Origin', ATTACKER)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Sec-Fetch-Dest', 'document')
      .send({})
      .expect(403);
    await request(sim.running.server)
      .get('/sim/rebound/_simulator/api/exchanges')
      .set('Host', `rebind.attacker.example:${sim.running.port}`)
      .expect(403);
    expect(sim.simulator.simulators.size).toBe(0);

    // The tester's own create still works, and so does creation on first use by a relying
    // party: a script's discovery request, and a browser sent to /authorize from its site.
    await request(sim.running.server)
      .post('/_simulator/api/simulators')
      .send({ name: 'suite' })
      .expect(201);
    await request(sim.running.server).get('/sim/rp/.well-known/openid-configuration').expect(200);
    const navigated = await request(sim.running.server)
      .get('/sim/nav/authorize?client_id=x')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Sec-Fetch-Dest', 'document');
    expect(navigated.status).not.toBe(403);
    expect(
      sim.simulator.simulators
        .list()
        .map((s) => s.name)
        .sort(),
    ).toEqual(['nav', 'rp', 'suite']);
    // An existing simulator answers cross-site requests as before (its own rules apply).
    await image('/sim/rp/.well-known/openid-configuration').expect(200);
    await expectStillServing(sim.simulator.app);
  });
});
