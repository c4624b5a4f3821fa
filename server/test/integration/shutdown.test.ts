/**
 * Graceful shutdown of headless mode: on SIGTERM the listener closes at once (new connections are
 * refused), requests already in flight are answered in full, idle keep-alive connections do not
 * hold the exit, and the process exits 0.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENV_VARS } from '../../src/index.js';
import {
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  redirectParams,
  runFlow,
  signClientAssertion,
} from '../helpers/relying-party.js';
import { CLI, freePort, spawnNode, type SpawnedNode } from '../../../bench/lib/processes.mjs';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build\` (or \`npx tsc -b server\`) first`);
});

let cli: SpawnedNode | undefined;
afterEach(async () => {
  await cli?.stop('SIGKILL');
  cli = undefined;
});

async function startCli(): Promise<{ cli: SpawnedNode; port: number; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {};
  for (const name of Object.keys(ENV_VARS)) env[name] = undefined;
  cli = await spawnNode([CLI], { env: { ...env, PORT: String(port), SIMULATOR_URL: base } });
  return { cli, port, base };
}

async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

async function refusedWithin(port: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if ((await connectOutcome(port)) === 'ECONNREFUSED') return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A request whose body is sent in two halves, so it is in flight for as long as we like. */
class SlowRequest {
  private readonly socket: Socket;
  private readonly chunks: Buffer[] = [];
  readonly response: Promise<string>;
  private readonly rest: string;

  constructor(port: number, method: string, path: string, body: string) {
    const half = Math.floor(body.length / 2);
    this.rest = body.slice(half);
    this.socket = connect({ host: '127.0.0.1', port });
    this.response = new Promise((resolve, reject) => {
      this.socket.on('data', (c: Buffer) => this.chunks.push(c));
      this.socket.on('end', () => resolve(Buffer.concat(this.chunks).toString('utf8')));
      this.socket.on('error', reject);
    });
    this.socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: shutdown-test\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body.slice(0, half)}`,
    );
  }

  finish(): void {
    this.socket.write(this.rest);
  }
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);

describe('graceful shutdown on SIGTERM', () => {
  it('finishes in-flight requests, refuses new connections and exits 0', async () => {
    const { port, base } = await startCli();
    const running = cli as SpawnedNode;

    // Twenty token requests and five logouts, each with half of its body sent.
    const slow: { req: SlowRequest; expect: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(
        `${base}/authorize?${authorizeQuery({ state: `s${i}`, nonce: `n${i}` })}`,
        {
          redirect: 'manual',
        },
      );
      const code = redirectParams(String(res.headers.get('location'))).get('code') as string;
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: DEFAULT_REDIRECT_URI,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: await signClientAssertion({ baseUrl: base }),
      });
      slow.push({ req: new SlowRequest(port, 'POST', '/token', form.toString()), expect: 200 });
    }
    for (let i = 0; i < 5; i++)
      slow.push({
        req: new SlowRequest(port, 'POST', '/logout', `state=bye-${i}&x=${'y'.repeat(200)}`),
        expect: 302,
      });

    // Once a later request is answered, the server has read the earlier headers.
    expect((await fetch(`${base}/`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));

    running.child.kill('SIGTERM');
    await eventually(() => running.stderr().includes('SIGTERM received'));
    // The listener is closed: a new connection is refused while the old ones are still open.
    expect(await refusedWithin(port, 3000)).toBe(true);
    expect(running.child.exitCode).toBeNull();

    for (const { req } of slow) req.finish();
    const answers = await Promise.all(slow.map((s) => s.req.response));
    answers.forEach((raw, i) => {
      expect(statusOf(raw), raw.slice(0, 300)).toBe(slow[i]?.expect);
      if (slow[i]?.expect === 200) expect(raw).toContain('"id_token"');
    });
    expect(await running.exited).toBe(0);
  });

  it('exits 0 while under load, answering every request it accepted', async () => {
    const { base } = await startCli();
    const running = cli as SpawnedNode;
    const statuses: number[] = [];
    let completed = 0;
    let stopped = false;
    const worker = async (n: number) => {
      for (let i = 0; !stopped; i++) {
        try {
          const flow = await runFlow(base, {
            authorize: { state: `w${n}-${i}`, nonce: `n${n}-${i}` },
          });
          statuses.push(flow.authorizeStatus, flow.tokenStatus, flow.userinfoStatus);
          completed++;
        } catch (error) {
          // Once stopping, connections are refused or closed; an HTTP error status is not allowed.
          const status = /answered (\d{3})/.exec(String((error as Error).message))?.[1];
          if (status) statuses.push(Number(status));
          return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, n) => worker(n));
    await eventually(() => completed >= 20, 20_000);
    running.child.kill('SIGTERM');
    const code = await running.exited;
    stopped = true;
    await Promise.all(workers);
    expect(code).toBe(0);
    expect(
      statuses.every((s) => s === 200 || s === 302),
      JSON.stringify(statuses.filter((s) => s !== 200 && s !== 302)),
    ).toBe(true);
  });

  it('does not wait for idle keep-alive connections', async () => {
    const { port } = await startCli();
    const running = cli as SpawnedNode;
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        })
        .on('error', reject);
    });
    const t0 = Date.now();
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    // Well under the 5 s after which busy connections are cut.
    expect(Date.now() - t0).toBeLessThan(3000);
    agent.destroy();
  });
});
