/**
 * The published documents (/.well-known/*, /trustmark, /, GET /config) and unknown routes under
 * hostile paths, methods, query strings and headers: never a 5xx, never a stack trace, and the
 * documents keep their content whatever the request says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  RUNS,
  STACK_TRACE,
  expectFlowStillWorks,
  headerSafeString,
  hostileQuery,
  hostileString,
} from './hostile-input.js';

const DOCUMENTS = [
  '/.well-known/openid-configuration',
  '/.well-known/jwks.json',
  '/.well-known/did.json',
  '/trustmark',
  '/',
  '/config',
] as const;

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

describe('published documents with hostile requests', () => {
  it('answers the documents the same way whatever the query string and User-Agent', async () => {
    const expected = new Map<string, string>();
    for (const path of DOCUMENTS)
      expected.set(path, (await request(sim.running.server).get(path).set('user-agent', 'x')).text);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DOCUMENTS),
        hostileQuery(['a', 'callback', 'format', 'kid']),
        headerSafeString(),
        async (path, query, ua) => {
          const res = await request(sim.running.server)
            .get(`${path}?${query}`)
            .set('user-agent', ua);
          expect(res.status, res.text.slice(0, 200)).toBeLessThan(500);
          if (path === '/.well-known/did.json' && ua.trim() === '') {
            expect(res.status).toBe(403);
            return;
          }
          if (res.status === 200) expect(res.text).toBe(expected.get(path));
          else expect([414, 431]).toContain(res.status);
        },
      ),
      RUNS,
    );
  });

  it('answers hostile paths and methods without a fault', async () => {
    const segment = fc.oneof(
      hostileString().map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
      fc.constantFrom(
        '%FF',
        '%C3%28',
        '%E0%A4%A',
        '%',
        '%00',
        '..',
        '%2e%2e',
        '%2f',
        '.well-known',
        'jwks.json',
        ';',
        '~',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('get', 'post', 'put', 'delete', 'patch', 'options', 'head'),
        fc.constantFrom('/.well-known/', '/', '/trustmark/', '/config/', '/token/', '/userinfo/'),
        fc.array(segment, { maxLength: 4 }),
        async (method, prefix, segments) => {
          const agent = request(sim.running.server);
          const res = await agent[method](`${prefix}${segments.join('/')}`).set(
            'user-agent',
            'fuzz',
          );
          const text = res.text ?? '';
          expect(res.status, text.slice(0, 200)).toBeLessThan(500);
          expect(text).not.toMatch(STACK_TRACE);
        },
      ),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers hostile header values on every document', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DOCUMENTS),
        fc.dictionary(
          fc.constantFrom(
            'accept',
            'accept-language',
            'cookie',
            'if-none-match',
            'range',
            'x-forwarded-host',
            'forwarded',
            'content-type',
            'origin',
          ),
          headerSafeString(),
          { maxKeys: 4 },
        ),
        async (path, headers) => {
          const res = await request(sim.running.server)
            .get(path)
            .set({ 'user-agent': 'fuzz', ...headers });
          expect(res.status, res.text.slice(0, 200)).toBeLessThan(500);
          // The issuer never follows a forwarded or spoofed host.
          if (path === '/.well-known/openid-configuration' && res.status === 200)
            expect(res.body.issuer).toBe(`${sim.baseUrl}/`);
        },
      ),
      RUNS,
    );
  });
});
