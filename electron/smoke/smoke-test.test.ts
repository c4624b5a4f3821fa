import { describe, expect, it } from 'vitest';
import { createSmokeTest, SMOKE_CHECKS } from './smoke-test.js';

describe('createSmokeTest', () => {
  it('passes once every check has passed, in any order, and only once', () => {
    const smoke = createSmokeTest();
    expect(smoke.record({ kind: 'passed', check: 'ui', detail: 'UI rendered' })).toBeUndefined();
    expect(smoke.record({ kind: 'passed', check: 'worker', detail: 'worker ok' })).toBeUndefined();
    expect(smoke.missing).toEqual(['provider']);
    expect(smoke.record({ kind: 'passed', check: 'provider', detail: 'provider ok' })).toEqual({
      code: 0,
      line: 'Smoke test passed: provider ok; UI rendered; worker ok.',
    });
    expect(smoke.record({ kind: 'failed', reason: 'late' })).toBeUndefined();
    expect(smoke.timedOut(60_000)).toBeUndefined();
  });

  it('fails at the first failure, with its reason, even after some checks passed', () => {
    const smoke = createSmokeTest();
    smoke.record({ kind: 'passed', check: 'provider', detail: 'provider ok' });
    expect(smoke.record({ kind: 'failed', reason: 'port 3000 is in use' })).toEqual({
      code: 1,
      line: 'Smoke test failed: port 3000 is in use',
    });
    expect(smoke.record({ kind: 'passed', check: 'ui', detail: 'x' })).toBeUndefined();
    expect(smoke.record({ kind: 'passed', check: 'worker', detail: 'x' })).toBeUndefined();
  });

  it('names what never happened when time runs out', () => {
    const smoke = createSmokeTest();
    smoke.record({ kind: 'passed', check: 'provider', detail: 'provider ok' });
    expect(smoke.timedOut(90_000)).toEqual({
      code: 1,
      line: "Smoke test failed: no sign of the window's UI rendering, the Argon2id worker hashing a secret after 90 s.",
    });
  });

  it('waits for the provider, the UI and the worker', () => {
    expect(SMOKE_CHECKS).toEqual(['provider', 'ui', 'worker']);
    expect(createSmokeTest().missing).toEqual(['provider', 'ui', 'worker']);
  });
});
