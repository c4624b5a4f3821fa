import { describe, expect, it } from 'vitest';
import type { RpCheckStatus, StepResult } from '../../../server/src/contract.js';
import { createFakeAdminClient, settle } from '../../test/fake-admin-client.js';
import type { RpCheckClient } from '../api/rp-check-client.js';
import { err, ok } from '../api/result.js';
import { createAppStore } from './create-app-store.js';
import {
  EMPTY_DRIVE_FORM,
  currentRpStep,
  driveSettingsOf,
  retryableRpStep,
} from './rp-check-slice.js';

const stepOf = (id: string, status: StepResult['status']): StepResult => ({
  id,
  title: id,
  kind: 'sign-in',
  instruction: 'i',
  expectation: 'e',
  ask: { identity: false, returnCode: false, reauthenticate: false, claims: [] },
  status,
  exchanges: [],
  evidence: [],
  checks: [],
  attempts: status === 'pending' ? 0 : 1,
});
const running = (current: number, statuses: StepResult['status'][]): RpCheckStatus => ({
  state: 'running',
  plan: { id: 'default', name: 'Default', description: '' },
  attended: true,
  timeoutSeconds: 10,
  waitSeconds: 120,
  currentStep: current,
  steps: statuses.map((s, i) => stepOf(`s${i}`, s)),
  summary: {
    total: statuses.length,
    passed: 0,
    failed: 0,
    skipped: 0,
    notJudged: 0,
    pending: 0,
    judged: 0,
  },
});

function setup(overrides: Partial<RpCheckClient> = {}) {
  const calls: string[] = [];
  const client: RpCheckClient = {
    listPlans: async () => {
      calls.push('plans');
      return ok({
        items: [{ id: 'default', name: 'Default', description: '', builtIn: true, stepCount: 2 }],
        problems: [],
        dataDir: null,
      });
    },
    getPlan: async () => err({ kind: 'unexpected', message: 'no' }),
    getStatus: async () => {
      calls.push('status');
      return ok(running(0, ['observing', 'pending']));
    },
    start: async (plan) => {
      calls.push(`start:${plan}`);
      return ok(running(0, ['observing', 'pending']));
    },
    verdict: async (step, verdict, note) => {
      calls.push(`verdict:${step}:${verdict}:${note ?? ''}`);
      return ok(running(1, ['passed', 'observing']));
    },
    outcome: async (step, outcome) => {
      calls.push(`outcome:${step}:${JSON.stringify(outcome)}`);
      return ok(running(1, ['passed', 'observing']));
    },
    stop: async () => ok({ ...running(0, ['pending', 'pending']), state: 'finished' }),
    ...overrides,
  };
  const timers = new Map<number, () => void>();
  let next = 0;
  const store = createAppStore({
    api: createFakeAdminClient().client,
    rpCheck: client,
    now: () => 0,
    schedule: (fn) => {
      timers.set(++next, fn);
      return next;
    },
    cancel: (h) => void timers.delete(h as number),
  });
  return { store, calls, timers };
}

