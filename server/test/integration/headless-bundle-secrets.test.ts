/**
 * The headless bundle on its own, as the container image ships it: headless.mjs and the
 * argon2id-worker.js the build puts beside it, in a folder with no node_modules. A client secret
 * is hashed on the worker thread there too.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { argon2id } from '@noble/hashes/argon2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, freePort, spawnNode } from '../../../bench/lib/processes.mjs';
import {
  authorizeQuery,
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URI,
} from '../helpers/relying-party.js';

const WORKER = join(dirname(CLI), 'argon2id-worker.js');
const folder = mkdtempSync(join(tmpdir(), 'headless-alone-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(() => {
  for (const file of [CLI, WORKER]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
    copyFileSync(file, join(folder, file === CLI ? 'headless.mjs' : 'argon2id-worker.js'));
  }
});

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');

describe('the headless bundle alone in a folder', () => {
  it('checks client_secret_post secrets on its worker thread', async () => {
    const salt = randomBytes(16);
    const hash = `$argon2id$v=19$m=4096,t=2,p=1$${b64(salt)}$${b64(argon2id('s3cret', salt, { m: 4096, t: 2, p: 1, dkLen: 32 }))}`;
    const port = await freePort();
    const cli = await spawnNode([join(folder, 'headless.mjs'), '--port', String(port)], {
      env: { TOKEN_AUTH_METHOD: 'client_secret_post', CLIENT_SECRET_HASH: hash },
    });
    try {
      const token = async (secret: string) => {
        const authorize = await fetch(
          `${cli.url}/authorize?${authorizeQuery({ scope: 'openid' })}`,
          { redirect: 'manual' },
        );
        const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code');
        return fetch(`${cli.url}/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'bundle-tests',
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: code ?? '',
            redirect_uri: DEFAULT_REDIRECT_URI,
            client_id: DEFAULT_CLIENT_ID,
            client_secret: secret,
          }),
        });
      };
      expect((await token('s3cret')).status).toBe(200);
      const wrong = await token('wrong');
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    } finally {
      expect(await cli.stop('SIGTERM')).toBe(0);
    }
  });
});
