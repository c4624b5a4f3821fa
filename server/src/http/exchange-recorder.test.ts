import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../log/exchange-types.js';
import { SimulatorEvents } from '../simulator/simulator-events.js';
import { notesOf } from './exchange-notes.js';
import { errorHandler } from './handle-errors.js';
import { ExchangeBuffer } from '../log/exchange-buffer.js';
import { createExchangeRecorder, isSimulatorPath, MAX_CAPTURED_BODY } from './exchange-recorder.js';
import { keepJsonText } from '../log/request-body-text.js';

/** A tiny app with the recorder first, as the simulator mounts it. */
/** An Express app with only the recorder, writing into `log` (the wall clock for times). */
function appRecordingInto(log: ExchangeBuffer, events = new SimulatorEvents()) {
  const app = express();
  app.use(createExchangeRecorder({ clock: Date.now, log, events, responses: app.response }));
  return app;
}

function recordedApp(capacity = 50) {
  const log = new ExchangeBuffer(capacity);
  const events = new SimulatorEvents();
  const emitted: Exchange[] = [];
  events.on('exchange', (e) => emitted.push(e));
  const app = express();
  app.set('query parser', 'simple');
  app.use(
    createExchangeRecorder({
      clock: () => Date.UTC(2025, 0, 1),
      log,
      events,
      responses: app.response,
    }),
  );
  app.use(express.json());
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.get('/json', (_req, res) => {
    res.json({ hello: 'world' });
  });
  app.get('/text', (_req, res) => {
    res.type('text/plain').send('plain words');
  });
  app.get('/json-string', (_req, res) => {
    res.type('application/json').send('{"a":1}');
  });
  app.get('/big', (_req, res) => {
    res.type('text/plain').send('x'.repeat(MAX_CAPTURED_BODY + 500));
  });
  app.get('/bigjson', (_req, res) => {
    res.json({ data: 'y'.repeat(MAX_CAPTURED_BODY + 10) });
  });
  app.get('/stream', (_req, res) => {
    res.type('text/plain');
    res.write('part one, ');
    res.end(Buffer.from('part two'));
  });
  app.get('/binary', (_req, res) => {
    res.type('image/png').end(Buffer.from([1, 2, 3]));
  });
  app.get('/authorize/cb', (_req, res) => {
    res.redirect('https://rp.example/cb?error=access_denied&error_description=No&state=s');
  });
  app.get('/authorize', (_req, res) => {
    const notes = notesOf(res);
    notes.journeyId = 'journey-1';
    notes.scenarios.push('authorize:ACCESS_DENIED');
    notes.tokens.push({ role: 'request_object', compact: 'a.b.c' });
    res.redirect('https://rp.example/cb?code=abc&state=s');
  });
  app.post('/token', (req, res) => {
    notesOf(res).outcome = {
      kind: 'error',
      code: 'invalid_client',
      description: 'said by the handler',
    };
    res.status(400).json({ error: 'invalid_grant', echo: req.body as unknown });
  });
  app.get('/userinfo', (_req, res) => {
    res.setHeader(
      'WWW-Authenticate',
      'Bearer error="invalid_token", error_description="Invalid access token"',
    );
    res.status(401).end();
  });
  app.get('/boom', () => {
    throw new Error('kaboom');
  });
  app.get('/hang', () => {
    // Never answers: the client gives up.
  });
  app.get('/_simulator/api/status', (_req, res) => {
    res.json({ admin: true });
  });
  app.get('/_simulator/', (_req, res) => {
    res.send('ui');
  });
  return { app, log, emitted };
}

/** The record of the only exchange so far. */
function only(log: ExchangeBuffer): Exchange {
  expect(log.size).toBe(1);
  return log.list()[0] as Exchange;
}

