import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { RpCheckStatus } from '../../src/rp-check/rp-check-types.js';
import {
  getCode,
  exchange,
  getUserinfo,
  harness,
  type Harness,
  expectStillServing,
} from '../helpers/protocol.js';
import { IDENTITY_CLAIMS_REQUEST } from '../helpers/relying-party.js';

const API = '/_simulator/api/rp-check';
const step = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  kind,
  instruction: 'Sign in.',
  expectation: 'Correct.',
  ...extra,
});
const PLAN = {
  name: 'Small',
  timeoutSeconds: 1,
  steps: [
    step('happy', 'sign-in'),
    step('bad-iss', 'id-token-defect', {
      scenario: { name: 'iss', errorConfiguration: { idTokenErrors: ['INVALID_ISS'] } },
    }),
    step('core', 'core-identity-defect', {
      scenario: {
        name: 'core',
        persona: 'identity-passport',
        errorConfiguration: { coreIdentityErrors: ['INVALID_SIGNATURE'] },
      },
    }),
  ],
};

const fresh = () => ({ nonce: randomUUID(), state: randomUUID() });
const status = async (h: Harness) =>
  (await request(h.app).get(API).expect(200)).body as RpCheckStatus;
const start = (h: Harness, body: unknown) =>
  request(h.app)
    .post(`${API}/start`)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
const outcome = (h: Harness, stepId: string, body: unknown) =>
  request(h.app)
    .post(`${API}/steps/${stepId}/outcome`)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
const verdict = (h: Harness, body: unknown) =>
  request(h.app)
    .post(`${API}/verdict`)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));

/** Waits (polling the API) until the run satisfies `until`. */
async function waitFor(h: Harness, until: (s: RpCheckStatus) => boolean, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await status(h);
    if (until(s)) return s;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function signIn(h: Harness, { userinfo = true, identity = false } = {}) {
  const extra = identity
    ? { vtr: '["Cl.Cm.P2"]', claims: IDENTITY_CLAIMS_REQUEST, scope: 'openid' }
    : {};
  const code = await getCode(h, { ...fresh(), ...extra });
  const t = await exchange(h, code);
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  if (userinfo) await getUserinfo(h.app, (t.body as { access_token: string }).access_token);
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('rp-check API: plans', () => {
  it('lists the built-in plan, answers one plan and the schema, 404 for an unknown plan', async () => {
    const h = await harness();
    const list = await request(h.app).get(`${API}/plans`).expect(200);
    expect(list.body.items[0]).toMatchObject({ id: 'default', builtIn: true });
    const plan = await request(h.app).get(`${API}/plans/default`).expect(200);
    expect(plan.body.steps.length).toBeGreaterThan(10);
    const schema = await request(h.app).get(`${API}/schema.json`).expect(200);
    expect(JSON.parse(schema.text).$id).toBe('urn:identity-simulator:schema:rp-check-plan:1');
    const missing = await request(h.app).get(`${API}/plans/nope`).expect(404);
    expect(missing.body).toEqual({
      error: 'not_found',
      error_description: 'no plan has the id "nope"',
    });
    await request(h.app).get(`${API}/plans/Bad%20Id`).expect(400);
  });

  it('saves a plan in the data folder; refuses bad bodies and a missing data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-plans-'));
    dirs.push(dir);
    const h = await harness({ dataDir: dir });
    await request(h.app).put(`${API}/plans/mine`).send(PLAN).expect(200);
    expect(existsSync(join(dir, 'plans', 'mine.json'))).toBe(true);
    expect(
      (await request(h.app).get(`${API}/plans`)).body.items.map((p: { id: string }) => p.id),
    ).toEqual(['default', 'mine']);
    for (const bad of [[], 'text', 5, null, { name: 'x', steps: 'no' }, { ...PLAN, id: 'other' }]) {
      const res = await request(h.app)
        .put(`${API}/plans/mine`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    const unknownScenario = {
      ...PLAN,
      steps: [step('a', 'sign-in', { scenario: 'no-such-scenario' })],
    };
    const r = await request(h.app).put(`${API}/plans/mine`).send(unknownScenario).expect(400);
    expect(r.body.error_description).toMatch(/no scenario has the id "no-such-scenario"/);
    await request(h.app).put(`${API}/plans/default`).send(PLAN).expect(400);
    const without = await harness();
    await request(without.app).put(`${API}/plans/mine`).send(PLAN).expect(409);
  });

  it('a malformed plan file is a clear 409 at start, and nothing starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-plans-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'plans'));
    writeFileSync(join(dir, 'plans', 'broken.json'), '{"name": "x", "steps": [');
    const h = await harness({ dataDir: dir });
    const res = await start(h, { plan: 'broken' }).expect(409);
    expect(res.body.error_description).toMatch(
      /^plans\/broken.json cannot be used: is not valid JSON/,
    );
    expect((await status(h)).state).toBe('idle');
    const list = await request(h.app).get(`${API}/plans`).expect(200);
    expect(list.body.problems[0].file).toBe('plans/broken.json');
  });
});

