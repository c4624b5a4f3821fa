import { describe, expect, it } from 'vitest';
import { createTestStore, exchange } from '../../test/fake-admin-client.js';
import { createPresetsTestStore } from '../../test/fake-presets-client.js';
import { rpStepsByExchange, selectors } from './selectors.js';

describe('selectors', () => {
  it('returns the same visible list while items and filter are unchanged', () => {
    const { store } = createTestStore();
    store.getState().receiveExchanges([exchange(1), exchange(2)]);
    const a = selectors.visibleExchanges(store.getState());
    expect(selectors.visibleExchanges(store.getState())).toBe(a);
    store.getState().setFilter({ text: 'nothing' });
    expect(selectors.visibleExchanges(store.getState())).toEqual([]);
    expect(selectors.isFiltered(store.getState())).toBe(true);
  });

  it('derives the discovery URL and port from the status, else from the configuration', async () => {
    const { store } = createTestStore();
    expect(selectors.discoveryUrl(store.getState())).toBeNull();
    await store.getState().loadConfig();
    expect(selectors.discoveryUrl(store.getState())).toBe(
      'http://localhost:3000/.well-known/openid-configuration',
    );
    await store.getState().refreshStatus();
    expect(selectors.port(store.getState())).toBe(3000);
  });

  it('reads the port from the listening URL when the status has no port', () => {
    const { store } = createTestStore();
    store.setState({
      status: {
        version: '1',
        baseUrl: 'https://sim.example',
        listeningUrl: 'http://127.0.0.1:4123',
        startedAt: '',
        uptimeSeconds: 0,
        exchangeCount: 0,
        logCapacity: 1,
      },
    });
    expect(selectors.port(store.getState())).toBe(4123);
    store.setState({
      status: {
        version: '1',
        baseUrl: 'not a url',
        startedAt: '',
        uptimeSeconds: 0,
        exchangeCount: 0,
        logCapacity: 1,
      },
    });
    expect(selectors.port(store.getState())).toBeNull();
  });

  it('finds the selected exchange and the recent ones with tokens', () => {
    const { store } = createTestStore();
    store
      .getState()
      .receiveExchanges([
        exchange(1, { tokens: [{ role: 'id_token', compact: 'a.b.c' }] }),
        exchange(2),
        exchange(3, { tokens: [{ role: 'client_assertion', compact: 'd.e.f' }] }),
      ]);
    store.setState({ selectedId: 'ex-2' });
    expect(selectors.selectedExchange(store.getState())?.seq).toBe(2);
    expect(selectors.recentTokenExchanges(store.getState()).map((e) => e.seq)).toEqual([3, 1]);
  });
});

describe('presets selectors', () => {
  it('knows whether presets can be saved, what is selected and what is active', async () => {
    const none = createPresetsTestStore({ dataDir: null });
    await none.store.getState().loadPresets();
    expect(selectors.canSavePresets(none.store.getState())).toBe(false);

    const { store } = createPresetsTestStore();
    expect(selectors.canSavePresets(store.getState())).toBe(false);
    await store.getState().loadConfig();
    await store.getState().loadPresets();
    expect(selectors.canSavePresets(store.getState())).toBe(true);
    expect(selectors.selectedPreset(store.getState())).toBeUndefined();
    store.getState().selectPreset({ kind: 'persona', id: 'no-phone' });
    expect(selectors.selectedPreset(store.getState())?.name).toBe('No phone');
    store.getState().selectPreset({ kind: 'scenario', id: 'no-phone' });
    expect(selectors.selectedPreset(store.getState())).toBeUndefined();

    const ref = { kind: 'scenario', id: 'pkce-enforced' } as const;
    expect(selectors.isActivePreset(ref)(store.getState())).toBe(false);
    const applying = store.getState().applyPreset(ref);
    expect(selectors.isApplyingPreset(store.getState())).toBe(true);
    await applying;
    expect(selectors.isApplyingPreset(store.getState())).toBe(false);
    expect(selectors.isActivePreset(ref)(store.getState())).toBe(true);
    expect(selectors.isActiveModified(store.getState())).toBe(false);
    store.setState({
      active: { scenario: { id: 'pkce-enforced', name: 'x' }, modifiedSinceApplied: true },
    });
    expect(selectors.isActiveModified(store.getState())).toBe(true);
  });
});

describe('rpStepsByExchange', () => {
  const ref = (id: string, seq: number) => ({
    id,
    seq,
    endpoint: 'token',
    method: 'POST',
    path: '/token',
    status: 200,
    startedAt: '2026-01-01T00:00:00Z',
  });
  const step = (title: string, ids: string[]) => ({
    id: title,
    title,
    kind: 'sign-in' as const,
    instruction: '',
    expectation: '',
    status: 'passed' as const,
    exchanges: ids.map((id, i) => ref(id, i)),
    evidence: [],
    checks: [],
    attempts: 1,
    ask: { identity: false, returnCode: false, reauthenticate: false, claims: [] },
  });

  it('numbers steps from 1 and maps every exchange a step observed to it', () => {
    const map = rpStepsByExchange({
      state: 'finished',
      attended: true,
      timeoutSeconds: 30,
      waitSeconds: 120,
      steps: [step('Sign in', ['a', 'b']), step('INVALID_ISS', ['c'])],
      summary: { total: 2, passed: 2, failed: 0, skipped: 0, notJudged: 0, pending: 0, judged: 2 },
    });
    expect(map.get('a')).toEqual({ number: 1, title: 'Sign in' });
    expect(map.get('c')).toEqual({ number: 2, title: 'INVALID_ISS' });
    expect(map.has('z')).toBe(false);
  });

  it('maps nothing before any run', () => {
    expect(rpStepsByExchange(null).size).toBe(0);
  });
});
