import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../config/config-store.js';
import { PresetStore } from '../presets/preset-store.js';
import { SimulatorEvents } from '../simulator/simulator-events.js';
import { CONFIG, ExchangeFactory } from '../../test/helpers/exchange-factory.js';
import { RpCheckRun, type Timers } from './rp-check-run.js';
import { toPlan } from './parse-plan.js';
import type { PlanStepDocument, RpCheckStatus } from './rp-check-types.js';

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  const timers: Timers = {
    set: (fn, ms) => {
      pending.set(++next, { fn, ms });
      return next;
    },
    clear: (h) => pending.delete(h as number),
  };
  return {
    timers,
    pending,
    fire(ms: number) {
      for (const [h, t] of [...pending])
        if (t.ms === ms) {
          pending.delete(h);
          t.fn();
        }
    },
  };
}

const step = (id: string, kind: PlanStepDocument['kind'], extra: Partial<PlanStepDocument> = {}) =>
  ({ id, title: id, kind, instruction: 'i', expectation: 'e', ...extra }) as PlanStepDocument;

function setup(steps: PlanStepDocument[], extra: { keySetMaxAgeSeconds?: number } = {}) {
  const config = new ConfigStore(CONFIG);
  const events = new SimulatorEvents();
  const t = manualTimers();
  const keySetCache = { maxAgeSeconds: undefined as number | undefined };
  const run = new RpCheckRun({
    keySetCache,
    config,
    presets: new PresetStore(undefined),
    events,
    clock: () => Date.parse('2026-01-01T12:00:00Z'),
    timers: t.timers,
  });
  const plan = toPlan({ name: 'P', timeoutSeconds: 2, waitSeconds: 30, ...extra, steps }, 'p');
  const f = new ExchangeFactory();
  return {
    config,
    keySetCache,
    events,
    run,
    plan,
    t,
    f,
    emit: (...xs: ReturnType<ExchangeFactory['make']>[]) =>
      xs.forEach((x) => events.emit('exchange', x)),
  };
}