describe('exchange recorder', () => {
  it('records one exchange per request, emitted once, with a growing seq', async () => {
    const { app, log, emitted } = recordedApp();
    await request(app).get('/json');
    await request(app).get('/text');
    await request(app).get('/missing');
    expect(log.size).toBe(3);
    expect(emitted.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(emitted[0]).toBe(log.list()[0]);
    expect(new Set(emitted.map((e) => e.id)).size).toBe(3);
  });

  it('records method, path, query, headers and JSON body as given to res.json', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/json?a=1&b=two').set('X-Custom', 'v');
    const e = only(log);
    expect(e.endpoint).toBe('other');
    expect(e.startedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(e.durationMs).toBeGreaterThanOrEqual(0);
    expect(e.request).toMatchObject({
      method: 'GET',
      path: '/json',
      query: { a: '1', b: 'two' },
      httpVersion: '1.1',
    });
    expect(e.request.headers['x-custom']).toBe('v');
    expect(e.response.status).toBe(200);
    expect(e.response.body).toEqual({ hello: 'world' });
    expect(e.response.headers['content-type']).toMatch(/application\/json/);
    expect(e.response.bodySize).toBe(17);
    expect(e.outcome).toEqual({ kind: 'success' });
  });

  it('keeps the form body of the request', async () => {
    const { app, log } = recordedApp();
    await request(app).post('/token').type('form').send('grant_type=authorization_code&code=abc');
    const e = only(log);
    expect(e.endpoint).toBe('token');
    expect(e.request.body).toEqual({ grant_type: 'authorization_code', code: 'abc' });
  });

  it('keeps a large request body as cut-off text', async () => {
    const { app, log } = recordedApp();
    await request(app)
      .post('/token')
      .type('form')
      .send(`code=${'z'.repeat(MAX_CAPTURED_BODY + 100)}`);
    const e = only(log);
    expect(typeof e.request.body).toBe('string');
    expect((e.request.body as string).length).toBe(MAX_CAPTURED_BODY);
    expect(e.request.bodyTruncated).toBe(true);
  });

  it('uses the outcome a handler gives', async () => {
    const { app, log } = recordedApp();
    await request(app).post('/token').send({ x: 1 });
    expect(only(log).outcome).toEqual({
      kind: 'error',
      code: 'invalid_client',
      description: 'said by the handler',
    });
  });

  it('keeps text bodies, and parses JSON sent as a string', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/text');
    await request(app).get('/json-string');
    const [text, json] = log.list();
    expect(text?.response.body).toBe('plain words');
    expect(json?.response.body).toEqual({ a: 1 });
  });

  it('captures bodies written in several chunks, and skips binary ones', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/stream');
    await request(app).get('/binary');
    const [stream, binary] = log.list();
    expect(stream?.response.body).toBe('part one, part two');
    expect(binary?.response.body).toBeUndefined();
    expect(binary?.response.bodySize).toBe(3);
  });

  it('cuts bodies off at 64 KiB', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/big');
    await request(app).get('/bigjson');
    const [text, json] = log.list();
    expect((text?.response.body as string).length).toBe(MAX_CAPTURED_BODY);
    expect(text?.response.bodyTruncated).toBe(true);
    expect(text?.response.bodySize).toBe(MAX_CAPTURED_BODY + 500);
    expect(typeof json?.response.body).toBe('string');
    expect((json?.response.body as string).length).toBe(MAX_CAPTURED_BODY);
    expect(json?.response.bodyTruncated).toBe(true);
  });

  it('records a redirect by its Location, and the notes of the handler', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/authorize?client_id=c');
    const e = only(log);
    expect(e.endpoint).toBe('authorize');
    expect(e.response.status).toBe(302);
    expect(e.response.location).toBe('https://rp.example/cb?code=abc&state=s');
    expect(e.response.body).toBeUndefined();
    expect(e.journeyId).toBe('journey-1');
    expect(e.scenarios).toEqual(['authorize:ACCESS_DENIED']);
    expect(e.tokens).toEqual([{ role: 'request_object', compact: 'a.b.c' }]);
    expect(e.outcome).toEqual({ kind: 'success' });
  });

  it('derives an error from a redirect with error, and from WWW-Authenticate', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/authorize/cb');
    await request(app).get('/userinfo');
    const [redirect, userinfo] = log.list();
    expect(redirect?.outcome).toEqual({ kind: 'error', code: 'access_denied', description: 'No' });
    expect(userinfo?.endpoint).toBe('userinfo');
    expect(userinfo?.outcome).toEqual({
      kind: 'error',
      code: 'invalid_token',
      description: 'Invalid access token',
    });
  });

  it('records 404s and crashes too', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/nowhere');
    await request(app).get('/boom');
    const [missing, boom] = log.list();
    expect(missing?.response.status).toBe(404);
    expect(missing?.outcome).toMatchObject({ kind: 'error', code: 'http_404' });
    expect(boom?.response.status).toBe(500);
    expect(boom?.outcome).toMatchObject({ kind: 'error', code: 'http_500' });
  });

  it('never records the UI or the admin API', async () => {
    const { app, log } = recordedApp();
    await request(app).get('/_simulator/api/status');
    await request(app).get('/_simulator/');
    await request(app).get('/_simulator');
    expect(log.size).toBe(0);
    await request(app).get('/_simulatorx');
    expect(log.size).toBe(1);
  });

  it('keeps the log bounded', async () => {
    const { app, log } = recordedApp(3);
    for (let i = 0; i < 6; i++) await request(app).get(`/json?i=${i}`);
    expect(log.size).toBe(3);
    expect(log.list().map((e) => e.request.query.i)).toEqual(['3', '4', '5']);
  });

  it('records an exchange the client abandoned, once', async () => {
    const { app, log, emitted } = recordedApp();
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const closed = new Promise<void>((resolve) => {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/hang' });
      req.on('error', () => resolve());
      req.end();
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    await closed;
    await expect.poll(() => log.size).toBe(1);
    const e = only(log);
    expect(e.aborted).toBe(true);
    expect(e.outcome).toMatchObject({ kind: 'error', code: 'client_closed' });
    expect(emitted).toHaveLength(1);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('lets the parsed request body go once the answer is out, keeping its text for the log', async () => {
    const log = new ExchangeBuffer(5);
    const app = appRecordingInto(log);
    app.use(express.json({ verify: keepJsonText }));
    const seen: { before?: unknown; after?: unknown } = {};
    app.post('/token', (req, res) => {
      seen.before = req.body;
      res.status(400).json({ error: 'invalid_request' });
      seen.after = req.body;
    });
    await request(app).post('/token').type('json').send('[ {}, {"a": 1} ]');
    expect(seen.before).toEqual([{}, { a: 1 }]);
    expect('after' in seen).toBe(true);
    expect(seen.after).toBeUndefined();
    const e = only(log);
    expect(e.request.body).toEqual([{}, { a: 1 }]);
    expect(e.request.bodyTruncated).toBeUndefined();
  });

  it('keeps the text of a JSON body its parser refused, so the log shows what was wrong', async () => {
    const log = new ExchangeBuffer(5);
    const app = appRecordingInto(log);
    app.use(express.json({ verify: keepJsonText }));
    app.post('/token', (_req, res) => {
      res.status(200).json({});
    });
    app.use(errorHandler);
    for (const sent of ['{"grant_type":', '"a string"', '{"code":"abc",}']) {
      const res = await request(app).post('/token').type('json').send(sent);
      expect(res.status, sent).toBe(400);
      const e = log.list().at(-1) as Exchange;
      expect(e.request.body, sent).toBe(sent);
      expect(e.outcome).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('keeps the request body of an exchange the client abandoned before the answer', async () => {
    const log = new ExchangeBuffer(5);
    const app = appRecordingInto(log);
    app.use(express.json({ verify: keepJsonText }));
    app.post('/hang', () => {
      // Never answers: the client gives up.
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const req = httpRequest({
      port,
      host: '127.0.0.1',
      path: '/hang',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    req.on('error', () => undefined);
    req.end('{"code":"abc"}');
    setTimeout(() => req.destroy(), 100);
    await expect.poll(() => log.size).toBe(1);
    const e = only(log);
    expect(e.aborted).toBe(true);
    expect(e.request.body).toEqual({ code: 'abc' });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('survives a listener that throws', async () => {
    const log = new ExchangeBuffer(5);
    const events = new SimulatorEvents();
    events.on('exchange', () => {
      throw new Error('listener bug');
    });
    const app = appRecordingInto(log, events);
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    expect((await request(app).get('/')).status).toBe(200);
    expect((await request(app).get('/')).status).toBe(200);
    expect(log.size).toBe(2);
  });
});

describe('isSimulatorPath', () => {
  it.each([
    ['/_simulator', true],
    ['/_simulator/', true],
    ['/_simulator?x=1', true],
    ['/_simulator/api/events', true],
    ['/_simulatorx', false],
    ['/token', false],
    ['/x/_simulator', false],
    ['/_SIMULATOR/api/exchanges', true],
    ['/_Simulator?token=x', true],
    ['/%5Fsimulator/api', true],
    ['/_simulator%2Fapi', true],
    ['/_simulator%zz', false],
    ['/%5Fsimulatorx', false],
  ])('%s → %s', (path, expected) => {
    expect(isSimulatorPath(path)).toBe(expected);
  });
});
