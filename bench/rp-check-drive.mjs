#!/usr/bin/env node
/**
 * `node bench/rp-check-drive.mjs [--strict]`: how long the built-in relying-party check plan
 * takes when the check drives a local service itself (`npm run headless -- --rp-check
 * --drive-*`, started as a user starts it). The service is a small Express app written with
 * openid-client (its defaults: PKCE, state, nonce) that signs the user in and shows who signed
 * in (its verdicts do not matter here). Target: under 90 s. Prints the time, the exit code and the summary; --strict exits 1 when
 * the target is missed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import express from 'express';
import * as client from 'openid-client';
import { importPKCS8 } from 'jose';
import { CLI, ROOT, ensureBuilt, freePort, spawnNode } from './lib/processes.mjs';

const TARGET_SECONDS = 90;
const CLIENT_ID = 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw';
const CORE_IDENTITY = 'https://vocab.account.gov.uk/v1/coreIdentityJWT';
const strict = process.argv.includes('--strict');

ensureBuilt();
const simPort = await freePort();
const issuer = `http://localhost:${simPort}`;
const key = await importPKCS8(
  await readFile(join(ROOT, 'server/keys/default-client-private-key.pem'), 'utf8'),
  'RS256',
);

// The service: sign-in, identity sign-in, callback, account page, sign-out.
const app = express();
const sessions = new Map();
const pending = new Map();
let config;
const cookie = (req, name) =>
  (req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1];
const signIn = (identity) => async (_req, res) => {
  config ??= await client.discovery(
    new URL(issuer),
    CLIENT_ID,
    { id_token_signed_response_alg: 'ES256' },
    client.PrivateKeyJwt(key),
    { execute: [client.allowInsecureRequests] },
  );
  const p = { state: client.randomState(), nonce: client.randomNonce() };
  p.verifier = client.randomPKCECodeVerifier();
  const id = randomUUID();
  pending.set(id, p);
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `${service}/callback`,
    scope: 'openid email',
    state: p.state,
    nonce: p.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(p.verifier),
    code_challenge_method: 'S256',
    ...(identity
      ? {
          vtr: '["Cl.Cm.P2"]',
          claims: JSON.stringify({ userinfo: { [CORE_IDENTITY]: null } }),
        }
      : {}),
  });
  res.setHeader('Set-Cookie', `pending=${id}; Path=/`);
  res.redirect(302, url.href);
};
app.get('/login', signIn(false));
app.get('/login-identity', signIn(true));
app.get('/callback', async (req, res) => {
  const p = pending.get(cookie(req, 'pending'));
  try {
    if (!p) throw new Error('no sign-in');
    const tokens = await client.authorizationCodeGrant(config, new URL(req.originalUrl, service), {
      pkceCodeVerifier: p.verifier,
      expectedState: p.state,
      expectedNonce: p.nonce,
    });
    const info = await client.fetchUserInfo(config, tokens.access_token, tokens.claims().sub);
    const sid = randomUUID();
    sessions.set(sid, { email: info.email, core: typeof info[CORE_IDENTITY] === 'string' });
    res.setHeader('Set-Cookie', `sid=${sid}; Path=/`);
    res.redirect(302, '/account');
  } catch (e) {
    res.status(401).send(`<title>Sign-in failed</title>${String(e.message).replace(/[<>&]/g, '')}`);
  }
});
app.get('/account', (req, res) => {
  const user = sessions.get(cookie(req, 'sid'));
  if (!user) return res.redirect(302, '/login');
  res.send(`<title>Your account</title>Signed in as ${user.email}`);
});
app.get('/logout', (req, res) => {
  sessions.delete(cookie(req, 'sid'));
  res.send('<title>Signed out</title>');
});
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const service = `http://localhost:${server.address().port}`;

const dir = mkdtempSync(join(tmpdir(), 'rp-check-bench-'));
const report = join(dir, 'rp-check.json');
const began = performance.now();
const cli = await spawnNode(
  [
    CLI,
    '--port',
    String(simPort),
    '--rp-check',
    '--drive-sign-in',
    `${service}/login`,
    '--drive-identity-sign-in',
    `${service}/login-identity`,
    '--drive-signed-in',
    `${service}/account`,
    '--drive-sign-out',
    `${service}/logout`,
    '--report',
    report,
  ],
  { env: { REDIRECT_URLS: `${service}/callback` } },
);
const code = await cli.exited;
const seconds = (performance.now() - began) / 1000;
server.close();
const summary = JSON.parse(readFileSync(report, 'utf8')).summary;
rmSync(dir, { recursive: true, force: true });
const met = seconds < TARGET_SECONDS;
console.log(
  `driven built-in plan: ${seconds.toFixed(1)} s (target < ${TARGET_SECONDS} s: ${met ? 'met' : 'MISSED'}), exit code ${code}, ${JSON.stringify(summary)}`,
);
process.exit(strict && !met ? 1 : 0);