describe('rp-check slice', () => {
  it('starts the chosen plan and sends verdicts with the note, clearing it', async () => {
    const { store, calls } = setup();
    store.getState().chooseRpPlan('default');
    await store.getState().startRpCheck();
    expect(calls).toContain('start:default');
    expect(store.getState().rpStatus?.state).toBe('running');
    store.getState().setRpNote('  looked right  ');
    await store.getState().sendRpVerdict('s0', 'pass');
    expect(calls).toContain('verdict:s0:pass:looked right');
    expect(store.getState().rpNote).toBe('');
    expect(store.getState().rpStatus?.currentStep).toBe(1);
  });

  it('sends the answer to "what did your service show" for the step it names, with the note', async () => {
    const { store, calls } = setup();
    await store.getState().startRpCheck();
    store.getState().setRpNote(' error page ');
    await store.getState().sendRpOutcome('s0', { signedIn: false });
    await store.getState().sendRpOutcome('s1', { signedIn: true, identityAccepted: false });
    expect(calls).toContain('outcome:s0:{"signedIn":false,"note":"error page"}');
    expect(calls).toContain('outcome:s1:{"signedIn":true,"identityAccepted":false}');
    expect(store.getState().rpNote).toBe('');
  });

  it('"Drive my service for me": starts with the addresses typed, trimmed, empty ones left out', async () => {
    const seen: unknown[] = [];
    const { store } = setup({
      start: async (_plan, options) => {
        seen.push(options);
        return ok(running(0, ['observing']));
      },
    });
    store.getState().setRpDrive({
      signIn: ' http://localhost:8080/login ',
      signedIn: 'http://localhost:8080/account',
      signOut: '  ',
    });
    await store.getState().startRpCheck();
    store.getState().setRpDrive({ enabled: true });
    await store.getState().startRpCheck();
    expect(seen).toEqual([
      { attended: true },
      {
        attended: true,
        drive: { signIn: 'http://localhost:8080/login', signedIn: 'http://localhost:8080/account' },
      },
    ]);
    expect(driveSettingsOf({ ...EMPTY_DRIVE_FORM, identityText: 'PATEL' })).toBeUndefined();
    // The re-authentication address is sent as typed (the server checks it: a 400 otherwise).
    expect(
      driveSettingsOf({
        ...EMPTY_DRIVE_FORM,
        enabled: true,
        signIn: 'http://x/l',
        signedIn: 'http://x/me',
        reauthenticate: ' http://x/reauthenticate ',
      }),
    ).toEqual({
      signIn: 'http://x/l',
      signedIn: 'http://x/me',
      reauthenticate: 'http://x/reauthenticate',
    });
  });

  it('a service that does not answer: the sign-in field is marked and the sentence shown, nothing runs', async () => {
    const { store } = setup({
      start: async () =>
        err({
          kind: 'invalid',
          status: 422,
          message: 'the service did not answer at http://127.0.0.1:1/login (ECONNREFUSED)',
          issues: [{ path: 'drive.signIn', message: 'could not be reached: ECONNREFUSED' }],
        }),
    });
    store.getState().setRpDrive({
      enabled: true,
      signIn: 'http://127.0.0.1:1/login',
      signedIn: 'http://127.0.0.1:1/me',
    });
    const before = store.getState().rpStatus;
    await store.getState().startRpCheck();
    expect(store.getState().rpDriveIssues).toEqual({
      signIn: 'Sign-in address could not be reached: ECONNREFUSED',
    });
    expect(store.getState().rpStartError).toBe(
      'The check did not start: the service did not answer at http://127.0.0.1:1/login (ECONNREFUSED).',
    );
    expect(store.getState().rpStatus).toBe(before);
    expect(store.getState().rpBusy).toBe(false);
  });

  it('shows a refused call as an error and keeps the status it had', async () => {
    const { store } = setup({
      verdict: async () =>
        err({
          kind: 'http',
          status: 409,
          message: 'step "s1" is not waiting for a verdict (it is pending)',
        }),
    });
    await store.getState().startRpCheck();
    const before = store.getState().rpStatus;
    store.getState().setRpNote('keep me');
    await store.getState().sendRpVerdict('s1', 'pass');
    expect(store.getState().rpError).toBe(
      'The simulator answered 409: step "s1" is not waiting for a verdict (it is pending)',
    );
    expect(store.getState().rpStatus).toBe(before);
    expect(store.getState().rpNote).toBe('keep me');
    expect(store.getState().rpBusy).toBe(false);
  });

  it('watching loads the plans and polls the status until stopped', async () => {
    const { store, calls, timers } = setup();
    const stop = store.getState().watchRpCheck();
    await settle();
    expect(calls.filter((c) => c === 'plans')).toHaveLength(1);
    expect(calls.filter((c) => c === 'status')).toHaveLength(1);
    expect(timers.size).toBe(1);
    const due = [...timers.values()];
    timers.clear();
    for (const fn of due) fn();
    await settle();
    expect(calls.filter((c) => c === 'status')).toHaveLength(2);
    stop();
    expect(timers.size).toBe(0);
  });

  it('keeps a chosen plan that still exists, else falls back to the first', async () => {
    const { store } = setup();
    store.getState().chooseRpPlan('gone');
    await store.getState().loadRpPlans();
    expect(store.getState().rpPlanId).toBe('default');
  });
});

describe('currentRpStep and retryableRpStep', () => {
  it('answer the step the run is on and the last one decided', () => {
    const s = running(1, ['failed', 'observing', 'pending']);
    expect(currentRpStep(s)?.id).toBe('s1');
    expect(retryableRpStep(s)?.id).toBe('s0');
    expect(retryableRpStep(running(0, ['observing']))).toBeUndefined();
    const finished = {
      ...s,
      state: 'finished' as const,
      steps: s.steps.map((x) => ({ ...x, status: 'passed' as const })),
    };
    expect(currentRpStep(finished)).toBeUndefined();
    expect(retryableRpStep(finished)?.id).toBe('s2');
    expect(currentRpStep(null)).toBeUndefined();
  });
});
