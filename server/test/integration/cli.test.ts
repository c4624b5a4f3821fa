/**
 * Headless mode as a user runs it: `node dist/server/src/headless.mjs` (built by `npm run build`),
 * spawned on a free port. It prints its URL on a line of its own, serves a complete flow over
 * real HTTP, stops cleanly on SIGINT and SIGTERM, and explains bad settings in one line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV_VARS } from '../../src/index.js';
import { runFlow } from '../helpers/relying-party.js';
import { DEFAULT_CLIENT_ID, DEFAULT_REDIRECT_URI } from '../helpers/protocol.js';
import { CLI, freePort, runNode, spawnNode } from '../../../bench/lib/processes.mjs';

/** The parent's configuration variables removed, so only what a test sets applies. */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const name of Object.keys(ENV_VARS)) env[name] = undefined;
  return { ...env, ...extra };
}

beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build\` (or \`npx tsc -b server\`) first`);
});

/** Polls until `check` holds (output arrives on two pipes, in no fixed order). */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One line on stderr, prefixed with the program name, with no stack trace. */
function expectOneLineMessage(stderr: string, mentions: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^identity-simulator: /);
  expect(lines[0]).toMatch(mentions);
  expect(stderr).not.toMatch(/\n\s+at\s|Error:/);
}

describe('headless CLI', () => {
  it('prints the base URL on a line of its own and serves a complete flow', async () => {
    const port = await freePort();
    const cli = await spawnNode([CLI, '--port', String(port)], { env: cleanEnv() });
    try {
      expect(cli.url).toBe(`http://localhost:${port}`);
      expect(cli.stdout().split('\n')[0]).toBe(cli.url);
      const flow = await runFlow(cli.url);
      expect(flow.tokenStatus).toBe(200);
      expect(flow.userinfoStatus).toBe(200);
      expect(flow.userinfo.email).toBe('test@example.com');
      await eventually(() => cli.stderr().includes(`listening on http://127.0.0.1:${port}`));
    } finally {
      expect(await cli.stop('SIGTERM')).toBe(0);
    }
  });

  it('is built as pure ASCII (V8 keeps the source at one byte a character) and still speaks Welsh', async () => {
    const source = readFileSync(CLI, 'utf8');
    expect([...source].filter((c) => c.charCodeAt(0) > 0x7f)).toEqual([]);

    const port = await freePort();
    const cli = await spawnNode([CLI, '--port', String(port)], { env: cleanEnv() });
    try {
      const configured = await fetch(`${cli.url}/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ interactiveMode: true }),
      });
      expect(configured.status).toBe(200);
      const query = new URLSearchParams({
        response_type: 'code',
        scope: 'openid',
        client_id: DEFAULT_CLIENT_ID,
        redirect_uri: DEFAULT_REDIRECT_URI,
        state: 'state',
        nonce: 'nonce',
        ui_locales: 'cy',
      });
      const page = await fetch(`${cli.url}/authorize?${query}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
      expect(await page.text()).toContain('Neidio i’r prif gynnwys');
    } finally {
      await cli.stop();
    }
  });

  it('takes PORT and SIMULATOR_URL from the environment', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const cli = await spawnNode([CLI], {
      env: cleanEnv({ PORT: String(port), SIMULATOR_URL: url }),
    });
    try {
      expect(cli.url).toBe(url);
      const discovery = (await (await fetch(`${url}/.well-known/openid-configuration`)).json()) as {
        issuer: string;
      };
      expect(discovery.issuer).toBe(`${url}/`);
    } finally {
      await cli.stop();
    }
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'exits 0 on %s, even sent as soon as the URL is out',
    async (signal) => {
      // A script that waits for the URL line and stops the simulator at once must not kill it.
      const cli = await spawnNode([CLI, '--port', String(await freePort())], { env: cleanEnv() });
      const code = await cli.stop(signal);
      expect(code).toBe(0);
      expect(cli.stderr()).toContain(`${signal} received`);
    },
  );

  const BAD_ENV: [string, string, RegExp][] = [
    ['PORT', 'abc', /PORT/],
    ['PORT', '70000', /PORT/],
    ['SCOPES', 'bogus', /SCOPES/],
    ['REDIRECT_URLS', 'notaurl', /REDIRECT_URLS/],
    ['ID_TOKEN_SIGNING_ALGORITHM', 'HS256', /ID_TOKEN_SIGNING_ALGORITHM/],
    ['PUBLIC_KEY', 'garbage', /PUBLIC_KEY/],
    ['IDENTITY_VERIFICATION_SUPPORTED', 'maybe', /IDENTITY_VERIFICATION_SUPPORTED/],
    ['SIMULATOR_URL', 'ftp://x', /SIMULATOR_URL/],
    ['CLIENT_LOCS', 'P9', /CLIENT_LOCS/],
    ['INTERACTIVE_MODE', 'yes', /INTERACTIVE_MODE/],
  ];

  it.each(BAD_ENV)(
    'refuses %s=%s with a non-zero exit and one line',
    async (name, value, mentions) => {
      const run = await runNode([CLI], { env: cleanEnv({ [name]: value }) });
      expect(run.code, run.stderr).not.toBe(0);
      expect(run.code).not.toBeNull();
      expect(run.stdout).toBe('');
      expectOneLineMessage(run.stderr, mentions);
    },
  );

  it('refuses a port already in use with exit 1 and one line', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const run = await runNode([CLI, '--port', String(port)], { env: cleanEnv() });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expectOneLineMessage(run.stderr, new RegExp(`port ${port}.*in use`));
    } finally {
      blocker.close();
    }
  });

  it('binds every interface with --host 0.0.0.0', async () => {
    const port = await freePort();
    const cli = await spawnNode([CLI, '--port', String(port), '--host', '0.0.0.0'], {
      env: cleanEnv(),
    });
    try {
      await eventually(() => cli.stderr().includes(`listening on http://0.0.0.0:${port}`));
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      const external = Object.values(networkInterfaces())
        .flat()
        .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
      if (external) expect((await fetch(`http://${external}:${port}/`)).status).toBe(200);
    } finally {
      await cli.stop();
    }
  });

  it('prints its usage with --help and exits 0', async () => {
    const run = await runNode([CLI, '--help'], { env: cleanEnv() });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage:/);
    for (const flag of ['--port', '--host', '--scenario', '--data-dir', '--log-size'])
      expect(run.stdout).toContain(flag);
    expect(run.stdout).toContain('--scenario FILE|ID');
    expect(run.stderr).toBe('');
  });

  it.each([['--bogus'], ['--port', 'abc'], ['--host'], ['--log-size', '0'], ['extra']])(
    'exits 2 with one line on bad arguments: %s',
    async (...args) => {
      const run = await runNode([CLI, ...args], { env: cleanEnv() });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expectOneLineMessage(run.stderr, /./);
    },
  );
});
