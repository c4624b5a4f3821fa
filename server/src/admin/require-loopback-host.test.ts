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

  it('allows reads from another origin (browsers keep the response from that page anyway)', async () => {
    const res = await request(app)
      .get('/')
      .set('Host', 'localhost:3000')
      .set('Origin', 'http://localhost:8080');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
