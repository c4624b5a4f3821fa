import { describe, expect, it } from 'vitest';
import { createTestStore, exchange } from '../../test/fake-admin-client.js';
import { initialConnectionState, isRestart, setStreamState } from './connection-slice.js';
import type { SimulatorStatus } from '../../../server/src/contract.js';

const status = (startedAt: string, logCapacity = 1000): SimulatorStatus => ({
  version: '1',
  baseUrl: 'http://localhost:3000',
  startedAt,
  uptimeSeconds: 0,
  exchangeCount: 0,
  logCapacity,
});

describe('connection slice', () => {
  it('records when the stream opened', () => {
    const s = initialConnectionState();
    expect(setStreamState(s, 'open', 42)).toEqual({ stream: 'open', connectedAt: 42 });
    expect(setStreamState({ ...s, stream: 'open' }, 'open', 43)).toEqual({});
    expect(setStreamState({ ...s, stream: 'open', connectedAt: 42 }, 'reconnecting', 50)).toEqual({
      stream: 'reconnecting',
      connectedAt: 42,
    });
  });

  it('tells a restarted server from the same one', () => {
    expect(isRestart(null, status('a'))).toBe(false);
    expect(isRestart(status('a'), status('a'))).toBe(false);
    expect(isRestart(status('a'), status('b'))).toBe(true);
  });

  it('drops the log of a restarted server and takes its capacity', async () => {
    let started = 'a';
    const { store } = createTestStore({
      getStatus: async () => ({ ok: true, value: status(started, 500) }),
    });
    await store.getState().refreshStatus();
    expect(store.getState().capacity).toBe(500);
    store.getState().receiveExchanges([exchange(1)]);
    started = 'b';
    await store.getState().refreshStatus();
    expect(store.getState().items).toEqual([]);
  });

  it('never keeps more than 10,000 exchanges, whatever the server keeps', async () => {
    const { store } = createTestStore({
      getStatus: async () => ({ ok: true, value: status('a', 50_000) }),
    });
    await store.getState().refreshStatus();
    expect(store.getState().capacity).toBe(10_000);
  });

  it('keeps the last status and says why a refresh failed', async () => {
    const { store } = createTestStore({
      getStatus: async () => ({ ok: false, error: { kind: 'network', message: 'down' } }),
    });
    await store.getState().refreshStatus();
    expect(store.getState().statusError).toContain('down');
  });
});
