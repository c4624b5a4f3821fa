import { describe, expect, it } from 'vitest';
import { base64url } from 'jose';
import { isLegalRedirectUri, parseAuthorizeQuery } from './parse-authorize-query.js';

const BASE = {
  response_type: 'code',
  scope: 'openid',
  client_id: 'client',
  redirect_uri: 'https://rp.example/cb',
  state: 's',
  nonce: 'n',
};
const q = (patch: Record<string, string | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({ ...BASE, ...patch }).filter((e): e is [string, string] => e[1] !== undefined),
  );
const jwt = (header: unknown, payload: unknown) =>
  `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}.sig`;

const kindOf = (params: Record<string, string>) => {
  const r = parseAuthorizeQuery(params);
  return r.ok ? 'ok' : r.error.kind;
};

describe('parseAuthorizeQuery', () => {
  it('accepts a complete query and names the client', () => {
    const r = parseAuthorizeQuery(q());
    expect(r.ok && r.value.clientId).toBe('client');
    expect(r.ok && r.value.requestObject).toBeUndefined();
  });

  it('returns the request object when one is sent', () => {
    const object = jwt({ alg: 'RS256' }, { iss: 'client' });
    const r = parseAuthorizeQuery({
      response_type: 'code',
      scope: 'openid',
      client_id: 'client',
      request: object,
    });
    expect(r.ok && r.value.requestObject).toBe(object);
  });

  it.each([
    ['empty query', {}, 'missing'],
    ['no client_id', q({ client_id: undefined }), 'missing'],
    ['empty client_id', q({ client_id: '' }), 'missing'],
    ['illegal redirect_uri', q({ redirect_uri: 'nope' }), 'missing'],
    ['redirect_uri with code', q({ redirect_uri: 'https://rp.example/cb?code=1' }), 'missing'],
    ['unknown response_type', q({ response_type: 'code foo' }), 'parse'],
    ['illegal request_uri', q({ request_uri: 'javascript:x' }), 'parse'],
    [
      'request with request_uri',
      q({ request: 'a.b.c', request_uri: 'https://rp.example/r' }),
      'parse',
    ],
    ['request not a JWT', q({ request: 'garbage' }), 'parse'],
    ['request header not JSON', q({ request: `${base64url.encode('x')}.e30.sig` }), 'parse'],
    ['request header without alg', q({ request: jwt({ typ: 'JWT' }, {}) }), 'parse'],
    [
      'request payload sub = client_id',
      q({ request: jwt({ alg: 'RS256' }, { sub: 'client' }) }),
      'parse',
    ],
    ['no response_type, no request', q({ response_type: undefined }), 'parse'],
    ['unknown prompt', q({ prompt: 'none foo' }), 'parse'],
    ['missing redirect_uri', q({ redirect_uri: undefined }), 'missing'],
    ['missing scope', q({ scope: undefined }), 'parse'],
    ['max_age not a number', q({ max_age: 'abc' }), 'invalid'],
    ['max_age with junk', q({ max_age: '12abc' }), 'invalid'],
    ['max_age decimal', q({ max_age: '1.5' }), 'invalid'],
    ['claims not JSON', q({ claims: '{' }), 'parse'],
    ['claims null', q({ claims: 'null' }), 'parse'],
    ['claims array', q({ claims: '[]' }), 'parse'],
  ])('%s → %s', (_name, params, kind) => {
    expect(kindOf(params as Record<string, string>)).toBe(kind);
  });

  it.each([
    ['max_age -5 (checked later)', q({ max_age: '-5' })],
    ['max_age 0', q({ max_age: '0' })],
    ['prompt login consent', q({ prompt: 'login consent' })],
    ['response_type code id_token (refused later)', q({ response_type: 'code id_token' })],
    ['scope without openid (refused later)', q({ scope: 'email' })],
    ['claims object', q({ claims: '{"userinfo":{}}' })],
    [
      'a request object without redirect_uri or scope',
      { client_id: 'client', request: jwt({ alg: 'none' }, {}) },
    ],
  ])('%s passes this stage', (_name, params) => {
    expect(kindOf(params as Record<string, string>)).toBe('ok');
  });

  it('checks run in order: client_id before response_type before prompt', () => {
    expect(kindOf(q({ client_id: undefined, response_type: 'bad' }))).toBe('missing');
    expect(kindOf(q({ redirect_uri: 'nope', response_type: 'bad' }))).toBe('missing');
  });
});

describe('isLegalRedirectUri', () => {
  it.each(['https://rp.example/cb', 'http://localhost:8080/cb?x=1', 'myapp://cb'])(
    '%s is legal',
    (u) => expect(isLegalRedirectUri(u)).toBe(true),
  );
  it.each([
    'not a url',
    '/relative',
    'javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'https://rp.example/cb?state=1',
    'https://rp.example/cb?response=1',
  ])('%s is not', (u) => expect(isLegalRedirectUri(u)).toBe(false));
});
