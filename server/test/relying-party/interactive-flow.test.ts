/**
 * A certified relying-party library (openid-client) signs a user in against a simulator in
 * interactive mode, over real HTTP: the tester's part is played by plain form posts, exactly as a
 * browser sends them. The ID token, /userinfo and the core identity carry what the form said.
 * At the root simulator and at a named one of the same process (interactive from the start).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import {
  defaultConfig,
  listeningSimulator,
  SIMULATOR_PATHS,
  type ListeningSimulator,
} from '../helpers/test-simulator.js';
import { DEFAULT_REDIRECT_URI, VOCAB } from '../helpers/relying-party.js';
import { discoverDefaultClient } from '../helpers/openid-client.js';

let sim: ListeningSimulator;
// The simulator the running describe block signs in at, and its client.
let base: string;
let config: client.Configuration;

beforeAll(async () => {
  sim = await listeningSimulator({ config: { ...defaultConfig(), interactiveMode: true } });
});
afterAll(() => sim.close());

const unescape = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface HtmlForm {
  action: string;
  method: string;
  data: URLSearchParams;
}

/** Reads the page's form as a browser would submit it untouched. */
function readForm(html: string): HtmlForm {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('the page has no form');
  const attrs = form[1] ?? '';
  const data = new URLSearchParams();
  for (const match of (form[2] ?? '').matchAll(
    /<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>/g,
  )) {
    const tag = match[0];
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    if (!name) continue;
    if (tag.startsWith('<textarea')) {
      data.append(name, unescape((match[1] ?? '').replace(/^\n/, '')));
    } else if (!/type="checkbox"/.test(tag) || /\bchecked\b/.test(tag)) {
      data.append(name, unescape(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ''));
    }
  }
  return {
    action: unescape(/\baction="([^"]*)"/.exec(attrs)?.[1] ?? ''),
    method: /\bmethod="([^"]*)"/.exec(attrs)?.[1] ?? 'get',
    data,
  };
}

async function submit(form: HtmlForm): Promise<Response> {
  return fetch(form.action, {
    method: form.method.toUpperCase(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: form.data,
    redirect: 'manual',
  });
}

/** Opens the authorization URL and returns the interactive form, as a browser shows it. */
async function openForm(params: Record<string, string>) {
  const nonce = client.randomNonce();
  const state = client.randomState();
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: DEFAULT_REDIRECT_URI,
    nonce,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...params,
  });
  const res = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  expect(res.status).toBe(200);
  return { form: readForm(await res.text()), nonce, state, verifier };
}

describe.each(SIMULATOR_PATHS)('openid-client with interactive mode at $at', ({ path }) => {
  beforeAll(async () => {
    base = `${sim.baseUrl}${path}`;
    config = await discoverDefaultClient(`${base}/`, { verifySignatures: false });
  });

  it('signs in with the values typed into the form', async () => {
    const { form, nonce, state, verifier } = await openForm({ scope: 'openid email phone' });
    expect(form.action).toBe(`${base}/form-submit`);
    expect(form.method).toBe('post');
    form.data.set('sub', 'urn:fdc:gov.uk:2022:interactive-user');
    form.data.set('email', 'typed@example.com');
    form.data.delete('emailVerified'); // the tester unticks the box
    form.data.set('phoneNumber', '07999999999');

    const res = await submit(form);
    expect(res.status).toBe(302);
    const callback = new URL(res.headers.get('location') as string);
    expect(`${callback.origin}${callback.pathname}`).toBe(DEFAULT_REDIRECT_URI);

    const tokens = await client.authorizationCodeGrant(config, callback, {
      expectedNonce: nonce,
      expectedState: state,
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    expect(claims?.sub).toBe('urn:fdc:gov.uk:2022:interactive-user');
    expect(claims?.nonce).toBe(nonce);

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims?.sub as string);
    expect(userinfo).toEqual({
      sub: 'urn:fdc:gov.uk:2022:interactive-user',
      email: 'typed@example.com',
      email_verified: false,
      phone_number: '07999999999',
      phone_number_verified: true,
    });
  });

  it('carries a submitted identity into the core identity JWT and the address claim', async () => {
    const { form, nonce, state, verifier } = await openForm({
      scope: 'openid',
      vtr: '["P2.Cl.Cm"]',
      claims: JSON.stringify({
        userinfo: { [`${VOCAB}/coreIdentityJWT`]: null, [`${VOCAB}/address`]: null },
      }),
    });
    const vc = {
      type: ['VerifiableCredential', 'VerifiableIdentityCredential'],
      credentialSubject: {
        name: [{ nameParts: [{ value: 'MORGAN', type: 'GivenName' }] }],
        birthDate: [{ value: '1990-01-02' }],
      },
    };
    const address = [
      { buildingNumber: '1', streetName: 'HEOL Y FRENHINES', postalCode: 'CF10 1AA' },
    ];
    form.data.set('coreIdentityVerifiableCredentials', JSON.stringify(vc, null, 2));
    form.data.set('postalAddressDetails', JSON.stringify(address));
    form.data.set('maxLoCAchieved', 'P2');

    const res = await submit(form);
    expect(res.status).toBe(302);
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(res.headers.get('location') as string),
      { expectedNonce: nonce, expectedState: state, pkceCodeVerifier: verifier },
    );
    expect(tokens.claims()?.vot).toBe('Cl.Cm');
    const userinfo = await client.fetchUserInfo(
      config,
      tokens.access_token,
      tokens.claims()?.sub as string,
    );
    expect(userinfo[`${VOCAB}/address`]).toEqual(address);
    const core = decodeJwt(userinfo[`${VOCAB}/coreIdentityJWT`] as string);
    expect(core.sub).toBe(userinfo.sub);
    expect(core.vot).toBe('P2');
    expect((core.vc as typeof vc).credentialSubject).toEqual(vc.credentialSubject);
    expect(userinfo.email).toBeUndefined();
  });

  it('shows the form again on a mistake, and completes once it is corrected', async () => {
    const { form, nonce, state, verifier } = await openForm({ scope: 'openid' });
    form.data.set('maxLoCAchieved', 'P9');
    const refused = await submit(form);
    expect(refused.status).toBe(400);
    const again = readForm(await refused.text());
    expect(again.data.get('maxLoCAchieved')).toBe('P9');
    again.data.set('maxLoCAchieved', 'P0');
    const res = await submit(again);
    expect(res.status).toBe(302);
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(res.headers.get('location') as string),
      { expectedNonce: nonce, expectedState: state, pkceCodeVerifier: verifier },
    );
    expect(tokens.claims()?.sub).toBe(defaultConfig().responseConfiguration.sub);
  });
});
