/**
 * The admin API (/_simulator/api/*) under hostile parameters and bodies: never a 5xx, never a
 * stack trace, JSON errors; and exchanges recorded from hostile requests (deep JSON, huge or
 * broken tokens) can still be listed, opened and streamed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { runFlow } from '../helpers/relying-party.js';
import {
  ASSERTION_TYPE,
  FEW_RUNS,
  JWT_BREAKS,
  RUNS,
  STACK_TRACE,
  TRANSPORT_LIMITS,
  brokenAssertion,
  deepArrayJson,
  deepObjectJson,
  expectFlowStillWorks,
  hostileJson,
  hostileQuery,
  hostileString,
} from './hostile-input.js';

const API = '/_simulator/api';
const LIST_KEYS = ['limit', 'before', 'endpoint', 'outcome', 'journey', 'q', 'after'] as const;
const ROLES = [
  'client_assertion',
  'request_object',
  'id_token',
  'access_token',
  'core_identity',
  'id_token_hint',
] as const;

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
  await runFlow(sim.baseUrl);
});
afterAll(() => sim.close());
// Hostile calls include POST /config/reset, which brings back the start-up simulatorUrl; each test
// starts from the URL the simulator really listens on.
beforeEach(() => {
  const res = sim.simulator.config.update({ simulatorUrl: sim.baseUrl, errorConfiguration: {} });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
});

function expectAdminAnswer(res: request.Response): void {
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  expect(res.text).not.toMatch(STACK_TRACE);
  if (res.status >= 400 && !TRANSPORT_LIMITS.includes(res.status) && res.text !== '')
    expect(res.headers['content-type']).toMatch(/json|text\/(plain|html)/);
}

const api = () => request(sim.running.server);

/** Opens the event stream, reads until `until` appears or the time is up, then closes it. */
async function readEvents(
  headers: Record<string, string> = {},
  until = 'event: exchange',
  ms = 1500,
): Promise<{ status: number; text: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  let text = '';
  let status = 0;
  try {
    const res = await fetch(`${sim.baseUrl}${API}/events`, { headers, signal: controller.signal });
    status = res.status;
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    while (reader) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.includes(until)) break;
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status, text };
}

describe('admin API with hostile parameters', () => {
  it('answers hostile exchange list queries', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(LIST_KEYS), async (query) => {
        expectAdminAnswer(await api().get(`${API}/exchanges?${query}`));
      }),
      RUNS,
    );
  });

  it('answers hostile exchange ids', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString(), async (id) => {
        const safe = encodeURIComponent(id.replace(/[\ud800-\udfff]/g, ''));
        expectAdminAnswer(await api().get(`${API}/exchanges/${safe}`));
      }),
      RUNS,
    );
    for (const raw of ['%FF', '%C3%28', '..%2F..%2Fpackage.json', '%00', '%', '%2e%2e']) {
      expectAdminAnswer(await api().get(`${API}/exchanges/${raw}`));
    }
  });

  it('answers hostile token inspection requests', async () => {
    const body = fc.oneof(
      hostileJson(),
      fc.record(
        {
          token: fc.oneof(hostileString(), hostileJson()),
          role: fc.oneof(fc.constantFrom(...ROLES), hostileString()),
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom(...JWT_BREAKS).map((how) => ({ how })),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const payload =
          typeof b === 'object' && b !== null && 'how' in b && typeof b.how === 'string'
            ? { token: await brokenAssertion(sim.baseUrl, b.how as (typeof JWT_BREAKS)[number]) }
            : b;
        expectAdminAnswer(
          await api()
            .post(`${API}/inspect`)
            .type('json')
            .send(JSON.stringify(payload) ?? 'null'),
        );
      }),
      RUNS,
    );
  });

  it('answers hostile configuration drafts to validate', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson(), async (value) => {
        expectAdminAnswer(
          await api()
            .post(`${API}/config/validate`)
            .type('json')
            .send(JSON.stringify(value) ?? 'null'),
        );
      }),
      RUNS,
    );
    for (const json of [
      deepArrayJson(20_000),
      `{"responseConfiguration":${deepObjectJson(20_000)}}`,
    ]) {
      expectAdminAnswer(await api().post(`${API}/config/validate`).type('json').send(json));
    }
  });

  it('answers every admin route with hostile methods and query strings', async () => {
    const paths = [
      '/status',
      '/keys',
      '/defaults',
      '/exchanges',
      '/exchanges.har',
      '/config/reset',
      '/config/validate',
      '/inspect',
      '/nope',
      '',
      '/',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('get', 'post', 'put', 'delete', 'patch', 'options'),
        hostileQuery(LIST_KEYS),
        async (path, method, query) => {
          expectAdminAnswer(await api()[method](`${API}${path}?${query}`));
        },
      ),
      RUNS,
    );
  });

  it('answers a hostile Last-Event-ID on the event stream', async () => {
    for (const id of ['-1', 'abc', '1e309', '99999999999999999999', '0x10', ' ', '%FF', '1.5']) {
      const { status, text } = await readEvents({ 'last-event-id': id }, '\n\n', 800);
      expect(status, text).toBeLessThan(500);
      expect(text).not.toMatch(STACK_TRACE);
    }
  });
});

describe('admin API over exchanges recorded from hostile requests', () => {
  it('lists, opens, exports and streams exchanges holding deep JSON and broken tokens', async () => {
    // Record the hostile requests first.
    await api()
      .post('/config')
      .type('json')
      .send(`{"clientConfiguration":${deepArrayJson(8_000)}}`);
    await api()
      .post('/token')
      .set('user-agent', 'fuzz')
      .type('json')
      .send(`{"a":${deepObjectJson(8_000)}}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JWT_BREAKS), async (how) => {
        await api()
          .post('/token')
          .set('user-agent', 'fuzz')
          .type('form')
          .send(
            new URLSearchParams({
              grant_type: 'authorization_code',
              code: 'x',
              redirect_uri: 'http://localhost:8080/oidc/authorization-code/callback',
              client_assertion_type: ASSERTION_TYPE,
              client_assertion: await brokenAssertion(sim.baseUrl, how),
            }).toString(),
          );
      }),
      FEW_RUNS,
    );
    await api().get(`/logout?id_token_hint=${'%FF'.repeat(100)}`);

    const list = await api().get(`${API}/exchanges?limit=200`);
    expectAdminAnswer(list);
    expect(list.status).toBe(200);
    const items = list.body.items as { id: string }[];
    expect(items.length).toBeGreaterThan(5);
    for (const item of items)
      expectAdminAnswer(await api().get(`${API}/exchanges/${encodeURIComponent(item.id)}`));
    expectAdminAnswer(await api().get(`${API}/exchanges.har`));
    const { status, text } = await readEvents({ 'last-event-id': '0' });
    expect(status).toBe(200);
    expect(text).toContain('event: exchange');
    await expectFlowStillWorks(sim.baseUrl);
  });
});
