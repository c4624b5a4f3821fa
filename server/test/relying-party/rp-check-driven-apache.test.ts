/**
 * The check drives Apache's mod_auth_openidc with its stock directives, as a tester would: the
 * module answers a script's request with 401, so only a browser's page load signs in. Every
 * step of the built-in plan is judged against what the module does (its pages never show the
 * verified name, so the core identity steps are judged from the back channel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpCheckStatus } from '../../src/contract.js';
import { startApacheService, type ApacheService } from '../helpers/apache-service.js';
import { requires } from '../helpers/requirements.js';
import { runDrivenCheck } from '../helpers/driven-services.js';
import { freePort } from '../helpers/free-port.js';
import {
  defaultConfig,
  listeningSimulator,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';

const needs = requires('apache2-mod-auth-openidc');

describe.skipIf(needs.skip)(`the check drives stock mod_auth_openidc${needs.label}`, () => {
  let sim: ListeningSimulator;
  let apache: ApacheService;
  let run: RpCheckStatus;

  beforeAll(async () => {
    const port = await freePort();
    const config = defaultConfig('http://localhost:3000');
    config.clientConfiguration.redirectUrls = [`http://localhost:${port}/redirect_uri`];
    sim = await listeningSimulator({ config });
    apache = await startApacheService(port, `${sim.baseUrl}/`);
    run = await runDrivenCheck(
      sim.baseUrl,
      { plan: 'default', drive: apache.drive },
      'mod_auth_openidc',
    );
  }, 120_000);
  afterAll(async () => {
    await apache?.close();
    sim?.simulator.close();
    await sim?.close();
  });

  const step = (id: string) => run.steps.find((s) => s.id === id);

  it('signs in through the module as a browser does, and judges every step it can', () => {
    expect(run.state).toBe('finished');
    // What the module does, seen by hand (its error log and pages): it checks the ID token's
    // signature, alg, iss, aud, nonce, exp and iat but not vot; it signs the user in when
    // /userinfo fails; it hands the core identity JWT to the application unverified.
    const truth: Record<string, string> = {
      'auth-only': 'passed',
      identity: 'passed',
      'return-code': 'not-judged', // the stock configuration never asks for return codes
      'id-token-incorrect-vot': 'failed',
      'authorize-login-required': 'not-judged', // no --drive-reauthenticate
      'userinfo-invalid-token': 'failed',
      'userinfo-server-error': 'failed',
      'key-rotation': 'passed',
      'jwks-outage': 'passed',
    };
    for (const s of run.steps) {
      const expected = truth[s.id] ?? (s.kind === 'core-identity-defect' ? 'failed' : 'passed');
      expect(s.status, `${s.id}: ${s.reason}`).toBe(expected);
    }
    expect(run.summary.judged).toBe(run.steps.length - 2);
  });

  it('states the evidence: the bad value, the back channel, the pages seen', () => {
    expect(step('id-token-incorrect-vot')?.reason).toContain('vot "Cl"');
    expect(step('identity')?.reason).toMatch(
      /never fetched the DID document during the run, so it cannot have verified/,
    );
    for (const s of run.steps.filter((x) => x.kind === 'core-identity-defect'))
      expect(s.reason).toMatch(
        /signed the user in \(.*\) but never fetched the DID document \(\/\.well-known\/did\.json\) during the run/,
      );
    expect(step('userinfo-server-error')?.reason).toMatch(
      /^\/userinfo #\d+ answered 500 server_error, yet the user was signed in: .*answered 200/,
    );
    expect(step('jwks-outage')?.reason).toMatch(
      /with the keys it fetched earlier in the run \(\/jwks #\d+/,
    );
    expect(step('authorize-login-required')?.reason).toMatch(/give --drive-reauthenticate/);
  });
});