describe('RpCheckRun', () => {
  it('ends a journey after the idle timeout, then asks the tester and never moves on alone', () => {
    const s = setup([step('a', 'id-token-defect'), step('b', 'sign-in')]);
    s.run.start(s.plan, { attended: true });
    s.emit(s.f.authorize('j'), s.f.token('j'));
    expect(s.run.status().steps[0]?.status).toBe('observing');
    expect(s.run.status().steps[0]?.exchanges).toHaveLength(2);
    s.t.fire(2000);
    expect(s.run.status().steps[0]?.status).toBe('waiting');
    expect(s.t.pending.size).toBe(0);
    expect(s.run.status().currentStep).toBe(0);
    const r = s.run.outcome('a', { signedIn: false, note: 'error page' });
    expect(r.ok).toBe(true);
    const st = s.run.status();
    expect(st.steps[0]).toMatchObject({
      status: 'passed',
      decidedBy: 'judge',
      outcome: { source: 'tester', signedIn: false, note: 'error page' },
    });
    expect(st.currentStep).toBe(1);
  });

  it('an answer names its step: one for a step already decided changes nothing', () => {
    const s = setup([step('a', 'id-token-defect'), step('b', 'id-token-defect')]);
    s.run.start(s.plan, { attended: true });
    s.emit(s.f.authorize('j'), s.f.token('j'));
    s.t.fire(2000);
    s.run.outcome('a', { signedIn: true });
    expect(s.run.status().steps[0]?.status).toBe('failed');
    const before = s.run.status();
    expect(s.run.outcome('a', { signedIn: false })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'step "a" is not waiting for an outcome (it is failed)' },
    });
    // The next step has seen no sign-in: an answer for it is refused too.
    expect(s.run.outcome('b', { signedIn: false })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(s.run.outcome('zzz', { signedIn: false })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(s.run.status()).toEqual(before);
  });

  it("unattended: a verdict that needs the user's view waits one quiet timeout for a posted outcome", () => {
    const s = setup([step('a', 'id-token-defect'), step('b', 'id-token-defect')]);
    s.run.start(s.plan, { attended: false });
    s.emit(s.f.authorize('j'), s.f.token('j'));
    s.t.fire(2000);
    expect(s.run.status().steps[0]?.status).toBe('waiting');
    s.t.fire(2000);
    expect(s.run.status().steps[0]).toMatchObject({ status: 'not-judged' });
    expect(s.run.status().steps[0]?.reason).toMatch(
      /^Not judged: no one said what the service showed\. Redeemed the code/,
    );
    // A test suite's outcome posted while the journey is observed ends it.
    s.emit(s.f.authorize('k'), s.f.token('k'));
    s.run.outcome('b', { signedIn: false });
    expect(s.run.status()).toMatchObject({ state: 'finished' });
    expect(s.run.status().steps[1]?.status).toBe('passed');
  });

  it('calibrates on the happy sign-in: a probe that never sees a sign-in proves no refusal', () => {
    const s = setup([step('happy', 'sign-in'), step('a', 'id-token-defect')]);
    s.run.start(s.plan, { attended: true });
    s.emit(s.f.authorize('j'), s.f.token('j'), s.f.userinfo('j'));
    s.run.outcome('happy', { signedIn: false });
    expect(s.run.status().steps[0]?.status).toBe('failed');
    s.emit(s.f.authorize('k'), s.f.token('k'));
    s.t.fire(2000);
    s.run.outcome('a', { signedIn: false });
    expect(s.run.status().steps[1]).toMatchObject({ status: 'not-judged' });
    expect(s.run.status().steps[1]?.reason).toMatch(/good sign-in \(step "happy"\)/);
  });

  it("starts the idle timer only at the step's first /authorize", () => {
    const s = setup([step('a', 'sign-in')]);
    s.run.start(s.plan, { attended: true });
    s.emit(s.f.make('did'), s.f.jwks());
    expect(s.run.status().steps[0]?.exchanges).toHaveLength(2);
    expect(s.t.pending.size).toBe(0);
    s.emit(s.f.authorize('j'));
    expect(s.t.pending.size).toBe(1);
    s.emit(s.f.token('j'), s.f.userinfo('j'));
    expect(s.run.status().steps[0]?.status).toBe('waiting');
    expect(s.t.pending.size).toBe(0);
    s.run.outcome('a', { signedIn: true });
    expect(s.run.status().steps[0]?.status).toBe('passed');
  });

  it('ignores exchanges of the admin API and /config, and those between steps', () => {
    const s = setup([step('a', 'sign-in')]);
    s.emit(s.f.authorize('early')); // before the run
    s.run.start(s.plan, { attended: true });
    s.emit(s.f.make('config'), s.f.make('other'), s.f.make('trustmark'));
    expect(s.run.status().steps[0]?.exchanges).toEqual([]);
    expect(s.t.pending.size).toBe(0);
  });

  it('attended runs wait for the first request without a timer; unattended ones give up after waitSeconds', () => {
    const s = setup([step('a', 'sign-in')]);
    s.run.start(s.plan, { attended: true });
    expect(s.t.pending.size).toBe(0);
    s.run.stop();
    const u = setup([step('a', 'sign-in'), step('b', 'sign-in')]);
    u.run.start(u.plan, { attended: false });
    u.t.fire(30_000);
    const st = u.run.status();
    expect(st.steps[0]).toMatchObject({
      status: 'failed',
      reason: 'No sign-in reached /authorize during the step.',
    });
    expect(st.currentStep).toBe(1);
  });

  it('stops observing at a sign-in loop', () => {
    const s = setup([step('a', 'id-token-defect')]);
    s.run.start(s.plan, { attended: true });
    s.emit(s.f.authorize('j'), s.f.token('j'), s.f.authorize('k'), s.f.authorize('m'));
    expect(s.run.status().steps[0]?.status).toBe('waiting');
    s.run.outcome('a', { signedIn: false });
    const st = s.run.status();
    expect(st.state).toBe('finished');
    expect(st.steps[0]?.status).toBe('failed');
    expect(st.steps[0]?.reason).toMatch(/a sign-in loop/);
  });

  it('applies each step over the configuration before the run, and restores it at the end', () => {
    const s = setup([
      step('a', 'sign-in', { scenario: 'pkce-enforced' }),
      step('b', 'sign-in', {
        scenario: { name: 'x', errorConfiguration: { idTokenErrors: ['INVALID_AUD'] } },
      }),
    ]);
    const finished: RpCheckStatus[] = [];
    s.run.onFinished((st) => finished.push(st));
    s.run.start(s.plan, { attended: true });
    expect(s.config.get().clientConfiguration.pkceEnforced).toBe(true);
    s.run.verdict('a', 'skip', undefined);
    expect(s.config.get().clientConfiguration.pkceEnforced).toBe(false);
    expect(s.config.get().errorConfiguration.idTokenErrors).toEqual(['INVALID_AUD']);
    s.run.verdict('b', 'pass', 'looked fine');
    expect(s.config.get()).toEqual(CONFIG);
    expect(finished).toHaveLength(1);
    expect(finished[0]?.summary).toMatchObject({ skipped: 1, passed: 1 });
  });

  it('refuses a plan whose scenario does not exist, and a verdict that cannot apply', () => {
    const s = setup([step('a', 'sign-in', { scenario: 'no-such-scenario' })]);
    const r = s.run.start(s.plan, { attended: true });
    expect(r).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'step 1 (a): no scenario has the id "no-such-scenario"' },
    });
    expect(s.run.status().state).toBe('idle');
    expect(s.run.verdict('a', 'pass', undefined)).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    const t = setup([step('a', 'sign-in'), step('b', 'sign-in')]);
    t.run.start(t.plan, { attended: true });
    expect(t.run.verdict('b', 'pass', undefined)).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(t.run.verdict('b', 'retry', undefined)).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(t.run.verdict('zzz', 'pass', undefined)).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(t.run.start(t.plan, { attended: true })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(t.run.start(t.plan, { attended: true, timeoutSeconds: 0 })).toMatchObject({ ok: false });
  });

  it('key rotation: publishes the new key, waits the key set max-age, then signs with it', () => {
    const s = setup(
      [
        step('a', 'sign-in'),
        step('rot', 'key-rotation', { scenario: 'key-rotation-new-keys-in-use' }),
      ],
      { keySetMaxAgeSeconds: 3 },
    );
    s.run.start(s.plan, { attended: true });
    // Clients are told to cache discovery and the key set for the plan's max-age only.
    expect(s.keySetCache.maxAgeSeconds).toBe(3);
    s.run.verdict('a', 'skip', undefined);
    const keys = () => {
      const c = s.config.get();
      return [c.publishNewIdTokenKeysEnabled, c.usingNewIdTokenSigningKeys];
    };
    expect(keys()).toEqual([true, false]);
    expect(s.run.status().steps[1]).toMatchObject({ status: 'pending' });
    expect(s.run.status().steps[1]?.reason).toMatch(/published; it signs in 3 s/);
    // A request during the wait is no part of the step.
    s.emit(s.f.jwks());
    expect(s.run.status().steps[1]?.exchanges).toEqual([]);
    s.t.fire(3000);
    expect(keys()).toEqual([true, true]);
    expect(s.run.status().steps[1]).toMatchObject({ status: 'observing' });
    s.run.stop();
    expect(s.keySetCache.maxAgeSeconds).toBeUndefined();
    expect(s.t.pending.size).toBe(0);
  });

  it('retries the last decided step while the next one has just begun', () => {
    const s = setup([step('a', 'sign-in'), step('b', 'sign-in')]);
    s.run.start(s.plan, { attended: true });
    s.run.verdict('a', 'fail', undefined);
    expect(s.run.status().currentStep).toBe(1);
    const r = s.run.verdict('a', 'retry', undefined);
    expect(r.ok).toBe(true);
    const st = s.run.status();
    expect(st.currentStep).toBe(0);
    expect(st.steps[0]).toMatchObject({ status: 'observing', attempts: 2 });
    expect(st.steps[1]).toMatchObject({ status: 'pending' });
  });
});
