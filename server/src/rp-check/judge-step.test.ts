import { describe, expect, it } from 'vitest';
import type { Exchange } from '../log/exchange-types.js';
import { CONFIG, ExchangeFactory, REDIRECT } from '../../test/helpers/exchange-factory.js';
import { journeyEnded, judgeStep, type Calibration } from './judge-step.js';
import type { ObservedOutcome, PlanStepDocument, StepKind } from './rp-check-types.js';

const VOCAB = 'https://vocab.account.gov.uk/v1';
const step = (kind: StepKind, extra: Partial<PlanStepDocument> = {}): PlanStepDocument => ({
  id: 's',
  title: `Step ${kind}`,
  kind,
  instruction: 'do',
  expectation: 'expect',
  ...extra,
});
const judge = (kind: StepKind, exchanges: Exchange[], extra: Partial<PlanStepDocument> = {}) =>
  judgeStep({ step: step(kind, extra), exchanges, earlier: [], config: CONFIG });
const AT = '2026-01-01T12:00:00.000Z';
const tester = (signedIn: boolean, identityAccepted?: boolean): ObservedOutcome => ({
  source: 'tester',
  signedIn,
  ...(identityAccepted !== undefined ? { identityAccepted } : {}),
  at: AT,
});
const driver = (signedIn: boolean, extra: Partial<ObservedOutcome> = {}): ObservedOutcome => ({
  source: 'driver',
  signedIn,
  probe: { url: 'http://rp/me', status: signedIn ? 200 : 302, signedIn, detail: 'probe' },
  at: AT,
  ...extra,
});
const judgeSeen = (
  kind: StepKind,
  exchanges: Exchange[],
  outcome: ObservedOutcome | undefined,
  calibration: Calibration = {},
  extra: Partial<PlanStepDocument> = {},
) =>
  judgeStep({
    step: step(kind, extra),
    exchanges,
    earlier: [],
    config: CONFIG,
    ...(outcome ? { outcome } : {}),
    calibration,
  });

