import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { watchServerStop } from './watch-server-stop.js';

async function listening(): Promise<Server> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

/** The reasons reported for `server`, watched with `expected`. */
function watched(server: Server, expected: () => boolean = () => false): string[] {
  const reasons: string[] = [];
  watchServerStop(server, expected, (reason) => reasons.push(reason));
  return reasons;
}

describe('watchServerStop', () => {
  it('reports a server that closes unasked, once', async () => {
    const server = await listening();
    const reasons = watched(server);
    await new Promise((done) => server.close(done));
    server.emit('close');
    expect(reasons).toEqual(['its server closed']);
  });

  it('reports an error after listening, with its message, and closes the server', async () => {
    const server = await listening();
    const reasons = watched(server);
    server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
    await new Promise((done) => server.once('close', done));
    expect(reasons).toEqual(['its server failed: accept EMFILE']);
    expect(server.listening).toBe(false);
  });

  it('says nothing when the stop was asked for', async () => {
    const server = await listening();
    let closing = false;
    const reasons = watched(server, () => closing);
    closing = true;
    await new Promise((done) => server.close(done));
    expect(reasons).toEqual([]);
  });
});
