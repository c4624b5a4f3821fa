/**
 * Deleting or resetting a named simulator ends its relying-party check and everything the check
 * started: its timers and the driven journey in flight. The journey's requests went on after a
 * delete (the service got dozens more) and, reaching /sim/<name>/authorize, created the simulator
 * again.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

let sim: ListeningSimulator;
let service: Server;
let serviceUrl: string;
/** Every request the service got, with when it arrived. */
const seen: { path: string; at: number }[] = [];
/** Sign-ins the service holds before answering (the journey is in flight meanwhile). */
let signInDelayMs = 600;

beforeAll(async () => {
  sim = await listeningSimulator();
  // A service whose sign-in is slow, then sends the browser to the named simulator.
  service = createServer((req, res) => {
    seen.push({ path: req.url ?? '', at: Date.now() });
    const name = /^\/(\w+)\//.exec(req.url ?? '')?.[1] ?? 'x';
    if ((req.url ?? '').endsWith('/signin')) {
      const query = new URLSearchParams({
        response_type: 'code',
        scope: 'openid',
        client_id: 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw',
        redirect_uri: `${serviceUrl}/${name}/callback`,
        state: 'state-value',
        nonce: 'nonce-value',
      });
      setTimeout(() => {
        res.writeHead(302, { location: `${sim.baseUrl}/sim/${name}/authorize?${query}` }).end();
      }, signInDelayMs);
      return;
    }
    // Nobody is ever signed in: the signed-in page answers 401.
    res.writeHead(401, { 'content-type': 'text/html' }).end('<html><body>sign in</body></html>');
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  service.closeAllConnections();
  service.close();
  await sim.close();
});

async function startDrivenCheck(name: string): Promise<void> {
  await request(sim.running.server).post('/_simulator/api/simulators').send({ name }).expect(201);
  const res = await request(sim.running.server)
    .post(`/sim/${name}/_simulator/api/rp-check/start`)
    .send({
      plan: 'default',
      attended: false,
      drive: { signIn: `${serviceUrl}/${name}/signin`, signedIn: `${serviceUrl}/${name}/home` },
    });
  expect(res.status).toBe(201);
  // The driver's first request is at the service, held there.
  await expect.poll(() => seen.some((s) => s.path === `/${name}/signin`)).toBe(true);
}

const after = (name: string, t: number) =>
  seen.filter((s) => s.path.startsWith(`/${name}/`) && s.at > t);

describe("a named simulator's check ends with it", () => {
  it('DELETE ends the driven journey in flight; nothing recreates the simulator', async () => {
    await startDrivenCheck('w7');
    await request(sim.running.server).delete('/_simulator/api/simulators/w7').expect(204);
    const deletedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2000));
    expect(sim.simulator.simulators.get('w7')).toBeUndefined();
    expect(after('w7', deletedAt)).toEqual([]);
    expect(
      sim.simulator.log.findLast(
        (e) => e.simulator === 'w7' && Date.parse(e.startedAt) > deletedAt,
      ),
    ).toBeUndefined();
    await expectStillServing(sim.simulator.app);
  });

  it('reset ends it too: the fresh simulator runs no check and its journey sends nothing more', async () => {
    await startDrivenCheck('w8');
    await request(sim.running.server).post('/_simulator/api/simulators/w8/reset').expect(200);
    const resetAt = Date.now();
    await new Promise((r) => setTimeout(r, 2000));
    expect(after('w8', resetAt)).toEqual([]);
    const status = await request(sim.running.server).get('/sim/w8/_simulator/api/rp-check');
    expect(status.status).toBe(200);
    expect((status.body as { running?: unknown }).running ?? false).toBe(false);
    // The fresh one has seen none of the old journey's requests.
    expect(
      sim.simulator.log.findLast((e) => e.simulator === 'w8' && Date.parse(e.startedAt) > resetAt),
    ).toBeUndefined();
    signInDelayMs = 0;
    await expectStillServing(sim.simulator.app);
  });
});
