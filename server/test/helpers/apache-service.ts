/**
 * Apache with mod_auth_openidc (Debian's libapache2-mod-auth-openidc) as a relying party, with
 * the stock directives a One Login service writes: private_key_jwt with the default client's
 * key, scope "openid email phone", PKCE, and an identity location asking for Cl.Cm.P2 and the
 * coreIdentityJWT claim. Nothing is tuned for a test browser (no OIDCUnAuthAction): a request
 * the module takes for a script's is answered 401, as it answers a browser's fetch(). Its pages
 * are static: they never show the verified name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_PRIVATE_KEY_PEM, VOCAB } from './relying-party.js';

export const APACHE = '/usr/sbin/apache2';
export const APACHE_MODULES = '/usr/lib/apache2/modules';

/** The configuration a One Login service would write, in its own directory. */
export function apacheConfig(dir: string, port: number, issuer: string): string {
  // issuer ends with '/', as discovery states it.
  const key = createPrivateKey(DEFAULT_CLIENT_PRIVATE_KEY_PEM);
  // mod_auth_openidc 2.4.12 crashes signing the client assertion unless the key pair's public
  // half is configured too (OIDCPublicKeyFiles), so both are given, under the same kid.
  writeFileSync(join(dir, 'client.pem'), key.export({ type: 'pkcs1', format: 'pem' }));
  writeFileSync(
    join(dir, 'client-public.pem'),
    createPublicKey(key).export({ type: 'spki', format: 'pem' }),
  );
  for (const page of ['www', 'www/identity', 'www/account']) {
    mkdirSync(join(dir, page), { recursive: true });
    writeFileSync(join(dir, page, 'index.html'), `<p>${page}</p>\n`);
  }
  const identityParams = new URLSearchParams({
    vtr: '["Cl.Cm.P2"]',
    claims: JSON.stringify({ userinfo: { [`${VOCAB}/coreIdentityJWT`]: null } }),
  });
  const root = process.getuid?.() === 0;
  return `
ServerRoot /etc/apache2
ServerName localhost
Listen 127.0.0.1:${port}
PidFile ${dir}/httpd.pid
ErrorLog ${dir}/error.log
LogLevel warn
${root ? 'User www-data\nGroup www-data' : ''}
Mutex file:${dir}
LoadModule mpm_event_module ${APACHE_MODULES}/mod_mpm_event.so
LoadModule authn_core_module ${APACHE_MODULES}/mod_authn_core.so
LoadModule authz_core_module ${APACHE_MODULES}/mod_authz_core.so
LoadModule authz_user_module ${APACHE_MODULES}/mod_authz_user.so
LoadModule dir_module ${APACHE_MODULES}/mod_dir.so
LoadModule auth_openidc_module ${APACHE_MODULES}/mod_auth_openidc.so
DocumentRoot ${dir}/www
DirectoryIndex index.html

OIDCProviderMetadataURL ${issuer}.well-known/openid-configuration
OIDCClientID ${DEFAULT_CLIENT_ID}
OIDCRedirectURI http://localhost:${port}/redirect_uri
OIDCCryptoPassphrase a-passphrase-for-the-session-cookie
OIDCPrivateKeyFiles client#${dir}/client.pem
OIDCPublicKeyFiles client#${dir}/client-public.pem
OIDCProviderTokenEndpointAuth private_key_jwt
OIDCScope "openid email phone"
OIDCPKCEMethod S256
OIDCSessionType client-cookie
OIDCCacheType shm
OIDCInfoHook userinfo id_token
<Location />
  AuthType openid-connect
  Require valid-user
</Location>
<Location /identity/>
  OIDCPathAuthRequestParams "${identityParams.toString()}"
</Location>
`;
}

export interface ApacheService {
  url: string;
  callback: string;
  drive: { signIn: string; identitySignIn: string; signedIn: string };
  errorLog(): string;
  close(): Promise<void>;
}

/** Starts Apache on `port` signing in at `issuer` (ending in '/'); resolves once it answers. */
export async function startApacheService(port: number, issuer: string): Promise<ApacheService> {
  const url = `http://localhost:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'mod-auth-openidc-'));
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'httpd.conf'), apacheConfig(dir, port, issuer));
  const apache: ChildProcess = spawn(APACHE, ['-f', join(dir, 'httpd.conf'), '-DFOREGROUND'], {
    stdio: 'ignore',
  });
  const errorLog = () =>
    existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
  for (let n = 0; ; n++) {
    const up = await fetch(`${url}/`, { redirect: 'manual' }).catch(() => undefined);
    if (up !== undefined) await up.body?.cancel();
    if (up !== undefined) break;
    if (n === 100 || apache.exitCode !== null)
      throw new Error(`Apache did not start: ${errorLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    callback: `${url}/redirect_uri`,
    drive: {
      signIn: `${url}/`,
      identitySignIn: `${url}/identity/`,
      signedIn: `${url}/account/`,
    },
    errorLog,
    close: async () => {
      if (apache.exitCode === null) {
        const exited = new Promise((r) => apache.once('exit', r));
        apache.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
