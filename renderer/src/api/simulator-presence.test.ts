import { describe, expect, it } from 'vitest';
import type { SimulatorList } from '../../../server/src/contract.js';
import { err, ok, type Result } from './result.js';
import {
  createSimulatorPresence,
  decidePresence,
  deletedElsewhereNotice,
  streamUrlWithoutCreation,
  withPresenceCheck,
} from './simulator-presence.js';

const flush = () => new Promise((r) => setTimeout(r, 0));

function listOf(...names: string[]): Result<SimulatorList> {
  return ok({
    max: 64,
    simulators: names.map((name) => ({
      name,
      path: `/sim/${name}/`,
      issuer: `http://localhost:3000/sim/${name}/`,
      discoveryUrl: `http://localhost:3000/sim/${name}/.well-known/openid-configuration`,
      createdAt: '2026-11-26T12:00:00.000Z',
    })),
  });
}

/** A presence for "w1" against a list the test changes, and the requests that reached the server. */
function setup(initial: string[] = ['w1']) {
  let names: string[] | null = initial;
  const left: string[] = [];
  const created: string[] = [];
  const sent: string[] = [];
  const headers: (string | null)[] = [];
  let answer = () => new Response('{}');
  let lists = 0;
  const presence = createSimulatorPresence({
    name: 'w1',
    list: () => {
      lists++;
      return Promise.resolve(
        names === null ? err({ kind: 'network', message: 'Failed to fetch' }) : listOf(...names),
      );
    },
    create: (name) => {
      created.push(name);
      names = [...(names ?? []), name];
      return Promise.resolve(ok({ name }));
    },
    leave: (notice) => left.push(notice),
  });
  const fetch = withPresenceCheck((input, init) => {
    sent.push(input);
    headers.push(new Headers(init?.headers).get('X-Simulator-Create'));
    return Promise.resolve(answer());
  }, presence);
  return {
    presence,
    fetch,
    left,
    created,
    sent,
    headers,
    answerWith: (a: () => Response) => (answer = a),
    lists: () => lists,
    setNames: (n: string[] | null) => (names = n),
  };
}

describe('decidePresence', () => {
  it('goes on when listed, offers to create a name this page never saw, leaves one it saw', () => {
    expect(decidePresence(true, false)).toBe('proceed');
    expect(decidePresence(true, true)).toBe('proceed');
    expect(decidePresence(false, false)).toBe('offer-create');
    expect(decidePresence(false, true)).toBe('back-to-root');
    expect(decidePresence(null, true)).toBe('unreachable');
    expect(decidePresence(null, false)).toBe('unreachable');
  });
});

describe('a window on a named simulator', () => {
  it('asks the list once for requests made together before the stream opens, then sends them', async () => {
    const t = setup();
    await Promise.all([t.fetch('/config'), t.fetch('/_simulator/api/status')]);
    expect(t.lists()).toBe(1);
    expect(t.sent).toEqual(['/config', '/_simulator/api/status']);
    expect(t.presence.getState()).toBe('present');
  });

  it('sends shared requests (the log, the list) without asking', async () => {
    const t = setup([]);
    await t.fetch('/_simulator/api/exchanges?limit=10');
    await t.fetch('/_simulator/api/simulators');
    expect(t.lists()).toBe(0);
    expect(t.sent).toHaveLength(2);
  });

  it('while the stream is open, requests go without asking (a delete would be heard)', async () => {
    const t = setup();
    t.presence.setStreamOpen(true);
    await t.fetch('/config');
    expect(t.lists()).toBe(0);
    expect(t.sent).toEqual(['/config']);
  });

  it('deleted while the stream was down: back to the root with the notice, and the request is never sent', async () => {
    const t = setup();
    t.presence.setStreamOpen(true);
    t.presence.setStreamOpen(false);
    expect(t.presence.getState()).toBe('unknown');
    t.setNames([]);
    let settled = false;
    void t.fetch('/_simulator/api/status').then(() => (settled = true));
    await flush();
    expect(t.left).toEqual([deletedElsewhereNotice('w1')]);
    expect(t.left[0]).toBe('/sim/w1/ was deleted elsewhere; this is the root simulator');
    expect(t.presence.getState()).toBe('gone');
    expect(t.sent).toEqual([]);
    expect(t.created).toEqual([]);
    expect(settled).toBe(false);
    // Later requests are not sent either, and the window leaves once.
    void t.fetch('/config');
    t.presence.leave('again');
    await flush();
    expect(t.sent).toEqual([]);
    expect(t.left).toHaveLength(1);
  });

  it('asks before every request while the stream stays down (a check does not vouch for later)', async () => {
    const t = setup();
    t.presence.setStreamOpen(true);
    t.presence.setStreamOpen(false);
    await t.fetch('/_simulator/api/status');
    await t.fetch('/_simulator/api/status');
    expect(t.lists()).toBe(2);
    t.setNames([]);
    void t.fetch('/_simulator/api/status');
    await flush();
    expect(t.sent).toHaveLength(2);
    expect(t.left).toHaveLength(1);
  });

  it('a list that cannot be read fails the request instead of sending it', async () => {
    const t = setup();
    t.setNames(null);
    await expect(t.fetch('/config')).rejects.toThrow('Could not check that /sim/w1/ still exists');
    expect(t.sent).toEqual([]);
    expect(t.left).toEqual([]);
    expect(t.presence.getState()).toBe('unknown');
  });

  it('opened on a name that does not exist: nothing is sent or created until the tester creates it', async () => {
    const t = setup([]);
    let settled = false;
    const first = t.fetch('/config').then(() => (settled = true));
    await flush();
    expect(t.presence.getState()).toBe('missing');
    expect(t.left).toEqual([]);
    void t.fetch('/_simulator/api/status');
    await flush();
    expect(settled).toBe(false);
    expect(t.sent).toEqual([]);
    expect(t.created).toEqual([]);

    const made = await t.presence.create();
    expect(made.ok).toBe(true);
    await first;
    await flush();
    expect(t.created).toEqual(['w1']);
    expect(t.presence.getState()).toBe('present');
    expect(t.sent.sort()).toEqual(['/_simulator/api/status', '/config']);
  });

  it('a failed creation keeps the requests waiting and says why', async () => {
    const presence = createSimulatorPresence({
      name: 'w1',
      list: () => Promise.resolve(listOf()),
      create: () => Promise.resolve(err({ kind: 'http', status: 503, message: 'cap reached' })),
      leave: () => undefined,
    });
    void presence.ensure();
    await flush();
    let sent = false;
    void presence.ensure().then(() => (sent = true));
    const r = await presence.create();
    await flush();
    expect(r.ok).toBe(false);
    expect(presence.getState()).toBe('missing');
    expect(sent).toBe(false);
  });

  it('once the page has seen it, a missing simulator means it was deleted, not never made', async () => {
    const t = setup();
    await t.fetch('/config');
    t.setNames([]);
    void t.fetch('/config');
    await flush();
    expect(t.presence.getState()).toBe('gone');
    expect(t.left).toEqual([deletedElsewhereNotice('w1')]);
  });

  it('deleted by this window: found gone meanwhile, it leaves with its own line, not "elsewhere"', async () => {
    const t = setup();
    t.presence.setStreamOpen(true);
    t.presence.expectDeletion('/sim/w1/ was deleted; this is the root simulator');
    t.setNames([]);
    t.presence.setStreamOpen(false);
    void t.fetch('/config');
    await flush();
    expect(t.left).toEqual(['/sim/w1/ was deleted; this is the root simulator']);
  });

  it('a deletion that failed leaves the usual line for a later one', async () => {
    const t = setup();
    t.presence.expectDeletion('/sim/w1/ was deleted; this is the root simulator');
    t.presence.expectDeletion(null);
    await t.fetch('/config');
    t.setNames([]);
    void t.fetch('/config');
    await flush();
    expect(t.left).toEqual([deletedElsewhereNotice('w1')]);
  });
});

