/**
 * DNS rebinding through simulatorUrl: a POST /config without Origin may change simulatorUrl, but
 * that never makes its host one of the simulator's own names for the admin API or /config.
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

describe('simulatorUrl never widens admin access', () => {
  it('after simulatorUrl=http://rebind.attacker.example:PORT, that Host and Origin are refused', async () => {
    const port = sim.running.port;
    const evil = `rebind.attacker.example:${port}`;
    const changed = await request(sim.running.server)
      .post('/config')
      .set('Content-Type', 'application/json')
      .send({ simulatorUrl: `http://${evil}` });
    expect(changed.status).toBe(200);
    const personasBefore = (await request(sim.running.server).get('/_simulator/api/personas'))
      .body as unknown;
    const asEvil = (r: request.Test) => r.set('Host', evil).set('Origin', `http://${evil}`);
    const list = await asEvil(request(sim.running.server).get('/_simulator/api/exchanges'));
    expect(list.status).toBe(403);
    const persona = await asEvil(request(sim.running.server).post('/_simulator/api/personas')).send(
      { id: 'rebound', name: 'Rebound' },
    );
    expect(persona.status).toBe(403);
    const config = await asEvil(request(sim.running.server).post('/config')).send({
      simulatorUrl: 'http://other.attacker.example',
    });
    expect(config.status).toBe(403);
    expect(sim.simulator.config.get().simulatorUrl).toBe(`http://${evil}`);
    expect((await request(sim.running.server).get('/_simulator/api/personas')).body).toEqual(
      personasBefore,
    );
    // Loopback names still work, and the bound address (given at start-up) names it too.
    await request(sim.running.server)
      .get('/_simulator/api/exchanges')
      .set('Host', `127.0.0.1:${port}`)
      .expect(200);
    await request(sim.running.server)
      .get('/_simulator/api/exchanges')
      .set('Host', `localhost:${port}`)
      .set('Origin', `http://localhost:${port}`)
      .expect(200);
    await request(sim.running.server)
      .post('/config')
      .send({ simulatorUrl: sim.baseUrl })
      .expect(200);
    await expectStillServing(sim.simulator.app);
  });
});