describe('rp-check API: start refuses bad input and changes nothing', () => {
  const cases: [string, unknown, number, RegExp][] = [
    ['an array body', [], 400, /must be a JSON object/],
    ['a string body', 'default', 400, /not valid JSON/],
    ['a null body', null, 400, /not valid JSON/],
    ['no plan', {}, 400, /plan: is required/],
    ['a numeric plan', { plan: 3 }, 400, /plan: must be a plan id or a plan object/],
    ['an array plan', { plan: ['default'] }, 400, /plan: must be a plan id/],
    ['an unknown plan', { plan: 'nope' }, 404, /no plan has the id "nope"/],
    ['a plan id with a path', { plan: '../x' }, 400, /is not a plan id/],
    ['a malformed inline plan', { plan: { name: 'x', steps: [{}] } }, 400, /plan.steps\[0\].id/],
    [
      'reportsOutcome as a number',
      { plan: 'default', reportsOutcome: 1 },
      400,
      /reportsOutcome: must be true or false/,
    ],
    [
      'reportsOutcome as an object',
      { plan: 'default', reportsOutcome: {} },
      400,
      /reportsOutcome: must be true or false/,
    ],
    [
      'attended as a string',
      { plan: 'default', attended: 'yes' },
      400,
      /attended: must be true or false/,
    ],
    [
      'timeout as a string',
      { plan: 'default', timeoutSeconds: '5' },
      400,
      /timeoutSeconds: must be a whole number/,
    ],
    ['timeout 0', { plan: 'default', timeoutSeconds: 0 }, 400, /timeoutSeconds/],
    ['timeout as an object', { plan: 'default', timeoutSeconds: {} }, 400, /timeoutSeconds/],
    ['an unknown field', { plan: 'default', extra: 1 }, 400, /extra: unknown field/],
    ['drive as a string', { plan: 'default', drive: 'http://x' }, 400, /drive: must be an object/],
    ['drive as null', { plan: 'default', drive: null }, 400, /drive: must be an object/],
    ['drive as an array', { plan: 'default', drive: [] }, 400, /drive: must be an object/],
    [
      'drive without its probe',
      { plan: 'default', drive: { signIn: 'http://localhost:8080/login' } },
      400,
      /drive.signedIn: is required/,
    ],
    [
      'a drive address that is a number',
      { plan: 'default', drive: { signIn: 1, signedIn: 'http://localhost:8080/me' } },
      400,
      /drive.signIn: must be an http\(s\) address/,
    ],
    [
      'a re-authentication address that is not one',
      {
        plan: 'default',
        drive: { signIn: 'http://x/l', signedIn: 'http://x/me', reauthenticate: { url: 'x' } },
      },
      400,
      /drive.reauthenticate: must be an http\(s\) address/,
    ],
    [
      'a relative re-authentication address',
      {
        plan: 'default',
        drive: { signIn: 'http://x/l', signedIn: 'http://x/me', reauthenticate: '/reauth' },
      },
      400,
      /drive.reauthenticate: must be an absolute http\(s\) address/,
    ],
    [
      'a drive text that is an array',
      {
        plan: 'default',
        drive: { signIn: 'http://x/l', signedIn: 'http://x/me', identityText: ['PATEL'] },
      },
      400,
      /drive.identityText: must be a non-empty string/,
    ],
    [
      'a step naming an unknown scenario',
      { plan: { ...PLAN, steps: [step('a', 'sign-in', { scenario: 'no-such' })] } },
      400,
      /step 1 \(a\): no scenario has the id "no-such"/,
    ],
  ];
  it.each(cases)('%s', async (_name, body, code, message) => {
    const h = await harness();
    const before = structuredClone(h.config());
    const res = await start(h, body);
    expect(res.status).toBe(code);
    expect(res.body.error_description).toMatch(message);
    expect((await status(h)).state).toBe('idle');
    expect(h.config()).toEqual(before);
    await expectStillServing(h.app);
  });

  it('refuses invalid JSON and a second start while running', async () => {
    const h = await harness();
    const bad = await request(h.app)
      .post(`${API}/start`)
      .set('Content-Type', 'application/json')
      .send('{');
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toBe('the body is not valid JSON');
    await start(h, { plan: PLAN }).expect(201);
    const again = await start(h, { plan: 'default' }).expect(409);
    expect(again.body.error_description).toMatch(/is in progress/);
    expect((await status(h)).plan?.name).toBe('Small');
    await request(h.app).post(`${API}/stop`).expect(200);
    await request(h.app).post(`${API}/stop`).expect(409);
  });
});

