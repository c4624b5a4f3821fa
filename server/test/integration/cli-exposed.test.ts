/**
 * Headless mode listening beyond loopback (--host 0.0.0.0), as a user runs it: it prints an
 * admin token; other machines use the admin API only with it; SIMULATOR_ADMIN_TOKEN fixes it.
 */
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV_VARS } from '../../src/index.js';
import { CLI, freePort, runNode, spawnNode } from '../../../bench/lib/processes.mjs';

function cleanEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { SIMULATOR_ADMIN_TOKEN: undefined };
  for (const name of Object.keys(ENV_VARS)) env[name] = undefined;
  return { ...env, ...extra };
}

const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === 'IPv4' && !a.internal)?.address;

beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build\` (or \`npx tsc -b server\`) first`);
});

async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('headless CLI with --host 0.0.0.0', () => {
  it('prints a fresh admin token; other machines need it for the admin API', async () => {
    const port = await freePort();
    const cli = await spawnNode([CLI, '--port', String(port), '--host', '0.0.0.0'], {
      env: cleanEnv(),
    });
    try {
      await eventually(() => /admin token \S+/.test(cli.stderr()));
      const token = /admin token (\S+)/.exec(cli.stderr())?.[1] ?? '';
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(cli.stderr()).toContain(`/_simulator/?token=${token}`);
      // This machine, as before.
      expect((await fetch(`http://127.0.0.1:${port}/_simulator/api/status`)).status).toBe(200);
      if (external) {
        const remote = `http://${external}:${port}`;
        expect((await fetch(`${remote}/.well-known/openid-configuration`)).status).toBe(200);
        expect((await fetch(`${remote}/_simulator/api/exchanges?reveal=true`)).status).toBe(403);
        const withToken = await fetch(`${remote}/_simulator/api/status`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(withToken.status).toBe(200);
      }
    } finally {
      await cli.stop();
    }
  });

  it('takes the token from SIMULATOR_ADMIN_TOKEN, and refuses a short one', async () => {
    const port = await freePort();
    const fixed = 'a-fixed-token-for-containers-42';
    const cli = await spawnNode([CLI, '--port', String(port), '--host', '0.0.0.0'], {
      env: cleanEnv({ SIMULATOR_ADMIN_TOKEN: fixed }),
    });
    try {
      await eventually(() => cli.stderr().includes(`admin token ${fixed}`));
    } finally {
      await cli.stop();
    }
    const run = await runNode([CLI, '--port', '0', '--host', '0.0.0.0'], {
      env: cleanEnv({ SIMULATOR_ADMIN_TOKEN: 'short' }),
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'identity-simulator: SIMULATOR_ADMIN_TOKEN must be 16 to 256 visible ASCII characters',
    );
  });

  it('prints no token when it listens on loopback only', async () => {
    const port = await freePort();
    const cli = await spawnNode([CLI, '--port', String(port)], { env: cleanEnv() });
    try {
      await eventually(() => cli.stderr().includes('listening on'));
      expect(cli.stderr()).not.toContain('admin token');
    } finally {
      await cli.stop();
    }
  });
});
