/**
 * Interactive mode end to end over supertest: the form after /authorize, POST /form-submit in
 * all its outcomes, and the code it issues carrying the submitted values to /token and /userinfo.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import type { Simulator } from '../../src/index.js';
import type { SimulatorConfig } from '../../src/config/config-types.js';
import { defaultConfig, testSimulator } from '../helpers/test-simulator.js';
import {
  DEFAULT_REDIRECT_URI,
  IDENTITY_CLAIMS_REQUEST,
  VOCAB,
  authorizeQuery,
  redirectParams,
  signClientAssertion,
  type AuthorizeParams,
} from '../helpers/relying-party.js';
import { RESPONSE_FIELDS } from '../helpers/response-fields.js';

const SIMULATOR_URL = 'http://localhost:3000';
const UA = 'interactive-tests';
const EXPIRED = 'This sign-in has expired or was already completed; start again from the service';
const TEST_IDS = [
  'sub',
  'email',
  'email-verified',
  'phone-number',
  'phone-number-verified',
  'max-loc-achieved',
  'core-identity-vc',
  'passport-details',
  'driving-permit-details',
  'postal-address-details',
  'return-codes',
];

function interactiveConfig(changes: Partial<SimulatorConfig> = {}): SimulatorConfig {
  return { ...defaultConfig(SIMULATOR_URL), interactiveMode: true, ...changes };
}

function newSimulator(changes: Partial<SimulatorConfig> = {}, clock?: () => number): Simulator {
  return testSimulator({ config: interactiveConfig(changes), ...(clock ? { clock } : {}) });
}

const unescape = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** What a browser would post for this form, untouched: hidden inputs, inputs, ticked boxes, textareas. */
function browserFormData(html: string): URLSearchParams {
  const data = new URLSearchParams();
  const form = /<form[^>]*data-testid="interactive-form"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  const controls = /<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>/g;
  for (const match of form.matchAll(controls)) {
    const tag = match[0];
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    if (!name) continue;
    if (tag.startsWith('<textarea')) {
      data.append(name, unescape((match[1] ?? '').replace(/^\n/, '')));
      continue;
    }
    const type = /\btype="([^"]*)"/.exec(tag)?.[1] ?? 'text';
    if (type === 'checkbox' && !/\bchecked\b/.test(tag)) continue;
    data.append(unescape(name), unescape(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ''));
  }
  return data;
}

function interactionIdOf(html: string): string {
  const id = /name="interactionId" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error('no interactionId in the page');
  return id;
}

function controlTag(html: string, testId: string): string {
  const tag = new RegExp(`<(input|textarea)[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no control ${testId}`);
  return tag;
}

async function openForm(sim: Simulator, params: AuthorizeParams = {}) {
  const res = await request(sim.app)
    .get(`/authorize?${authorizeQuery(params)}`)
    .set('Accept', 'text/html');
  expect(res.status).toBe(200);
  return { res, html: res.text, interactionId: interactionIdOf(res.text) };
}

type Body = Record<string, string | string[]>;

function formBody(fields: Body): string {
  const data = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v]) data.append(k, one);
  return data.toString();
}

function postForm(sim: Simulator, fields: Body | URLSearchParams, accept = 'text/html') {
  return request(sim.app)
    .post('/form-submit')
    .type('form')
    .set('Accept', accept)
    .send(fields instanceof URLSearchParams ? fields.toString() : formBody(fields));
}

async function exchangeCode(sim: Simulator, code: string) {
  const token = await request(sim.app)
    .post('/token')
    .type('form')
    .set('User-Agent', UA)
    .send({
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await signClientAssertion({ baseUrl: SIMULATOR_URL }),
    });
  expect(token.status).toBe(200);
  const userinfo = await request(sim.app)
    .get('/userinfo')
    .set('User-Agent', UA)
    .set('Authorization', `Bearer ${String(token.body.access_token)}`);
  expect(userinfo.status).toBe(200);
  return { token: token.body as Record<string, unknown>, userinfo: userinfo.body };
}

function codeFrom(location: string | undefined): { code: string; state: string | null } {
  expect(location).toBeDefined();
  const params = redirectParams(location as string);
  const code = params.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return { code, state: params.get('state') };
}