describe('rp-check API: a run', () => {
  it('judges each step with what the tester saw, and restores the configuration', async () => {
    const h = await harness();
    const before = structuredClone(h.config());
    const started = await start(h, { plan: PLAN }).expect(201);
    expect(started.body).toMatchObject({ state: 'running', currentStep: 0, attended: true });
    expect(started.body.steps[0].status).toBe('observing');
    expect(started.body.steps[2].ask).toEqual({
      identity: true,
      returnCode: false,
      reauthenticate: false,
      claims: ['https://vocab.account.gov.uk/v1/coreIdentityJWT'],
    });

    await signIn(h);
    // The journey ended at /userinfo: the window asks what the service showed, and waits.
    let s = await waitFor(h, (x) => x.steps[0]?.status === 'waiting');
    await new Promise((r) => setTimeout(r, 1300));
    expect((await status(h)).currentStep).toBe(0);
    await outcome(h, 'happy', { signedIn: true }).expect(200);
    s = await waitFor(h, (x) => x.currentStep === 1);
    expect(s.steps[0]).toMatchObject({ status: 'passed', decidedBy: 'judge' });
    expect(s.steps[0]?.reason).toMatch(
      /^Signed in: \/authorize #\d+, \/token #\d+, \/userinfo #\d+\. Seen: the tester reported the user signed in\.$/,
    );
    expect(s.steps[0]?.evidence).toHaveLength(3);
    expect(h.config().errorConfiguration.idTokenErrors).toEqual(['INVALID_ISS']);

    // A verdict for a step that is not waiting: 409, nothing changes.
    const early = await verdict(h, { step: 'core', verdict: 'pass' }).expect(409);
    expect(early.body.error_description).toBe(
      'step "core" is not waiting for a verdict (it is pending)',
    );
    const decided = await verdict(h, { step: 'happy', verdict: 'fail' }).expect(409);
    expect(decided.body.error_description).toMatch(/is not waiting for a verdict \(it is passed\)/);

    await signIn(h, { userinfo: false });
    s = await waitFor(h, (x) => x.steps[1]?.status === 'waiting');
    await outcome(h, 'bad-iss', { signedIn: false, note: 'error page' }).expect(200);
    s = await waitFor(h, (x) => x.currentStep === 2);
    expect(s.steps[1]).toMatchObject({
      status: 'passed',
      outcome: { source: 'tester', signedIn: false, note: 'error page' },
    });
    expect(s.steps[1]?.reason).toMatch(
      /^Redeemed the code at \/token #\d+, did not call \/userinfo and did not sign the user in \(the tester reported the user not signed in \("error page"\)\)\.$/,
    );

    await signIn(h, { identity: true });
    s = await waitFor(h, (x) => x.steps[2]?.status === 'waiting');
    expect(s.steps[2]?.reason).toMatch(/returned a defective core identity JWT/);
    expect(s.state).toBe('running');

    const res = await verdict(h, {
      step: 'core',
      verdict: 'pass',
      note: 'refused: bad signature',
    }).expect(200);
    const done = res.body as RpCheckStatus;
    expect(done.state).toBe('finished');
    expect(done.steps[2]).toMatchObject({
      status: 'passed',
      decidedBy: 'tester',
      note: 'refused: bad signature',
    });
    expect(done.summary).toEqual({
      total: 3,
      passed: 3,
      failed: 0,
      skipped: 0,
      notJudged: 0,
      pending: 0,
      judged: 3,
    });
    expect({ ...h.config(), simulatorUrl: '' }).toEqual({ ...before, simulatorUrl: '' });

    // Retry the last step of a finished run: it runs again.
    const retried = await verdict(h, { step: 'core', verdict: 'retry' }).expect(200);
    expect(retried.body).toMatchObject({ state: 'running', currentStep: 2 });
    expect(retried.body.steps[2]).toMatchObject({ status: 'observing', attempts: 2 });
    await verdict(h, { step: 'core', verdict: 'skip', note: 'later' }).expect(200);
    expect((await status(h)).steps[2]).toMatchObject({
      status: 'skipped',
      reason: 'Skipped by the tester: later',
    });
  });

  it("lowers discovery's and the key set's max-age to the plan's for the run", async () => {
    const h = await harness();
    const maxAge = async () => [
      (await request(h.app).get('/.well-known/openid-configuration')).headers['cache-control'],
      (await request(h.app).get('/.well-known/jwks.json')).headers['cache-control'],
    ];
    expect(await maxAge()).toEqual(['max-age=86400', 'max-age=86400']);
    await start(h, { plan: { ...PLAN, keySetMaxAgeSeconds: 5 } }).expect(201);
    expect(await maxAge()).toEqual(['max-age=5', 'max-age=5']);
    await request(h.app).post(`${API}/stop`).expect(200);
    expect(await maxAge()).toEqual(['max-age=86400', 'max-age=86400']);
  });

  it('fails an ID token defect step when the client calls /userinfo', async () => {
    const h = await harness();
    await start(h, { plan: { ...PLAN, steps: [PLAN.steps[1]] } }).expect(201);
    await signIn(h);
    await waitFor(h, (x) => x.steps[0]?.status === 'waiting');
    // Reported refused, but /userinfo was called: both facts in the reason.
    await outcome(h, 'bad-iss', { signedIn: false }).expect(200);
    const s = await waitFor(h, (x) => x.state === 'finished');
    expect(s.steps[0]?.status).toBe('failed');
    expect(s.steps[0]?.reason).toMatch(
      /\/userinfo #\d+ was called with the access token from \/token #\d+.*, although the tester reported the user not signed in\.$/,
    );
  });

  it('unattended: a step only a tester can judge is "not judged", never passed', async () => {
    const h = await harness();
    await start(h, { plan: { ...PLAN, steps: [PLAN.steps[2]] }, attended: false }).expect(201);
    await signIn(h, { identity: true });
    const s = await waitFor(h, (x) => x.state === 'finished');
    expect(s.steps[0]?.status).toBe('not-judged');
    expect(s.steps[0]?.reason).toMatch(/^Not judged: no one said what the service showed\./);
    expect(s.summary.notJudged).toBe(1);
  });

  it('verdict: refuses bad input with 400 and unknown or undecidable steps', async () => {
    const h = await harness();
    await verdict(h, { step: 'happy', verdict: 'pass' }).expect(409); // no run yet
    await start(h, { plan: PLAN }).expect(201);
    const bad: unknown[] = [
      [],
      'pass',
      null,
      { step: 'happy' },
      { step: 'happy', verdict: 'maybe' },
      { step: 5, verdict: 'pass' },
      { step: ['happy'], verdict: 'pass' },
      { step: 'happy', verdict: 'pass', note: {} },
      { step: 'happy', verdict: 'pass', note: 'x'.repeat(2001) },
      { step: 'happy', verdict: 'pass', extra: true },
      { step: 'nope', verdict: 'pass' },
    ];
    for (const body of bad) {
      const res = await verdict(h, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    const s = await status(h);
    expect(s.steps[0]?.status).toBe('observing');
    // The tester may decide the current step before the judge does.
    await verdict(h, { step: 'happy', verdict: 'fail', note: 'error page was blank' }).expect(200);
    expect((await status(h)).steps[0]).toMatchObject({ status: 'failed', decidedBy: 'tester' });
    await expectStillServing(h.app);
  });

  it('outcome: refuses bad input with 400 and changes nothing; 409 for a step not waiting', async () => {
    const h = await harness();
    await outcome(h, 'happy', { signedIn: true }).expect(409); // no run yet
    await start(h, { plan: PLAN }).expect(201);
    const bad: unknown[] = [
      [],
      'yes',
      null,
      5,
      {},
      { signedIn: 'true' },
      { signedIn: 1 },
      { signedIn: null },
      { signedIn: {} },
      { signedIn: [true] },
      { signedIn: true, identityAccepted: 'no' },
      { signedIn: true, identityAccepted: null },
      { signedIn: true, identityAccepted: [] },
      { signedIn: true, note: {} },
      { signedIn: true, note: 5 },
      { signedIn: true, note: 'x'.repeat(2001) },
      { signedIn: true, extra: true },
    ];
    const before = await status(h);
    for (const body of bad) {
      const res = await outcome(h, 'happy', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.error_description, JSON.stringify(body)).toMatch(/\S/);
    }
    const broken = await request(h.app)
      .post(`${API}/steps/happy/outcome`)
      .set('Content-Type', 'application/json')
      .send('{"signedIn":');
    expect(broken.status).toBe(400);
    expect(await status(h)).toEqual(before);
    // No sign-in yet, an unknown step, a step that is not current: refused, nothing changes.
    const early = await outcome(h, 'happy', { signedIn: true }).expect(409);
    expect(early.body.error_description).toMatch(/has seen no sign-in yet/);
    await outcome(h, 'nope', { signedIn: true }).expect(400);
    await outcome(h, 'core', { signedIn: true }).expect(409);
    expect(await status(h)).toEqual(before);
    await expectStillServing(h.app);
  });

  it('report: JSON, JUnit and HTML, 409 before a run, 400 for an unknown format', async () => {
    const h = await harness();
    await request(h.app).get(`${API}/report`).expect(409);
    await start(h, { plan: PLAN }).expect(201);
    await request(h.app).post(`${API}/stop`).expect(200);
    const json = await request(h.app).get(`${API}/report?format=json`).expect(200);
    expect(json.headers['content-disposition']).toBe('attachment; filename="rp-check-custom.json"');
    expect(JSON.parse(json.text)).toMatchObject({
      state: 'finished',
      summary: { total: 3, pending: 3 },
    });
    const xml = await request(h.app).get(`${API}/report?format=junit`).expect(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.text).toContain(
      '<testsuite name="Small" tests="3" failures="0" errors="0" skipped="3"',
    );
    const html = await request(h.app).get(`${API}/report?format=html`).expect(200);
    expect(html.text).toMatch(/^<!doctype html>/);
    for (const f of ['pdf', '']) await request(h.app).get(`${API}/report?format=${f}`).expect(400);
    await request(h.app).get(`${API}/report?format=json&format=html`).expect(200);
  });
});
