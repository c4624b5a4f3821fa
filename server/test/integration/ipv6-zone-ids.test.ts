/**
 * IPv6 zone ids (`::1%lo`): in a Host header they get a 4xx, never a 500; on the command line,
 * a one-line message (the desktop shell's own parsing: electron/host/zone-id.test.ts) instead of "Invalid URL".
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli-args.js';
import { isLoopbackHost } from '../../src/http/loopback-host.js';
import { isLoopbackAddress } from '../../src/http/admin-access.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

const ZONED = ['[::1%lo]', '[::1%25lo]', '[fe80::1%eth0]:3000', '[::1%]'];
let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

function rawStatus(host: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(sim.running.port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let out = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (out += d));
    socket.on('end', () => resolve(out.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('IPv6 zone ids', () => {
  it.each(ZONED)('Host: %s on the admin API and the UI is a 4xx, not a 500', async (host) => {
    for (const path of ['/_simulator/api/status', '/_simulator/api/exchanges', '/_simulator/']) {
      const line = await rawStatus(host, path);
      expect(line, `${host} ${path}`).toMatch(/^HTTP\/1\.1 4\d\d/);
    }
    await expectStillServing(sim.simulator.app);
  });

  it('are never loopback names or addresses', () => {
    for (const host of ZONED) expect(isLoopbackHost(host)).toBe(false);
    expect(isLoopbackAddress('fe80::1%eth0')).toBe(false);
    expect(isLoopbackAddress('::1%lo')).toBe(false);
    expect(isLoopbackHost('[::1]:3000')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
  });

  it('--host ::1%lo is refused in one line naming the zone id', () => {
    const r = parseArgs(['--host', '::1%lo']);
    expect(r).toEqual({
      ok: false,
      message:
        '--host cannot take an IPv6 zone id ("%lo"): give the address alone, e.g. ::1 or 0.0.0.0',
    });
    expect(parseArgs(['--host', '::1'])).toMatchObject({ ok: true, value: { host: '::1' } });
  });
});
