/**
 * A real Express service using express-openid-connect (Auth0's middleware, on openid-client 6)
 * signs users in against the simulator over real HTTP, driven as a browser would be (cookies,
 * redirects followed). The library's defaults are kept except where One Login requires otherwise,
 * as a One Login service must configure it: response_type code (its default is id_token with
 * form_post), scope "openid email phone" (its default asks for profile), ES256 ID tokens (its
 * default expects RS256) and private_key_jwt with the default client's key. It runs against the
 * root simulator and against a named one of the same process, only issuerBaseURL changing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { auth, requiresAuth } from 'express-openid-connect';
import { decodeJwt } from 'jose';
import { CookieJar } from 'tough-cookie';
import { browse } from '../helpers/cookie-browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultConfig,
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_PRIVATE_KEY_PEM,
  VOCAB,
} from '../helpers/relying-party.js';

let sim: ListeningSimulator;

/** Where the services listen: known before the simulator starts, as its redirect URLs name them. */
async function listening(): Promise<{ server: Server; appUrl: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, appUrl: `http://localhost:${(server.address() as AddressInfo).port}` };
}

const services = await Promise.all(SIMULATOR_PATHS.map(() => listening()));

beforeAll(async () => {
  const config = defaultConfig('http://localhost:3000');
  config.clientConfiguration.redirectUrls = services.map((s) => `${s.appUrl}/callback`);
  // The library sends its baseURL as post_logout_redirect_uri; registration is an exact match.
  config.clientConfiguration.postLogoutRedirectUrls = services.map((s) => s.appUrl);
  sim = await listeningSimulator({ config });
});
afterAll(async () => {
  await Promise.all(services.map((s) => new Promise((resolve) => s.server.close(resolve))));
  await sim?.close();
});

/** The Express service as a One Login service writes it, its issuerBaseURL `issuer`. */
function service(issuer: string, appUrl: string): express.Express {
  const app = express();
  app.use(
    auth({
      issuerBaseURL: issuer,
      baseURL: appUrl,
      clientID: DEFAULT_CLIENT_ID,
      secret: 'a session secret long enough for the middleware',
      clientAssertionSigningKey: DEFAULT_CLIENT_PRIVATE_KEY_PEM,
      clientAssertionSigningAlg: 'RS256',
      idTokenSigningAlg: 'ES256',
      authRequired: false,
      idpLogout: true,
      routes: { callback: '/callback' },
      authorizationParams: { response_type: 'code', scope: 'openid email phone' },
    }),
  );
  app.get('/', (req, res) => {
    res.send(req.oidc.isAuthenticated() ? `Signed in as ${req.oidc.user?.sub}` : 'Signed out');
  });
  app.get('/account', requiresAuth(), async (req, res) => {
    const info = await req.oidc.fetchUserInfo();
    res.json({ idToken: req.oidc.idToken, user: req.oidc.user, userinfo: info });
  });
  app.get('/login-identity', (_req, res) =>
    res.oidc.login({
      returnTo: '/account',
      authorizationParams: {
        vtr: '["Cl.Cm.P2"]',
        claims: JSON.stringify({ userinfo: { [`${VOCAB}/coreIdentityJWT`]: null } }),
      },
    }),
  );
  return app;
}

interface Account {
  idToken: string;
  user: { sub: string };
  userinfo: Record<string, unknown>;
}

describe.each(SIMULATOR_PATHS.map((at, i) => ({ ...at, i })))(
  'express-openid-connect against $at',
  ({ path, i }) => {
    let base: string;
    let appUrl: string;
    beforeAll(() => {
      base = `${sim.baseUrl}${path}`;
      appUrl = services[i]!.appUrl;
      // The issuer as discovery states it: for a named simulator its trailing slash matters, as
      // the library compares the discovered issuer with this exactly.
      services[i]!.server.on('request', service(`${base}/`, appUrl));
    });

    it('signs a user in with private_key_jwt and PKCE, and reads /userinfo', async () => {
      const jar = new CookieJar();
      const { status, body, hops } = await browse(jar, `${appUrl}/account`);
      expect(status, body).toBe(200);
      const account = JSON.parse(body) as Account;
      expect(account.user.sub).toMatch(/^urn:fdc:gov\.uk:2022:/);
      expect(account.userinfo.sub).toBe(account.user.sub);
      expect(account.userinfo.email).toBe('test@example.com');
      expect(account.userinfo[`${VOCAB}/coreIdentityJWT`]).toBeUndefined();
      const idToken = decodeJwt(account.idToken);
      expect(idToken.iss).toBe(`${base}/`);
      expect(idToken.vot).toBe('Cl.Cm');

      // The library's own request: PKCE, nonce, state and the code flow in the query.
      const authorize = new URL(hops.find((h) => h.startsWith(`${base}/authorize`)) ?? '');
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('response_type')).toBe('code');
      expect(authorize.searchParams.get('response_mode')).toBeNull();

      // The session holds: the home page says who is signed in, without another sign-in.
      const home = await browse(jar, `${appUrl}/`);
      expect(home.body).toBe(`Signed in as ${account.user.sub}`);
      expect(home.hops).toHaveLength(1);
    });

    it('signs a user in with identity (Cl.Cm.P2) and receives the core identity JWT', async () => {
      const jar = new CookieJar();
      const { status, body } = await browse(jar, `${appUrl}/login-identity`);
      expect(status, body).toBe(200);
      const account = JSON.parse(body) as Account;
      // The ID token's vot is the credential trust level; the identity level is the core identity's.
      expect(decodeJwt(account.idToken).vot).toBe('Cl.Cm');
      const coreIdentity = account.userinfo[`${VOCAB}/coreIdentityJWT`];
      expect(typeof coreIdentity).toBe('string');
      const vc = decodeJwt(coreIdentity as string);
      expect(vc.sub).toBe(account.user.sub);
      expect(vc.aud).toBe(DEFAULT_CLIENT_ID);
      expect(vc.vot).toBe('P2');
    });

    it('signs out at the provider and comes back to the service signed out', async () => {
      const jar = new CookieJar();
      await browse(jar, `${appUrl}/account`);
      const { body, hops } = await browse(jar, `${appUrl}/logout`);
      expect(hops.some((h) => h.startsWith(`${base}/logout?`))).toBe(true);
      expect(new URL(hops.at(-1) ?? '').origin).toBe(appUrl);
      expect(body).toBe('Signed out');
    });
  },
);
