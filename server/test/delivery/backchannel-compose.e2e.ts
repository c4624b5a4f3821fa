/**
 * The README's back-channel compose example, run as written with podman-compose: the simulator
 * built from the Dockerfile, a relying-party service (compose-service/, openid-client) in the
 * same compose network, both published on the host's loopback. A browser on the host opens the
 * service at localhost:8080, is sent to the simulator's /authorize at localhost:3000 and back to
 * the service, whose server meanwhile reached discovery, the JWKS, /token and /userinfo by the
 * simulator's service name, `simulator:3000`. The simulator's own log says which name each
 * request used.
 *
 * The compose file is the README's block with only what a user substitutes: the `my-service`
 * image placeholder (this test's service image) and the build context (this repository). The
 * simulator is built by podman-compose from the Dockerfile, on the locally assembled Node base
 * (local-node-image.ts) as the container image test does, since no image registry is reachable.
 * podman-compose 1.0.3 (Debian 12) starts `depends_on` services in order but does not wait for
 * `condition: service_healthy`; the service discovers on first use, so it works either way, and
 * the test runs the image's health check itself.
 *
 * The file publishes ports 3000 and 8080 as written, so they must be free on 127.0.0.1. The
 * containers, their network and both images are removed at the end, also after a failure.
 * Skipped with the reason where podman or podman-compose is missing; on Linux in CI (CI=true)
 * that is a failure: .ci/install-podman installs both.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/log/exchange-types.js';
import type { ExchangePage } from '../../src/admin/admin-api-types.js';
import { browse } from '../helpers/cookie-browser.js';
import { ensureLocalNodeImage } from './local-node-image.js';
import { findPodman, hostUlimits, until, withoutPodmanLog, type Podman } from './podman.js';
import { readmeComposeExample } from './readme-compose-example.js';
import { requires } from '../helpers/requirements.js';
import { simulatorBuild } from './simulator-image-build.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICE_SOURCE = fileURLToPath(new URL('./compose-service/', import.meta.url));
const PROJECT = `simulator-compose-test-${process.pid}`;
const SERVICE_IMAGE = `localhost/simulator-compose-service:test-${process.pid}`;
/** podman-compose names a built image `<project>_<service>`. */
const SIMULATOR_IMAGE = `localhost/${PROJECT}_simulator`;
const SIMULATOR_CONTAINER = `${PROJECT}_simulator_1`;
const SERVICE_CONTAINER = `${PROJECT}_service_1`;
const BROWSER_SIMULATOR = 'http://localhost:3000';
const BROWSER_SERVICE = 'http://localhost:8080';

