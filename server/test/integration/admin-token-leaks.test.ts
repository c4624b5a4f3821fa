/**
 * The admin token never reaches the request log: its cookie is scoped to the UI and API, the
 * simulator's own cookies are masked in every logged Cookie header, and a request line in
 * absolute form is served and recorded by its own path, so admin calls never look like provider
 * exchanges.
 */
import { connect } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { authorizeQuery } from '../helpers/relying-party.js';
import { expectStillServing } from '../helpers/protocol.js';

const TOKEN = 'admin-token-that-must-never-be-logged-0123456789';
let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator({ adminToken: TOKEN });
});
afterAll(() => sim.close());

/** Sends one raw request and returns the whole response text. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(sim.running.port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('the admin token stays out of the log', () => {
  it('?token= sets a cookie limited to the UI and API prefix', async () => {
    const res = await request(sim.running.server).get(`/_simulator/?token=${TOKEN}`);
    expect(res.status).toBe(302);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/simulator_admin=/);
    expect(cookie).toMatch(/Path=\/_simulator(;|$)/);
    expect(cookie).not.toMatch(/Path=\/(;|$)/);
  });

  it('own cookies are masked in the log, the list, the event stream view and the HAR', async () => {
    const cookie = `simulator_admin=${TOKEN}; theirs=kept-as-sent; simulator_session=session-id-42`;
    await request(sim.running.server)
      .get(`/authorize?${authorizeQuery()}`)
      .set('Cookie', cookie)
      .expect(302);
    await request(sim.running.server).post('/form-submit').set('Cookie', cookie).send('a=b');
    const stored = sim.simulator.log.list().slice(-2);
    for (const e of stored) {
      expect(e.request.headers.cookie).toContain('theirs=kept-as-sent');
      expect(JSON.stringify(e)).not.toContain(TOKEN);
    }
    const api = (path: string) =>
      request(sim.running.server).get(path).set('Authorization', `Bearer ${TOKEN}`);
    for (const path of [
      '/_simulator/api/exchanges',
      '/_simulator/api/exchanges.har',
      `/_simulator/api/exchanges/${stored[0]?.id}?reveal=true`,
    ]) {
      const res = await api(path).expect(200);
      expect(res.text, path).not.toContain(TOKEN);
    }
    const list = await api('/_simulator/api/exchanges').expect(200);
    expect(list.text).not.toContain('session-id-42');
    expect(list.text).toContain('theirs=kept-as-sent');
  });

  it('an absolute-form request line to the admin API is served as admin, never recorded', async () => {
    const before = sim.simulator.log.totalRecorded;
    const target = `http://127.0.0.1:${sim.running.port}/_simulator/api/exchanges.har?reveal=true`;
    const res = await raw(
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${sim.running.port}\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
    );
    expect(res, res).toMatch(/^HTTP\/1\.1 (200|400)/);
    expect(sim.simulator.log.totalRecorded).toBe(before);
    expect(sim.simulator.log.list().some((e) => e.request.path.includes('_simulator'))).toBe(false);
    const provider = await raw(
      `GET http://127.0.0.1:${sim.running.port}/.well-known/openid-configuration HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(provider).toMatch(/^HTTP\/1\.1 200/);
    const last = sim.simulator.log.list().at(-1);
    expect(last?.request.path).toBe('/.well-known/openid-configuration');
    expect(last?.endpoint).toBe('discovery');
    const bad = await raw(`GET *garbage HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    await expectStillServing(sim.simulator.app);
  });
});
