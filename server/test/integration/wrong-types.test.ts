/**
 * Values of the wrong type where a client controls them: objects (with toString/valueOf members),
 * arrays, numbers and null in request-object members, client-assertion header members, form
 * fields and JSON bodies labelled as forms. Each gets a documented 4xx, never a 500, and the
 * simulator keeps serving (including the HAR export of what was sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url } from 'jose';
import request from 'supertest';
import { listeningSimulator, type ListeningSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_REDIRECT_URI,
  authorizeQuery,
  redirectParams,
  signClientAssertion,
  signRequestObject,
} from '../helpers/relying-party.js';
import { expectFlowStillWorks } from '../fuzz/hostile-input.js';
import { RESPONSE_FIELDS } from '../helpers/response-fields.js';

let sim: ListeningSimulator;
beforeAll(async () => {
  sim = await listeningSimulator();
});
afterAll(() => sim.close());

/** JSON can carry members named like the methods String() and templates call. */
const WRONG_TYPES: readonly unknown[] = [
  { toString: 'x' },
  { valueOf: 'y', toString: { a: 1 } },
  { toString: null },
  ['a', 'b'],
  [1],
  42,
  true,
  {},
];

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

function tokenRequest(assertion: string) {
  return fetch(`${sim.baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'wrong-types' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'unknown-code',
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: assertion,
    }),
  });
}

describe('request object members of the wrong type', () => {
  const MEMBERS = [
    'max_age',
    'scope',
    'ui_locales',
    'code_challenge',
    'code_challenge_method',
    'prompt',
    'login_hint',
    'nonce',
    'client_id',
    'aud',
    'iss',
    'response_type',
    'channel',
  ];

  it.each(MEMBERS)(
    '%s: an invalid_request redirect naming the member, never a 500',
    async (member) => {
      for (const value of WRONG_TYPES) {
        // An array of strings is a valid aud; skip what the member accepts.
        if (member === 'aud' && Array.isArray(value) && value.every((v) => typeof v === 'string'))
          continue;
        if (member === 'max_age' && typeof value === 'number') continue;
        const jar = await signRequestObject(sim.baseUrl, { [member]: value });
        const query = authorizeQuery({
          request: jar,
          redirect_uri: undefined,
          state: undefined,
          nonce: undefined,
        });
        const res = await fetch(`${sim.baseUrl}/authorize?${query}`, { redirect: 'manual' });
        expect(res.status, `${member}=${JSON.stringify(value)}`).toBe(302);
        const params = redirectParams(res.headers.get('location') ?? '');
        expect(params.get('error')).toBe('invalid_request');
        expect(params.get('error_description')).toContain(
          `Invalid request object: ${member} must be`,
        );
        expect(params.get('state')).toBe('state-jar');
      }
    },
  );

  it('redirect_uri, response_mode and state of the wrong type: the 400 page or a redirect, never a 500', async () => {
    for (const member of ['redirect_uri', 'response_mode', 'state'])
      for (const value of WRONG_TYPES) {
        const jar = await signRequestObject(sim.baseUrl, { [member]: value });
        const query = authorizeQuery({
          request: jar,
          redirect_uri: undefined,
          state: undefined,
          nonce: undefined,
        });
        const res = await fetch(`${sim.baseUrl}/authorize?${query}`, { redirect: 'manual' });
        expect([302, 400], `${member}=${JSON.stringify(value)}`).toContain(res.status);
      }
    await expectFlowStillWorks(sim.baseUrl);
  });
});

describe('client assertion members of the wrong type', () => {
  it.each(['alg', 'kid', 'typ'])('header %s: invalid_request, never a 500', async (member) => {
    const valid = await signClientAssertion({ baseUrl: sim.baseUrl });
    const [, payload, signature] = valid.split('.') as [string, string, string];
    for (const value of WRONG_TYPES) {
      const header = base64url.encode(JSON.stringify({ alg: 'RS256', [member]: value }));
      const res = await tokenRequest(`${header}.${payload}.${signature}`);
      expect(res.status, `${member}=${JSON.stringify(value)}`).toBe(400);
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: 'Invalid private_key_jwt',
      });
    }
  });

  it.each(['iss', 'sub', 'jti', 'aud'])(
    'claim %s: invalid_client naming the claim',
    async (member) => {
      for (const value of WRONG_TYPES) {
        if (member === 'aud' && Array.isArray(value) && value.every((v) => typeof v === 'string'))
          continue;
        const assertion = await signClientAssertion({
          baseUrl: sim.baseUrl,
          claims: { [member]: value },
        });
        const res = await tokenRequest(assertion);
        expect([400, 401], `${member}=${JSON.stringify(value)}`).toContain(res.status);
        const body = (await res.json()) as { error: string; error_description: string };
        expect(body.error).toBe('invalid_client');
        expect(body.error_description).toMatch(
          new RegExp(`^private_key_jwt ${member} must be a string`),
        );
      }
      await expectFlowStillWorks(sim.baseUrl);
    },
  );
});

describe('JSON bodies labelled as forms', () => {
  it('never get a 5xx, and the HAR export of them still answers 200', async () => {
    for (const path of ['/token', '/config', '/form-submit', '/logout']) {
      const res = await fetch(`${sim.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json; x=application/x-www-form-urlencoded',
          'user-agent': 'wrong-types',
        },
        body: JSON.stringify({ a: { toString: 'x' }, b: [{ valueOf: 1 }], c: null, d: 1 }),
      });
      // A refusal, or (logout) the documented redirect: never a 5xx.
      expect(res.status, path).toBeLessThan(500);
    }
    const har = await fetch(`${sim.baseUrl}/_simulator/api/exchanges.har`);
    expect(har.status).toBe(200);
    const entries = (
      (await har.json()) as {
        log: { entries: { request: { postData?: { text: string; params?: unknown } } }[] };
      }
    ).log.entries;
    const posted = entries.filter((e) => e.request.postData?.text.includes('toString'));
    expect(posted.length).toBeGreaterThanOrEqual(4);
    for (const e of posted) expect(e.request.postData?.params).toBeUndefined();
  });
});

