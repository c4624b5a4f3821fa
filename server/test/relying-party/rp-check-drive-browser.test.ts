/**
 * --drive-browser: a service whose sign-in link is followed only by JavaScript (a page that sets
 * location.href from a script). The built-in HTTP driver cannot follow it, so the check never
 * sees a sign-in and the run would exit 3; the tester's Chromium, driven headless, signs in and
 * the happy path is judged, with the same evidence (pages seen, where the browser stopped).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, RpCheckStatus } from '../../src/rp-check/rp-check-types.js';
import { buildDefaultPlan } from '../../src/rp-check/default-plan.js';
import { observeService } from '../../src/rp-check/observe-service.js';
import { exitCodeFor } from '../../src/start-rp-check.js';
import {
  launchRealBrowser,
  type JourneyBrowserFactory,
} from '../../src/rp-check/drive/real-browser.js';
import { CHROMIUM_PATH, requires } from '../helpers/requirements.js';
import {
  defaultConfig,
  listeningSimulator,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import { startTestService, type TestService } from '../helpers/driven-services.js';
import { freePort } from '../helpers/free-port.js';
import { runCli } from '../../src/cli.js';

const gate = requires('chromium');

describe.skipIf(gate.skip)(`rp-check --drive-browser${gate.label}`, () => {
  let sim: ListeningSimulator;
  let service: TestService;
  let jsStart: Server;
  let jsStartUrl: string;
  let browser: JourneyBrowserFactory;
  /** Where the script of the start page sends the browser. */
  let jsTarget = () => service.drive.signIn;

  beforeAll(async () => {
    service = await startTestService('careful', () => sim.baseUrl);
    const config = defaultConfig('http://localhost:3000');
    config.clientConfiguration.redirectUrls = [service.callback];
    sim = await listeningSimulator({ config });
    jsStart = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<!doctype html><title>Start</title><p>Signing you in</p><script>location.href = ${JSON.stringify(jsTarget())};</script>`,
      );
    });
    await new Promise<void>((r) => jsStart.listen(0, '127.0.0.1', r));
    jsStartUrl = `http://localhost:${(jsStart.address() as AddressInfo).port}/start`;
    const launched = await launchRealBrowser(CHROMIUM_PATH);
    if (!launched.ok) throw new Error(launched.error);
    browser = launched.value;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => jsStart?.close(r));
    await service?.close();
    sim?.simulator.close();
    await sim?.close();
  });

  /** The built-in plan's authentication-only step alone: one journey. */
  const plan = (): Plan => {
    const p = buildDefaultPlan();
    return { ...p, steps: p.steps.filter((s) => s.id === 'auth-only') };
  };

  async function run(withBrowser: boolean): Promise<RpCheckStatus> {
    const check = sim.simulator.rpCheck.run;
    const started = check.start(plan(), {
      attended: false,
      drive: { ...service.drive, signIn: jsStartUrl },
      ...(withBrowser ? { browser } : {}),
    });
    if (!started.ok) throw new Error(started.error.message);
    for (;;) {
      const s = check.status();
      if (s.state === 'finished') return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('the HTTP driver cannot follow a script: the service is not observed (exit 3)', async () => {
    const s = await run(false);
    expect(exitCodeFor(s, false)).toBe(3);
    const seen = observeService(s);
    expect(seen.observed).toBe(false);
    expect(s.steps[0]?.outcome?.page).toMatchObject({
      url: jsStartUrl,
      status: 200,
      type: 'html',
      title: 'Start',
    });
    expect(s.steps[0]?.outcome?.error).toMatch(/never sent the browser to the simulator/);
  }, 30_000);

  it('the browser runs the script, signs in and the happy path is judged (exit 0)', async () => {
    const s = await run(true);
    const step = s.steps[0];
    expect(step?.status, JSON.stringify(step)).toBe('passed');
    expect(exitCodeFor(s, false)).toBe(0);
    expect(observeService(s)).toEqual({ observed: true });
    expect(step?.outcome).toMatchObject({
      source: 'driver',
      signedIn: true,
      page: { status: 200, type: 'html' },
      probe: { signedIn: true, status: 200 },
    });
    const hops = step?.outcome?.page?.hops ?? [];
    expect(hops[0]).toBe(jsStartUrl);
    expect(hops).toContain(service.drive.signIn);
    expect(hops).toContain(`${sim.baseUrl}/authorize`);
    expect(hops).toContain(service.callback);
    expect(step?.exchanges.map((e) => e.endpoint)).toEqual(
      expect.arrayContaining(['authorize', 'token']),
    );
    // The signed-in probe (before and after the journey) stops before the simulator.
    expect(step?.exchanges.filter((e) => e.endpoint === 'authorize')).toHaveLength(1);
  }, 60_000);

  it("in interactive mode the browser presses the simulator's form button", async () => {
    expect(sim.simulator.config.update({ interactiveMode: true }).ok).toBe(true);
    try {
      const s = await run(true);
      const step = s.steps[0];
      expect(step?.status, JSON.stringify(step)).toBe('passed');
      expect(step?.outcome?.signedIn).toBe(true);
      expect(step?.exchanges.filter((e) => e.endpoint === 'interactive')).toHaveLength(1);
    } finally {
      sim.simulator.config.update({ interactiveMode: false });
    }
  }, 60_000);

  it('the browser does not follow a script to an address it was not given', async () => {
    jsTarget = () => 'http://127.0.0.1:9/elsewhere';
    try {
      const s = await run(true);
      expect(s.steps[0]?.status).toBe('not-judged');
      expect(s.steps[0]?.outcome?.error).toBe(
        "the journey led to http://127.0.0.1:9/elsewhere, which is neither one of the service's addresses nor the simulator's: the check does not follow it",
      );
      expect(s.steps[0]?.exchanges).toEqual([]);
    } finally {
      jsTarget = () => service.drive.signIn;
    }
  }, 30_000);

  it('headless: --drive-browser exits 0 where the HTTP driver exits 3', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drive-browser-cli-'));
    const planFile = join(dir, 'one.json');
    writeFileSync(
      planFile,
      JSON.stringify({
        name: 'One sign-in',
        steps: [
          {
            id: 'happy',
            title: 'Sign in',
            kind: 'sign-in',
            instruction: 'Sign in.',
            expectation: 'Signed in.',
          },
        ],
      }),
    );
    // A service of its own: the one above keeps the discovery of the simulator it first met.
    // Every run listens on the same port: the service keeps the discovery it made first.
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const own = await startTestService('careful', () => base);
    jsTarget = () => own.drive.signIn;
    const headless = (extra: string[]) =>
      runCli(
        [
          '--port',
          String(port),
          '--rp-check',
          planFile,
          '--drive-sign-in',
          jsStartUrl,
          '--drive-signed-in',
          own.drive.signedIn,
          '--drive-sign-out',
          own.drive.signOut,
          ...extra,
        ],
        { SIMULATOR_URL: base, REDIRECT_URLS: own.callback },
      );
    try {
      expect(await headless([`--drive-browser=${CHROMIUM_PATH}`])).toBe(0);
      expect(await headless([])).toBe(3);
      expect(await headless(['--drive-browser=/no/such/browser'])).toBe(2);
    } finally {
      jsTarget = () => service.drive.signIn;
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
