/**
 * Event streams are limited per address, so one address (or a few) holding idle streams cannot
 * keep the window out: 51 idle streams from 127.0.0.2 and the window's stream from 127.0.0.1
 * got 503 until they timed out, five minutes later.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

const open: ClientRequest[] = [];
afterAll(() => {
  for (const req of open) req.destroy();
});

/** Opens the root's event stream from a local address; resolves with its status. */
function stream(localAddress: string): Promise<{ status: number; res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: sim.running.port,
        path: '/_simulator/api/events',
        localAddress,
        headers: { host: `127.0.0.1:${sim.running.port}`, accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0, res });
        if (res.statusCode !== 200) res.resume();
      },
    );
    req.on('error', reject);
    req.end();
    open.push(req);
  });
}

// macOS answers only 127.0.0.1 of 127.0.0.0/8 unless more are configured; Linux and Windows all.
describe.skipIf(process.platform === 'darwin')('event streams per address', () => {
  it('51 idle streams from 127.0.0.2: at most the per-address cap are served; 127.0.0.1 still connects', async () => {
    const flood = await Promise.all(Array.from({ length: 51 }, () => stream('127.0.0.2')));
    // The per-address cap (10) is lower than the global one (50).
    expect(flood.filter((s) => s.status === 200)).toHaveLength(10);
    expect(flood.filter((s) => s.status === 503)).toHaveLength(41);
    const window = await stream('127.0.0.1');
    expect(window.status).toBe(200);
    await expectStillServing(sim.simulator.app);
  });

  it('with every place taken by five other addresses, 127.0.0.1 still connects (one of theirs ends)', async () => {
    const others = ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7'];
    const held = await Promise.all(
      others.flatMap((a) => Array.from({ length: 10 }, () => stream(a))),
    );
    // With the earlier test's ten still open, the 50 places are all taken.
    expect(held.filter((s) => s.status === 200).length).toBeGreaterThanOrEqual(40);
    const window = await stream('127.0.0.1');
    expect(window.status).toBe(200);
    const again = await stream('127.0.0.1');
    expect(again.status).toBe(200);
    await expectStillServing(sim.simulator.app);
  });
});
