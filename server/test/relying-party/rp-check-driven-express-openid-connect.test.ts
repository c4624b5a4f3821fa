/**
 * The check drives a service on express-openid-connect: the library keeps its session after
 * /userinfo refuses the access token, and the service's account page sends the refused token
 * again on every view. One look would see an error page and pass; the check looks again and
 * fails both /userinfo steps, naming the exchanges that re-sent the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpCheckStatus } from '../../src/contract.js';
import { runDrivenCheck, startExpressOpenidConnectService } from '../helpers/driven-services.js';
import {
  defaultConfig,
  listeningSimulator,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';

describe('the check drives an express-openid-connect service', () => {
  let sim: ListeningSimulator;
  let service: Awaited<ReturnType<typeof startExpressOpenidConnectService>>;
  let run: RpCheckStatus;
  const step = (id: string) => run.steps.find((s) => s.id === id);

  beforeAll(async () => {
    service = await startExpressOpenidConnectService();
    const config = defaultConfig('http://localhost:3000');
    config.clientConfiguration.redirectUrls = [service.callback];
    sim = await listeningSimulator({ config });
    service.attach(`${sim.baseUrl}/`);
    run = await runDrivenCheck(
      sim.baseUrl,
      { plan: 'default', drive: service.drive },
      'express-openid-connect',
    );
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    sim?.simulator.close();
    await sim?.close();
  });

  it('fails both /userinfo error steps, naming the exchanges that re-sent the refused token', () => {
    for (const id of ['userinfo-invalid-token', 'userinfo-server-error']) {
      const s = step(id);
      expect(s?.status, s?.reason).toBe('failed');
      expect(s?.reason).toMatch(
        /yet when the check opened the signed-in page again the client sent the access token again \(\/userinfo #\d+, \/userinfo #\d+\): it kept the session/,
      );
      expect(s?.outcome?.looks).toHaveLength(2);
      expect(s?.outcome?.looksAfterSeq).toBeGreaterThan(0);
    }
  });

  it('judges every step against what the library does, seen by hand', () => {
    // openid-client 6 under the library does not check the ID token's signature (the token
    // comes from /token over a channel it trusts) nor vot or iat, never fetches the key set, and
    // the application decodes the core identity JWT without a check.
    const truth: Record<string, string> = {
      'auth-only': 'passed',
      identity: 'passed',
      'return-code': 'passed',
      'id-token-incorrect-vot': 'failed',
      'id-token-invalid-signature': 'failed',
      'id-token-token-not-valid-yet': 'failed',
      'authorize-access-denied-evidence': 'not-judged', // it asks for return codes
      'authorize-login-required': 'not-judged', // no --drive-reauthenticate
      'userinfo-invalid-token': 'failed',
      'userinfo-server-error': 'failed',
      'key-rotation': 'failed',
      'jwks-outage': 'passed',
    };
    for (const s of run.steps) {
      const expected = truth[s.id] ?? (s.kind === 'core-identity-defect' ? 'failed' : 'passed');
      expect(s.status, `${s.id}: ${s.reason}`).toBe(expected);
    }
    // The account page is JSON: the name is read from it.
    expect(step('identity')?.outcome?.probe?.type).toBe('json');
    expect(step('identity')?.outcome?.identityAccepted).toBe(true);
    expect(step('jwks-outage')?.reason).toMatch(/fetched no key set during the run/);
    expect(step('jwks-outage')?.reason).not.toMatch(/cached/);
  });
});
