/**
 * Exporting the HAR of a big log never stalls other requests: it is streamed entry by entry,
 * yielding between batches, and it is the same document as before.
 */
import { EventEmitter } from 'node:events';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHar, streamHar } from '../../src/admin/build-har.js';
import { ExchangeFactory } from '../helpers/exchange-factory.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator({ logCapacity: 2000 });
});
afterAll(() => sim.close());

function fetchText(path: string): Promise<{ text: string; doneAt: number }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: sim.running.port, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ text, doneAt: performance.now() }));
    }).on('error', reject);
  });
}

describe('HAR export', () => {
  it('is the same document as JSON.stringify of the whole HAR', async () => {
    const f = new ExchangeFactory();
    const exchanges = [f.authorize('j'), f.token('j'), f.make('userinfo')];
    const creator = { name: 'Identity Simulator', version: '1.2.3' };
    let text = '';
    const sink = {
      destroyed: false,
      write: (c: string) => ((text += c), true),
      end: (c: string) => (text += c),
      on: () => undefined,
      off: () => undefined,
    };
    await streamHar(sink, exchanges, creator);
    expect(text).toBe(JSON.stringify(buildHar(exchanges, creator), null, 2));
    text = '';
    await streamHar(sink, [], creator);
    expect(text).toBe(JSON.stringify(buildHar([], creator), null, 2));
  });

  it('yields to other work while it writes, and waits while the client lags', async () => {
    const f = new ExchangeFactory();
    const exchanges = Array.from({ length: 200 }, () => f.make('token'));
    let written = 0;
    let ended = false;
    let drains = 0;
    const sink = {
      destroyed: false,
      // The "client" takes every third chunk only after a drain.
      write: (c: string) => ((written += c.length), written % 3 !== 0),
      end: () => (ended = true),
      on: (event: string, listener: () => void) => {
        if (event === 'drain') setImmediate(() => (drains++, listener()));
      },
      off: () => undefined,
    };
    let seenMidway: boolean | undefined;
    setImmediate(() => (seenMidway = written > 0 && !ended));
    await streamHar(sink, exchanges, { name: 'x', version: '1' });
    expect(seenMidway).toBe(true);
    expect(ended).toBe(true);
    expect(drains).toBeGreaterThan(0);
  });

  it('leaves no listener behind on the response after each wait for the client', async () => {
    const f = new ExchangeFactory();
    const exchanges = Array.from({ length: 60 }, () => f.make('token'));
    /** A response whose client takes every other chunk only after a drain. */
    class LaggingResponse extends EventEmitter {
      destroyed = false;
      private writes = 0;
      most = 0;
      write(): boolean {
        this.most = Math.max(this.most, this.listenerCount('close'), this.listenerCount('drain'));
        if (++this.writes % 2 === 1) return true;
        setImmediate(() => this.emit('drain'));
        return false;
      }
      end(): void {}
    }
    const out = new LaggingResponse();
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    await streamHar(out, exchanges, { name: 'x', version: '1' });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(out.most).toBeLessThanOrEqual(1);
    expect(out.listenerCount('close')).toBe(0);
    expect(out.listenerCount('drain')).toBe(0);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('of 1,500 exchanges with 40 KB bodies is served whole, and other requests meanwhile', async () => {
    const f = new ExchangeFactory();
    const body = 'b'.repeat(40_000);
    for (let i = 0; i < 1500; i++) {
      const e = f.make('token', { seq: sim.simulator.log.nextSeq() });
      e.response.body = body;
      sim.simulator.log.push(e);
    }
    const har = fetchText('/_simulator/api/exchanges.har');
    await new Promise((r) => setTimeout(r, 20));
    const other = await fetchText('/.well-known/openid-configuration');
    const done = await har;
    expect(other.doneAt).toBeLessThan(done.doneAt);
    const parsed = JSON.parse(done.text) as { log: { entries: unknown[] } };
    expect(parsed.log.entries.length).toBeGreaterThanOrEqual(1500);
    await expectStillServing(sim.simulator.app);
  });
});
