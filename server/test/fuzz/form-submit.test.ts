/**
 * POST /form-submit (the interactive form's target) under hostile fields: a redirect to the
 * registered URI, a re-rendered form, or 400 JSON {error, invalid_fields}; never a 5xx, never a
 * redirect to a URI the client did not register.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import { DEFAULT_REDIRECT_URI, authorizeQuery } from '../helpers/relying-party.js';
import {
  RUNS,
  STACK_TRACE,
  TRANSPORT_LIMITS,
  expectFlowStillWorks,
  hostileJson,
  hostileQuery,
  hostileString,
} from './hostile-input.js';
import { RESPONSE_FIELDS } from '../helpers/response-fields.js';

const FORM_FIELDS = [
  'interactionId',
  'authCode',
  'authRequestParams',
  'state',
  ...RESPONSE_FIELDS,
  'continue',
] as const;

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

function expectFormAnswer(res: request.Response): void {
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  expect(res.text).not.toMatch(STACK_TRACE);
  if (TRANSPORT_LIMITS.includes(res.status)) return;
  if (res.status === 302) {
    // Only the registered redirect URI, never one taken from the form.
    expect(String(res.headers.location).split(/[?#]/)[0]).toBe(DEFAULT_REDIRECT_URI);
    return;
  }
  if (res.status === 200) {
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return;
  }
  expect(res.status).toBe(400);
  if (/json/.test(String(res.headers['content-type']))) {
    expect(typeof res.body.error).toBe('string');
    if (res.body.invalid_fields !== undefined)
      expect(Array.isArray(res.body.invalid_fields)).toBe(true);
  } else expect(res.headers['content-type']).toMatch(/^text\/html/);
}

const submit = () => request(sim.running.server).post('/form-submit').redirects(0);

describe('/form-submit with hostile fields', () => {
  it('answers hostile url-encoded forms', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(FORM_FIELDS), fc.boolean(), async (form, wantsJson) => {
        const req = submit().type('form');
        expectFormAnswer(
          await (wantsJson ? req.set('accept', 'application/json') : req).send(form),
        );
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers hostile JSON bodies', async () => {
    const body = fc.oneof(
      hostileJson(),
      fc.dictionary(fc.constantFrom(...FORM_FIELDS), fc.oneof(hostileString(), hostileJson()), {
        maxKeys: 8,
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        expectFormAnswer(
          await submit()
            .type('json')
            .send(JSON.stringify(b) ?? 'null'),
        );
      }),
      RUNS,
    );
    await expectFlowStillWorks(sim.baseUrl);
  });

  it('answers forged interaction state in interactive mode without redirecting elsewhere', async () => {
    const on = sim.simulator.config.update({ interactiveMode: true });
    expect(on.ok).toBe(true);
    try {
      // A real pending interaction, so the fields reach validation.
      const page = await request(sim.running.server).get(`/authorize?${authorizeQuery()}`);
      expect(page.status).toBe(200);
      const hidden = [...page.text.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map((m) => m[0]);
      const fields: Record<string, string> = {};
      for (const input of hidden) {
        const name = /name="([^"]*)"/.exec(input)?.[1];
        const value = /value="([^"]*)"/.exec(input)?.[1];
        if (name) fields[name] = value ?? '';
      }
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...FORM_FIELDS), hostileString(), { maxKeys: 6 }),
          async (overrides) => {
            const form = new URLSearchParams({ ...fields, sub: 'urn:fdc:test', ...overrides });
            expectFormAnswer(await submit().type('form').send(form.toString()));
          },
        ),
        RUNS,
      );
      const forged = new URLSearchParams({
        ...fields,
        sub: 'urn:fdc:test',
        authRequestParams: Buffer.from(
          JSON.stringify({ redirectUri: 'http://evil.example/cb', nonce: 'n', scopes: ['openid'] }),
        ).toString('base64url'),
        redirect_uri: 'http://evil.example/cb',
      });
      expectFormAnswer(await submit().type('form').send(forged.toString()));
    } finally {
      sim.simulator.config.update({ interactiveMode: false });
    }
    await expectFlowStillWorks(sim.baseUrl);
  });
});
