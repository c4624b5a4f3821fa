import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config/defaults.js';
import { VOCAB_URL } from '../../config/config-types.js';
import { checkClaims, INVALID_CLAIMS, parseClaimsRequest } from './check-claims.js';

const V = `${VOCAB_URL}/v1`;
const client = defaultConfig().clientConfiguration;

describe('parseClaimsRequest', () => {
  it('absent → no claims', () =>
    expect(parseClaimsRequest(undefined)).toEqual({ ok: true, value: [] }));

  it.each([
    ['{}', []],
    ['{"userinfo":null}', []],
    ['{"id_token":{"auth_time":null}}', []],
    [`{"userinfo":{"${V}/address":null}}`, [`${V}/address`]],
    [
      `{"userinfo":{"${V}/address":{"essential":true},"${V}/passport":null}}`,
      [`${V}/address`, `${V}/passport`],
    ],
  ])('JSON string %s', (raw, names) => {
    expect(parseClaimsRequest(raw)).toEqual({ ok: true, value: names });
  });

  it('an object (request objects) as well', () => {
    expect(parseClaimsRequest({ userinfo: { [`${V}/address`]: null } })).toEqual({
      ok: true,
      value: [`${V}/address`],
    });
  });

  it.each([
    '{not json',
    'null',
    '[]',
    '"x"',
    '42',
    '{"userinfo":[]}',
    '{"userinfo":"x"}',
    [],
    42,
    null,
    true,
  ])('malformed %j', (raw) =>
    expect(parseClaimsRequest(raw)).toEqual({ ok: false, error: 'malformed' }),
  );
});

describe('checkClaims', () => {
  it('accepts known claims allowed for the client', () => {
    const names = [`${V}/coreIdentityJWT`, `${V}/address`, `${V}/returnCode`];
    expect(checkClaims(names, client)).toEqual({ ok: true, value: names });
    expect(checkClaims([], client)).toEqual({ ok: true, value: [] });
  });

  it.each([[`${V}/passport`], [`${V}/bogus`], ['email'], ['address'], [`${V}/address`, 'x']])(
    'refuses %j',
    (...names) => {
      const r = checkClaims(names, client);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('invalid_request');
        expect(r.error.description).toBe(INVALID_CLAIMS);
      }
    },
  );

  it('a known claim is refused when the client does not list it', () => {
    expect(checkClaims([`${V}/address`], { ...client, claims: [] }).ok).toBe(false);
  });
});
