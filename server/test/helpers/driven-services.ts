/**
 * Relying-party services for the driven check: Express apps with their own sign-in, callback,
 * signed-in page and sign-out, as a tester's service would have. Each keeps sessions in a cookie.
 * - careful: openid-client 6 with its defaults (PKCE, state, nonce, a client assertion whose aud
 *   is the issuer), plus what a One Login service must check itself: the ID token signature
 *   against the published keys (refetched for an unknown key), vot, iat; the core identity JWT
 *   against the DID document (alg, iss, aud, exp, sub = ID token sub).
 * - careless: openid-client 6 builds the sign-in; the code is redeemed by hand and nothing is
 *   checked (ID token decoded, core identity decoded, a failed /userinfo ignored).
 * - idTokenOnly: signs in from the ID token alone, never calling /userinfo; checks signature,
 *   iss, aud, exp (as go-oidc's verifier does) but not nonce, vot or iat.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import * as client from 'openid-client';
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import type { RpCheckStatus } from '../../src/contract.js';
import { discoverDefaultClient } from './openid-client.js';
import { DEFAULT_CLIENT_ID, VOCAB, signClientAssertion } from './relying-party.js';

export type ServiceKind = 'careful' | 'careless' | 'idTokenOnly';

export interface TestService {
  url: string;
  callback: string;
  /** The drive settings for this service. */
  drive: { signIn: string; identitySignIn: string; signedIn: string; signOut: string };
  /** Starts a re-authentication of the signed-in user (prompt=login). */
  reauthenticate: string;
  /** Starts a new sign-in of the signed-in user without prompt=login. */
  reauthenticateWithoutPrompt: string;
  close(): Promise<void>;
}

interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  identity: boolean;
}
interface User {
  sub: string;
  email?: string;
  name?: string;
}

const CORE_IDENTITY = `${VOCAB}/coreIdentityJWT`;
const IDENTITY_CLAIMS = JSON.stringify({
  userinfo: { [CORE_IDENTITY]: null, [`${VOCAB}/returnCode`]: null },
});

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

function familyName(coreIdentity: JWTPayload): string | undefined {
  const vc = coreIdentity.vc as
    | { credentialSubject?: { name?: { nameParts?: { type: string; value: string }[] }[] } }
    | undefined;
  const parts = vc?.credentialSubject?.name?.[0]?.nameParts ?? [];
  const family = parts.filter((p) => p.type === 'FamilyName').map((p) => p.value);
  return family.length ? family.join(' ') : undefined;
}

/**
 * Starts a service of `kind` on a free port; it discovers the simulator at `issuerUrl()` on its
 * first sign-in (the simulator may start after it, with the service's callback registered).
 */
