import { describe, expect, it } from 'vitest';
import { createTestStore, settle } from '../../test/fake-admin-client.js';
import type { ConfigRequestBody } from '../api/config-body.js';
import { countErrors, EMPTY_ERRORS, faultAt, setFaultIn, toggleError } from './scenario-slice.js';
import { selectors } from './selectors.js';

describe('toggleError', () => {
  it('adds and removes a name, keeping the other groups', () => {
    const on = toggleError(EMPTY_ERRORS, 'idTokenErrors', 'INVALID_SIGNATURE', true);
    expect(on.idTokenErrors).toEqual(['INVALID_SIGNATURE']);
    expect(on.coreIdentityErrors).toBe(EMPTY_ERRORS.coreIdentityErrors);
    expect(toggleError(on, 'idTokenErrors', 'INVALID_SIGNATURE', false).idTokenErrors).toEqual([]);
  });

  it('returns the same value when nothing changes', () => {
    expect(toggleError(EMPTY_ERRORS, 'authoriseErrors', 'ACCESS_DENIED', false)).toBe(EMPTY_ERRORS);
  });

  it('counts every active toggle', () => {
    expect(
      countErrors({
        authoriseErrors: ['A'],
        idTokenErrors: ['B', 'C'],
        coreIdentityErrors: [],
        tokenErrors: [],
        userInfoErrors: [],
        faults: [],
      }),
    ).toBe(3);
  });
});

describe('scenario actions', () => {
  it('posts the whole current configuration with the new toggles, not the unapplied form', async () => {
    const { store, calls } = createTestStore();
    await store.getState().loadConfig();
    store.getState().editDraft((d) => ({ ...d, interactiveMode: true }));
    const done = store.getState().setScenario('idTokenErrors', 'INVALID_SIGNATURE', true);
    expect(selectors.activeErrors(store.getState()).idTokenErrors).toEqual(['INVALID_SIGNATURE']);
    await done;
    const body = calls.find((c) => c.name === 'postConfig')?.body as ConfigRequestBody;
    expect(body.errorConfiguration.idTokenErrors).toEqual(['INVALID_SIGNATURE']);
    expect(body.interactiveMode).toBe(false);
    expect(body.clientConfiguration.clientId).toBeTruthy();
    expect(store.getState().current?.errorConfiguration.idTokenErrors).toEqual([
      'INVALID_SIGNATURE',
    ]);
    expect(store.getState().pendingErrors).toBeNull();
    // The form's edit survives.
    expect(store.getState().draft?.interactiveMode).toBe(true);
  });

  it('sends quick toggles one after another; the last choice wins', async () => {
    const { store, serverConfig } = createTestStore();
    await store.getState().loadConfig();
    const a = store.getState().setScenario('authoriseErrors', 'ACCESS_DENIED', true);
    const b = store.getState().setScenario('idTokenErrors', 'TOKEN_EXPIRED', true);
    const c = store.getState().setScenario('authoriseErrors', 'ACCESS_DENIED', false);
    await Promise.all([a, b, c]);
    expect(serverConfig().errorConfiguration).toEqual({
      authoriseErrors: [],
      idTokenErrors: ['TOKEN_EXPIRED'],
      coreIdentityErrors: [],
      tokenErrors: [],
      userInfoErrors: [],
      faults: [],
    });
    expect(selectors.activeScenarios(store.getState())).toEqual([
      { group: 'idTokenErrors', name: 'TOKEN_EXPIRED' },
    ]);
  });

  it('rolls back to the simulator state and explains a refused toggle', async () => {
    const { store } = createTestStore({
      postConfig: async () => ({
        ok: false,
        error: { kind: 'http', status: 500, message: 'boom' },
      }),
    });
    await store.getState().loadConfig();
    await store.getState().setScenario('authoriseErrors', 'ACCESS_DENIED', true);
    await settle();
    expect(selectors.activeErrors(store.getState()).authoriseErrors).toEqual([]);
    expect(store.getState().scenarioError).toContain('500');
  });

  it('does nothing before the configuration is loaded', async () => {
    const { store, calls } = createTestStore();
    await store.getState().setScenario('authoriseErrors', 'ACCESS_DENIED', true);
    expect(calls.some((c) => c.name === 'postConfig')).toBe(false);
  });

  it('clears every toggle', async () => {
    const { store, serverConfig } = createTestStore();
    await store.getState().loadConfig();
    await store.getState().setScenario('coreIdentityErrors', 'INCORRECT_SUB', true);
    await store.getState().clearScenarios();
    expect(countErrors(serverConfig().errorConfiguration)).toBe(0);
  });
});

describe('faults in the error configuration', () => {
  it('one outage-or-drop and one latency per endpoint; off removes only that one', () => {
    const outage = { target: 'jwks', kind: 'outage', status: 503 } as const;
    const drop = { target: 'jwks', kind: 'drop' } as const;
    const latency = { target: 'jwks', kind: 'latency', ms: 10 } as const;
    let e = setFaultIn(EMPTY_ERRORS, 'jwks', 'answer', outage);
    e = setFaultIn(e, 'jwks', 'latency', latency);
    e = setFaultIn(e, 'jwks', 'answer', drop);
    expect(e.faults).toEqual([latency, drop]);
    expect(faultAt(e, 'jwks', 'answer')).toEqual(drop);
    expect(faultAt(e, 'did', 'answer')).toBeUndefined();
    const off = setFaultIn(e, 'jwks', 'answer', null);
    expect(off.faults).toEqual([latency]);
    expect(setFaultIn(off, 'did', 'answer', null)).toBe(off);
    expect(countErrors(off)).toBe(1);
  });
});

describe('key retirement and faults through the store', () => {
  it('retiring the old keys sends all three rotation steps; off only the third', async () => {
    const { store, serverConfig, calls } = createTestStore();
    await store.getState().loadConfig();
    await store.getState().setScenario('tokenErrors', 'INVALID_GRANT', true);
    await store.getState().setKeysRetired('idToken', true);
    const body = calls.filter((c) => c.name === 'postConfig').at(-1)?.body as ConfigRequestBody;
    expect(body).toMatchObject({
      publishNewIdTokenSigningKeys: true,
      useNewIdTokenSigningKeys: true,
      retireOldIdTokenSigningKeys: true,
      retireOldCoreIdentitySigningKeys: false,
    });
    // The error switches travel with it, unchanged.
    expect(body.errorConfiguration.tokenErrors).toEqual(['INVALID_GRANT']);
    expect(selectors.retiredKeys(store.getState())).toEqual({ idToken: true, coreIdentity: false });
    expect(selectors.activeSwitchCount(store.getState())).toBe(2);

    await store.getState().setKeysRetired('idToken', false);
    expect(serverConfig()).toMatchObject({
      usingNewIdTokenSigningKeys: true,
      oldIdTokenKeysRetired: false,
    });
  });

  it('turn all off clears switches, faults and retired keys', async () => {
    const { store, serverConfig } = createTestStore();
    await store.getState().loadConfig();
    await store.getState().setFault('jwks', 'answer', { target: 'jwks', kind: 'drop' });
    await store.getState().setKeysRetired('coreIdentity', true);
    expect(selectors.activeSwitchCount(store.getState())).toBe(2);
    await store.getState().clearScenarios();
    await settle();
    expect(serverConfig().errorConfiguration.faults).toEqual([]);
    expect(serverConfig().oldCoreIdentityKeysRetired).toBe(false);
    expect(selectors.activeSwitchCount(store.getState())).toBe(0);
  });
});