describe('judgeStep: sign-in', () => {
  it('passes a complete sign-in and names its three exchanges', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j'), f.userinfo('j')];
    const v = judge('sign-in', x);
    expect(v.status).toBe('passed');
    expect(v.reason).toBe('Signed in: /authorize #1, /token #2, /userinfo #3.');
    expect(v.exchanges).toEqual(['x1', 'x2', 'x3']);
    expect(v.checks.every((c) => c.ok)).toBe(true);
  });

  it('fails when nothing arrives, when the code is not redeemed, or /userinfo is not called', () => {
    const f = new ExchangeFactory();
    expect(judge('sign-in', []).reason).toMatch(/No sign-in/);
    const a = f.authorize('j');
    const v1 = judge('sign-in', [a]);
    expect(v1.status).toBe('failed');
    expect(v1.reason).toBe('The code from /authorize #1 was never redeemed at /token.');
    const t = f.token('j');
    const v2 = judge('sign-in', [a, t]);
    expect(v2.reason).toMatch(/redeemed the code at \/token #2 but never called \/userinfo/);
    expect(v2.exchanges).toEqual(['x1', 'x2']);
  });

  it('fails a refused token request, naming it', () => {
    const f = new ExchangeFactory();
    const v = judge('sign-in', [f.authorize('j'), f.token('j', { status: 400 })]);
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(/\/token #2 answered 400 invalid_grant/);
  });

  it('identity: needs a P2 vtr, the coreIdentityJWT claim and a core identity in /userinfo', () => {
    const f = new ExchangeFactory();
    const claims = JSON.stringify({ userinfo: { [`${VOCAB}/coreIdentityJWT`]: null } });
    const ok = [
      f.authorize('j', { vtr: '["Cl.Cm.P2"]', claims }),
      f.token('j'),
      f.userinfo('j', { sub: 'u', [`${VOCAB}/coreIdentityJWT`]: 'a.b.c' }, true),
    ];
    expect(judge('sign-in', ok, { expect: { identity: true } }).status).toBe('passed');
    const noLevel = [f.authorize('k'), f.token('k'), f.userinfo('k')];
    const v = judge('sign-in', noLevel, { expect: { identity: true } });
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(/did not ask for identity/);
    const noCore = [
      f.authorize('m', { vtr: '["Cl.Cm.P2"]', claims }),
      f.token('m'),
      f.userinfo('m'),
    ];
    expect(judge('sign-in', noCore, { expect: { identity: true } }).reason).toMatch(
      /returned no core identity JWT/,
    );
  });

  it('return codes: returned when asked for; a service that never asks is not judged, never failed', () => {
    const f = new ExchangeFactory();
    const claims = JSON.stringify({ userinfo: { [`${VOCAB}/returnCode`]: null } });
    const body = { sub: 'u', [`${VOCAB}/returnCode`]: [{ code: 'D' }] };
    const ok = [
      f.authorize('j', { vtr: '["Cl.Cm.P2"]', claims }),
      f.token('j'),
      f.userinfo('j', body),
    ];
    expect(judge('sign-in', ok, { expect: { returnCode: true } }).status).toBe('passed');
    const notAsked = [f.authorize('k', { vtr: '["Cl.Cm.P2"]' }), f.token('k'), f.userinfo('k')];
    const verdict = judge('sign-in', notAsked, { expect: { returnCode: true } });
    expect(verdict.status).toBe('not-judged');
    expect(verdict.reason).toMatch(/did not ask for the returnCode claim/);
    // Refused at /authorize (access_denied, no code) for the same reason: not judged either.
    const denied = f.authorize('d', { vtr: '["Cl.Cm.P2"]' });
    denied.response = {
      status: 302,
      headers: { location: 'https://rp.example/cb?error=access_denied&state=s' },
    };
    expect(judge('sign-in', [denied], { expect: { returnCode: true } }).status).toBe('not-judged');
    const missing = [
      f.authorize('m', { vtr: '["Cl.Cm.P2"]', claims }),
      f.token('m'),
      f.userinfo('m'),
    ];
    expect(judge('sign-in', missing, { expect: { returnCode: true } }).reason).toMatch(
      /returned no return code/,
    );
  });
});

describe('judgeStep: interactive mode', () => {
  it('counts the code issued by the submitted form, not by /authorize', () => {
    const f = new ExchangeFactory();
    const a = f.authorize('j');
    a.response = { status: 200, headers: {}, body: '<form>' };
    const form = f.make('interactive', {
      journeyId: 'j',
      request: { method: 'POST', path: '/form-submit', query: {}, headers: {} },
      response: { status: 302, headers: {}, location: `${REDIRECT}?code=c&state=s` },
    });
    expect(judge('sign-in', [a, form, f.token('j'), f.userinfo('j')]).status).toBe('passed');
    const g = new ExchangeFactory();
    const b = g.authorize('k');
    b.response = { status: 200, headers: {}, body: '<form>' };
    expect(judge('sign-in', [b]).reason).toMatch(
      /^The sign-in did not get a code: \/authorize #1 answered 200\.$/,
    );
  });
});

describe('judgeStep: id-token-defect', () => {
  it('never passes on the absence of /userinfo alone: it waits for what the user saw', () => {
    const f = new ExchangeFactory();
    const v = judge('id-token-defect', [f.authorize('j'), f.token('j')]);
    expect(v.status).toBe('waiting');
    expect(v.reason).toMatch(
      /^Redeemed the code at \/token #2 \(its ID token had [^)]*\) and did not call \/userinfo\. /,
    );
    const calibrated = judgeSeen('id-token-defect', [f.authorize('k'), f.token('k')], undefined, {
      signIn: { step: 'auth-only', calledUserinfo: false },
    });
    expect(calibrated.status).toBe('waiting');
    expect(calibrated.reason).toMatch(/it does not call \/userinfo on a good sign-in either/);
  });

  it('passes when the user was not signed in, fails when they were (an ID-token-only service)', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j')];
    const refused = judgeSeen('id-token-defect', x, driver(false));
    expect(refused.status).toBe('passed');
    expect(refused.reason).toMatch(
      /did not sign the user in \(the check's browser found the user not signed in; the signed-in page http:\/\/rp\/me answered 302/,
    );
    const accepted = judgeSeen('id-token-defect', x, tester(true));
    expect(accepted.status).toBe('failed');
    expect(accepted.reason).toMatch(
      /The user was signed in although the ID token from \/token #2 was defective .*the tester reported the user signed in/,
    );
  });

  it('fails with both facts when the reported refusal contradicts a /userinfo call', () => {
    const f = new ExchangeFactory();
    const v = judgeSeen(
      'id-token-defect',
      [f.authorize('j'), f.token('j'), f.userinfo('j')],
      tester(false),
    );
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(
      /\/userinfo #3 was called with the access token from \/token #2.*although the tester reported the user not signed in/,
    );
  });

  it('does not trust "not signed in" when the good sign-in was not seen signed in either', () => {
    const f = new ExchangeFactory();
    const v = judgeSeen('id-token-defect', [f.authorize('j'), f.token('j')], driver(false), {
      signIn: { step: 'auth-only', calledUserinfo: true, outcome: driver(false) },
    });
    expect(v.status).toBe('not-judged');
    expect(v.reason).toMatch(/on the good sign-in \(step "auth-only"\).*proves nothing here/);
  });

  it("a driver failure is no evidence: the step still needs the user's view", () => {
    const f = new ExchangeFactory();
    const v = judgeSeen(
      'id-token-defect',
      [f.authorize('j'), f.token('j')],
      driver(false, { error: 'could not reach http://rp/login (ECONNREFUSED)' }),
    );
    expect(v.status).toBe('waiting');
    expect(v.reason).toMatch(/could not tell: could not reach http:\/\/rp\/login \(ECONNREFUSED\)/);
  });

  it('fails when /userinfo is called with that access token, naming both exchanges', () => {
    const f = new ExchangeFactory();
    const v = judge('id-token-defect', [f.authorize('j'), f.token('j'), f.userinfo('j')]);
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(/\/userinfo #3 was called with the access token from \/token #2/);
    expect(v.exchanges).toEqual(['x1', 'x2', 'x3']);
  });

  it('fails a sign-in loop but tolerates a single new sign-in', () => {
    const f = new ExchangeFactory();
    const base = [f.authorize('j'), f.token('j')];
    const one = [...base, f.authorize('k')];
    const tolerated = judgeSeen('id-token-defect', one, tester(false));
    expect(tolerated.status).toBe('passed');
    expect(tolerated.reason).toMatch(/one new sign-in, \/authorize #3, is not a loop/);
    const loop = [...one, f.authorize('m')];
    const v = judge('id-token-defect', loop);
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(/2 new sign-ins \(\/authorize #3, \/authorize #4\): a sign-in loop/);
  });

  it('fails when the code is never redeemed (the defect was never seen)', () => {
    const f = new ExchangeFactory();
    expect(judge('id-token-defect', [f.authorize('j')]).reason).toMatch(/never redeemed/);
    expect(judge('id-token-defect', []).status).toBe('failed');
  });
});

describe('judgeStep: a /token refused before client authentication', () => {
  it('is linked to its sign-in through the code it sends (no "never redeemed")', () => {
    const f = new ExchangeFactory();
    const a = f.authorize('j');
    // Refused at client authentication: the provider never knew the journey.
    const t = f.token(undefined, { status: 401, body: { code: 'c1' } });
    const v = judge('sign-in', [a, t]);
    expect(v.status).toBe('failed');
    expect(v.reason).toBe(
      'The code from /authorize #1 was refused: /token #2 answered 401 invalid_grant.',
    );
    expect(v.reason).not.toMatch(/never redeemed/);
    const other = f.token(undefined, { status: 401, body: { code: 'someone-else' } });
    expect(judge('sign-in', [f.authorize('k'), other]).reason).toMatch(/never redeemed at \/token/);
  });
});

describe('judgeStep: authorize-error', () => {
  it('passes when the client does not call /token after the error', () => {
    const f = new ExchangeFactory();
    const v = judge('authorize-error', [f.authorizeError('j', 'access_denied')]);
    expect(v.status).toBe('passed');
    expect(v.reason).toBe(
      '/authorize #1 answered access_denied and the client did not call /token.',
    );
  });

  it('fails when the client calls /token anyway', () => {
    const f = new ExchangeFactory();
    const a = f.authorizeError('j', 'temporarily_unavailable');
    const v = judge('authorize-error', [a, f.token(undefined, { status: 400 })]);
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(/answered temporarily_unavailable, yet the client called \/token #2/);
  });

  it('is not judged when /authorize succeeded (the scenario did not apply)', () => {
    const f = new ExchangeFactory();
    expect(judge('authorize-error', [f.authorize('j')]).status).toBe('not-judged');
  });
});

/** An exchange answered with an error code instead of success. */
const refused = (e: Exchange, status: number, code: string): Exchange => ({
  ...e,
  response: { ...e.response, status },
  outcome: { kind: 'error', code, description: code },
});

describe('judgeStep: token-error', () => {
  it('passes when the refused code is not sent again and /userinfo is not called', () => {
    const f = new ExchangeFactory();
    const v = judge('token-error', [f.authorize('j'), f.token('j', { status: 400 })]);
    expect(v.status).toBe('passed');
    expect(v.reason).toBe(
      '/token #2 answered 400 invalid_grant and the client stopped using the code.',
    );
    expect(v.exchanges).toEqual(['x1', 'x2']);
  });

  it('fails when the refused code is sent again, naming every retry', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j', { status: 400 }), f.token('j', { status: 400 })];
    const v = judge('token-error', x);
    expect(v.status).toBe('failed');
    expect(v.reason).toBe(
      '/token #2 answered 400 invalid_grant, yet the client sent the code again (/token #3).',
    );
  });

  it('allows one retry after server_error, not two', () => {
    const f = new ExchangeFactory();
    const a = f.authorize('j');
    const t1 = refused(f.token('j'), 500, 'server_error');
    const t2 = refused(f.token('j'), 500, 'server_error');
    const once = judge('token-error', [a, t1, t2]);
    expect(once.status).toBe('passed');
    expect(once.reason).toMatch(/it retried once, \/token #3/);
    const t3 = refused(f.token('j'), 500, 'server_error');
    expect(judge('token-error', [a, t1, t2, t3]).status).toBe('failed');
  });

  it('fails a call to /userinfo after the error and a sign-in loop; one new sign-in is fine', () => {
    const f = new ExchangeFactory();
    const a = f.authorize('j');
    const t = f.token('j', { status: 400 });
    const u = judge('token-error', [a, t, f.userinfo('j')]);
    expect(u.status).toBe('failed');
    expect(u.reason).toMatch(/yet the client called \/userinfo #3/);
    const one = judge('token-error', [a, t, f.authorize('k')]);
    expect(one.status).toBe('passed');
    expect(one.reason).toMatch(/one new sign-in, \/authorize #4, is not a loop/);
    const loop = judge('token-error', [a, t, f.authorize('k'), f.authorize('m')]);
    expect(loop.status).toBe('failed');
    expect(loop.reason).toMatch(/started 2 new sign-ins .*: a sign-in loop/);
  });

  it('is not judged when /token succeeded or was never reached, and fails with no sign-in', () => {
    const f = new ExchangeFactory();
    const ok = judge('token-error', [f.authorize('j'), f.token('j')]);
    expect(ok.status).toBe('not-judged');
    expect(ok.reason).toMatch(/\/token #2 did not answer with an error/);
    const stopped = judge('token-error', [f.authorizeError('k', 'access_denied')]);
    expect(stopped.status).toBe('not-judged');
    expect(stopped.reason).toMatch(/never reached \/token/);
    expect(judge('token-error', []).status).toBe('failed');
  });
});

describe('judgeStep: userinfo-error', () => {
  it('needs what the user saw; signed in after the error (empty user data) fails', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j'), refused(f.userinfo('j'), 500, 'server_error')];
    expect(judge('userinfo-error', x).status).toBe('waiting');
    const v = judgeSeen('userinfo-error', x, driver(true));
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(
      /^\/userinfo #3 answered 500 server_error, yet the user was signed in: the check's browser found the user signed in/,
    );
  });

  it('passes when the dead access token is not sent again and the user was not signed in', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j'), refused(f.userinfo('j'), 401, 'invalid_token')];
    const v = judgeSeen('userinfo-error', x, tester(false));
    expect(v.status).toBe('passed');
    expect(v.reason).toBe(
      '/userinfo #3 answered 401 invalid_token and the client stopped using the access token. The user was not signed in: the tester reported the user not signed in.',
    );
  });

  it('fails when an invalid_token access token is sent again', () => {
    const f = new ExchangeFactory();
    const x = [
      f.authorize('j'),
      f.token('j'),
      refused(f.userinfo('j'), 401, 'invalid_token'),
      refused(f.userinfo('j'), 401, 'invalid_token'),
    ];
    const v = judge('userinfo-error', x);
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(/yet the client sent the access token again \(\/userinfo #4\)/);
    expect(v.exchanges).toEqual(['x1', 'x3', 'x4']);
  });

  it('allows one retry after server_error', () => {
    const f = new ExchangeFactory();
    const x = [
      f.authorize('j'),
      f.token('j'),
      refused(f.userinfo('j'), 500, 'server_error'),
      refused(f.userinfo('j'), 500, 'server_error'),
    ];
    expect(judgeSeen('userinfo-error', x, tester(false)).status).toBe('passed');
  });

  it('is not judged when /userinfo answered normally', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j'), f.userinfo('j')];
    expect(judge('userinfo-error', x).status).toBe('not-judged');
  });
});

describe('judgeStep: key rotation and JWKS outage', () => {
  it('key rotation passes only when the key set was fetched before /userinfo', () => {
    const f = new ExchangeFactory();
    const good = [f.authorize('j'), f.token('j'), f.jwks(), f.userinfo('j')];
    const v = judge('key-rotation', good);
    expect(v.status).toBe('passed');
    expect(v.reason).toMatch(/Fetched the key set again \(\/jwks #3\)/);
    const g = new ExchangeFactory();
    const bad = judge('key-rotation', [g.authorize('j'), g.token('j'), g.userinfo('j')]);
    expect(bad.status).toBe('failed');
    expect(bad.reason).toMatch(/without fetching the key set/);
  });

  it('JWKS outage passes a sign-in completed with cached keys, fails one that stopped', () => {
    const f = new ExchangeFactory();
    const good = [f.authorize('j'), f.jwks(503), f.token('j'), f.userinfo('j')];
    const v = judge('jwks-outage', good);
    expect(v.status).toBe('passed');
    expect(v.reason).toMatch(/while the key set failed \(\/jwks #2\)/);
    const g = new ExchangeFactory();
    const stopped = [g.authorize('j'), g.jwks(503), g.token('j')];
    const bad = judgeSeen('jwks-outage', stopped, driver(false));
    expect(bad.status).toBe('failed');
    expect(bad.reason).toMatch(/^During the key set outage: The user was not signed in/);
    // An ID-token-only service that signed the user in with its cached keys.
    expect(judgeSeen('jwks-outage', stopped, driver(true)).status).toBe('passed');
    expect(judge('jwks-outage', stopped).status).toBe('waiting');
  });
});

describe('judgeStep: core-identity-defect', () => {
  it('waits for the tester once a core identity was delivered', () => {
    const f = new ExchangeFactory();
    const v = judge('core-identity-defect', [
      f.authorize('j'),
      f.token('j'),
      f.userinfo('j', {}, true),
    ]);
    expect(v.status).toBe('waiting');
    expect(v.reason).toMatch(/\/userinfo #3 returned a defective core identity JWT/);
  });

  it('fails when no core identity was asked for', () => {
    const f = new ExchangeFactory();
    const v = judge('core-identity-defect', [f.authorize('j'), f.token('j'), f.userinfo('j')]);
    expect(v.status).toBe('failed');
  });
});

describe('judgeStep: request checks fail an otherwise passing step', () => {
  const cases: [string, (f: ExchangeFactory) => Exchange[], RegExp][] = [
    [
      'no nonce',
      (f) => [f.authorize('j', { nonce: '' }), f.token('j'), f.userinfo('j')],
      /has no nonce/,
    ],
    [
      'no state',
      (f) => [f.authorize('j', { state: '' }), f.token('j'), f.userinfo('j')],
      /has no state/,
    ],
    [
      'unregistered redirect_uri',
      (f) => [
        f.authorize('j', { redirect_uri: 'https://evil.example/cb' }),
        f.token('j'),
        f.userinfo('j'),
      ],
      /redirect_uri "https:\/\/evil.example\/cb", not one of the registered/,
    ],
    [
      'malformed vtr',
      (f) => [f.authorize('j', { vtr: 'Cl.Cm' }), f.token('j'), f.userinfo('j')],
      /is not a JSON array/,
    ],
    [
      'P2 without Cm',
      (f) => [f.authorize('j', { vtr: '["Cl.P2"]' }), f.token('j'), f.userinfo('j')],
      /an identity level \(P1, P2\) needs Cl.Cm/,
    ],
    [
      'claims without an identity level',
      (f) => [
        f.authorize('j', { claims: JSON.stringify({ userinfo: { [`${VOCAB}/address`]: null } }) }),
        f.token('j'),
        f.userinfo('j'),
      ],
      /identity claim\(s\) without an identity level/,
    ],
    [
      'no User-Agent at /token',
      (f) => [f.authorize('j'), f.token('j', { ua: null }), f.userinfo('j')],
      /\/token #2 has no User-Agent/,
    ],
    [
      'wrong aud',
      (f) => [
        f.authorize('j'),
        f.token('j', { assertion: f.assertion({ aud: 'http://other/token' }) }),
        f.userinfo('j'),
      ],
      /aud is "http:\/\/other\/token"/,
    ],
    [
      'iss differs from sub',
      (f) => [
        f.authorize('j'),
        f.token('j', { assertion: f.assertion({ iss: 'someone' }) }),
        f.userinfo('j'),
      ],
      /iss "someone" and sub .* must both be/,
    ],
    [
      'no exp',
      (f) => [
        f.authorize('j'),
        f.token('j', { assertion: f.assertion({ exp: undefined }) }),
        f.userinfo('j'),
      ],
      /the assertion has no exp/,
    ],
    [
      'no jti',
      (f) => [
        f.authorize('j'),
        f.token('j', { assertion: f.assertion({ jti: undefined }) }),
        f.userinfo('j'),
      ],
      /the assertion has no jti/,
    ],
    [
      'no client assertion at all',
      (f) => [f.authorize('j'), f.token('j', { assertion: 'not-a-jwt' }), f.userinfo('j')],
      /no readable client_assertion/,
    ],
  ];
  it.each(cases)('%s', (_name, build, reason) => {
    const v = judge('sign-in', build(new ExchangeFactory()));
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(/^Signed in: .* But the requests break the provider's rules: /);
    expect(v.reason).toMatch(reason);
  });

  it('a nonce or jti reused from an earlier step fails, naming the earlier exchange', () => {
    const f = new ExchangeFactory();
    const a1 = f.authorize('j', { nonce: 'n', state: 's' });
    const t1 = f.token('j', { assertion: f.assertion({ jti: 'same' }) });
    const earlier = [a1, t1, f.userinfo('j')];
    const now = [
      f.authorize('k', { nonce: 'n', state: 's' }),
      f.token('k', { assertion: f.assertion({ jti: 'same' }) }),
      f.userinfo('k'),
    ];
    const v = judgeStep({ step: step('sign-in'), exchanges: now, earlier, config: CONFIG });
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(
      /\/authorize #4 reuses the nonce of \/authorize #1: each sign-in must send a fresh nonce/,
    );
    expect(v.reason).toMatch(/\/token #5 reuses the jti of \/token #2/);
    // The state is only a recommendation: a warning beside the verdict, not part of its reason.
    expect(v.reason).not.toMatch(/state/);
    expect(v.checks.find((c) => c.rule === 'state-reused')).toMatchObject({
      ok: false,
      level: 'warning',
      detail: expect.stringMatching(
        /^\/authorize #4 reuses the state of \/authorize #1: the documents recommend/,
      ),
    });
    expect(v.exchanges).toEqual(expect.arrayContaining(['x1', 'x2']));
  });

  it('does not fail what the provider accepts: aud = issuer, a long-lived assertion, a state used again', () => {
    const f = new ExchangeFactory();
    const earlier = [f.authorize('j', { state: 'same' }), f.token('j'), f.userinfo('j')];
    const now = [
      f.authorize('k', { state: 'same' }),
      f.token('k', {
        assertion: f.assertion({ aud: 'http://localhost:3000/', exp: 4102444800 }),
      }),
      f.userinfo('k'),
    ];
    const v = judgeStep({ step: step('sign-in'), exchanges: now, earlier, config: CONFIG });
    expect(v.status).toBe('passed');
    expect(v.checks.filter((c) => !c.ok).map((c) => [c.rule, c.level])).toEqual([
      ['state-reused', 'warning'],
      ['assertion-lifetime', 'warning'],
    ]);
    expect(v.checks.find((c) => c.name === 'client assertion aud')).toMatchObject({
      ok: true,
      detail: '/token #5: aud is an accepted audience',
    });
    const lifetime = v.checks.find((c) => c.rule === 'assertion-lifetime');
    expect(lifetime?.detail).toMatch(
      /^\/token #5: this assertion lives \d+ s; the provider recommends 300 s$/,
    );
  });

  it('PKCE is checked only when the client enforces it', () => {
    const pkce = {
      ...CONFIG,
      clientConfiguration: { ...CONFIG.clientConfiguration, pkceEnforced: true },
    };
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j'), f.userinfo('j')];
    expect(judge('sign-in', x).status).toBe('passed');
    const v = judgeStep({ step: step('sign-in'), exchanges: x, earlier: [], config: pkce });
    expect(v.reason).toMatch(/no code_challenge with code_challenge_method S256/);
    expect(v.reason).toMatch(/sends no code_verifier/);
    const g = new ExchangeFactory();
    const good = [
      g.authorize('j', { code_challenge: 'abc', code_challenge_method: 'S256' }),
      g.token('j', { body: { code_verifier: 'v' } }),
      g.userinfo('j'),
    ];
    expect(
      judgeStep({ step: step('sign-in'), exchanges: good, earlier: [], config: pkce }).status,
    ).toBe('passed');
  });

  it('reads the parameters of a request object', () => {
    const f = new ExchangeFactory();
    const ro = f.assertion({ nonce: undefined, state: 'from-object', redirect_uri: REDIRECT });
    const a = f.authorize('j', { nonce: '', request: ro });
    const v = judge('sign-in', [a, f.token('j'), f.userinfo('j')]);
    expect(v.reason).toMatch(/has no nonce/);
    expect(v.reason).not.toMatch(/has no state/);
  });
});

describe('judgeStep: bad input', () => {
  it('survives hostile exchange records without throwing', () => {
    const f = new ExchangeFactory();
    const a = f.authorize('j', { vtr: '{"a":1}', claims: '[[[' });
    a.response.location = 'not a url';
    const t = f.token('j');
    t.request.body = ['array'] as unknown;
    t.tokens = [{ role: 'client_assertion', compact: '...' }];
    const u = f.userinfo('j');
    u.response.body = 'not json';
    for (const kind of [
      'sign-in',
      'id-token-defect',
      'authorize-error',
      'key-rotation',
      'jwks-outage',
      'core-identity-defect',
    ] as const) {
      const v = judge(kind, [a, t, u]);
      expect(['passed', 'failed', 'not-judged', 'waiting']).toContain(v.status);
      expect(v.reason.length).toBeGreaterThan(0);
    }
    expect(judge('sign-in', [a, t, u]).status).toBe('failed');
  });
});

describe('journeyEnded', () => {
  it('ends at /userinfo, except for error steps, and at a sign-in loop', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j')];
    expect(journeyEnded(step('sign-in'), x)).toBe(false);
    const withUserinfo = [...x, f.userinfo('j')];
    expect(journeyEnded(step('sign-in'), withUserinfo)).toBe(true);
    expect(journeyEnded(step('authorize-error'), withUserinfo)).toBe(false);
    // After an error the client's silence ends the journey (retries are watched until then).
    expect(journeyEnded(step('token-error'), withUserinfo)).toBe(false);
    expect(journeyEnded(step('userinfo-error'), withUserinfo)).toBe(false);
    const loop = [f.authorize('a'), f.authorize('b'), f.authorize('c')];
    expect(journeyEnded(step('authorize-error'), loop)).toBe(true);
  });
});

describe('judgeStep: evidence the check gathered', () => {
  it('looks twice: the refused access token sent again while the page is reopened fails', () => {
    const f = new ExchangeFactory();
    const x = [
      f.authorize('j'),
      f.token('j'),
      refused(f.userinfo('j'), 500, 'server_error'),
      refused(f.userinfo('j'), 500, 'server_error'),
    ];
    // One retry of a server_error is allowed, but not one made when the page was opened again.
    const looked = driver(false, {
      looks: [
        { url: 'http://rp/me', status: 500, signedIn: false, detail: 'it answered 500 (html)' },
        { url: 'http://rp/me', status: 500, signedIn: false, detail: 'it answered 500 (html)' },
      ],
      looksAfterSeq: 3,
    });
    const v = judgeSeen('userinfo-error', x, looked);
    expect(v.status).toBe('failed');
    expect(v.reason).toBe(
      '/userinfo #3 answered 500 server_error, yet when the check opened the signed-in page again the client sent the access token again (/userinfo #4): it kept the session and the refused credential.',
    );
    expect(v.exchanges).toEqual(['x1', 'x3', 'x4']);
    // The same retry made during the journey itself is the one allowed.
    expect(judgeSeen('userinfo-error', x, { ...looked, looksAfterSeq: 4 }).status).toBe('passed');
    // Still signed in on a later look: the look's answer is in the reason.
    const still = driver(true, {
      looks: [
        { url: 'http://rp/me', status: 200, signedIn: true, detail: 'it answered 200 (json)' },
      ],
    });
    expect(judgeSeen('userinfo-error', x.slice(0, 3), still).reason).toMatch(
      /yet the user was signed in: .*opened again 1 time, still signed in \(200: it answered 200 \(json\)\)/,
    );
  });

  it('core identity: signed in without ever fetching the DID document fails where the page cannot tell', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j'), f.userinfo('j', { sub: 'u' }, true)];
    const noName = driver(true, { identityAccepted: false });
    const calibration: Calibration = { identity: { step: 'identity', outcome: noName } };
    const v = judgeSeen('core-identity-defect', x, noName, calibration);
    expect(v.status).toBe('failed');
    expect(v.reason).toMatch(
      /never fetched the DID document \(\/\.well-known\/did\.json\) during the run, so it cannot have verified the core identity JWT: it accepts forged identities\.$/,
    );
    // With the DID document fetched, the page still cannot tell: not judged, never passed.
    const g = new ExchangeFactory();
    const did = g.make('did');
    const y = [g.authorize('j'), g.token('j'), g.userinfo('j', { sub: 'u' }, true)];
    const withDid = judgeStep({
      step: step('core-identity-defect'),
      exchanges: y,
      earlier: [did],
      config: CONFIG,
      outcome: noName,
      calibration,
    });
    expect(withDid.status).toBe('not-judged');
    // Refused (not signed in) passes whatever was fetched.
    const h = new ExchangeFactory();
    const z = [h.authorize('j'), h.token('j'), h.userinfo('j', { sub: 'u' }, true)];
    const happy = driver(true, { identityAccepted: true });
    expect(
      judgeSeen('core-identity-defect', z, driver(false), {
        identity: { step: 'identity', outcome: happy },
        signIn: { step: 'auth-only', calledUserinfo: true, outcome: happy },
      }).status,
    ).toBe('passed');
  });

  it('the good identity sign-in fails on a missing name only when the tester said what shows it', () => {
    const f = new ExchangeFactory();
    const x = [
      f.authorize('j', {
        vtr: '["Cl.Cm.P2"]',
        claims: JSON.stringify({ userinfo: { [`${VOCAB}/coreIdentityJWT`]: null } }),
      }),
      f.token('j'),
      f.userinfo('j', { sub: 'u', [`${VOCAB}/coreIdentityJWT`]: 'a.b.c' }),
    ];
    const notShown = driver(true, {
      identityAccepted: false,
      note: 'the signed-in page (html) did not show "PATEL"',
    });
    const v = judgeSeen('sign-in', x, notShown, {}, { expect: { identity: true } });
    expect(v.status).toBe('passed');
    expect(v.reason).toMatch(/The pages read did not show the verified name/);
    expect(v.reason).toMatch(/never fetched the DID document during the run/);
    const promised = judgeSeen(
      'sign-in',
      x,
      { ...notShown, identityTextGiven: true },
      {},
      { expect: { identity: true } },
    );
    expect(promised.status).toBe('failed');
  });

  it('key set outage: never claims cached keys for a service that fetched none', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.jwks(503), f.token('j'), f.userinfo('j')];
    const v = judge('jwks-outage', x);
    expect(v.reason).toMatch(/^Signed the user in although it fetched no key set during the run/);
    expect(v.reason).not.toMatch(/cached/);
    const g = new ExchangeFactory();
    const earlier = g.jwks();
    const y = [g.authorize('j'), g.jwks(503), g.token('j'), g.userinfo('j')];
    const w = judgeStep({
      step: step('jwks-outage'),
      exchanges: y,
      earlier: [earlier],
      config: CONFIG,
    });
    expect(w.reason).toMatch(
      /^Signed the user in with the keys it fetched earlier in the run \(\/jwks #1\)/,
    );
  });

  it('authorisation errors that cannot apply say why', () => {
    const f = new ExchangeFactory();
    const asked = f.authorize('j', {
      vtr: '["Cl.Cm.P2"]',
      claims: JSON.stringify({ userinfo: { [`${VOCAB}/returnCode`]: null } }),
    });
    const config = structuredClone(CONFIG);
    config.errorConfiguration.authoriseErrors = ['ACCESS_DENIED_EVIDENCE'];
    const v = judgeStep({ step: step('authorize-error'), exchanges: [asked], earlier: [], config });
    expect(v.status).toBe('not-judged');
    expect(v.reason).toMatch(
      /^Not applicable: \/authorize #1 asked for the returnCode claim, so the service uses return codes/,
    );
    // login_required: a service whose re-authentication never says prompt=login.
    const g = new ExchangeFactory();
    const plain = [g.authorize('a'), g.token('a'), g.authorizeError('b', 'login_required')];
    const w = judge('authorize-error', plain, { expect: { reauthenticate: true } });
    expect(w.status).toBe('not-judged');
    expect(w.reason).toMatch(
      /^Not applicable: the service never asked the provider to re-authenticate the user \(\/authorize #1, \/authorize #3 carried no prompt=login\)/,
    );
  });

  it('a /userinfo error step is not applicable to a service that never calls /userinfo, saying so', () => {
    const f = new ExchangeFactory();
    const x = [f.authorize('j'), f.token('j')];
    const v = judgeSeen('userinfo-error', x, driver(true));
    expect(v.status).toBe('not-judged');
    expect(v.reason).toMatch(
      /^Not applicable: the service signs users in without calling \/userinfo \(it redeemed the code at \/token #2 and the check's browser found the user signed in/,
    );
    // Not seen signed in: it stopped there, and the reason says so.
    expect(judgeSeen('userinfo-error', x, driver(false)).reason).toMatch(
      /never reached \/userinfo \(it stopped at \/token #2\)/,
    );
  });
});