/** The simulator still answers normally after whatever came before. */
async function expectStillServing(sim: Simulator): Promise<void> {
  const { interactionId } = await openForm(sim);
  const res = await postForm(sim, { interactionId });
  expect(res.status).toBe(302);
  expect(res.headers.location).toMatch(
    /^http:\/\/localhost:8080\/oidc\/authorization-code\/callback\?code=/,
  );
}

describe('interactive form after /authorize', () => {
  it('shows every configurable field, pre-filled, whatever was requested', async () => {
    const sim = newSimulator();
    const { res, html } = await openForm(sim, { scope: 'openid' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(html).toContain('<html lang="en">');
    for (const id of TEST_IDS) expect(html).toContain(`data-testid="${id}"`);
    const config = defaultConfig().responseConfiguration;
    expect(controlTag(html, 'sub')).toContain(`value="${config.sub}"`);
    expect(controlTag(html, 'email')).toContain('value="test@example.com"');
    expect(controlTag(html, 'email-verified')).toContain('checked');
    expect(controlTag(html, 'phone-number')).toContain('value="+447123456789"');
    expect(controlTag(html, 'max-loc-achieved')).toContain('value="P2"');
    expect(html).toContain('&quot;HEARNSHAW&quot;');
    expect(html).toContain('&quot;FRAMPTON ROAD&quot;');
    expect(html).toContain('>Continue</button>');
    expect(html).toContain(`action="${SIMULATOR_URL}/form-submit"`);
  });

  it('the untouched form, posted back, returns the configured values', async () => {
    const sim = newSimulator();
    const { html } = await openForm(sim, {
      scope: 'openid email phone',
      vtr: '["P2.Cl.Cm"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    const res = await postForm(sim, browserFormData(html));
    expect(res.status).toBe(302);
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    const config = defaultConfig().responseConfiguration;
    expect(userinfo).toMatchObject({
      sub: config.sub,
      email: config.email,
      email_verified: true,
      phone_number: config.phoneNumber,
      phone_number_verified: true,
      [`${VOCAB}/address`]: config.postalAddressDetails,
      [`${VOCAB}/returnCode`]: [],
    });
    expect(typeof userinfo[`${VOCAB}/coreIdentityJWT`]).toBe('string');
  });

  it('sends a Content-Security-Policy that allows only inline style and the two form targets', async () => {
    const sim = newSimulator();
    const { res } = await openForm(sim);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/form-action [^;]*http:\/\/localhost:3000/);
    expect(csp).toMatch(/form-action [^;]*http:\/\/localhost:8080/);
    expect(csp).not.toContain('script-src');
  });

  it('summarises what the relying party asked for', async () => {
    const sim = newSimulator();
    const { html } = await openForm(sim, {
      scope: 'openid email',
      vtr: '["P2.Cl.Cm"]',
      claims: JSON.stringify({ userinfo: { [`${VOCAB}/address`]: null } }),
    });
    expect(html).toMatch(/data-testid="request-scopes"><code>openid<\/code> <code>email<\/code>/);
    expect(html).toMatch(/data-testid="request-claims"><code>address<\/code>/);
    expect(html).toMatch(/data-testid="request-vtr"><code>P2\.Cl\.Cm<\/code>/);
    expect(html).toMatch(/for="phoneNumber">[^<]*<strong class="tag">Not requested/);
  });

  it('is in Welsh when ui_locales asks for cy', async () => {
    const sim = newSimulator();
    for (const locales of ['cy', 'fr cy', 'cy-GB en']) {
      const { html } = await openForm(sim, { ui_locales: locales });
      expect(html).toContain('<html lang="cy">');
      expect(html).toContain('>Parhau</button>');
      expect(html).toContain('<label class="label" for="sub">Dynodwr pwnc (sub)</label>');
      expect(html).toContain('<h1>Rhowch ffurfweddiad yr ymateb</h1>');
      expect(html).not.toContain('>Continue<');
      // The built-in personas are listed by their Welsh names too.
      expect(html).toContain('Wedi’i wirio gyda phasbort (P2)');
      expect(html).not.toContain('Verified with a passport (P2)');
    }
    const { html } = await openForm(sim, { ui_locales: 'fr' });
    expect(html).toContain('<html lang="en">');
  });

  it('appears once POST /config switches interactive mode on, and goes when it is off', async () => {
    const sim = testSimulator({ config: defaultConfig(SIMULATOR_URL) });
    const before = await request(sim.app).get(`/authorize?${authorizeQuery()}`);
    expect(before.status).toBe(302);
    const errorConfiguration = { coreIdentityErrors: [], idTokenErrors: [], authoriseErrors: [] };
    const on = await request(sim.app)
      .post('/config')
      .send({ interactiveMode: true, errorConfiguration });
    expect(on.status).toBe(200);
    const form = await request(sim.app).get(`/authorize?${authorizeQuery()}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="return-codes"');
    await request(sim.app).post('/config').send({ interactiveMode: false, errorConfiguration });
    expect((await request(sim.app).get(`/authorize?${authorizeQuery()}`)).status).toBe(302);
  });

  it('is not shown when a configured authorise error applies', async () => {
    const sim = newSimulator({
      errorConfiguration: {
        ...defaultConfig().errorConfiguration,
        authoriseErrors: ['ACCESS_DENIED'],
      },
    });
    const res = await request(sim.app).get(`/authorize?${authorizeQuery()}`);
    expect(res.status).toBe(302);
    expect(redirectParams(res.headers.location as string).get('error')).toBe('access_denied');
  });
});

describe('POST /form-submit: a valid submission', () => {
  it('redirects to the registered redirect URI with a code and the state', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { state: 'state with spaces & symbols' });
    const res = await postForm(sim, { interactionId, sub: 'submitted-sub' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(DEFAULT_REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('state with spaces & symbols');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers in the fragment when response_mode=fragment', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { response_mode: 'fragment' });
    const res = await postForm(sim, { interactionId });
    const location = new URL(res.headers.location as string);
    expect(location.search).toBe('');
    expect(new URLSearchParams(location.hash.slice(1)).get('code')).toBeTruthy();
  });

  it('ignores forged redirect fields: the target comes from the /authorize request', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await postForm(sim, {
      interactionId,
      redirectUri: 'http://evil.example/cb',
      redirect_uri: 'http://evil.example/cb',
      authRequestParams: Buffer.from(
        JSON.stringify({ redirectUri: 'http://evil.example/cb' }),
      ).toString('base64url'),
      state: 'forged-state',
      authCode: 'forged-code',
    });
    expect(res.status).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith(`${DEFAULT_REDIRECT_URI}?`)).toBe(true);
    expect(location).not.toContain('evil.example');
    const params = redirectParams(location);
    expect(params.get('state')).toBe('state-1');
    expect(params.get('code')).not.toBe('forged-code');
  });

  it('carries the submitted values to /token and /userinfo, limited to the scopes', async () => {
    const sim = newSimulator();
    const { html } = await openForm(sim, { scope: 'openid' });
    const data = browserFormData(html);
    data.set('sub', 'form-sub');
    data.set('email', 'form@example.com');
    const res = await postForm(sim, data);
    const { token, userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo).toEqual({ sub: 'form-sub' });
    const idToken = JSON.parse(
      Buffer.from(String(token.id_token).split('.')[1] as string, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(idToken.sub).toBe('form-sub');
  });

  it('returns email and phone values as submitted when those scopes were asked for', async () => {
    const sim = newSimulator();
    const { html } = await openForm(sim, { scope: 'openid email phone' });
    const data = browserFormData(html);
    data.set('email', 'form@example.com');
    data.delete('emailVerified'); // unticked
    data.set('phoneNumber', '');
    const res = await postForm(sim, data);
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo).toEqual({
      sub: defaultConfig().responseConfiguration.sub,
      email: 'form@example.com',
      email_verified: false,
      phone_number_verified: true,
    });
  });

  it('returns identity claims as submitted when they were asked for', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, {
      scope: 'openid',
      vtr: '["P2.Cl.Cm"]',
      claims: IDENTITY_CLAIMS_REQUEST,
    });
    const address = [{ streetName: 'FORM STREET', postalCode: 'SW1A 1AA' }];
    const res = await postForm(sim, {
      interactionId,
      postalAddressDetails: JSON.stringify(address),
      returnCodes: '[{"code": "X"}]',
      passportDetails: '[{"documentNumber": "123"}]',
    });
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo[`${VOCAB}/address`]).toEqual(address);
    expect(userinfo[`${VOCAB}/returnCode`]).toEqual([{ code: 'X' }]);
    // Not requested, so not returned, though submitted.
    expect(userinfo[`${VOCAB}/passport`]).toBeUndefined();
    expect(userinfo.email).toBeUndefined();
  });

  it('keeps the configured values for fields that were not submitted', async () => {
    const sim = newSimulator({
      responseConfiguration: {
        ...defaultConfig().responseConfiguration,
        email: 'configured@example.com',
        emailVerified: false,
      },
    });
    const { interactionId } = await openForm(sim, { scope: 'openid email phone' });
    const res = await postForm(sim, { interactionId, phoneNumber: '07000000000' });
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo).toMatchObject({
      sub: defaultConfig().responseConfiguration.sub,
      email: 'configured@example.com',
      email_verified: false,
      phone_number: '07000000000',
      phone_number_verified: true,
    });
  });

  it('takes the configuration current at submission for fields left out', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { scope: 'openid email' });
    sim.config.update({
      responseConfiguration: { email: 'changed@example.com' },
      errorConfiguration: sim.config.get().errorConfiguration,
    });
    const res = await postForm(sim, { interactionId });
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo.email).toBe('changed@example.com');
  });

  it('does not change the stored configuration', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    await postForm(sim, { interactionId, sub: 'only-for-this-sign-in' });
    expect(sim.config.get().responseConfiguration.sub).toBe(
      defaultConfig().responseConfiguration.sub,
    );
  });

  it('accepts a JSON body with typed values', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { scope: 'openid email' });
    const res = await request(sim.app)
      .post('/form-submit')
      .send({ interactionId, email: 'json@example.com', emailVerified: false });
    expect(res.status).toBe(302);
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo).toMatchObject({ email: 'json@example.com', email_verified: false });
  });

  it('ends in access_denied when submitted evidence is short of the level asked for', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, {
      vtr: '["P2.Cl.Cm"]',
      claims: JSON.stringify({ userinfo: { [`${VOCAB}/address`]: null } }),
    });
    const res = await postForm(sim, { interactionId, maxLoCAchieved: 'P1' });
    expect(res.status).toBe(302);
    const params = redirectParams(res.headers.location as string);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('state-1');
    expect(params.get('code')).toBeNull();
  });

  it('ends in access_denied when return codes are submitted but the claim was not asked for', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { vtr: '["P2.Cl.Cm"]' });
    const res = await postForm(sim, { interactionId, returnCodes: '[{"code": "A"}]' });
    expect(redirectParams(res.headers.location as string).get('error')).toBe('access_denied');
  });

  it('is single use: the same form cannot complete twice', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    expect((await postForm(sim, { interactionId })).status).toBe(302);
    const again = await postForm(sim, { interactionId });
    expect(again.status).toBe(400);
    expect(again.text).toContain('This sign-in has expired or was already completed');
  });

  it('records the submission in the request log, tied to the sign-in', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await postForm(sim, { interactionId });
    const { code } = codeFrom(res.headers.location);
    const exchanges = sim.log.list();
    const authorize = exchanges.find((x) => x.endpoint === 'authorize');
    const submit = exchanges.find((x) => x.endpoint === 'interactive');
    expect(submit?.outcome).toEqual({ kind: 'success' });
    expect(submit?.journeyId).toBeDefined();
    expect(submit?.journeyId).toBe(authorize?.journeyId);
    expect(submit?.response.location).toContain(code);
  });
});

describe('POST /form-submit: invalid fields', () => {
  it('answers a JSON client with 400 and the invalid fields', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await postForm(
      sim,
      { interactionId, maxLoCAchieved: 'P9', passportDetails: '{not json' },
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: 'invalid_request',
      invalid_fields: [
        { field: 'maxLoCAchieved', msg: 'must be one of P0, P1, P2, P3' },
        { field: 'passportDetails', msg: expect.stringMatching(/^must be valid JSON/) },
      ],
    });
    // The sign-in stays open under the same id: the script can correct and resend.
    const fixed = await postForm(sim, { interactionId, maxLoCAchieved: 'P1' }, 'application/json');
    expect(fixed.status).toBe(302);
  });

  it('answers JSON when the body was JSON, whatever Accept says', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await request(sim.app)
      .post('/form-submit')
      .set('Accept', 'text/html')
      .send({ interactionId, sub: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      invalid_fields: [{ field: 'sub', msg: 'must not be empty' }],
    });
  });

  it('shows a browser the form again with the errors and what was typed', async () => {
    const sim = newSimulator();
    const { html, interactionId } = await openForm(sim);
    const data = browserFormData(html);
    data.set('sub', '');
    data.set('email', 'typed@example.com');
    data.set('maxLoCAchieved', 'P9');
    data.set('returnCodes', '[{"code": ');
    const res = await postForm(sim, data);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const page = res.text;
    expect(page).toMatch(/<div class="error-summary" role="alert"[^>]*autofocus/);
    expect(page).toContain('<a href="#sub">Enter a subject identifier (sub)</a>');
    expect(page).toContain(
      '<a href="#maxLoCAchieved">Enter a level of confidence: P0, P1, P2 or P3</a>',
    );
    expect(page).toMatch(/<a href="#returnCodes">Enter return codes as valid JSON/);
    expect(page).toContain('<p id="maxLoCAchieved-error" class="error-message">');
    expect(controlTag(page, 'sub')).toContain('value=""');
    expect(controlTag(page, 'email')).toContain('value="typed@example.com"');
    expect(controlTag(page, 'max-loc-achieved')).toContain('value="P9"');
    expect(page).toMatch(/data-testid="return-codes"[^>]*>\n\[\{&quot;code&quot;: <\/textarea>/);
    expect(page).toContain('data-testid="request-summary"');

    // The page carries the same id: the refused sign-in stays open for the corrected retry.
    expect(interactionIdOf(page)).toBe(interactionId);

    // Corrected and posted again, the re-rendered form completes the sign-in.
    const retry = browserFormData(page);
    retry.set('sub', 'fixed-sub');
    retry.set('maxLoCAchieved', 'P2');
    retry.set('returnCodes', '[]');
    const done = await postForm(sim, retry);
    expect(done.status).toBe(302);
    const { userinfo } = await exchangeCode(sim, codeFrom(done.headers.location).code);
    expect(userinfo).toMatchObject({ sub: 'fixed-sub', email: 'typed@example.com' });
  });

  it('words the errors in Welsh for a Welsh sign-in', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { ui_locales: 'cy' });
    const res = await postForm(sim, {
      interactionId,
      maxLoCAchieved: 'P9',
      passportDetails: '[{',
      checkboxesShown: 'emailVerified',
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<html lang="cy">');
    expect(res.text).toContain('<h2 id="error-summary-title">Mae problem</h2>');
    expect(res.text).toContain('Rhowch lefel hyder: P0, P1, P2 neu P3');
    expect(res.text).toContain('Rhowch fanylion pasbort fel JSON dilys');
    expect(res.text).toContain('>Parhau</button>');
    // The unticked checkbox stays unticked; other fields keep the configured values.
    expect(controlTag(res.text, 'email-verified')).not.toContain('checked');
    expect(controlTag(res.text, 'phone-number-verified')).toContain('checked');
    expect(controlTag(res.text, 'email')).toContain('value="test@example.com"');
  });

  const longText = 'x'.repeat(10_001);
  const deepJson = '[' + '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) + ']';
  const badInputs: [string, string | string[], RegExp][] = [
    ['sub', '', /^must not be empty$/],
    ['sub', '   ', /^must not be empty$/],
    ['sub', ['a', 'b'], /^must be a string$/],
    ['sub', longText, /^must be at most 10000 characters$/],
    ['email', ['a@example.com', 'b@example.com'], /^must be a string or null$/],
    ['email', longText, /^must be at most 10000 characters$/],
    ['phoneNumber', ['1', '2'], /^must be a string or null$/],
    ['phoneNumber', longText, /^must be at most 10000 characters$/],
    ['emailVerified', 'yes', /^must be true or false/],
    ['emailVerified', ['true', 'false'], /^must be true or false/],
    ['phoneNumberVerified', 'on', /^must be true or false/],
    ['maxLoCAchieved', 'P9', /^must be one of P0, P1, P2, P3$/],
    ['maxLoCAchieved', '', /^must be one of/],
    ['maxLoCAchieved', longText, /^must be at most 10000 characters$|^must be one of/],
    ['coreIdentityVerifiableCredentials', '{', /^must be valid JSON/],
    ['coreIdentityVerifiableCredentials', '[]', /^must be a JSON object or null$/],
    ['coreIdentityVerifiableCredentials', deepJson.slice(1, -1), /nested more than 32/],
    ['passportDetails', 'not json', /^must be valid JSON/],
    ['passportDetails', '{}', /^must be an array of objects or null$/],
    ['passportDetails', deepJson, /nested more than 32/],
    ['drivingPermitDetails', '[1]', /^must be an array of objects or null$/],
    ['drivingPermitDetails', '[', /^must be valid JSON/],
    ['postalAddressDetails', '"GL1 5QB"', /^must be an array of objects or null$/],
    [
      'postalAddressDetails',
      JSON.stringify(Array.from({ length: 101 }, () => ({}))),
      /^must have at most 100 items$/,
    ],
    ['returnCodes', '[{"code": 5}]', /non-empty string "code"/],
    ['returnCodes', '[{"notCode": "A"}]', /non-empty string "code"/],
    ['returnCodes', 'A', /^must be valid JSON/],
  ];

  it.each(badInputs)('%s = %j gives the documented error', async (field, value, msg) => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const json = await postForm(sim, { interactionId, [field]: value }, 'application/json');
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
    expect(json.body.invalid_fields).toHaveLength(1);
    expect(json.body.invalid_fields[0].field).toBe(field);
    expect(json.body.invalid_fields[0].msg).toMatch(msg);

    const page = await postForm(sim, { interactionId, [field]: value });
    expect(page.status).toBe(400);
    expect(page.text).toContain(`<a href="#${field}">`);
    expect(page.text).toContain(`<p id="${field}-error" class="error-message">`);
    await expectStillServing(sim);
  });

  it.each([
    ['sub', 42],
    ['email', { a: 1 }],
    ['emailVerified', 'maybe'],
    ['phoneNumberVerified', 1],
    ['maxLoCAchieved', ['P2']],
    ['passportDetails', { documentNumber: '1' }],
    ['returnCodes', [{ code: 1 }]],
  ])('a JSON body with %s = %j gives the documented error', async (field, value) => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await request(sim.app)
      .post('/form-submit')
      .send({ interactionId, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.invalid_fields.map((f: { field: string }) => f.field)).toEqual([field]);
    await expectStillServing(sim);
  });

  it('refuses a body over the size limit and keeps serving', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await postForm(
      sim,
      { interactionId, sub: 'x'.repeat(200_000) },
      'application/json',
    );
    expect(res.status).toBe(413);
    await expectStillServing(sim);
  });

  it('refuses a malformed JSON body and keeps serving', async () => {
    const sim = newSimulator();
    const res = await request(sim.app)
      .post('/form-submit')
      .set('Content-Type', 'application/json')
      .send('{"interactionId": ');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    await expectStillServing(sim);
  });
});

describe('POST /form-submit: any field values', () => {
  const FIELDS = [...RESPONSE_FIELDS, 'checkboxesShown', 'redirectUri'] as const;
  const value = fc.oneof(
    fc.string(),
    fc.json(),
    fc.constantFrom('', 'true', 'false', 'P2', '[]', '{}', '[{"code":"A"}]', '"><script>'),
  );

  it('always answers a redirect to the registered URI or a 400, never a fault', async () => {
    const sim = newSimulator();
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...FIELDS),
          fc.oneof(value, fc.array(value, { maxLength: 3 })),
        ),
        fc.boolean(),
        async (fields, json) => {
          const { interactionId } = await openForm(sim);
          const res = await postForm(
            sim,
            { ...fields, interactionId },
            json ? 'application/json' : 'text/html',
          );
          if (res.status === 302) {
            expect(String(res.headers.location).split(/[?#]/)[0]).toBe(DEFAULT_REDIRECT_URI);
          } else {
            expect(res.status).toBe(400);
            if (json) expect(res.body.error).toBe('invalid_request');
            else expect(res.text).toContain('class="error-summary"');
          }
        },
      ),
      { numRuns: 60 },
    );
    await expectStillServing(sim);
  });
});

describe('POST /form-submit: unknown, spent or expired sign-ins', () => {
  it.each([
    ['an unknown id', { interactionId: 'no-such-interaction' }],
    ['no id', { sub: 'x' }],
    ['an empty id', { interactionId: '' }],
    ['a repeated id', { interactionId: ['a', 'b'] }],
    ['a huge id', { interactionId: 'i'.repeat(5_000) }],
  ])('%s gives a 400 page', async (_name, body) => {
    const sim = newSimulator();
    const res = await postForm(sim, body as Body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('This sign-in has expired or was already completed');
    expect(res.text).toContain('Start again from the service.');
    expect(res.headers.location).toBeUndefined();
  });

  it('gives JSON to a JSON client', async () => {
    const sim = newSimulator();
    const res = await postForm(sim, { interactionId: 'nope' }, 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: EXPIRED,
      invalid_fields: [{ field: 'interactionId', msg: EXPIRED }],
    });
  });

  it('speaks Welsh when the page was Welsh', async () => {
    const sim = newSimulator();
    const res = await postForm(sim, { interactionId: 'nope', lang: 'cy' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<html lang="cy">');
    expect(res.text).toContain('Mae’r mewngofnodi hwn wedi dod i ben');
  });

  it('expires a form left open longer than 15 minutes', async () => {
    let now = Date.UTC(2030, 0, 1);
    const sim = newSimulator({}, () => now);
    const { interactionId } = await openForm(sim);
    now += 15 * 60 * 1000 + 1;
    const res = await postForm(sim, { interactionId });
    expect(res.status).toBe(400);
    expect(res.text).toContain('This sign-in has expired');
  });

  it('GET /form-submit is not a route', async () => {
    const sim = newSimulator();
    expect((await request(sim.app).get('/form-submit')).status).toBe(404);
  });
});

describe('POST /form-submit: choosing a persona', () => {
  const PASSPORT_SUB = 'urn:fdc:gov.uk:2022:Xfftv9C5tUGiJlRwravscM4fBOnjeSbZI7a8ffAyrQc';
  const identityRequest = {
    scope: 'openid email phone',
    vtr: '["Cl.Cm.P2"]',
    claims: IDENTITY_CLAIMS_REQUEST,
  };
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in as the persona: its data reaches /token and /userinfo', async () => {
    const sim = newSimulator();
    const { html } = await openForm(sim, identityRequest);
    const data = browserFormData(html);
    data.set('persona', 'identity-passport');
    const res = await postForm(sim, data);
    expect(res.status).toBe(302);
    const { token, userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    const idToken = JSON.parse(
      Buffer.from(String(token.id_token).split('.')[1] as string, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(idToken.sub).toBe(PASSPORT_SUB);
    expect(userinfo).toMatchObject({
      sub: PASSPORT_SUB,
      email: 'sarah.patel@example.com',
      phone_number: '+447700900202',
      [`${VOCAB}/address`]: [expect.objectContaining({ postalCode: 'YO1 7HH' })],
    });
    const jwt = String(userinfo[`${VOCAB}/coreIdentityJWT`]);
    const vc = JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as {
      vc: { credentialSubject: { birthDate: { value: string }[] } };
    };
    expect(vc.vc.credentialSubject.birthDate).toEqual([{ value: '1987-03-14' }]);
  });

  it('ignores the other fields submitted with it, and keeps the stored configuration', async () => {
    const sim = newSimulator();
    const before = sim.config.get();
    const { interactionId } = await openForm(sim);
    const res = await postForm(sim, {
      interactionId,
      persona: 'no-phone',
      email: 'typed@example.com',
      phoneNumber: '07000000000',
      maxLoCAchieved: 'P9',
    });
    expect(res.status).toBe(302);
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo.email).not.toBe('typed@example.com');
    expect(userinfo).not.toHaveProperty('phone_number');
    expect(sim.config.get()).toEqual(before);
  });

  it('takes a JSON body, and a persona saved in the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'interactive-personas-'));
    dataDirs.push(dataDir);
    const sim = testSimulator({ config: interactiveConfig(), dataDir });
    const saved = await request(sim.app)
      .post('/_simulator/api/personas')
      .send({
        name: 'Saved tester',
        responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:saved-tester', email: 's@example.com' },
      });
    expect(saved.status).toBe(201);
    const { interactionId } = await openForm(sim);
    const res = await request(sim.app)
      .post('/form-submit')
      .send({ interactionId, persona: 'saved-tester' });
    expect(res.status).toBe(302);
    const { userinfo } = await exchangeCode(sim, codeFrom(res.headers.location).code);
    expect(userinfo).toMatchObject({
      sub: 'urn:fdc:gov.uk:2022:saved-tester',
      email: 's@example.com',
    });
  });

  it('shows a persona’s Welsh name and description on the Welsh form, the English ones otherwise', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'interactive-personas-'));
    dataDirs.push(dataDir);
    const sim = testSimulator({ config: interactiveConfig(), dataDir });
    const saved = await request(sim.app)
      .post('/_simulator/api/personas')
      .send({
        name: 'Bilingual tester',
        description: 'Signs in with a passport',
        nameCy: 'Profwr dwyieithog',
        descriptionCy: 'Yn mewngofnodi gyda phasbort',
        responseConfiguration: { sub: 'urn:fdc:gov.uk:2022:bilingual' },
      });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ nameCy: 'Profwr dwyieithog' });
    const welsh = (await openForm(sim, { ui_locales: 'cy' })).html;
    expect(welsh).toContain('Profwr dwyieithog');
    expect(welsh).toContain('Yn mewngofnodi gyda phasbort');
    expect(welsh).not.toContain('Bilingual tester');
    const english = (await openForm(sim)).html;
    expect(english).toContain('Bilingual tester');
    expect(english).not.toContain('Profwr dwyieithog');
  });

  it('shows the vector of trust as the relying party wrote it', async () => {
    const sim = newSimulator();
    for (const vtr of ['Cl.Cm.P2', 'P2.Cl.Cm', 'Cl.Cm']) {
      const { html } = await openForm(sim, { vtr: JSON.stringify([vtr]), ui_locales: 'cy' });
      expect(html).toContain(`data-testid="request-vtr"><code>${vtr}</code>`);
    }
    const { html } = await openForm(sim);
    expect(html).toContain('data-testid="request-vtr"><code>Cl.Cm</code>');
  });

  it('ends in access_denied when the persona falls short of the level asked for', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { vtr: '["Cl.Cm.P2"]' });
    const res = await postForm(sim, { interactionId, persona: 'identity-not-proven' });
    expect(res.status).toBe(302);
    expect(redirectParams(String(res.headers.location)).get('error')).toBe('access_denied');
  });

  it('answers an unknown persona with 400 and the documented shape; the sign-in stays open', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await postForm(sim, { interactionId, persona: 'nobody-here' }, 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      invalid_fields: [{ field: 'persona', msg: 'no persona has the id "nobody-here"' }],
    });
    const retry = await postForm(
      sim,
      { interactionId, persona: 'default-user' },
      'application/json',
    );
    expect(retry.status).toBe(302);
  });

  it('shows a browser the form again, personas included, with the problem linked', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim, { ui_locales: 'cy' });
    const res = await postForm(sim, { interactionId, persona: 'nobody-here', lang: 'cy' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.text).toContain('<a href="#personas">Dewiswch un o’r personas a restrir</a>');
    expect(res.text).toContain('name="persona" value="identity-passport"');
    expect(res.text).toContain('Defnyddio’r persona hwn');
    expect(res.text.match(/data-testid="persona-choice"/g)?.length).toBeGreaterThanOrEqual(10);
    // The re-rendered form works with a persona.
    const again = await postForm(sim, {
      interactionId: interactionIdOf(res.text),
      persona: 'default-user',
    });
    expect(again.status).toBe(302);
  });

  it.each([
    ['a path', '../../personas/default-user'],
    ['an encoded path', '..%2F..%2Fetc%2Fpasswd'],
    ['markup', '"><script>alert(1)</script>'],
    ['an upper-case id', 'DEFAULT-USER'],
    ['an empty value', ''],
    ['a very long id', 'a'.repeat(10_000)],
    ['a prototype key', '__proto__'],
    ['a repeated field', ['default-user', 'no-phone']],
  ])('refuses %s as a persona and keeps serving', async (_what, persona) => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const json = await postForm(sim, { interactionId, persona }, 'application/json');
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
    expect(json.body.invalid_fields).toEqual([
      { field: 'persona', msg: expect.stringMatching(/^must be a persona id/) },
    ]);
    const page = await postForm(sim, { interactionId, persona });
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('<a href="#personas">');
    await expectStillServing(sim);
  });

  it('refuses a JSON persona that is not a string', async () => {
    const sim = newSimulator();
    const { interactionId } = await openForm(sim);
    const res = await request(sim.app)
      .post('/form-submit')
      .send({ interactionId, persona: { id: 'default-user' } });
    expect(res.status).toBe(400);
    expect(res.body.invalid_fields[0].field).toBe('persona');
  });
});
