import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from './find-free-port.js';

const open: Server[] = [];
function occupy(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      open.push(s);
      const address = s.address();
      resolve(typeof address === 'object' && address ? address.port : -1);
    });
  });
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('findFreePort', () => {
  it('skips a port that is taken', async () => {
    const taken = await occupy(0);
    // Occupy the next port too when we can, so the search has to skip it.
    const next = await occupy(taken + 1).catch(() => -1);
    const found = await findFreePort(taken - 1, '127.0.0.1');
    expect(found).not.toBeNull();
    expect(found).not.toBe(taken);
    expect(found).not.toBe(next);
    expect(found).toBeGreaterThan(taken - 1);
  });

  it('gives up after the last port number', async () => {
    expect(await findFreePort(65535, '127.0.0.1')).toBeNull();
  });

  it('gives up on an address that is not on this machine', async () => {
    expect(await findFreePort(40000, '203.0.113.1', 2)).toBeNull();
  });
});