describe('interactive form fields of the wrong type', () => {
  let interactive: ListeningSimulator;
  beforeAll(async () => {
    interactive = await listeningSimulator();
    interactive.simulator.config.update({ interactiveMode: true });
  });
  afterAll(() => interactive.close());

  async function openForm(): Promise<string> {
    const res = await request(interactive.simulator.app)
      .get(`/authorize?${authorizeQuery()}`)
      .set('Accept', 'text/html');
    const id = /name="interactionId" value="([^"]+)"/.exec(res.text)?.[1];
    if (!id) throw new Error(`no form: ${res.status}`);
    return id;
  }

  const FIELDS = [...RESPONSE_FIELDS, 'persona', 'checkboxesShown', 'lang'];

  it.each(FIELDS)(
    '%s: a 400 naming the field (or ignored), and the same sign-in completes after',
    async (field) => {
      let interactionId = await openForm();
      for (const value of WRONG_TYPES) {
        const res = await request(interactive.simulator.app)
          .post('/form-submit')
          .send({ interactionId, sub: 'valid-sub', [field]: value });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBeLessThan(500);
        if (res.status === 302) {
          // A value the field accepts (true for a checkbox; any value for an ignored field).
          interactionId = await openForm();
          continue;
        }
        expect(res.status).toBe(400);
        const fields = (res.body as { invalid_fields: { field: string }[] }).invalid_fields;
        expect(fields.map((f) => f.field)).toContain(field);
      }
      // A browser's repeated keys (arrays) on the HTML path: the form again, same id.
      const page = await request(interactive.simulator.app)
        .post('/form-submit')
        .type('form')
        .set('Accept', 'text/html')
        .send(`interactionId=${interactionId}&sub=a&sub=b&maxLoCAchieved=P9&maxLoCAchieved=P1`);
      expect(page.status).toBe(400);
      expect(page.text).toContain(`name="interactionId" value="${interactionId}"`);
      // Refused every time, the sign-in is still open under the same id.
      const done = await request(interactive.simulator.app)
        .post('/form-submit')
        .send({ interactionId, sub: 'corrected-sub' });
      expect(done.status).toBe(302);
      expect(redirectParams(done.headers.location as string).get('code')).toBeTruthy();
    },
  );
});
