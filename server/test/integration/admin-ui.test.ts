import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/index.js';
import { testSimulator } from '../helpers/test-simulator.js';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const INDEX = '<!doctype html><title>Identity Simulator</title><div id="root"></div>';

let root: string;
let uiDir: string;
let simulator: Simulator;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'identity-simulator-ui-'));
  uiDir = join(root, 'renderer');
  mkdirSync(join(uiDir, 'assets'), { recursive: true });
  writeFileSync(join(uiDir, 'index.html'), INDEX);
  writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(uiDir, '.env'), 'HIDDEN=1');
  writeFileSync(join(root, 'secret.txt'), 'TOP SECRET OUTSIDE THE UI');
  simulator = testSimulator({ uiDir });
});

afterAll(() => {
  simulator.close();
  rmSync(root, { recursive: true, force: true });
});

function expectUiHeaders(res: request.Response): void {
  expect(res.headers['content-security-policy']).toBe(CSP);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('the UI at /_simulator/', () => {
  it('serves index.html at the root, with the UI headers', async () => {
    const res = await request(simulator.app).get('/_simulator/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toBe(INDEX);
    expectUiHeaders(res);
  });

  it('redirects /_simulator to /_simulator/, keeping the query', async () => {
    const res = await request(simulator.app).get('/_simulator');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/_simulator/');
    const withQuery = await request(simulator.app).get('/_simulator?tab=log');
    expect(withQuery.headers.location).toBe('/_simulator/?tab=log');
  });

  it('serves built files', async () => {
    const res = await request(simulator.app).get('/_simulator/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.text).toBe('console.log("app")');
    expectUiHeaders(res);
  });

  it('answers client-side routes with index.html, and missing files with 404', async () => {
    const route = await request(simulator.app).get('/_simulator/log/exchange/123');
    expect(route.status).toBe(200);
    expect(route.text).toBe(INDEX);
    const missing = await request(simulator.app).get('/_simulator/assets/missing.js');
    expect(missing.status).toBe(404);
    expectUiHeaders(missing);
  });

  it('does not serve dotfiles', async () => {
    const res = await request(simulator.app).get('/_simulator/.env');
    expect(res.text).not.toContain('HIDDEN');
  });

  it.each([
    '/_simulator/..%2fsecret.txt',
    '/_simulator/..%2Fsecret.txt',
    '/_simulator/%2e%2e/secret.txt',
    '/_simulator/%2e%2e%2fsecret.txt',
    '/_simulator/assets/..%2f..%2fsecret.txt',
    '/_simulator/..%5csecret.txt',
    '/_simulator/%2e%2e',
    '/_simulator/assets/%00.js',
  ])('never serves a file outside the UI folder: %s', async (path) => {
    const res = await request(simulator.app).get(path);
    expect(res.text).not.toContain('TOP SECRET');
    expect(res.status).toBe(404);
    expectUiHeaders(res);
  });

  it('is not recorded in the request log', async () => {
    const before = simulator.log.size;
    await request(simulator.app).get('/_simulator/');
    await request(simulator.app).get('/_simulator/assets/app.js');
    expect(simulator.log.size).toBe(before);
  });

  it('leaves the admin API to its router', async () => {
    const res = await request(simulator.app).get('/_simulator/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });
});

describe('without a built UI', () => {
  it.each([
    ['no folder given', undefined],
    ['a folder without index.html', tmpdir()],
    ['a folder that does not exist', join(tmpdir(), 'no-such-identity-simulator-ui')],
  ])('answers 404 with how to build it (%s)', async (_label, dir) => {
    const sim = testSimulator({ uiDir: dir });
    try {
      for (const path of ['/_simulator/', '/_simulator/assets/app.js', '/_simulator/some/route']) {
        const res = await request(sim.app).get(path);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toBe('The UI is not built. Run `npm run build`.');
        expectUiHeaders(res);
      }
      expect((await request(sim.app).get('/_simulator/api/status')).status).toBe(200);
    } finally {
      sim.close();
    }
  });
});
