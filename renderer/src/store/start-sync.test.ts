import { describe, expect, it } from 'vitest';
import { createTestStore, exchange, sampleConfig, settle } from '../../test/fake-admin-client.js';
import type { EventStreamHandlers } from '../api/event-stream.js';
import { jsonChanges } from '../../../server/src/shared/json-changes.js';
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
    t.handlers().onEvent({
      name: 'config',
      data: { version: 3, config: sampleConfig() },
      lastEventId: '',
    });
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
    const first = sampleConfig();
    t.handlers().onEvent({ name: 'config', data: { version: 1, config: first }, lastEventId: '' });
    const next = sampleConfig();
    next.responseConfiguration.email = 'live@example.com';
    t.handlers().onEvent({
      name: 'config-patch',
      data: { version: 2, changes: jsonChanges(first, next) },
      lastEventId: '',
    });
    expect(t.store.getState().current?.responseConfiguration.email).toBe('live@example.com');
    expect(t.store.getState().current).toEqual(next);
    expect(t.calls.some((c) => c.name === 'getStreamConfig')).toBe(false);
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

describe('startSync: configuration patches', () => {
  const patch = (version: number, from: unknown, to: unknown) => ({
    name: 'config-patch' as const,
    data: { version, changes: jsonChanges(from, to) },
    lastEventId: '',
  });

  it('after a gap in the versions, fetches the configuration again instead of drifting', async () => {
    const onServer = sampleConfig();
    onServer.clientConfiguration.clientId = 'from-the-server';
    onServer.responseConfiguration.phoneNumber = null;
    const t = setup();
    const fetched: number[] = [];
    t.client.getStreamConfig = async () => {
      fetched.push(1);
      return { ok: true, value: { version: 7, config: onServer } };
    };
    await settle();
    const v1 = sampleConfig();
    t.handlers().onEvent({ name: 'config', data: { version: 1, config: v1 }, lastEventId: '' });
    const v2 = sampleConfig();
    v2.responseConfiguration.email = 'two@example.com';
    const v3 = structuredClone(v2);
    v3.responseConfiguration.email = 'three@example.com';
    // Patch 2 is lost; patch 3 names only the email, which would leave the rest drifting.
    t.handlers().onEvent(patch(3, v2, v3));
    expect(fetched).toHaveLength(1);
    // What arrives while the fetch is under way waits, then follows the fetched base.
    const v8 = structuredClone(onServer);
    v8.responseConfiguration.email = 'eight@example.com';
    t.handlers().onEvent(patch(6, v2, v3)); // already in the fetched base: ignored
    t.handlers().onEvent(patch(8, onServer, v8));
    expect(t.store.getState().current).toEqual(v1);
    await settle();
    expect(fetched).toHaveLength(1);
    expect(t.store.getState().current).toEqual(v8);
    t.stop();
  });

  it('an unreadable or inapplicable configuration message resyncs and throws nothing', async () => {
    const t = setup();
    await settle();
    const v1 = sampleConfig();
    t.handlers().onEvent({ name: 'config', data: { version: 1, config: v1 }, lastEventId: '' });
    const count = () => t.calls.filter((c) => c.name === 'getStreamConfig').length;
    t.handlers().onMalformed?.('config-patch', '{not json');
    await settle();
    expect(count()).toBe(1);
    // The fake answers version 1 with the server's configuration; a bad patch 2 asks again.
    const bad = [
      { version: 2, changes: [{ op: 'replace', path: '/no/such/field', value: 1 }] },
      { version: 2, changes: 'x' },
      null,
      [1, 2],
      { version: 'two', changes: [] },
    ];
    for (const data of bad) {
      expect(() =>
        t.handlers().onEvent({ name: 'config-patch', data, lastEventId: '' } as never),
      ).not.toThrow();
      await settle();
    }
    expect(count()).toBe(1 + bad.length);
    expect(t.store.getState().current).toEqual(t.serverConfig());
    // Other events' unreadable messages do not touch the configuration.
    t.handlers().onMalformed?.('exchange', '{');
    await settle();
    expect(count()).toBe(1 + bad.length);
    t.stop();
  });
});

describe('startSync: the cost of a push', () => {
  it('a change to the error toggles alone (a counted fault used up) asks for neither keys nor warnings', async () => {
    const t = setup();
    await settle();
    let keyCalls = 0;
    const getKeys = t.client.getKeys;
    t.client.getKeys = () => (keyCalls++, getKeys());
    const v1 = sampleConfig();
    v1.errorConfiguration.faults = [{ target: 'trustmark', kind: 'drop', requests: 20 }];
    t.handlers().onEvent({ name: 'config', data: { version: 1, config: v1 }, lastEventId: '' });
    await settle();
    const validations = () => t.calls.filter((c) => c.name === 'validateConfig').length;
    const [keysBefore, validationsBefore] = [keyCalls, validations()];
    let previous = v1;
    for (let v = 2; v <= 20; v++) {
      const next = structuredClone(previous);
      next.errorConfiguration.faults = [{ target: 'trustmark', kind: 'drop', requests: 21 - v }];
      t.handlers().onEvent({
        name: 'config-patch',
        data: { version: v, changes: jsonChanges(previous, next) },
        lastEventId: '',
      });
      previous = next;
    }
    await settle();
    expect(t.store.getState().current?.errorConfiguration.faults).toEqual([
      { target: 'trustmark', kind: 'drop', requests: 1 },
    ]);
    expect([keyCalls, validations()]).toEqual([keysBefore, validationsBefore]);

    // A key flag (or anything the form shows) asks again.
    const flagged = structuredClone(previous);
    flagged.publishNewIdTokenKeysEnabled = true;
    t.handlers().onEvent({
      name: 'config-patch',
      data: { version: 21, changes: jsonChanges(previous, flagged) },
      lastEventId: '',
    });
    await settle();
    expect(keyCalls).toBe(keysBefore + 1);
    expect(validations()).toBe(validationsBefore + 1);
    t.stop();
  });
});