const missing = (name: string) =>
  new Response(
    JSON.stringify({
      error: 'not_found',
      error_description: `No named simulator "${name}"; it was not created, as the request asked`,
      simulator: name,
    }),
    { status: 404, headers: { 'Content-Type': 'application/json' } },
  );

describe('requests that never create the simulator', () => {
  it('every request under the prefix says X-Simulator-Create: never, keeping its own headers; shared ones do not', async () => {
    const t = setup();
    t.presence.setStreamOpen(true);
    const seen: Headers[] = [];
    const fetch = withPresenceCheck((_input, init) => {
      seen.push(new Headers(init?.headers));
      return Promise.resolve(new Response('{}'));
    }, t.presence);
    await fetch('/config', { method: 'POST', headers: { 'content-type': 'application/json' } });
    await fetch('/_simulator/api/simulators');
    expect(seen[0]?.get('X-Simulator-Create')).toBe('never');
    expect(seen[0]?.get('content-type')).toBe('application/json');
    expect(seen[1]?.get('X-Simulator-Create')).toBeNull();
    await t.fetch('/_simulator/api/status');
    expect(t.headers).toEqual(['never']);
  });

  it('deleted after the check passed: the 404 takes the window back to the root, and the request never settles', async () => {
    const t = setup();
    t.answerWith(() => missing('w1'));
    let settled = false;
    void t.fetch('/_simulator/api/status').then(
      () => (settled = true),
      () => (settled = true),
    );
    await flush();
    await flush();
    expect(t.sent).toEqual(['/_simulator/api/status']);
    expect(t.left).toEqual([deletedElsewhereNotice('w1')]);
    expect(t.presence.getState()).toBe('gone');
    expect(t.created).toEqual([]);
    expect(settled).toBe(false);
  });

  it('the same while the stream is open (the deletion not heard yet), once, with its own line when this window deleted it', async () => {
    const t = setup();
    t.presence.setStreamOpen(true);
    t.presence.expectDeletion('/sim/w1/ was deleted; this is the root simulator');
    t.answerWith(() => missing('w1'));
    void t.fetch('/config');
    void t.fetch('/_simulator/api/status');
    await flush();
    await flush();
    expect(t.left).toEqual(['/sim/w1/ was deleted; this is the root simulator']);
  });

  it('any other 404 is the answer of the simulator itself, handed back as it is', async () => {
    const t = setup();
    t.presence.setStreamOpen(true);
    const others = [
      () => missing('w2'),
      () => new Response(JSON.stringify({ error: 'not_found' }), { status: 404 }),
      () => new Response('Cannot GET /nothing', { status: 404 }),
      () => new Response(JSON.stringify({ simulator: 'w1', error: 'x' }), { status: 404 }),
    ];
    for (const other of others) {
      t.answerWith(other);
      const res = await t.fetch('/_simulator/api/presets/scenarios/nope');
      expect(res.status).toBe(404);
    }
    expect(t.left).toEqual([]);
    expect(t.presence.getState()).toBe('present');
  });

  it('the event stream asks the same with ?create=never', () => {
    expect(streamUrlWithoutCreation('/sim/w1/_simulator/api/events')).toBe(
      '/sim/w1/_simulator/api/events?create=never',
    );
    expect(streamUrlWithoutCreation('/sim/w1/_simulator/api/events?a=1')).toBe(
      '/sim/w1/_simulator/api/events?a=1&create=never',
    );
  });
});
