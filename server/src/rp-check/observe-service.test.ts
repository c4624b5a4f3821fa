import { describe, expect, it } from 'vitest';
import { observeService } from './observe-service.js';
import { summarize } from './step-results.js';
import type { ExchangeRef, ObservedOutcome, RpCheckStatus, StepResult } from './rp-check-types.js';

const ex = (seq: number, endpoint: string, status = 200, error?: string): ExchangeRef => ({
  id: `e${seq}`,
  seq,
  endpoint,
  method: 'GET',
  path: `/${endpoint}`,
  status,
  startedAt: '2026-01-01T00:00:00.000Z',
  ...(error ? { error } : {}),
});

const step = (over: Partial<StepResult>): StepResult => ({
  id: 'auth-only',
  title: 'Authentication only',
  kind: 'sign-in',
  instruction: '',
  expectation: '',
  ask: { identity: false, returnCode: false, reauthenticate: false, claims: [] },
  status: 'not-judged',
  exchanges: [],
  evidence: [],
  checks: [],
  attempts: 1,
  ...over,
});

const run = (...steps: StepResult[]): RpCheckStatus => ({
  state: 'finished',
  attended: false,
  timeoutSeconds: 10,
  waitSeconds: 120,
  steps,
  summary: summarize(steps),
});

const driver = (o: Partial<ObservedOutcome>): ObservedOutcome => ({
  source: 'driver',
  signedIn: false,
  at: '2026-01-01T00:00:00.000Z',
  ...o,
});
const defect = step({ id: 'vot', kind: 'id-token-defect', status: 'passed' });

describe('observeService: a run never green blind', () => {
  it('has seen the service when the authentication sign-in was seen signed in', () => {
    const seen = step({ status: 'passed', outcome: driver({ signedIn: true }) });
    expect(observeService(run(seen, defect))).toEqual({ observed: true });
    // Without a view (a test suite's run), a redeemed code is the sign-in.
    const exchanges = step({
      status: 'passed',
      exchanges: [ex(1, 'authorize', 302), ex(2, 'token')],
    });
    expect(observeService(run(exchanges, defect))).toEqual({ observed: true });
  });

  it('names what the browser saw and the likely cause', () => {
    const cases: [Partial<StepResult>, RegExp][] = [
      [
        {
          outcome: driver({
            page: { url: 'http://svc/', status: 401, title: 'Unauthorized', type: 'html' },
            error: 'never sent the browser to the simulator',
          }),
        },
        /the browser stopped at http:\/\/svc\/ answered 401 "Unauthorized" \(html\)\. Likely cause: the service answered 401 to a navigation: it may treat the request as a script request/,
      ],
      [
        {
          outcome: driver({
            error: 'the signed-in page: could not reach http://svc/me (ECONNREFUSED)',
          }),
        },
        /could not reach http:\/\/svc\/me \(ECONNREFUSED\)\. Likely cause: nothing answers at that address: is the service running, at that host and port\?$/,
      ],
      [
        {
          status: 'failed',
          exchanges: [ex(3, 'authorize', 400, 'invalid_request')],
          outcome: driver({ page: { url: 'http://svc/cb', status: 400 } }),
        },
        /Likely cause: the simulator refused the sign-in at \/authorize #3 \(invalid_request\): check the client id and that the service's redirect URI is registered\.$/,
      ],
      [
        {
          status: 'failed',
          exchanges: [ex(1, 'authorize', 302), ex(2, 'token', 400, 'invalid_client')],
          outcome: driver({ page: { url: 'http://svc/cb', status: 500 } }),
        },
        /the simulator refused the code at \/token #2 \(invalid_client\)/,
      ],
      [
        {
          status: 'failed',
          exchanges: [ex(1, 'authorize', 302), ex(2, 'token'), ex(3, 'userinfo')],
          outcome: driver({
            page: { url: 'http://svc/account', status: 200 },
            probe: {
              url: 'http://svc/me',
              status: 302,
              signedIn: false,
              detail: 'it sent the browser to http://svc/login to sign in',
            },
          }),
        },
        /the service got its tokens \(\/token #2\) but its signed-in page did not see the user signed in \(it sent the browser to http:\/\/svc\/login to sign in\)/,
      ],
      [
        { status: 'failed' },
        /no request reached the simulator\. Likely cause: no sign-in reached the simulator/,
      ],
    ];
    for (const [over, line] of cases) {
      const seen = observeService(run(step(over), defect));
      expect(seen.observed).toBe(false);
      if (!seen.observed) expect(seen.line).toMatch(line);
    }
  });

  it('a run that judged nothing has seen nothing, whatever its plan', () => {
    const lone = step({ id: 'core', kind: 'core-identity-defect', status: 'not-judged' });
    expect(observeService(run(lone))).toMatchObject({ observed: false });
    expect(observeService(run({ ...lone, status: 'failed' }))).toEqual({ observed: true });
  });
});
