import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  isLoopbackHostname,
  requireLoopbackHost,
} from './require-loopback-host.js';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'LOCALHOST:3000',
    'localhost.',
    'app.localhost:8080',
    '127.0.0.1',
    '127.0.0.1:3000',
    '127.1.2.3:80',
    '[::1]',
    '[::1]:3000',
    '[0:0:0:0:0:0:0:1]:3000',
    '[::ffff:127.0.0.1]:3000',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'example.com',
    'evil.com:3000',
    'localhost.evil.com',
    'notlocalhost',
    '128.0.0.1',
    '10.0.0.1:3000',
    '0.0.0.0:3000',
    '[::2]:3000',
    '[::1',
    '::1',
    'localhost:abc',
    'localhost:',
    '127.0.0.1.nip.io',
    '[::1]x',
  ])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('names alone', () => {
    expect(isLoopbackHostname('[::1]')).toBe(true);
    expect(isLoopbackHostname('192.168.1.1')).toBe(false);
  });
});

describe('requireLoopbackHost', () => {
  const app = express();
  app.use(requireLoopbackHost);
  app.all('/', (_req, res) => {
    res.json({ ok: true });
  });

  it('lets loopback requests through', async () => {
    const res = await request(app).get('/').set('Host', 'localhost:3000');
    expect(res.status).toBe(200);
  });

  it('refuses other Host names with 403 JSON', async () => {
    const res = await request(app).get('/').set('Host', 'attacker.example:3000');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'forbidden' });
    expect(res.body.error_description).toMatch(/this machine/);
  });

  it('refuses changes from another origin, allows same-origin and no origin', async () => {
    const cross = await request(app)
      .post('/')
      .set('Host', 'localhost:3000')
      .set('Origin', 'http://localhost:8080');
    expect(cross.status).toBe(403);
    const site = await request(app)
      .delete('/')
      .set('Host', 'localhost:3000')
      .set('Sec-Fetch-Site', 'cross-site');
    expect(site.status).toBe(403);
    const bad = await request(app).post('/').set('Host', 'localhost:3000').set('Origin', 'null');
    expect(bad.status).toBe(403);
    const same = await request(app)
      .post('/')
      .set('Host', 'localhost:3000')
      .set('Origin', 'http://localhost:3000')
      .set('Sec-Fetch-Site', 'same-origin');
    expect(same.status).toBe(200);
    expect((await request(app).post('/').set('Host', '127.0.0.1:3000')).status).toBe(200);
  });

  it('refuses reads from another origin too', async () => {
    const res = await request(app)
      .get('/')
      .set('Host', 'localhost:3000')
      .set('Origin', 'http://localhost:8080');
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** Runs the guard on a request as a socket from `peer` would deliver it. */
function guard(
  peer: string,
  headers: Record<string, string>,
  settings?: { adminToken?: string; simulatorUrl?: string },
): { status: number; body: { error?: string; error_description?: string } | undefined } {
  let status = 200;
  let body: { error?: string; error_description?: string } | undefined;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    json(value: typeof body) {
      body = value;
      return res;
    },
  };
  const req = {
    method: 'GET',
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
    socket: { remoteAddress: peer },
    app: {
      locals: settings
        ? {
            adminAccess: {
              adminToken: settings.adminToken,
              startupUrl: () => settings.simulatorUrl ?? 'http://localhost:3000',
              startupHosts: new Set(),
            },
          }
        : {},
    },
  };
  requireLoopbackHost(req as never, res as never, () => undefined);
  return { status, body };
}

describe('requireLoopbackHost decides by the peer address, never by Host', () => {
  const TOKEN = 'a-long-admin-token-0123456789';

  it.each(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'])('serves peer %s', (peer) => {
    expect(guard(peer, { Host: 'localhost:3000' }).status).toBe(200);
  });

  it.each(['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fd00::2', '0.0.0.0', ''])(
    'refuses peer %s claiming Host: localhost, with no token configured',
    (peer) => {
      const r = guard(peer, { Host: 'localhost:3000' });
      expect(r.status).toBe(403);
      expect(r.body?.error_description).toBe('The admin API answers only this machine.');
    },
  );

  it('refuses a remote peer without the token, naming the token', () => {
    const r = guard('192.168.1.20', { Host: 'localhost:3000' }, { adminToken: TOKEN });
    expect(r.status).toBe(403);
    expect(r.body?.error_description).toMatch(/only with the admin token printed at start-up/);
    for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ', TOKEN])
      expect(
        guard('192.168.1.20', { Authorization: authorization }, { adminToken: TOKEN }).status,
      ).toBe(403);
  });

  it('serves a remote peer with the token, by header or cookie, on any Host', () => {
    for (const headers of [
      { Host: '192.168.1.5:3000', Authorization: `Bearer ${TOKEN}` } as Record<string, string>,
      { Host: '192.168.1.5:3000', Cookie: `other=1; simulator_admin=${TOKEN}` },
    ])
      expect(guard('192.168.1.20', headers, { adminToken: TOKEN }).status).toBe(200);
  });

  it('keeps the DNS-rebinding check for callers on this machine without the token', () => {
    expect(guard('127.0.0.1', { Host: 'rebound.example:3000' }, { adminToken: TOKEN }).status).toBe(
      403,
    );
    // The configured simulatorUrl names the simulator too.
    expect(
      guard('127.0.0.1', { Host: 'simulator:3000' }, { simulatorUrl: 'http://simulator:3000' })
        .status,
    ).toBe(200);
  });

  it('refuses a page of another origin even with the token cookie', () => {
    expect(
      guard(
        '192.168.1.20',
        {
          Host: '192.168.1.5:3000',
          Cookie: `simulator_admin=${TOKEN}`,
          Origin: 'http://evil.example',
        },
        { adminToken: TOKEN },
      ).status,
    ).toBe(403);
    expect(
      guard(
        '192.168.1.20',
        {
          Host: '192.168.1.5:3000',
          Cookie: `simulator_admin=${TOKEN}`,
          Origin: 'http://192.168.1.5:3000',
        },
        { adminToken: TOKEN },
      ).status,
    ).toBe(200);
  });
});
