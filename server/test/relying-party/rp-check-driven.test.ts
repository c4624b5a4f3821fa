/**
 * The relying-party check drives real services itself: three Express services (openid-client 6)
 * are signed in to by the check's own browser through every step of the built-in plan.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RpCheckStatus } from '../../src/rp-check/rp-check-types.js';
import {
  defaultConfig,
  listeningSimulator,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator, startSimulator } from '../../src/index.js';
import { buildDefaultPlan } from '../../src/rp-check/default-plan.js';
import { freePort } from '../helpers/free-port.js';
import {
  runDrivenCheck,
  startTestService,
  type ServiceKind,
  type TestService,
} from '../helpers/driven-services.js';

const API = '/_simulator/api/rp-check';

let sim: ListeningSimulator | undefined;
let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  sim?.simulator.close();
  await sim?.close();
  sim = service = undefined;
});

async function drivenRun(
  kind: ServiceKind,
  {
    plan = 'default',
    interactive = false,
    drive,
  }: {
    plan?: unknown;
    interactive?: boolean;
    drive?: (s: TestService) => Record<string, string>;
  } = {},
): Promise<RpCheckStatus> {
  service = await startTestService(kind, () => (sim as ListeningSimulator).baseUrl);
  const config = defaultConfig('http://localhost:3000');
  config.clientConfiguration.redirectUrls = [service.callback];
  config.interactiveMode = interactive;
  sim = await listeningSimulator({ config });
  const started = await fetch(`${sim.baseUrl}${API}/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      plan,
      attended: false,
      drive: { ...service.drive, ...drive?.(service) },
    }),
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const began = Date.now();
  for (;;) {
    const s = (await (await fetch(`${sim.baseUrl}${API}`)).json()) as RpCheckStatus;
    if (s.state === 'finished') {
      // RP_CHECK_TABLE=1 prints each step's verdict and what the driver saw.
      if (process.env.RP_CHECK_TABLE)
        process.stderr.write(
          `\n${kind} (${((Date.now() - began) / 1000).toFixed(1)} s):\n${s.steps
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

const outcomes = (s: RpCheckStatus, kind: string) =>
  s.steps.filter((x) => x.kind === kind).map((x) => ({ id: x.id, ...x.outcome }));

describe('relying-party check: the check drives the service itself', () => {
  it('a careful openid-client service: refused defects are seen as refused, good sign-ins as signed in', async () => {
    const s = await drivenRun('careful');
    for (const o of outcomes(s, 'sign-in')) expect(o.signedIn, o.id).toBe(true);
    expect(s.steps.find((x) => x.id === 'identity')?.outcome?.identityAccepted).toBe(true);
    for (const o of outcomes(s, 'id-token-defect')) {
      expect(o.signedIn, o.id).toBe(false);
      expect(o.page?.status, o.id).toBe(401);
      expect(o.page?.title, o.id).toBe('Sign-in failed');
    }
    const core = outcomes(s, 'core-identity-defect');
    expect(core).toHaveLength(6);
    for (const o of core) expect(o.identityAccepted, o.id).toBe(false);
    for (const kind of ['key-rotation', 'jwks-outage'])
      expect(outcomes(s, kind)[0]?.signedIn, kind).toBe(true);
    // The verdicts: every judged step passes (0 failures; "not judged" only where a scenario
    // did not apply to the service's request).
    expect(s.summary.failed).toBe(0);
    for (const x of s.steps.filter((y) => y.status !== 'passed')) {
      expect(x.status, `${x.id}: ${x.reason}`).toBe('not-judged');
      expect(x.kind, x.id).toBe('authorize-error');
    }
    for (const x of s.steps.filter((y) => y.kind === 'core-identity-defect'))
      expect(x.reason).toMatch(/The service did not accept it/);
  }, 120_000);

  it('a careless service: every defect is seen accepted, the name shown', async () => {
    const s = await drivenRun('careless');
    for (const o of outcomes(s, 'id-token-defect')) expect(o.signedIn, o.id).toBe(true);
    for (const o of outcomes(s, 'core-identity-defect')) {
      expect(o.signedIn, o.id).toBe(true);
      expect(o.identityAccepted, o.id).toBe(true);
      expect(o.note).toBe('the service showed "PATEL"');
    }
    // The verdicts: every defect step fails, the six core identity ones included.
    const defects = s.steps.filter((x) =>
      ['id-token-defect', 'core-identity-defect', 'userinfo-error', 'key-rotation'].includes(
        x.kind,
      ),
    );
    expect(defects.length).toBeGreaterThanOrEqual(17);
    for (const x of defects) expect(x.status, `${x.id}: ${x.reason}`).toBe('failed');
    for (const x of s.steps.filter((y) => y.kind === 'core-identity-defect'))
      expect(x.reason).toMatch(/The service accepted it/);
  }, 120_000);

  it('a service that uses only the ID token: accepts nonce, vot and iat defects, refuses the rest', async () => {
    const s = await drivenRun('idTokenOnly');
    const accepted = outcomes(s, 'id-token-defect')
      .filter((o) => o.signedIn)
      .map((o) => o.id);
    expect(accepted.sort()).toEqual([
      'id-token-incorrect-vot',
      'id-token-nonce-not-matching',
      'id-token-token-not-valid-yet',
    ]);
    for (const id of accepted) {
      const x = s.steps.find((y) => y.id === id);
      expect(x?.status, id).toBe('failed');
      expect(x?.reason).toMatch(/^The user was signed in although the ID token/);
    }
    expect(s.steps.flatMap((x) => x.exchanges).filter((e) => e.endpoint === 'userinfo')).toEqual(
      [],
    );
  }, 120_000);

  it('--drive-reauthenticate drives login_required; a service without prompt=login is not applicable', async () => {
    const all = buildDefaultPlan();
    const plan = {
      name: 'Re-authentication',
      keySetMaxAgeSeconds: 2,
      steps: all.steps.filter((s) => ['auth-only', 'authorize-login-required'].includes(s.id)),
    };
    const s = await drivenRun('careful', {
      plan,
      drive: (svc) => ({ reauthenticate: svc.reauthenticate }),
    });
    const step = s.steps.find((x) => x.id === 'authorize-login-required');
    expect(step?.status, step?.reason).toBe('passed');
    expect(step?.reason).toMatch(
      /^\/authorize #\d+ answered login_required and the client did not call \/token\. Seen: /,
    );
    const authorizes = step?.exchanges.filter((e) => e.endpoint === 'authorize') ?? [];
    // The sign-in, then the re-authentication the simulator refused.
    expect(authorizes.map((e) => e.error ?? 'code')).toEqual(['code', 'login_required']);
    expect(step?.outcome?.note).toMatch(/signed in at .*, then opened .*\/reauthenticate/);
    await service?.close();
    sim?.simulator.close();
    await sim?.close();

    const without = await drivenRun('careful', {
      plan,
      drive: (svc) => ({ reauthenticate: svc.reauthenticateWithoutPrompt }),
    });
    const na = without.steps.find((x) => x.id === 'authorize-login-required');
    expect(na?.status).toBe('not-judged');
    expect(na?.reason).toMatch(
      /^Not applicable: the service never asked the provider to re-authenticate the user \(.* carried no prompt=login\)/,
    );
  }, 60_000);

  it('a second run after a simulator restart signs in with identity, the service not restarted', async () => {
    // The service keeps the DID document for its lifetime; the simulator keeps its keys in the
    // data folder, so the restarted simulator signs with the keys the service cached.
    const dataDir = mkdtempSync(join(tmpdir(), 'rp-check-restart-'));
    const port = await freePort();
    const issuer = `http://localhost:${port}`;
    service = await startTestService('careful', () => issuer, { cacheDidDocument: true });
    const plan = {
      name: 'Identity twice',
      steps: buildDefaultPlan().steps.filter((x) => ['auth-only', 'identity'].includes(x.id)),
    };
    const kids: string[] = [];
    try {
      for (const round of [1, 2]) {
        const config = defaultConfig(issuer);
        config.clientConfiguration.redirectUrls = [service.callback];
        const simulator = createSimulator({ config, dataDir });
        const started = await startSimulator(simulator, { port, host: '127.0.0.1' });
        if (!started.ok) throw new Error(started.error.detail);
        try {
          const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as {
            keys: { kid: string }[];
          };
          kids.push(jwks.keys.map((k) => k.kid).join(','));
          const s = await runDrivenCheck(issuer, { plan, drive: service.drive }, `round ${round}`);
          for (const x of s.steps)
            expect(x.status, `round ${round} ${x.id}: ${x.reason}`).toBe('passed');
          expect(s.steps[1]?.outcome?.identityAccepted, `round ${round}`).toBe(true);
        } finally {
          simulator.close();
          await started.value.close();
          // Let every client see its kept-alive connections closed before the restart.
          await new Promise((r) => setTimeout(r, 300));
        }
      }
      expect(kids[1]).toBe(kids[0]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('in interactive mode the check submits the form with the values in force', async () => {
    const step = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
      id,
      title: id,
      kind,
      instruction: 'Sign in.',
      expectation: 'Ok.',
      ...extra,
    });
    const s = await drivenRun('careful', {
      interactive: true,
      plan: {
        name: 'Interactive',
        steps: [
          step('auth-only', 'sign-in'),
          step('identity', 'sign-in', {
            scenario: 'verified-with-passport',
            expect: { identity: true },
          }),
        ],
      },
    });
    for (const x of s.steps) {
      expect(x.outcome?.signedIn, x.id).toBe(true);
      expect(x.exchanges.filter((e) => e.endpoint === 'interactive').length, x.id).toBe(1);
    }
    expect(s.steps[1]?.outcome?.identityAccepted).toBe(true);
  }, 60_000);
});
