import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPresetId, slugify, uniqueId } from './preset-id.js';

describe('slugify', () => {
  it('turns a name into lowercase letters, digits and single hyphens', () => {
    expect(slugify('Verified with a passport (P2)')).toBe('verified-with-a-passport-p2');
    expect(slugify('  Ünal’s  café -- Ltd.  ')).toBe('unal-s-cafe-ltd');
    expect(slugify('ID token: wrong key!')).toBe('id-token-wrong-key');
  });

  it('falls back when nothing is left, and caps the length at 64', () => {
    expect(slugify('!!!', 'persona')).toBe('persona');
    expect(slugify('日本語', 'scenario')).toBe('scenario');
    const long = slugify('a'.repeat(63) + ' b c');
    expect(long.length).toBeLessThanOrEqual(64);
    expect(isPresetId(long)).toBe(true);
  });

  it('always gives a valid id, whatever the name', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (name) => isPresetId(slugify(name))));
  });
});

describe('isPresetId', () => {
  it.each(['a', 'default-user', 'x1-2-3', 'a'.repeat(64)])('accepts %s', (id) => {
    expect(isPresetId(id)).toBe(true);
  });
  it.each([
    '',
    '../../etc/passwd',
    '..',
    'a/b',
    'a\\b',
    'A',
    '-a',
    'a-',
    'a--b',
    'a b',
    'a.json',
    'a'.repeat(65),
    'é',
    '%2e%2e',
    'a\u0000',
  ])('refuses %j', (id) => {
    expect(isPresetId(id)).toBe(false);
  });
  it('refuses non-strings', () => {
    for (const v of [undefined, null, 1, {}, ['a']]) expect(isPresetId(v)).toBe(false);
  });
});

describe('uniqueId', () => {
  it('adds -2, -3 … until the id is free', () => {
    const taken = new Set(['pkce', 'pkce-2']);
    expect(uniqueId('PKCE', (id) => taken.has(id))).toBe('pkce-3');
    expect(uniqueId('Other', (id) => taken.has(id))).toBe('other');
  });
  it('keeps within 64 characters when adding a suffix', () => {
    const name = 'x'.repeat(64);
    const id = uniqueId(name, (c) => c === name);
    expect(id).toBe(`${'x'.repeat(62)}-2`);
    expect(isPresetId(id)).toBe(true);
  });
});
