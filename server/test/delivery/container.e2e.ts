/**
 * The container image, built from the real Dockerfile with podman and run as a team would run
 * it: it turns healthy, a certified relying party (openid-client) signs a user in against it, the
 * environment variables of headless mode apply, it runs as a non-root user and stops cleanly.
 *
 * No image registry is reachable on our machines, so the Dockerfile's base (ARG NODE_IMAGE) is a
 * Node 22 image assembled from this machine's files (local-node-image.ts) unless
 * CONTAINER_TEST_NODE_IMAGE names one to pull (node:22-bookworm-slim where a registry is
 * reachable). The build stage's `npm ci` reaches the npm registry through the host network, with
 * the host's registry setting and CA bundle. The build keeps no layers (only the npm cache, a
 * cache mount, and the base image outlive a run); the containers and the image are removed at the
 * end. Podman cannot run the health check's timer without systemd, so the test runs the check
 * itself with `podman healthcheck run`, as the timer would.
 *
 * It needs podman (the requirement rule of helpers/requirements.ts: skipped with the reason where
 * missing or impossible, a failure under CI on Linux; .ci/install-podman installs it).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { argon2id } from '@noble/hashes/argon2.js';
import { discoverDefaultClient } from '../helpers/openid-client.js';
import { DEFAULT_CLIENT_ID, DEFAULT_REDIRECT_URI } from '../helpers/relying-party.js';
import { freePort, headlessNodeFlags } from '../../../bench/lib/processes.mjs';
import { findPodman, hostUlimits, until, withoutPodmanLog, type Podman } from './podman.js';
import { ensureLocalNodeImage } from './local-node-image.js';
import { requires } from '../helpers/requirements.js';
import { simulatorBuild } from './simulator-image-build.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const IMAGE = `localhost/identity-simulator:test-${process.pid}`;

// Linux only (the requirement rule): the test reaches the container through podman's host
// network, which on macOS and Windows is a virtual machine's.
const needs = requires('podman');
const lookup = needs.skip ? undefined : findPodman();

interface ImageConfig {
  User: string;
  Env: string[];
  Entrypoint: string[];
  ExposedPorts: Record<string, unknown>;
  Labels?: Record<string, string>;
  Healthcheck?: { Test: string[] };
}

describe.skipIf(needs.skip)(`container image${needs.label}`, () => {
  let podman: Podman;
  let config: ImageConfig;
  const containers: string[] = [];
  const runFlags = ['--network', 'host', ...hostUlimits().flatMap((u) => ['--ulimit', u])];

  beforeAll(async () => {
    if (!lookup?.ok) throw new Error('unreachable: the suite is skipped without podman');
    podman = lookup.podman;
    const started = Date.now();
    const base = process.env.CONTAINER_TEST_NODE_IMAGE || (await ensureLocalNodeImage(podman));
    const baseReady = Date.now();
    const build = simulatorBuild(base);
    await podman.ok(
      [
        'build',
        '--layers=false',
        '--format',
        'docker', // HEALTHCHECK is kept only in the Docker image format
        ...build.podmanFlags,
        ...build.buildArgs.flatMap((arg) => ['--build-arg', arg]),
        '--tag',
        IMAGE,
        '--file',
        `${ROOT}Dockerfile`,
        ROOT,
      ],
      { timeoutMs: 9 * 60_000 },
    );
    console.log(
      `container image: base ${base} in ${Math.round((baseReady - started) / 1000)} s, ` +
        `image built in ${Math.round((Date.now() - baseReady) / 1000)} s`,
    );
    // Podman reports the health check beside the configuration, Docker inside it.
    const [image] = JSON.parse(await podman.ok(['image', 'inspect', IMAGE])) as {
      Config: ImageConfig;
      Healthcheck?: ImageConfig['Healthcheck'];
    }[];
    if (!image) throw new Error(`podman image inspect ${IMAGE} answered nothing`);
    config = { ...image.Config, Healthcheck: image.Config.Healthcheck ?? image.Healthcheck };
  }, 15 * 60_000);

  afterAll(async () => {
    if (!lookup?.ok) return;
    for (const name of containers) await podman.run(['rm', '--force', '--time', '0', name]);
    await podman.run(['rmi', '--force', IMAGE]);
  }, 60_000);

  async function start(env: Record<string, string>, args: string[] = []): Promise<string> {
    const name = `identity-simulator-test-${process.pid}-${containers.length}`;
    containers.push(name);
    const envFlags = Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
    await podman.ok(['run', '--detach', '--name', name, ...runFlags, ...envFlags, IMAGE, ...args]);
    return name;
  }

  /** What the container wrote to stdout and stderr (podman logs splits them the same way). */
  async function output(name: string): Promise<string> {
    const logs = await podman.run(['logs', name]);
    return `${logs.stdout}${withoutPodmanLog(logs.stderr)}`;
  }

  it('runs headless mode as uid 1000 on port 3000, with the Node flags of npm run headless', () => {
    expect(config.User).toBe('1000:1000');
    expect(config.Env).toContain('PORT=3000');
    expect(Object.keys(config.ExposedPorts)).toEqual(['3000/tcp']);
    expect(config.Entrypoint).toEqual([
      'node',
      ...headlessNodeFlags(),
      'dist/server/src/headless.mjs',
      '--host',
      '0.0.0.0',
      '--data-dir',
      '/data',
    ]);
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { license: string };
    expect(config.Labels?.['org.opencontainers.image.licenses']).toBe(pkg.license);
    expect(config.Healthcheck?.Test[0]).toBe('CMD');
    expect(config.Healthcheck?.Test.join(' ')).toContain('/.well-known/openid-configuration');
  });

  it('turns healthy and signs a user in with a certified relying party, using the environment', async () => {
    const port = await freePort();
    const name = await start({ PORT: String(port), EMAIL: 'container-user@example.com' });
    const baseUrl = `http://localhost:${port}`;
    await until('discovery document', 60_000, async () => {
      const res = await fetch(`${baseUrl}/.well-known/openid-configuration`);
      return res.ok ? true : undefined;
    });

    const health = await podman.run(['healthcheck', 'run', name]);
    expect(health.code, health.stderr).toBe(0);
    const status = await podman.ok(['inspect', '--format', '{{.State.Health.Status}}', name]);
    expect(status.trim()).toBe('healthy');

    const rp = await discoverDefaultClient(baseUrl);
    expect(rp.serverMetadata().issuer).toBe(`${baseUrl}/`);
    const nonce = client.randomNonce();
    const state = client.randomState();
    const authorize = client.buildAuthorizationUrl(rp, {
      redirect_uri: DEFAULT_REDIRECT_URI,
      scope: 'openid email',
      nonce,
      state,
      vtr: '["Cl.Cm"]',
    });
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const tokens = await client.authorizationCodeGrant(
      rp,
      new URL(redirect.headers.get('location') as string),
      { expectedNonce: nonce, expectedState: state, idTokenExpected: true },
    );
    const claims = tokens.claims();
    expect(claims?.aud).toBe(DEFAULT_CLIENT_ID);
    const userinfo = await client.fetchUserInfo(rp, tokens.access_token, claims?.sub as string);
    expect(userinfo.email).toBe('container-user@example.com');

    // The UI is in the image and served where headless mode serves it.
    const ui = await fetch(`${baseUrl}/_simulator/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('<div id="root">');

    // The simulator's process is not root; the app is read-only to it, /data is its own.
    const whoami = await podman.ok([
      'exec',
      name,
      'node',
      '-e',
      `const fs = require('node:fs');
         const writable = (p) => { try { fs.accessSync(p, fs.constants.W_OK); return true; } catch { return false; } };
         process.stdout.write(JSON.stringify({ uid: process.getuid(), gid: process.getgid(),
           app: writable('/app/dist/server/src/headless.mjs'), data: writable('/data') }));`,
    ]);
    expect(JSON.parse(whoami)).toEqual({ uid: 1000, gid: 1000, app: false, data: true });

    // Listening on 0.0.0.0, the simulator prints an admin token. Whether the host counts as
    // another machine depends on the runtime's port forwarding (Docker's bridge: yes; rootless
    // podman connects from the container's own loopback: no), so the call carries the token,
    // which works either way.
    const token = /admin token (\S+)/.exec(await output(name))?.[1];
    expect(token).toBeDefined();

    // /data is the data folder: a persona saved through the UI's API lands there.
    const saved = await fetch(`${baseUrl}/_simulator/api/personas/identity-passport/duplicate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Saved in the container' }),
    });
    expect(saved.status).toBe(201);
    const file = await podman.ok([
      'exec',
      name,
      'node',
      '-p',
      `JSON.parse(require('node:fs').readFileSync('/data/personas/saved-in-the-container.json', 'utf8')).name`,
    ]);
    expect(file.trim()).toBe('Saved in the container');

    // client_secret_post: the image's worker file hashes the secret off the event loop.
    expect(
      await podman.ok([
        'exec',
        name,
        'node',
        '-p',
        `require('node:fs').existsSync('/app/dist/server/src/argon2id-worker.js')`,
      ]),
    ).toBe('true\n');
    const salt = randomBytes(16);
    const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');
    const secretHash = `$argon2id$v=19$m=4096,t=2,p=1$${b64(salt)}$${b64(argon2id('s3cret', salt, { m: 4096, t: 2, p: 1, dkLen: 32 }))}`;
    const configured = await fetch(`${baseUrl}/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientConfiguration: {
          token_auth_method: 'client_secret_post',
          client_secret_hash: secretHash,
        },
      }),
    });
    expect(configured.status, await configured.clone().text()).toBe(200);
    const authorized = await fetch(
      `${baseUrl}/authorize?${new URLSearchParams({
        response_type: 'code',
        scope: 'openid',
        client_id: DEFAULT_CLIENT_ID,
        redirect_uri: DEFAULT_REDIRECT_URI,
        state: 's',
        nonce: 'n',
      })}`,
      { redirect: 'manual' },
    );
    const secretCode = new URL(authorized.headers.get('location') ?? '').searchParams.get('code');
    const secretToken = await fetch(`${baseUrl}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'container-test',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: secretCode ?? '',
        redirect_uri: DEFAULT_REDIRECT_URI,
        client_id: DEFAULT_CLIENT_ID,
        client_secret: 's3cret',
      }),
    });
    expect(secretToken.status, await secretToken.clone().text()).toBe(200);

    expect(await output(name)).toContain(`listening on http://0.0.0.0:${port}`);

    // SIGTERM (podman stop) stops it cleanly, with exit code 0.
    await podman.ok(['stop', '--time', '10', name]);
    const exit = await podman.ok(['inspect', '--format', '{{.State.ExitCode}}', name]);
    expect(exit.trim()).toBe('0');
    expect(await output(name)).toContain('SIGTERM received, stopping');
  }, 120_000);

  it('reports unhealthy when nothing answers on PORT', async () => {
    const port = await freePort();
    const name = await start({ PORT: String(port) });
    await until('discovery document', 60_000, async () =>
      (await fetch(`http://localhost:${port}/.well-known/openid-configuration`)).ok
        ? true
        : undefined,
    );
    const check = config.Healthcheck?.Test.slice(1) ?? [];
    expect(check[0]).toBe('node');
    const closedPort = await freePort();
    const failing = await podman.run(['exec', '--env', `PORT=${closedPort}`, name, ...check]);
    expect(failing.code).toBe(1);
    const passing = await podman.run(['exec', name, ...check]);
    expect(passing.code).toBe(0);
  }, 120_000);

  it.each([
    [{ PORT: 'not-a-port' }, [], /^identity-simulator: PORT /],
    [{ PORT: '{"port":3000}' }, [], /^identity-simulator: PORT /],
    [{ REDIRECT_URLS: '["not","a","list"]' }, [], /^identity-simulator: REDIRECT_URLS /],
    [{}, ['--log-size', 'many'], /^identity-simulator: --log-size needs a whole number/],
  ])(
    'refuses bad settings %j %j with one line and exit code 2',
    async (env, args, message) => {
      const envFlags = Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
      const result = await podman.run(['run', '--rm', ...runFlags, ...envFlags, IMAGE, ...args]);
      expect(result.code).toBe(2);
      const lines = withoutPodmanLog(result.stderr).trim().split('\n');
      expect(lines[0]).toMatch(message as RegExp);
      expect(result.stderr).not.toMatch(/\n\s+at\s/);
    },
    60_000,
  );
});