function findCompose(): { ok: true; version: string } | { ok: false; reason: string } {
  const out = spawnSync('podman-compose', ['--version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0)
    return {
      ok: false,
      reason: 'podman-compose is not installed (on Debian or Ubuntu: .ci/install-podman)',
    };
  const version = /podman-compose(?:r)? version:?\s*(\S+)/i.exec(out.stdout)?.[1] ?? 'unknown';
  return { ok: true, version };
}

// Linux only (the requirement rule), like the container image test.
const needs = requires('podman', 'podman-compose');
const podmanLookup = needs.skip ? undefined : findPodman();
const composeLookup = needs.skip ? undefined : findCompose();

/** Quotes one argument for podman-compose's `--podman-*-args`, which it splits as a shell does. */
function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Whether `port` on 127.0.0.1 can be listened on (nothing else holds it). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The README's compose file with the image placeholder and the build context filled in. */
function composeFileAsUsed(): string {
  const written = readmeComposeExample();
  const image = /^(\s+image: )my-service$/m;
  const context = /^(\s+build: )\.(?=\s)/m;
  if (!image.test(written) || !context.test(written))
    throw new Error('the README compose example no longer has `image: my-service` and `build: .`');
  const used = written
    .replace(image, `$1${SERVICE_IMAGE}`)
    .replace(context, `$1${JSON.stringify(ROOT.replace(/\/$/, ''))}`);
  // Nothing but those two values differs.
  type Services = { services: Record<string, Record<string, unknown>> };
  const before = yaml.load(written) as Services;
  const after = yaml.load(used) as Services;
  expect(after.services.service?.image).toBe(SERVICE_IMAGE);
  expect(after.services.simulator?.build).toBe(ROOT.replace(/\/$/, ''));
  expect({
    ...after,
    services: {
      simulator: { ...after.services.simulator, build: '.' },
      service: { ...after.services.service, image: 'my-service' },
    },
  }).toEqual(before);
  return used;
}

describe.skipIf(needs.skip)(`back-channel compose example${needs.label}`, () => {
  let podman: Podman;
  let work: string;
  let composeArgs: string[];
  let adminToken: string;

  /** Runs podman-compose with the test's project and file; throws with its output on failure. */
  function compose(args: string[], timeoutMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn('podman-compose', [...composeArgs, ...args], {
        cwd: work,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const keep = (chunk: string) => (output = (output + chunk).slice(-20_000));
      child.stdout.setEncoding('utf8').on('data', keep);
      child.stderr.setEncoding('utf8').on('data', keep);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('error', reject);
      child.once('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(output);
        else reject(new Error(`podman-compose ${args.join(' ')} exited with ${code}:\n${output}`));
      });
    });
  }

  async function containerLogs(name: string): Promise<string> {
    const logs = await podman.run(['logs', name]);
    return `${logs.stdout}${withoutPodmanLog(logs.stderr)}`;
  }

  beforeAll(async () => {
    if (!podmanLookup?.ok) throw new Error('unreachable: the suite is skipped without podman');
    podman = podmanLookup.podman;
    for (const port of [3000, 8080])
      if (!(await portFree(port)))
        throw new Error(
          `port ${port} on 127.0.0.1 is taken: the README's compose file publishes it as written`,
        );
    work = mkdtempSync(join(tmpdir(), 'simulator-compose-'));
    const started = Date.now();
    const base = process.env.CONTAINER_TEST_NODE_IMAGE || (await ensureLocalNodeImage(podman));
    const baseReady = Date.now();

    // The service image: its server, openid-client with its dependencies, its private key.
    const context = join(work, 'service');
    cpSync(SERVICE_SOURCE, context, { recursive: true });
    for (const pkg of ['openid-client', 'jose', 'oauth4webapi'])
      cpSync(join(ROOT, 'node_modules', pkg), join(context, 'node_modules', pkg), {
        recursive: true,
      });
    cpSync(
      join(ROOT, 'server/keys/default-client-private-key.pem'),
      join(context, 'client-private-key.pem'),
    );
    chmodSync(join(context, 'client-private-key.pem'), 0o644);
    await podman.ok(
      [
        'build',
        '--layers=false',
        '--build-arg',
        `NODE_IMAGE=${base}`,
        '--tag',
        SERVICE_IMAGE,
        '--file',
        join(context, 'Containerfile'),
        context,
      ],
      { timeoutMs: 3 * 60_000 },
    );
    const serviceReady = Date.now();

    // podman-compose calls `podman`: through a wrapper choosing the runtime podman's lookup
    // chose, and with the host's limits for every container.
    let podmanPath = 'podman';
    if (podman.runtime) {
      podmanPath = join(work, 'podman');
      writeFileSync(
        podmanPath,
        `#!/bin/sh\nexec podman --runtime ${shellQuote(podman.runtime)} "$@"\n`,
        { mode: 0o755 },
      );
    }
    const build = simulatorBuild(base);
    const file = join(work, 'compose.yaml');
    writeFileSync(file, composeFileAsUsed());
    composeArgs = [
      '--project-name',
      PROJECT,
      '--file',
      file,
      '--podman-path',
      podmanPath,
      '--podman-build-args',
      // HEALTHCHECK is kept only in the Docker image format.
      ['--format', 'docker', '--layers=false', ...build.podmanFlags].map(shellQuote).join(' '),
      '--podman-run-args',
      hostUlimits()
        .flatMap((u) => ['--ulimit', u])
        .map(shellQuote)
        .join(' '),
    ];
    await compose(['build', ...build.buildArgs.flatMap((arg) => ['--build-arg', arg])], 9 * 60_000);
    const simulatorReady = Date.now();
    await compose(['up', '--detach'], 2 * 60_000);
    const running = JSON.parse(
      await podman.ok([
        'ps',
        '--all',
        '--filter',
        `label=io.podman.compose.project=${PROJECT}`,
        '--format',
        'json',
      ]),
    ) as { Names: string[]; State: string }[];
    expect(running.map((c) => `${c.Names[0]} ${c.State}`).sort(), 'both services run').toEqual([
      `${PROJECT}_service_1 running`,
      `${PROJECT}_simulator_1 running`,
    ]);

    await until('the simulator at localhost:3000', 60_000, async () =>
      (await fetch(`${BROWSER_SIMULATOR}/.well-known/openid-configuration`)).ok ? true : undefined,
    );
    await until('the service at localhost:8080', 30_000, async () =>
      (await fetch(`${BROWSER_SERVICE}/health`)).ok ? true : undefined,
    );
    const token = /admin token (\S+)/.exec(await containerLogs(SIMULATOR_CONTAINER))?.[1];
    if (!token) throw new Error('the simulator printed no admin token');
    adminToken = token;
    console.log(
      `back-channel compose example (${composeLookup?.ok ? `podman-compose ${composeLookup.version}, ` : ''}${podman.version}): ` +
        `base ${Math.round((baseReady - started) / 1000)} s, service image ${Math.round((serviceReady - baseReady) / 1000)} s, ` +
        `simulator image ${Math.round((simulatorReady - serviceReady) / 1000)} s, ` +
        `up and ready ${Math.round((Date.now() - simulatorReady) / 1000)} s`,
    );
  }, 15 * 60_000);

  afterAll(async () => {
    if (!podmanLookup?.ok || work === undefined) return;
    if (composeArgs) await compose(['down'], 60_000).catch(() => undefined);
    // Whatever `down` left (it keeps networks in 1.0.3), and whatever a failed run started.
    for (const name of [SIMULATOR_CONTAINER, SERVICE_CONTAINER])
      await podman.run(['rm', '--force', '--time', '0', name]);
    await podman.run(['network', 'rm', '--force', `${PROJECT}_default`]);
    await podman.run(['rmi', '--force', SIMULATOR_IMAGE, SERVICE_IMAGE]);
    rmSync(work, { recursive: true, force: true });
  }, 2 * 60_000);

  it("passes the image's health check, the one the service's depends_on condition names", async () => {
    const health = await podman.run(['healthcheck', 'run', SIMULATOR_CONTAINER]);
    expect(health.code, health.stderr).toBe(0);
  });

  it('signs a user in: the browser at localhost, the service reaching token and userinfo at simulator:3000', async () => {
    const page = await browse(new CookieJar(), `${BROWSER_SERVICE}/`);
    const [service, authorize, callback, ...more] = page.hops;
    expect(service).toBe(`${BROWSER_SERVICE}/`);
    expect(authorize?.startsWith(`${BROWSER_SIMULATOR}/authorize?`), authorize).toBe(true);
    expect(callback?.startsWith(`${BROWSER_SERVICE}/callback?`), callback).toBe(true);
    expect(more).toEqual([]);
    expect(page.status, `${page.body}\n${await containerLogs(SERVICE_CONTAINER)}`).toBe(200);

    const shown = /<pre id="result">([\s\S]*?)<\/pre>/.exec(page.body)?.[1] ?? '';
    const result = JSON.parse(
      shown.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
    ) as Record<string, string>;
    const config = (await (await fetch(`${BROWSER_SIMULATOR}/config`)).json()) as {
      responseConfiguration: { sub: string; email: string };
    };
    expect(result).toEqual({
      sub: config.responseConfiguration.sub,
      email: config.responseConfiguration.email,
      issuer: `${BROWSER_SIMULATOR}/`,
      tokenEndpoint: 'http://simulator:3000/token',
      userinfoEndpoint: 'http://simulator:3000/userinfo',
    });
    expect(page.body).toContain(`Signed in as ${config.responseConfiguration.email}`);

    // The simulator's log: which address each request was sent to.
    const res = await fetch(`${BROWSER_SIMULATOR}/_simulator/api/exchanges?limit=1000`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as ExchangePage;
    const seen = (endpoint: Exchange['endpoint']) =>
      items
        .filter((e) => e.endpoint === endpoint)
        .map(
          (e) =>
            `${e.request.method} ${e.request.headers.host} ${e.request.path} ${e.response.status}`,
        );
    expect(seen('authorize')).toEqual(['GET localhost:3000 /authorize 302']);
    expect(seen('token')).toEqual(['POST simulator:3000 /token 200']);
    expect(seen('userinfo')).toEqual(['GET simulator:3000 /userinfo 200']);
    expect(seen('jwks')).toEqual(['GET simulator:3000 /.well-known/jwks.json 200']);
    // The service discovered through the back channel; the test's own readiness probe used
    // localhost.
    expect(seen('discovery')).toContain('GET simulator:3000 /.well-known/openid-configuration 200');
  });
});
