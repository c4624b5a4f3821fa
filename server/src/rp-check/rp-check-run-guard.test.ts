import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../config/config-store.js';
import { PresetStore } from '../presets/preset-store.js';
import { SimulatorEvents } from '../simulator/simulator-events.js';
import { CONFIG, ExchangeFactory } from '../../test/helpers/exchange-factory.js';
import { RpCheckRun, type Timers } from './rp-check-run.js';
import { toPlan } from './parse-plan.js';
import type { Exchange } from '../log/exchange-types.js';

/** Timers run at once when fired; `fire` returns what a callback threw, if anything. */
function heldTimers() {
  const pending: (() => void)[] = [];
  const timers: Timers = {
    set: (fn) => pending.push(fn),
    clear: () => undefined,
  };
  return {
    timers,
    fire(): unknown {
      try {
        for (const fn of pending.splice(0)) fn();
        return undefined;
      } catch (e) {
        return e;
      }
    },
  };
}

/** A token exchange whose every read of its tokens throws, as a hostile record might. */
function brokenToken(f: ExchangeFactory): Exchange {
  const e = f.make('token', { journeyId: 'j' });
  Object.defineProperty(e, 'tokens', {
    get() {
      throw new RangeError('Maximum call stack size exceeded');
    },
  });
  return e;
}

function setup() {
  const events = new SimulatorEvents();
  const t = heldTimers();
  const run = new RpCheckRun({
    config: new ConfigStore(CONFIG),
    presets: new PresetStore(undefined),
    events,
    clock: () => Date.parse('2026-01-01T12:00:00Z'),
    timers: t.timers,
  });
  const step = {
    id: 'a',
    title: 'a',
    kind: 'sign-in' as const,
    instruction: 'i',
    expectation: 'e',
  };
  const plan = toPlan({ name: 'P', timeoutSeconds: 2, waitSeconds: 30, steps: [step] }, 'p');
  return { events, run, plan, t, f: new ExchangeFactory() };
}

describe('RpCheckRun guards its timers and listeners', () => {
  it('a judge that throws in the quiet timer fails the step with a reason, nothing escapes', () => {
    const s = setup();
    s.run.start(s.plan, { attended: false });
    expect(() => s.events.emit('exchange', s.f.authorize('j'))).not.toThrow();
    expect(() => s.events.emit('exchange', brokenToken(s.f))).not.toThrow();
    expect(s.t.fire()).toBeUndefined();
    const st = s.run.status();
    expect(st.state).toBe('finished');
    expect(st.steps[0]?.status).toBe('failed');
    expect(st.steps[0]?.reason).toContain('Maximum call stack size exceeded');
  });

  it('a judge that throws inside the exchange listener fails the step instead of leaving it observing', () => {
    const s = setup();
    s.run.start(s.plan, { attended: true });
    s.events.emit('exchange', s.f.authorize('j'));
    s.events.emit('exchange', brokenToken(s.f));
    // A /userinfo ends the journey at once: the judge runs inside the listener.
    expect(() => s.events.emit('exchange', s.f.make('userinfo', { journeyId: 'j' }))).not.toThrow();
    const st = s.run.status();
    expect(st.steps[0]?.status).toBe('failed');
    expect(st.steps[0]?.reason).toMatch(/could not read/);
  });
});
