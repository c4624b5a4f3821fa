/**
 * One rule for trusted origins, shared by the root and every named simulator: loopback names and
 * what was given at start-up. A simulatorUrl POST /config set never widens it, also not for a
 * named simulator created or reset after that POST (it starts from the root's current address).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

let sim: ListeningSimulator;
let evil: string;
beforeAll(async () => {
  sim = await listeningSimulator();
  evil = `rebind.attacker.example:${sim.running.port}`;
  // A script (no Origin) may change the root's simulatorUrl; from then on, named simulators
  // start from that address.
  await request(sim.running.server)
    .post('/config')
    .send({ simulatorUrl: `http://${evil}` })
    .expect(200);
});
afterAll(() => sim.close());

const asEvil = (r: request.Test) => r.set('Host', evil).set('Origin', `http://${evil}`);

describe('a named simulator never trusts the origin POST /config set', () => {
  it('refuses the rebinding name under /sim/<name>/, for one created before and after reset', async () => {
    // Created from a script on this machine (allowed), at the rebinding address.
    await request(sim.running.server).get('/sim/w9/.well-known/openid-configuration').expect(200);
    expect(sim.simulator.simulators.get('w9')?.context.config.get().simulatorUrl).toBe(
      `http://${evil}/sim/w9`,
    );
    const personasBefore = (await request(sim.running.server).get('/_simulator/api/personas'))
      .body as unknown;
    for (let round = 0; round < 2; round++) {
      const list = await asEvil(
        request(sim.running.server).get('/sim/w9/_simulator/api/exchanges'),
      );
      expect(list.status).toBe(403);
      expect(JSON.stringify(list.body)).not.toContain('"exchanges"');
      const persona = await asEvil(
        request(sim.running.server).post('/sim/w9/_simulator/api/personas'),
      ).send({ id: 'rebound', name: 'Rebound' });
      expect(persona.status).toBe(403);
      const run = await asEvil(
        request(sim.running.server).post('/sim/w9/_simulator/api/rp-check/start'),
      ).send({});
      expect(run.status).toBe(403);
      const config = await asEvil(request(sim.running.server).post('/sim/w9/config')).send({
        simulatorUrl: 'http://other.attacker.example',
      });
      expect(config.status).toBe(403);
      // Reset starts it again from the root's current (rebinding) address: still refused.
      await request(sim.running.server).post('/_simulator/api/simulators/w9/reset').expect(200);
    }
    expect((await request(sim.running.server).get('/_simulator/api/personas')).body).toEqual(
      personasBefore,
    );
    // The simulator's own names still reach the named simulator's admin API.
    await request(sim.running.server)
      .get('/sim/w9/_simulator/api/exchanges')
      .set('Host', `localhost:${sim.running.port}`)
      .set('Origin', `http://localhost:${sim.running.port}`)
      .expect(200);
    await expectStillServing(sim.simulator.app);
  });

  it('verify by URL under /sim/x1/ refuses the origin POST /config set, as the root does', async () => {
    const url = `http://${evil}/.well-known/jwks.json`;
    const token = 'eyJhbGciOiJub25lIn0.e30.';
    const root = await request(sim.running.server)
      .post('/_simulator/api/tokens/verify')
      .send({ token, url });
    const named = await request(sim.running.server)
      .post('/sim/x1/_simulator/api/tokens/verify')
      .send({ token, url });
    for (const res of [root, named]) {
      expect(res.status).toBe(400);
      // Refused by the rule, not fetched (a fetch would answer "could not be reached").
      expect((res.body as { error_description: string }).error_description).toMatch(
        /may name only a loopback address/,
      );
    }
    await expectStillServing(sim.simulator.app);
  });
});
