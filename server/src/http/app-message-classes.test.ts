import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { appMessageClasses } from './app-message-classes.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Listens with `app` on a server given the app's message classes; resolves with its base URL. */
async function listen(app: express.Express): Promise<string> {
  server = createServer(appMessageClasses(app), app);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
}

describe('appMessageClasses', () => {
  it("gives requests and responses the app's prototypes from birth, still Node's own kinds", async () => {
    const app = express();
    const seen: Record<string, boolean>[] = [];
    const server = createServer(appMessageClasses(app), (req, res) => {
      seen.push({
        requestPrototype: Object.getPrototypeOf(req) === app.request,
        responsePrototype: Object.getPrototypeOf(res) === app.response,
        incoming: req instanceof IncomingMessage,
        outgoing: res instanceof ServerResponse,
      });
      app(req, res);
    });
    app.get('/json', (req, res) => {
      res.status(201).json({ query: req.query, path: req.path, method: req.method });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/json?a=1`);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ query: { a: '1' }, path: '/json', method: 'GET' });
    expect(seen).toEqual([
      { requestPrototype: true, responsePrototype: true, incoming: true, outgoing: true },
    ]);
    await new Promise((resolve) => server.close(resolve));
  });

  it('serves bodies, redirects, errors and keep-alive requests as a plain server does', async () => {
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.post('/form', (req, res) => {
      res.json({ body: req.body as unknown });
    });
    app.get('/away', (_req, res) => {
      res.redirect(302, '/there');
    });
    app.get('/fails', () => {
      throw new Error('boom');
    });
    const base = await listen(app);
    const form = await fetch(`${base}/form`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=two',
    });
    expect(await form.json()).toEqual({ body: { a: '1', b: 'two' } });
    const away = await fetch(`${base}/away`, { redirect: 'manual' });
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('/there');
    const fails = await fetch(`${base}/fails`);
    expect(fails.status).toBe(500);
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    // Many requests on the same connections: each gets its own objects, all of the app's kind.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/form`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `n=${i}`,
        }).then((r) => r.json()),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => ({ body: { n: String(i) } })));
  });
});
