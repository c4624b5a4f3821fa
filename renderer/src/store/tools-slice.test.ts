import { describe, expect, it } from 'vitest';
import type { TestClientRun, TokenAnalysis } from '../../../server/src/contract.js';
import { createFakeAdminClient, exchange } from '../../test/fake-admin-client.js';
import type { ToolsClient } from '../api/tools-client.js';
import { err, ok } from '../api/result.js';
import { createAppStore } from './create-app-store.js';
import { parseClaimsText } from './tools-slice.js';

const run = (patch: Partial<TestClientRun> = {}): TestClientRun => ({
  flow: 'authentication',
  outcome: 'accepted',
  summary: 'Signed in',
  clientId: 'c',
  key: 'default',
  journeyId: 'j1',
  tokenExchangeId: 'e2',
  steps: [],
  checks: [],
  ...patch,
});

function setup(tools: Partial<ToolsClient> = {}) {
  const calls: unknown[][] = [];
  const client: ToolsClient = {
    runTestClient: async (...args) => {
      calls.push(['run', ...args]);
      return ok(run());
    },
    testClientCommands: async () => err({ kind: 'http', status: 409, message: 'no secret' }),
    resend: async (...args) => {
      calls.push(['resend', ...args]);
      return ok({ status: 400, changes: ['client_assertion re-signed'], exchangeId: 'e9' });
    },
    verifyToken: async (...args) => {
      calls.push(['verify', ...args]);
      return ok({ ok: true, keyDescription: 'k', detail: 'verifies', header: {}, claims: {} });
    },
    resignToken: async (...args) => {
      calls.push(['resign', ...args]);
      return ok({ token: 'new.token.x', signedWith: 'the key' });
    },
    ...tools,
  };
  const inspect = async (token: string) =>
    ok({ role: 'id_token', compact: token, header: {}, claims: {}, checks: [] } as TokenAnalysis);
  const store = createAppStore({
    api: createFakeAdminClient({ inspectToken: inspect }).client,
    tools: client,
    now: () => 0,
    schedule: (fn) => setTimeout(fn, 0),
    cancel: () => undefined,
  });
  return { store, calls };
}

describe('tools slice', () => {
  it('runs the test client with the pasted key, then shows its journey in the log', async () => {
    const { store, calls } = setup();
    store.getState().receiveExchanges([exchange(1, { id: 'e2', journeyId: 'j1' })]);
    store.getState().setPaused(true);
    store.getState().setTestClient({ flow: 'identity', privateKey: 'PEM' });
    await store.getState().runTestClient();
    expect(calls[0]).toEqual(['run', 'identity', 'PEM']);
    const s = store.getState();
    expect(s.testClient.run?.outcome).toBe('accepted');
    expect([s.screen, s.filter.journey, s.selectedId, s.paused]).toEqual([
      'log',
      'j1',
      'e2',
      false,
    ]);
  });

  it('says why a run could not start, and why commands are not available', async () => {
    const { store } = setup({
      runTestClient: async () => err({ kind: 'http', status: 400, message: 'privateKey: bad' }),
    });
    await store.getState().runTestClient();
    expect(store.getState().testClient.runError).toContain('privateKey: bad');
    await store.getState().loadTestClientCommands();
    expect(store.getState().testClient.commandsError).toContain('no secret');
  });

  it('resends, then compares the copy with the original', async () => {
    const { store } = setup();
    store.getState().receiveExchanges([exchange(1, { id: 'e1' }), exchange(2, { id: 'e9' })]);
    await store.getState().resendExchange('e1');
    const s = store.getState();
    expect(s.resend).toMatchObject({ state: 'done', ok: true, newId: 'e9' });
    if (s.resend.state === 'done')
      expect(s.resend.message).toMatch(/HTTP 400 \(client_assertion re-signed\)/);
    expect([s.compareId, s.selectedId]).toEqual(['e1', 'e9']);
  });

  it('offers to send unchanged when the assertion cannot be re-signed', async () => {
    const { store } = setup({
      resend: async () =>
        err({ kind: 'http', status: 409, message: 'Cannot resend: … {"assertion": "as-is"} …' }),
    });
    await store.getState().resendExchange('e1');
    expect(store.getState().resend).toMatchObject({ ok: false, canSendAsIs: true });
  });

  it('sends the edits with a resend, and keeps them for sending the assertion unchanged', async () => {
    const sent: unknown[][] = [];
    const { store } = setup({
      resend: async (...args) => {
        sent.push(args);
        return err({
          kind: 'http',
          status: 409,
          message: 'Cannot resend: … {"assertion": "as-is"} …',
        });
      },
    });
    const edits = { query: { state: 'x' }, body: 'code=y' };
    await store.getState().resendExchange('e1', 'resign', edits);
    expect(sent).toEqual([['e1', 'resign', edits]]);
    expect(store.getState().resend).toMatchObject({ ok: false, canSendAsIs: true, edits });
  });

  it('verifies with a URL or a pasted key, refusing an empty one without a request', async () => {
    const { store, calls } = setup();
    await store.getState().verifyWithKey('t');
    expect(store.getState().keyCheck).toMatchObject({ state: 'error' });
    expect(calls).toEqual([]);
    store.getState().setVerifyUrl(' http://localhost/jwks ');
    await store.getState().verifyWithKey('t');
    store.getState().setKeySource('key');
    store.getState().setVerifyKeyText('PEM');
    await store.getState().verifyWithKey('t');
    expect(calls).toEqual([
      ['verify', 't', { url: 'http://localhost/jwks' }],
      ['verify', 't', { key: 'PEM' }],
    ]);
    expect(store.getState().keyCheck).toMatchObject({ state: 'ready', token: 't' });
  });

  it('an empty URL field means the address shown in grey', async () => {
    const { store, calls } = setup();
    store.getState().setVerifyUrl('   ');
    await store.getState().verifyWithKey('t', 'http://localhost:3000/.well-known/jwks.json');
    expect(calls).toEqual([
      ['verify', 't', { url: 'http://localhost:3000/.well-known/jwks.json' }],
    ]);
    // A URL typed wins over the default.
    store.getState().setVerifyUrl('http://localhost/other');
    await store.getState().verifyWithKey('t', 'http://localhost:3000/.well-known/jwks.json');
    expect(calls[1]).toEqual(['verify', 't', { url: 'http://localhost/other' }]);
  });

  it('re-signs edited claims and inspects the result; bad JSON is refused locally', async () => {
    const { store, calls } = setup();
    store.getState().editClaims('old.token.x', { sub: 'a' });
    expect(store.getState().resignClaims).toBe('{\n  "sub": "a"\n}');
    store.getState().setResignClaims('[1]');
    await store.getState().resignToken('simulator');
    expect(store.getState().resign).toMatchObject({ state: 'error' });
    store.getState().setResignClaims('{"sub":"b"}');
    await store.getState().resignToken('wrong');
    expect(calls).toEqual([['resign', 'old.token.x', { sub: 'b' }, 'wrong']]);
    const s = store.getState();
    expect([s.pasteToken, s.resignFrom, s.paste.state]).toEqual([
      'new.token.x',
      'new.token.x',
      'ready',
    ]);
  });

  it('parseClaimsText takes objects only', () => {
    expect(parseClaimsText('{"a":1}')).toEqual({ ok: true, claims: { a: 1 } });
    for (const bad of ['', 'null', '[]', '1', '"x"', '{'])
      expect(parseClaimsText(bad).ok).toBe(false);
  });
});
