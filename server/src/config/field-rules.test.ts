import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_RULES,
  MAX_JSON_DEPTH,
  RESPONSE_RULES,
  nestsDeeperThan,
  argon2Hash,
  httpUrl,
  nonEmptyString,
  normalisePem,
  publicKeyPem,
  simulatorUrl,
  stringOrNull,
  strictBoolean,
} from './field-rules.js';
import { defaultConfig } from './defaults.js';

const pem = (type: 'rsa' | 'ec' | 'ed25519') => {
  const pair =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 1024 })
      : type === 'ec'
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
        : generateKeyPairSync('ed25519');
  return pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
};

describe('basic rules', () => {
  it('nonEmptyString', () => {
    expect(nonEmptyString('x')).toBeNull();
    for (const v of ['', '  ', 5, null, undefined, 'x'.repeat(10_001)])
      expect(nonEmptyString(v)).not.toBeNull();
  });

  it('stringOrNull', () => {
    for (const v of [null, '', 'x']) expect(stringOrNull(v)).toBeNull();
    for (const v of [5, undefined, {}, 'x'.repeat(10_001)]) expect(stringOrNull(v)).not.toBeNull();
  });

  it('strictBoolean', () => {
    expect(strictBoolean(true)).toBeNull();
    expect(strictBoolean(false)).toBeNull();
    for (const v of ['true', 1, 0, null]) expect(strictBoolean(v)).not.toBeNull();
  });
});

describe('URLs', () => {
  it.each(['http://localhost:3000', 'https://a.example/cb?x=1', 'http://127.0.0.1:8080/x'])(
    'httpUrl accepts %s',
    (u) => expect(httpUrl(u)).toBeNull(),
  );
  it.each([
    'nope',
    '/relative',
    'ftp://a.example',
    'javascript:alert(1)',
    'https://a.example/#f',
    5,
    'http://'.padEnd(2100, 'a'),
  ])('httpUrl refuses %j', (u) => expect(httpUrl(u)).not.toBeNull());
  it('simulatorUrl: localhost fine; no query, fragment or credentials', () => {
    expect(simulatorUrl('http://localhost:3000')).toBeNull();
    expect(simulatorUrl('https://sim.example/base/')).toBeNull();
    for (const u of [
      'http://a.example/?q',
      'http://a.example/#f',
      'http://u:p@a.example',
      'ftp://a.example',
      'http://a.example/\n',
      'http://a.example/\tx',
      ' http://a.example',
      'http://a.example/ ',
      'http://a.example/b c',
      'http://a.example/\u007f',
    ])
      expect(simulatorUrl(u), u).not.toBeNull();
  });
});

describe('keys and hashes', () => {
  it('publicKeyPem accepts RSA and EC, refuses others and garbage', () => {
    expect(publicKeyPem(pem('rsa'))).toBeNull();
    expect(publicKeyPem(pem('ec'))).toBeNull();
    expect(publicKeyPem(defaultConfig().clientConfiguration.publicKey)).toBeNull();
    expect(publicKeyPem(pem('ed25519'))).toMatch(/RSA or EC/);
    for (const v of [
      '',
      'garbage',
      5,
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    ])
      expect(publicKeyPem(v)).not.toBeNull();
  });

  it('normalisePem adds armour, expands \\n, keeps PEMs', () => {
    const p = pem('ec').trim();
    expect(normalisePem(p)).toBe(p);
    expect(normalisePem(p.replace(/\n/g, '\\n'))).toBe(p);
    const body = p.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const armoured = normalisePem(body);
    expect(armoured.startsWith('-----BEGIN PUBLIC KEY-----\n')).toBe(true);
    expect(armoured.endsWith('\n-----END PUBLIC KEY-----')).toBe(true);
    expect(publicKeyPem(armoured)).toBeNull();
  });

  it('argon2Hash: PHC argon2id v19 only; null and undefined allowed', () => {
    expect(argon2Hash('$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g')).toBeNull();
    expect(argon2Hash(null)).toBeNull();
    expect(argon2Hash(undefined)).toBeNull();
    for (const v of [
      'secret',
      '$argon2i$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
      '$argon2id$v=16$m=65536,t=3,p=4$c2FsdA$aGFzaA',
      '$argon2id$v=19$m=x,t=3,p=4$c2FsdA$aGFzaA',
      '$argon2id$v=19$m=1,t=1,p=1$c2FsdA',
      5,
    ])
      expect(argon2Hash(v)).not.toBeNull();
  });
});

describe('section rules', () => {
  it('every default value passes its rule', () => {
    const d = defaultConfig();
    for (const [field, rule] of Object.entries(CLIENT_RULES)) {
      const value = (d.clientConfiguration as unknown as Record<string, unknown>)[field];
      if (value !== undefined) expect(rule(value), field).toBeNull();
    }
    for (const [field, rule] of Object.entries(RESPONSE_RULES))
      expect(
        rule((d.responseConfiguration as unknown as Record<string, unknown>)[field]),
        field,
      ).toBeNull();
  });

  it('list rules name the bad item and cap the length', () => {
    expect(CLIENT_RULES.scopes(['openid', 'bogus'])).toMatch(/^item 1 /);
    expect(CLIENT_RULES.redirectUrls(Array(101).fill('https://a.example'))).toMatch(/at most 100/);
    expect(CLIENT_RULES.redirectUrls([])).toMatch(/empty/);
    expect(CLIENT_RULES.postLogoutRedirectUrls([])).toBeNull();
  });

  it('response JSON fields', () => {
    expect(RESPONSE_RULES.coreIdentityVerifiableCredentials(null)).toBeNull();
    expect(RESPONSE_RULES.coreIdentityVerifiableCredentials([])).not.toBeNull();
    expect(RESPONSE_RULES.passportDetails([{ a: 1 }])).toBeNull();
    expect(RESPONSE_RULES.passportDetails([{ a: 1 }, 2])).not.toBeNull();
    expect(RESPONSE_RULES.returnCodes([{ code: 'A', extra: 1 }])).toBeNull();
    expect(RESPONSE_RULES.returnCodes([{ code: '' }])).not.toBeNull();
    expect(RESPONSE_RULES.returnCodes(Array(101).fill({ code: 'A' }))).not.toBeNull();
    expect(RESPONSE_RULES.maxLoCAchieved('P3')).toBeNull();
    expect(RESPONSE_RULES.maxLoCAchieved('P4')).not.toBeNull();
  });
});

describe('nesting depth', () => {
  const deep = (depth: number): unknown => {
    let v: unknown = {};
    for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
    return v;
  };

  it('nestsDeeperThan answers for any depth without recursion', () => {
    expect(nestsDeeperThan({ a: { b: 1 } }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: { b: {} } }, 2)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(deep(100_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('JSON response fields refuse values nested too deeply', () => {
    expect(RESPONSE_RULES.coreIdentityVerifiableCredentials({ a: deep(40) })).toMatch(/nested/);
    expect(RESPONSE_RULES.passportDetails([{ a: deep(40) }])).toMatch(/nested/);
    expect(RESPONSE_RULES.returnCodes([{ code: 'A', x: deep(40) }])).toMatch(/nested/);
    expect(RESPONSE_RULES.coreIdentityVerifiableCredentials({ a: deep(10) })).toBeNull();
  });
});
