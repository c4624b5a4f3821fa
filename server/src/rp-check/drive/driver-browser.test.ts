import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverBrowser } from './driver-browser.js';
import { fetchSite, sameSiteContext } from './navigation-headers.js';

/** What reaches the wire: a real server records each request's raw headers. */
let server: Server;
let base: string;
const seen: { url: string; method: string; headers: IncomingHttpHeaders; raw: string[] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      method: req.method ?? '',
      headers: req.headers,
      raw: req.rawHeaders,
    });
    if (req.url === '/set')
      res.setHeader('set-cookie', [
        'lax=1; Path=/; SameSite=Lax',
        'strict=1; Path=/; SameSite=Strict',
        'none=1; Path=/; SameSite=None; Secure',
        'plain=1; Path=/',
        'secure=1; Path=/; Secure',
        'scoped=1; Path=/only',
        'gone=1; Path=/; Max-Age=0',
        'other=1; Path=/; Domain=example.com',
      ]);
    if (req.url === '/gzip') {
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('content-type', 'text/plain');
      res.end(gzipSync('Signed in as PATEL'));
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end('<title>ok</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const last = () => seen[seen.length - 1]!;

describe('DriverBrowser: what goes on the wire', () => {
  it('sends a page load as a browser does, never a script request', async () => {
    const browser = new DriverBrowser([base]);
    await browser.request(`${base}/start`);
    const h = last().headers;
    expect(h['sec-fetch-mode']).toBe('navigate');
    expect(h['sec-fetch-dest']).toBe('document');
    expect(h['sec-fetch-site']).toBe('none');
    expect(h['sec-fetch-user']).toBe('?1');
    expect(h['upgrade-insecure-requests']).toBe('1');
    expect(h.accept).toMatch(/^text\/html,application\/xhtml\+xml/);
    expect(h['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome\/.* IdentitySimulator-rp-check\/1$/);
    // Nothing a script's request carries.
    const names = last()
      .raw.filter((_, i) => i % 2 === 0)
      .map((n) => n.toLowerCase());
    expect(names).not.toContain('origin');
    expect(names.filter((n) => n === 'sec-fetch-mode')).toHaveLength(1);
  });

  it('marks a redirect, a form and a page-made navigation as they are', async () => {
    const browser = new DriverBrowser([base, 'http://127.0.0.1:9/']);
    await browser.request(`${base}/next`, {
      cause: 'user',
      initiator: `${base}/start`,
      redirectedFrom: [`${base}/start`],
    });
    expect(last().headers['sec-fetch-site']).toBe('same-origin');
    await browser.request(`${base}/form`, {
      method: 'POST',
      form: [['a', 'b c']],
      cause: 'page',
      initiator: `http://127.0.0.1:9/page`,
    });
    expect(last().method).toBe('POST');
    expect(last().headers['sec-fetch-site']).toBe('cross-site');
    expect(last().headers['sec-fetch-user']).toBeUndefined();
    expect(last().headers.origin).toBe('http://127.0.0.1:9');
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('keeps cookies by the browser rules: SameSite, Secure on localhost, Path, Domain, expiry', async () => {
    const browser = new DriverBrowser([base, 'http://127.0.0.1:9/']);
    await browser.request(`${base}/set`);
    await browser.request(`${base}/page`, { cause: 'user', initiator: `${base}/set` });
    // Same site: every cookie of the path; Secure ones too (http://localhost is a secure
    // context, as in Chromium); not the expired one, the other domain's, or another path's.
    expect(last().headers.cookie?.split('; ').sort()).toEqual([
      'lax=1',
      'none=1',
      'plain=1',
      'secure=1',
      'strict=1',
    ]);
    await browser.request(`${base}/only/x`, { cause: 'user', initiator: `${base}/set` });
    expect(last().headers.cookie).toContain('scoped=1');
    // A cross-site GET navigation: no Strict cookie.
    await browser.request(`${base}/page`, { cause: 'user', initiator: 'http://127.0.0.1:9/x' });
    expect(last().headers.cookie?.split('; ').sort()).toEqual([
      'lax=1',
      'none=1',
      'plain=1',
      'secure=1',
    ]);
    // A cross-site POST: SameSite=None, and a cookie without SameSite only in its first minutes.
    await browser.request(`${base}/page`, {
      method: 'POST',
      cause: 'user',
      initiator: 'http://127.0.0.1:9/x',
    });
    expect(last().headers.cookie?.split('; ').sort()).toEqual(['none=1', 'plain=1', 'secure=1']);
  });

  it('reads a compressed page', async () => {
    const browser = new DriverBrowser([base]);
    const page = await browser.request(`${base}/gzip`);
    expect(last().headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(page.body).toBe('Signed in as PATEL');
    expect(page.contentType).toBe('text/plain');
  });

  it('refuses other origins and names a service that does not answer', async () => {
    const browser = new DriverBrowser([base]);
    await expect(browser.request('http://example.invalid/x')).rejects.toThrow(
      /neither one of the service's addresses nor the simulator's/,
    );
    const closed = new DriverBrowser(['http://127.0.0.1:9/']);
    await expect(closed.request('http://127.0.0.1:9/x')).rejects.toThrow(
      /could not reach http:\/\/127\.0\.0\.1:9\/x \(ECONNREFUSED\)/,
    );
  });
});

describe('fetchSite and sameSiteContext', () => {
  it('follows the weakest relation along the chain', () => {
    expect(fetchSite(undefined, ['http://localhost:1/a'])).toBe('none');
    expect(fetchSite(undefined, ['http://localhost:1/a', 'http://localhost:2/b'])).toBe(
      'same-site',
    );
    expect(fetchSite('http://a.example.com/', ['http://b.example.com/'])).toBe('same-site');
    expect(fetchSite('http://a.example.com/', ['https://a.example.com/'])).toBe('cross-site');
    expect(
      fetchSite('http://x.test/', ['http://x.test/1', 'http://y.test/', 'http://x.test/2']),
    ).toBe('cross-site');
    expect(sameSiteContext('same-site', 'POST')).toBe('strict');
    expect(sameSiteContext('cross-site', 'GET')).toBe('lax');
    expect(sameSiteContext('cross-site', 'POST')).toBe('none');
  });
});
