/**
 * Apache with mod_auth_openidc (Debian's libapache2-mod-auth-openidc), configured as a One Login
 * service configures it: private_key_jwt with the default client's key, scope "openid email
 * phone", PKCE, and an identity location asking for Cl.Cm.P2 and the coreIdentityJWT claim. A
 * browser (fetch with a cookie jar) signs in through Apache; the module's info hook shows the
 * session it keeps. Needs apache2 and the module (the requirement rule of helpers/requirements.ts:
 * skipped with the reason where missing, a failure under CI on Linux). One Apache signs in at the root
 * simulator, another at a named one of the same process: only OIDCProviderMetadataURL changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { browse } from '../helpers/cookie-browser.js';
import { freePort } from '../helpers/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultConfig,
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import { DEFAULT_CLIENT_ID, VOCAB } from '../helpers/relying-party.js';
import { APACHE, apacheConfig } from '../helpers/apache-service.js';
import { requires } from '../helpers/requirements.js';

const needs = requires('apache2-mod-auth-openidc');

interface SessionInfo {
  id_token: Record<string, unknown>;
  userinfo: Record<string, unknown>;
}

describe.skipIf(needs.skip)(
  `Apache mod_auth_openidc signs in with private_key_jwt${needs.label}`,
  () => {
    let sim: ListeningSimulator;
    // One Apache per simulator, each at its own port, both registered from the start.
    const ports: number[] = [];

    beforeAll(async () => {
      for (const _ of SIMULATOR_PATHS) ports.push(await freePort());
      const config = defaultConfig('http://localhost:3000');
      config.clientConfiguration.redirectUrls = ports.map(
        (port) => `http://localhost:${port}/redirect_uri`,
      );
      sim = await listeningSimulator({ config });
    });
    afterAll(() => sim?.close());

    describe.each(SIMULATOR_PATHS.map((at, i) => ({ ...at, i })))('at $at', ({ path, i }) => {
      let apache: ChildProcess | undefined;
      let dir: string;
      let appUrl: string;
      let issuer: string;

      beforeAll(async () => {
        const port = ports[i] as number;
        appUrl = `http://localhost:${port}`;
        issuer = `${sim.baseUrl}${path}/`;
        dir = mkdtempSync(join(tmpdir(), 'mod-auth-openidc-'));
        chmodSync(dir, 0o755);
        writeFileSync(join(dir, 'httpd.conf'), apacheConfig(dir, port, issuer));
        apache = spawn(APACHE, ['-f', join(dir, 'httpd.conf'), '-DFOREGROUND'], {
          stdio: 'ignore',
        });
        for (let n = 0; ; n++) {
          const up = await fetch(`${appUrl}/`, { redirect: 'manual' }).catch(() => undefined);
          if (up !== undefined) await up.body?.cancel();
          if (up !== undefined) break;
          if (n === 100 || apache.exitCode !== null) {
            const log = existsSync(join(dir, 'error.log'))
              ? readFileSync(join(dir, 'error.log'), 'utf8')
              : '';
            throw new Error(`Apache did not start: ${log}`);
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      afterAll(async () => {
        if (apache?.exitCode === null) {
          const exited = new Promise((r) => apache?.once('exit', r));
          apache.kill('SIGTERM');
          await exited;
        }
        if (dir) rmSync(dir, { recursive: true, force: true });
      });

      async function signIn(page: string): Promise<SessionInfo> {
        const jar = new CookieJar();
        const answer = await browse(jar, `${appUrl}${page}`);
        const log = () => readFileSync(join(dir, 'error.log'), 'utf8');
        expect(answer.status, `${answer.hops.join(' -> ')} ${answer.body} ${log()}`).toBe(200);
        expect(answer.body).toContain(page === '/' ? 'www' : 'identity');
        expect(answer.hops.some((h) => h.startsWith(`${issuer}authorize?`))).toBe(true);
        const info = await browse(jar, `${appUrl}/redirect_uri?info=json`);
        expect(info.status).toBe(200);
        return JSON.parse(info.body) as SessionInfo;
      }

      it('signs a user in: the session holds the ID token and userinfo claims', async () => {
        const session = await signIn('/');
        expect(session.id_token.iss).toBe(issuer);
        expect(session.id_token.aud).toBe(DEFAULT_CLIENT_ID);
        expect(session.id_token.vot).toBe('Cl.Cm');
        expect(session.userinfo.sub).toBe(session.id_token.sub);
        expect(session.userinfo.email).toBe('test@example.com');
        expect(session.userinfo[`${VOCAB}/coreIdentityJWT`]).toBeUndefined();
      });

      it('signs a user in with identity (Cl.Cm.P2) and gets the core identity JWT', async () => {
        const session = await signIn('/identity/');
        const coreIdentity = session.userinfo[`${VOCAB}/coreIdentityJWT`];
        expect(typeof coreIdentity).toBe('string');
        const vc = decodeJwt(coreIdentity as string);
        expect(vc.vot).toBe('P2');
        expect(vc.sub).toBe(session.id_token.sub);
      });
    });
  },
);
