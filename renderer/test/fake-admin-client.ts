import type { Exchange, SimulatorConfig } from '../../server/src/contract.js';
import { SAMPLE_CONFIG } from './sample-config.js';
import type { AdminClient } from '../src/api/admin-client.js';
import type { ConfigRequestBody } from '../src/api/config-body.js';
import { err, ok } from '../src/api/result.js';
import type { StoreDeps } from '../src/store/app-state.js';
import { createAppStore } from '../src/store/create-app-store.js';

/** A configuration as GET /config returns it. */
export const sampleConfig = (): SimulatorConfig => structuredClone(SAMPLE_CONFIG);

/**
 * A stand-in for the admin API in store unit tests: it records requests and answers from
 * a small in-memory configuration, like the simulator would. Browser tests use the real server.
 */
export function createFakeAdminClient(overrides: Partial<AdminClient> = {}) {
  const calls: { name: string; body?: unknown }[] = [];
  let config = sampleConfig();
  const fromBody = (body: ConfigRequestBody): SimulatorConfig => ({
    clientConfiguration: body.clientConfiguration,
    responseConfiguration: body.responseConfiguration,
    errorConfiguration: body.errorConfiguration,
    simulatorUrl: body.simulatorUrl,
    publishNewIdTokenKeysEnabled: body.publishNewIdTokenSigningKeys,
    usingNewIdTokenSigningKeys: body.useNewIdTokenSigningKeys,
    publishNewCoreIdentityKeysEnabled: body.publishNewCoreIdentitySigningKeys,
    usingNewCoreIdentitySigningKeys: body.useNewCoreIdentitySigningKeys,
    oldIdTokenKeysRetired: body.retireOldIdTokenSigningKeys,
    oldCoreIdentityKeysRetired: body.retireOldCoreIdentitySigningKeys,
    interactiveMode: body.interactiveMode,
  });
  let pins = { exchanges: [] as string[], journeys: [] as string[] };
  const client: AdminClient = {
    getConfig: async () => (calls.push({ name: 'getConfig' }), ok(config)),
    getStreamConfig: async () => (
      calls.push({ name: 'getStreamConfig' }),
      ok({ version: 1, config })
    ),
    postConfig: async (body) => {
      calls.push({ name: 'postConfig', body });
      if (body.responseConfiguration.sub === '')
        return err({
          kind: 'invalid',
          status: 400,
          message: 'invalid_request',
          issues: [{ path: 'responseConfiguration.sub', message: 'must not be empty' }],
        });
      config = fromBody(body);
      return ok(config);
    },
    validateConfig: async (body) => {
      calls.push({ name: 'validateConfig', body });
      // As the simulator: a phone number not in E.164 is accepted, with a warning.
      const phone = body.responseConfiguration.phoneNumber;
      const warnings =
        typeof phone === 'string' && !phone.startsWith('+')
          ? [{ path: 'responseConfiguration.phoneNumber', message: 'is not an E.164 number' }]
          : [];
      return body.responseConfiguration.sub === ''
        ? ok({
            ok: false,
            issues: [{ path: 'responseConfiguration.sub', message: 'must not be empty' }],
            warnings,
          })
        : ok({ ok: true, warnings });
    },
    getDefaults: async () => (calls.push({ name: 'getDefaults' }), ok(sampleConfig())),
    resetConfig: async () => {
      calls.push({ name: 'resetConfig' });
      config = sampleConfig();
      return ok(config);
    },
    getStatus: async () =>
      ok({
        version: '0.1.0',
        baseUrl: 'http://localhost:3000',
        port: 3000,
        startedAt: '2026-01-01T00:00:00.000Z',
        uptimeSeconds: 1,
        exchangeCount: 0,
        logCapacity: 1000,
      }),
    getKeys: async () =>
      ok({
        idToken: { jwks: { keys: [] }, signingKid: {} },
        coreIdentity: { did: {}, signingKid: 'k' },
      }),
    listExchanges: async () => ok({ items: [], total: 0 }),
    getExchange: async (id) => (
      calls.push({ name: 'getExchange', body: id }),
      ok({ exchange: exchange(1), analysis: [] })
    ),
    clearExchanges: async (simulator?: string) => {
      calls.push({
        name: 'clearExchanges',
        ...(simulator === undefined ? {} : { body: simulator }),
      });
      pins = { exchanges: [], journeys: [] };
      return ok(undefined);
    },
    getPins: async () => (calls.push({ name: 'getPins' }), ok(structuredClone(pins))),
    setPin: async (kind, id, pinned) => {
      calls.push({ name: 'setPin', body: { kind, id, pinned } });
      if (id === 'unknown' && pinned)
        return err({
          kind: 'http' as const,
          status: 404,
          message: 'the log holds no such exchange',
        });
      const list = kind === 'exchange' ? pins.exchanges : pins.journeys;
      const next = pinned ? [...new Set([...list, id])] : list.filter((x) => x !== id);
      pins = kind === 'exchange' ? { ...pins, exchanges: next } : { ...pins, journeys: next };
      return ok(structuredClone(pins));
    },
    inspectToken: async (token) => {
      calls.push({ name: 'inspectToken', body: token });
      return ok({ role: 'id_token', compact: token, header: null, claims: null, checks: [] });
    },
    ...overrides,
  };
  return { client, calls, serverConfig: () => config };
}

/** A store with manual timers: `runTimers()` fires what is scheduled. */
export function createTestStore(overrides: Partial<AdminClient> = {}) {
  const fake = createFakeAdminClient(overrides);
  const timers = new Map<number, () => void>();
  let nextId = 1;
  const memory = new Map<string, string>();
  const deps: StoreDeps = {
    api: fake.client,
    now: () => 1_700_000_000_000,
    schedule: (fn) => {
      const id = nextId++;
      timers.set(id, fn);
      return id;
    },
    cancel: (h) => void timers.delete(h as number),
    storage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) },
  };
  const store = createAppStore(deps);
  const runTimers = () => {
    const due = [...timers.values()];
    timers.clear();
    for (const fn of due) fn();
  };
  return { store, ...fake, runTimers, timers, memory, deps };
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function exchange(seq: number, patch: Partial<Exchange> = {}): Exchange {
  return {
    id: `ex-${seq}`,
    seq,
    endpoint: 'token',
    journeyId: 'j1',
    startedAt: new Date(1_700_000_000_000 + seq * 1000).toISOString(),
    durationMs: 3,
    request: { method: 'POST', path: '/token', query: {}, headers: {}, body: {} },
    response: { status: 200, headers: {}, body: {} },
    outcome: { kind: 'success' },
    tokens: [],
    scenarios: [],
    ...patch,
  };
}
