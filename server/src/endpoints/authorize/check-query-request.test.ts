import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import { VOCAB_URL } from '../../config/config-types.js';
import { checkQueryRequest, parseResponseMode } from './check-query-request.js';

const client = defaultConfig().clientConfiguration;
const REDIRECT = client.redirectUrls[0] as string;
const q = (patch: Record<string, string | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({
      response_type: 'code',
      scope: 'openid email',
      client_id: client.clientId,
      redirect_uri: REDIRECT,
      state: 'st',
      nonce: 'no',
      ...patch,
    }).filter((e): e is [string, string] => e[1] !== undefined),
  );

function failure(params: Record<string, string>) {
  const r = checkQueryRequest(params, client);
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

describe('checkQueryRequest', () => {
  it('builds the authorization request', () => {
    const r = checkQueryRequest(
      q({
        vtr: '["Cl.Cm.P2"]',
        claims: JSON.stringify({ userinfo: { [`${VOCAB_URL}/v1/address`]: null } }),
        ui_locales: 'fr cy',
        max_age: '30',
        prompt: 'login consent',
        response_mode: 'fragment',
      }),
      client,
    );
    expect(r).toEqual({
      ok: true,
      value: {
        clientId: client.clientId,
        redirectUri: REDIRECT,
        responseMode: 'fragment',
        scopes: ['openid', 'email'],
        claims: [`${VOCAB_URL}/v1/address`],
        state: 'st',
        nonce: 'no',
        vtr: { credentialTrust: 'Cl.Cm', levelOfConfidence: 'P2', requested: 'Cl.Cm.P2' },
        uiLocale: 'cy',
        maxAge: 30,
        prompt: ['login', 'consent'],
        viaRequestObject: false,
      },
    });
  });

  it('drops identity claims for a non-identity request', () => {
    const r = checkQueryRequest(
      q({ claims: JSON.stringify({ userinfo: { [`${VOCAB_URL}/v1/address`]: null } }) }),
      client,
    );
    expect(r.ok && r.value.claims).toEqual([]);
  });

  it('unregistered redirect_uri and bad response_mode are pages, not redirects', () => {
    expect(failure(q({ redirect_uri: 'https://elsewhere.example/cb' })).target).toBeUndefined();
    const bad = failure(q({ response_mode: 'form_post' }));
    expect(bad.target).toBeUndefined();
    expect(bad.error.status).toBe(400);
  });

  it.each([
    [{ state: undefined }, 'invalid_request', 'Request is missing state parameter', undefined],
    [
      { request_uri: 'https://rp/x' },
      'request_uri_not_supported',
      'Request URI parameter not supported',
      'st',
    ],
    [{ response_type: 'token' }, 'unsupported_response_type', 'Unsupported response type', 'st'],
    [{ scope: 'email' }, 'invalid_scope', 'Invalid, unknown or malformed scope', 'st'],
    [
      { claims: '{"userinfo":{"x":null}}' },
      'invalid_request',
      'Request contains invalid claims',
      'st',
    ],
    [{ claims: '{"userinfo":[]}' }, 'invalid_request', 'Request contains invalid claims', 'st'],
    [{ nonce: undefined }, 'invalid_request', 'Request is missing nonce parameter', 'st'],
    [{ vtr: 'x' }, 'invalid_request', 'Request vtr not valid', 'st'],
    [{ max_age: '-1' }, 'invalid_request', 'Max age is negative in query params', 'st'],
    [
      { code_challenge: 'x' },
      'invalid_request',
      'Invalid value for code_challenge parameter.',
      'st',
    ],
  ])('%j → %s', (patch, code, description, state) => {
    const f = failure(q(patch));
    expect(f.error.code).toBe(code);
    expect(f.error.description).toBe(description);
    expect(f.target?.redirectUri).toBe(REDIRECT);
    expect(f.target?.state).toBe(state);
  });

  it('the redirect target keeps the response mode', () => {
    expect(failure(q({ response_mode: 'fragment', nonce: undefined })).target?.responseMode).toBe(
      'fragment',
    );
  });
});

describe('parseResponseMode', () => {
  it.each([
    [undefined, 'query'],
    ['query', 'query'],
    ['fragment', 'fragment'],
    ['form_post', null],
    ['', null],
    ['FRAGMENT', null],
  ])('%j → %j', (raw, mode) => expect(parseResponseMode(raw)).toBe(mode));
});
