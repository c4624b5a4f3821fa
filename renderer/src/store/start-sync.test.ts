import { describe, expect, it } from 'vitest';
import { createTestStore, exchange, sampleConfig, settle } from '../../test/fake-admin-client.js';
import type { EventStreamHandlers } from '../api/event-stream.js';
import { startSync } from './start-sync.js';

function setup(statusStartedAt: () => string = () => 'a') {
  const t = createTestStore({
    getStatus: async () => ({
      ok: true,
      value: {
        version: '1',
        baseUrl: 'http://localhost:3000',
        startedAt: statusStartedAt(),
        uptimeSeconds: 0,
        exchangeCount: 0,
        logCapacity: 1000,
      },
    }),
  });
  let handlers: EventStreamHandlers | undefined;
  let closed = false;
  const stop = startSync(t.store, {
    openStream: (h) => {
      handlers = h;
      return { close: () => void (closed = true) };
    },
    schedule: t.deps.schedule,
    cancel: t.deps.cancel,
  });
  return { ...t, stop, handlers: () => handlers as EventStreamHandlers, closed: () => closed };
}

describe('startSync', () => {
  it('takes the configuration from the stream, without GET /config', async () => {
    const t = setup();
    await settle();
    expect(t.store.getState().defaults).not.toBeNull();
    t.handlers().onState('open');
    t.handlers().onEvent({ name: 'config', data: sampleConfig(), lastEventId: '' });
    t.runTimers();
    await settle();
    expect(t.store.getState().current).not.toBeNull();
    expect(t.calls.some((c) => c.name === 'getConfig')).toBe(false);
  });

  it('falls back to GET /config when the stream sends none', async () => {
    const t = setup();
    await settle();
    expect(t.store.getState().current).toBeNull();
    t.runTimers();
    await settle();
    expect(t.calls.some((c) => c.name === 'getConfig')).toBe(true);
    expect(t.store.getState().current).not.toBeNull();
  });

  it('batches exchange events into one update', async () => {
    const t = setup();
    await settle();
    t.handlers().onState('open');
    let updates = 0;
    const unsubscribe = t.store.subscribe((s, p) => void (s.items !== p.items && updates++));
    for (let i = 1; i <= 5; i++)
      t.handlers().onEvent({ name: 'exchange', data: exchange(i), lastEventId: String(i) });
    expect(t.store.getState().items).toHaveLength(0);
    t.runTimers();
    expect(t.store.getState().items).toHaveLength(5);
    expect(updates).toBe(1);
    unsubscribe();
    t.stop();
    expect(t.closed()).toBe(true);
  });

  it('follows config and reset events', async () => {
    const t = setup();
    await settle();
    t.handlers().onEvent({ name: 'config', data: sampleConfig(), lastEventId: '' });
    const next = sampleConfig();
    next.responseConfiguration.email = 'live@example.com';
    t.handlers().onEvent({ name: 'config', data: next, lastEventId: '' });
    expect(t.store.getState().current?.responseConfiguration.email).toBe('live@example.com');
    t.store.getState().receiveExchanges([exchange(1)]);
    t.handlers().onEvent({ name: 'reset', data: { cleared: true }, lastEventId: '' });
    expect(t.store.getState().items).toEqual([]);
  });

  it('keeps the latest named-simulator change, each one new even when it repeats', async () => {
    const t = setup();
    await settle();
    expect(t.store.getState().simulatorsChange).toBeNull();
    const change = { action: 'deleted', name: 'w1' } as const;
    t.handlers().onEvent({ name: 'simulators', data: change, lastEventId: '' });
    const first = t.store.getState().simulatorsChange;
    expect(first).toMatchObject(change);
    t.handlers().onEvent({ name: 'simulators', data: change, lastEventId: '' });
    const second = t.store.getState().simulatorsChange;
    expect(second).toMatchObject(change);
    expect(second).not.toBe(first);
    expect(second?.seq).toBe((first?.seq ?? 0) + 1);
  });

  it('after a reconnection to a restarted server, replaces the log with the replay', async () => {
    let started = 'a';
    const t = setup(() => started);
    await settle();
    t.handlers().onState('open');
    t.handlers().onEvent({ name: 'exchange', data: exchange(5), lastEventId: '5' });
    t.runTimers();
    expect(t.store.getState().items.map((e) => e.id)).toEqual(['ex-5']);
    started = 'b';
    t.handlers().onState('reconnecting');
    t.handlers().onState('open');
    t.handlers().onEvent({
      name: 'exchange',
      data: exchange(1, { id: 'fresh-1' }),
      lastEventId: '1',
    });
    await settle();
    await settle();
    expect(t.store.getState().items.map((e) => e.id)).toEqual(['fresh-1']);
    t.stop();
  });
});
