/**
 * The relying-party service of the compose test: a small web server that signs its users in
 * through the simulator with openid-client, configured as the compose example configures a
 * service. Its server discovers the provider at OIDC_DISCOVERY_URL (the back channel) and sends
 * the browser to the authorization_endpoint that discovery names. CLIENT_ID, REDIRECT_URI and the
 * private key (CLIENT_KEY_FILE, for private_key_jwt) are its own registration, set in its image.
 *
 *   GET /          starts a sign-in: a session cookie, then a redirect to the provider
 *   GET /callback  redeems the code, verifies the ID token against the JWKS, calls userinfo and
 *                  shows who signed in (JSON in <pre id="result">)
 *   GET /health    200 once the server listens
 *
 * Discovery happens on the first sign-in, and is retried on the next one if it failed: the
 * provider may start after this service.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { importPKCS8 } from 'jose';
import * as client from 'openid-client';

const { OIDC_DISCOVERY_URL, CLIENT_ID, REDIRECT_URI, CLIENT_KEY_FILE } = process.env;
const PORT = Number(process.env.PORT ?? 8080);
for (const [name, value] of Object.entries({
  OIDC_DISCOVERY_URL,
  CLIENT_ID,
  REDIRECT_URI,
  CLIENT_KEY_FILE,
}))
  if (!value) {
    console.error(`service: ${name} is not set`);
    process.exit(2);
  }

let discovered;
function provider() {
  if (!discovered) {
    discovered = (async () => {
      const key = await importPKCS8(readFileSync(CLIENT_KEY_FILE, 'utf8'), 'RS256');
      const config = await client.discovery(
        new URL(OIDC_DISCOVERY_URL),
        CLIENT_ID,
        { id_token_signed_response_alg: 'ES256' },
        client.PrivateKeyJwt(key),
        { execute: [client.allowInsecureRequests] },
      );
      // Verify the ID token's signature against the provider's JWKS, too.
      client.enableNonRepudiationChecks(config);
      return config;
    })();
    discovered.catch(() => (discovered = undefined));
  }
  return discovered;
}

/** Sign-ins under way, by session cookie. */
const pending = new Map();

function sessionId(req) {
  return /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function startSignIn(res) {
  const config = await provider();
  const sid = randomUUID();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  pending.set(sid, { state, nonce, verifier });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  res.writeHead(302, {
    location: url.href,
    'set-cookie': `sid=${sid}; Path=/; HttpOnly; SameSite=Lax`,
  });
  res.end();
}

async function finishSignIn(req, res) {
  const sid = sessionId(req);
  const signIn = sid && pending.get(sid);
  if (!signIn) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('no sign-in under way\n');
    return;
  }
  pending.delete(sid);
  const config = await provider();
  const tokens = await client.authorizationCodeGrant(config, new URL(req.url, REDIRECT_URI), {
    expectedState: signIn.state,
    expectedNonce: signIn.nonce,
    pkceCodeVerifier: signIn.verifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  const metadata = config.serverMetadata();
  const result = {
    sub: claims.sub,
    email: userinfo.email,
    issuer: claims.iss,
    tokenEndpoint: metadata.token_endpoint,
    userinfoEndpoint: metadata.userinfo_endpoint,
  };
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><title>Signed in</title><h1>Signed in as ${escapeHtml(String(userinfo.email))}</h1>` +
      `<pre id="result">${escapeHtml(JSON.stringify(result, null, 2))}</pre>\n`,
  );
}

createServer((req, res) => {
  const path = new URL(req.url, 'http://service').pathname;
  const handle =
    req.method !== 'GET'
      ? async () => res.writeHead(405).end()
      : path === '/'
        ? () => startSignIn(res)
        : path === '/callback'
          ? () => finishSignIn(req, res)
          : path === '/health'
            ? async () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n')
            : async () => res.writeHead(404).end();
  handle().catch((error) => {
    const cause = error?.cause?.code ?? error?.cause?.message;
    const detail =
      error instanceof Error
        ? `${error.name}: ${error.message}${cause ? ` (${cause})` : ''}`
        : String(error);
    console.error(`service: ${req.method} ${path} failed: ${detail}`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`sign-in failed: ${detail}\n`);
  });
}).listen(PORT, '0.0.0.0', () => console.log(`service: listening on port ${PORT}`));