export async function startTestService(
  kind: ServiceKind,
  issuerUrl: () => string,
  /** Keep the DID document for the service's lifetime (as GOV.UK's example service does). */
  { cacheDidDocument = false }: { cacheDidDocument?: boolean } = {},
): Promise<TestService> {
  const app = express();
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const callback = `${url}/callback`;
  const pending = new Map<string, Pending>();
  const sessions = new Map<string, User>();

  let discovered:
    | { config: client.Configuration; issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> }
    | undefined;
  const provider = async () => {
    if (!discovered) {
      // The ID token signature is checked below, with a key set refetched for an unknown key.
      const config = await discoverDefaultClient(issuerUrl(), { verifySignatures: false });
      discovered = {
        config,
        issuer: config.serverMetadata().issuer,
        jwks: createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri as string), {
          cooldownDuration: 0,
        }),
      };
    }
    return discovered;
  };
  let cachedDid: Record<string, unknown> | undefined;
  const didKey = async (kid: string) => {
    const did =
      (cacheDidDocument ? cachedDid : undefined) ??
      ((await (await fetch(`${issuerUrl()}/.well-known/did.json`)).json()) as Record<
        string,
        unknown
      >);
    cachedDid = did;
    const method = Object.values(did)
      .flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : []))
      .find((m) => (m as { id?: unknown }).id === kid) as
      { publicKeyJwk: Record<string, unknown> } | undefined;
    if (!method) throw new Error(`no DID verification method ${kid}`);
    return importJWK(method.publicKeyJwk, 'ES256');
  };

  const cookie = (req: Request, name: string): string | undefined =>
    (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .find(([k]) => k === name)?.[1];

  const startSignIn =
    (identity: boolean, prompt?: string) => async (_req: Request, res: Response) => {
      const { config } = await provider();
      const verifier = client.randomPKCECodeVerifier();
      const p: Pending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        identity,
      };
      const id = randomUUID();
      pending.set(id, p);
      const target = client.buildAuthorizationUrl(config, {
        redirect_uri: callback,
        scope: 'openid email',
        state: p.state,
        nonce: p.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(identity ? { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS } : {}),
        ...(prompt ? { prompt } : {}),
      });
      res.setHeader('Set-Cookie', `pending=${id}; Path=/; HttpOnly`);
      res.redirect(302, target.href);
    };
  app.get('/login', startSignIn(false));
  app.get('/login-identity', startSignIn(true));
  // Re-authentication of a signed-in user: with prompt=login, and (a service that gets it wrong)
  // a plain new sign-in.
  const signedIn = (req: Request) => sessions.has(cookie(req, 'sid') ?? '');
  app.get('/reauthenticate', (req, res, next) =>
    signedIn(req) ? startSignIn(false, 'login')(req, res).catch(next) : res.redirect(302, '/login'),
  );
  app.get('/reauthenticate-without-prompt', (req, res, next) =>
    signedIn(req) ? startSignIn(false)(req, res).catch(next) : res.redirect(302, '/login'),
  );

  const refuse = (res: Response, why: string) =>
    res.status(401).send(page('Sign-in failed', `<p>${why.replace(/[<>&]/g, '')}</p>`));

  const signInWith = (res: Response, user: User) => {
    const sid = randomUUID();
    sessions.set(sid, user);
    res.setHeader('Set-Cookie', [`sid=${sid}; Path=/; HttpOnly`, 'pending=; Path=/; Max-Age=0']);
    res.redirect(302, '/account');
  };

  async function carefulCallback(req: Request, res: Response, p: Pending) {
    const { config, issuer, jwks } = await provider();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, new URL(req.originalUrl, url), {
        pkceCodeVerifier: p.verifier,
        expectedState: p.state,
        expectedNonce: p.nonce,
        idTokenExpected: true,
      });
      await jwtVerify(tokens.id_token as string, jwks, {
        issuer,
        audience: DEFAULT_CLIENT_ID,
        algorithms: ['ES256'],
      });
      const claims = tokens.claims() as JWTPayload;
      // The ID token's vot is the credential trust level; the identity level is in the core identity.
      if (claims.vot !== 'Cl.Cm') throw new Error(`vot ${String(claims.vot)}`);
      if (typeof claims.iat !== 'number' || claims.iat > Date.now() / 1000 + 60)
        throw new Error('iat in the future');
    } catch (e) {
      return refuse(res, `ID token refused: ${(e as Error).message}`);
    }
    const sub = (tokens.claims() as JWTPayload).sub as string;
    let info: client.UserInfoResponse;
    try {
      info = await client.fetchUserInfo(config, tokens.access_token, sub);
    } catch (e) {
      return refuse(res, `user data unavailable: ${(e as Error).message}`);
    }
    const user: User = { sub, ...(typeof info.email === 'string' ? { email: info.email } : {}) };
    const core = info[CORE_IDENTITY];
    if (typeof core === 'string') {
      try {
        const { kid } = decodeProtectedHeader(core);
        const { payload } = await jwtVerify(core, await didKey(String(kid)), {
          issuer,
          audience: DEFAULT_CLIENT_ID,
          algorithms: ['ES256'],
        });
        if (payload.sub !== sub) throw new Error('sub differs from the ID token sub');
        const name = familyName(payload);
        if (name) user.name = name;
      } catch (e) {
        return refuse(res, `identity refused: ${(e as Error).message}`);
      }
    } else if (p.identity && !Array.isArray(info[`${VOCAB}/returnCode`]))
      return refuse(res, 'no identity');
    signInWith(res, user);
  }

  async function redeemByHand(req: Request) {
    const { config, issuer } = await provider();
    const code = new URL(req.originalUrl, url).searchParams.get('code');
    if (!code) return undefined;
    const send = async () =>
      fetch(config.serverMetadata().token_endpoint as string, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: callback,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: await signClientAssertion({
            baseUrl: issuerUrl(),
            claims: { aud: issuer },
          }),
          code_verifier: (req as Request & { verifier?: string }).verifier ?? '',
        }),
      });
    const answer = await send();
    if (answer.status !== 200) return undefined;
    return (await answer.json()) as { access_token: string; id_token: string };
  }

  async function carelessCallback(req: Request, res: Response) {
    const { config } = await provider();
    const tokens = await redeemByHand(req);
    if (!tokens) return refuse(res, 'no tokens');
    const claims = decodeJwt(tokens.id_token);
    const user: User = { sub: String(claims.sub) };
    const info = await fetch(config.serverMetadata().userinfo_endpoint as string, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const body = info.status === 200 ? ((await info.json()) as Record<string, unknown>) : {};
    if (typeof body[CORE_IDENTITY] === 'string') {
      const name = familyName(decodeJwt(body[CORE_IDENTITY]));
      if (name) user.name = name;
    }
    signInWith(res, user);
  }

  async function idTokenOnlyCallback(req: Request, res: Response) {
    const { issuer, jwks } = await provider();
    const tokens = await redeemByHand(req);
    if (!tokens) return refuse(res, 'no tokens');
    try {
      const { payload } = await jwtVerify(tokens.id_token, jwks, {
        issuer,
        audience: DEFAULT_CLIENT_ID,
        algorithms: ['ES256'],
      });
      signInWith(res, { sub: String(payload.sub) });
    } catch (e) {
      refuse(res, `ID token refused: ${(e as Error).message}`);
    }
  }

  app.get('/callback', async (req, res) => {
    const id = cookie(req, 'pending');
    const p = id ? pending.get(id) : undefined;
    if (id) pending.delete(id);
    if (!p) return refuse(res, 'no sign-in in progress');
    const params = new URL(req.originalUrl, url).searchParams;
    if (params.get('error')) return refuse(res, `the provider said ${params.get('error')}`);
    if (params.get('state') !== p.state) return refuse(res, 'state does not match');
    (req as Request & { verifier?: string }).verifier = p.verifier;
    try {
      if (kind === 'careful') await carefulCallback(req, res, p);
      else if (kind === 'careless') await carelessCallback(req, res);
      else await idTokenOnlyCallback(req, res);
    } catch (e) {
      if (!res.headersSent) refuse(res, (e as Error).message);
    }
  });

  app.get('/account', (req, res) => {
    const sid = cookie(req, 'sid');
    const user = sid ? sessions.get(sid) : undefined;
    if (!user) return res.redirect(302, '/login');
    res.send(
      page(
        'Your account',
        `<p>Signed in as ${user.email ?? user.sub}</p>${user.name ? `<p>Verified: ${user.name}</p>` : ''}`,
      ),
    );
  });

  app.get('/logout', (req, res) => {
    const sid = cookie(req, 'sid');
    if (sid) sessions.delete(sid);
    res.setHeader('Set-Cookie', 'sid=; Path=/; Max-Age=0');
    res.send(page('Signed out', ''));
  });

  return {
    url,
    callback,
    drive: {
      signIn: `${url}/login`,
      identitySignIn: `${url}/login-identity`,
      signedIn: `${url}/account`,
      signOut: `${url}/logout`,
    },
    reauthenticate: `${url}/reauthenticate`,
    reauthenticateWithoutPrompt: `${url}/reauthenticate-without-prompt`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts a driven run of `plan` at the simulator at `baseUrl` and waits for it to finish.
 * RP_CHECK_TABLE=1 prints each step's verdict and what the check's browser saw.
 */
export async function runDrivenCheck(
  baseUrl: string,
  body: { plan: unknown; drive: Record<string, string> },
  name = 'service',
): Promise<RpCheckStatus> {
  const api = `${baseUrl}/_simulator/api/rp-check`;
  const started = await fetch(`${api}/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ attended: false, ...body }),
  });
  if (started.status !== 201) throw new Error(`start: ${started.status} ${await started.text()}`);
  const began = Date.now();
  for (;;) {
    const s = (await (await fetch(api)).json()) as RpCheckStatus;
    if (s.state === 'finished') {
      if (process.env.RP_CHECK_TABLE)
        process.stderr.write(
          `\n${name} (${((Date.now() - began) / 1000).toFixed(1)} s):\n${s.steps
            .map(
              (x) =>
                `  ${x.id}: ${x.status}: ${x.reason ?? ''}${x.outcome ? ` [${JSON.stringify({ signedIn: x.outcome.signedIn, identityAccepted: x.outcome.identityAccepted, note: x.outcome.note, error: x.outcome.error, page: x.outcome.page?.status, probe: x.outcome.probe?.detail })}]` : ''}`,
            )
            .join('\n')}\n`,
        );
      return s;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A service on express-openid-connect (Auth0's middleware) as its README shows it, configured as
 * a One Login service must (code flow, ES256 ID tokens, private_key_jwt): its account page
 * (JSON) fetches /userinfo on every view with the session's access token and shows the family
 * name from the core identity JWT, decoded without a check. The library keeps the session when
 * /userinfo refuses the token, so every later view sends the refused token again.
 */
export async function startExpressOpenidConnectService(): Promise<
  Pick<TestService, 'url' | 'callback' | 'close'> & {
    drive: { signIn: string; identitySignIn: string; signedIn: string };
    /** Serves the app once the simulator's issuer address is known. */
    attach(issuer: string): void;
  }
> {
  const { auth, requiresAuth } = await import('express-openid-connect');
  const { DEFAULT_CLIENT_PRIVATE_KEY_PEM } = await import('./relying-party.js');
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    callback: `${url}/callback`,
    drive: {
      signIn: `${url}/login`,
      identitySignIn: `${url}/login-identity`,
      signedIn: `${url}/account`,
    },
    attach(issuer: string) {
      const app = express();
      app.use(
        auth({
          issuerBaseURL: issuer,
          baseURL: url,
          clientID: DEFAULT_CLIENT_ID,
          secret: 'a session secret long enough for the middleware',
          clientAssertionSigningKey: DEFAULT_CLIENT_PRIVATE_KEY_PEM,
          clientAssertionSigningAlg: 'RS256',
          idTokenSigningAlg: 'ES256',
          authRequired: false,
          routes: { callback: '/callback', login: '/login' },
          authorizationParams: { response_type: 'code', scope: 'openid email phone' },
        }),
      );
      app.get('/login-identity', (_req, res) =>
        res.oidc.login({
          returnTo: '/account',
          authorizationParams: { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS },
        }),
      );
      app.get('/account', requiresAuth(), async (req, res) => {
        const info = await req.oidc.fetchUserInfo();
        const core = info[CORE_IDENTITY];
        const name = typeof core === 'string' ? familyName(decodeJwt(core)) : undefined;
        res.json({
          signedIn: true,
          sub: req.oidc.user?.sub,
          ...(name ? { verifiedName: name } : {}),
        });
      });
      server.on('request', app);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
