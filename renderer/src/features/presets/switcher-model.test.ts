import { describe, expect, it } from 'vitest';
import { persona, scenario } from '../../../test/fake-presets-client.js';
import { filterEntries, fuzzyScore, switcherEntries } from './switcher-model.js';

const scenarios = [
  scenario('verified-with-passport', { name: 'Verified with a passport', builtIn: true }),
  scenario('id-token-wrong-key', {
    name: 'ID token signed with the wrong key',
    description: 'idTokenErrors INVALID_SIGNATURE',
    builtIn: true,
  }),
  scenario('pkce-enforced', { name: 'PKCE enforced', builtIn: true }),
];
const personas = [
  persona('identity-passport', { name: 'Verified with a passport (P2)', builtIn: true }),
  persona('no-phone', { name: 'No phone number', builtIn: true }),
];

describe('fuzzyScore', () => {
  it('matches characters in order, whatever the case', () => {
    expect(fuzzyScore('pkce', 'PKCE enforced')).not.toBeNull();
    expect(fuzzyScore('pcf', 'PKCE enforced')).not.toBeNull();
    expect(fuzzyScore('fcp', 'PKCE enforced')).toBeNull();
    expect(fuzzyScore('zz', 'PKCE enforced')).toBeNull();
  });

  it('prefers a whole match at a word start, then letters in a row, over scattered ones', () => {
    const whole = fuzzyScore('wrong key', 'ID token signed with the wrong key') as number;
    const scattered = fuzzyScore('wk', 'ID token signed with the wrong key') as number;
    const inRow = fuzzyScore('wrk', 'wrk and more') as number;
    expect(whole).toBeGreaterThan(scattered);
    expect(inRow).toBeGreaterThan(fuzzyScore('wrk', 'w r k') as number);
    expect(fuzzyScore('key', 'key rotation') as number).toBeGreaterThan(
      fuzzyScore('key', 'monkey') as number,
    );
  });

  it('matches everything with an empty query, and ignores extra spaces', () => {
    expect(fuzzyScore('', 'anything')).toBe(0);
    expect(fuzzyScore('  ', 'anything')).toBe(0);
    expect(fuzzyScore('pkce   enf', 'PKCE enforced')).not.toBeNull();
  });
});

describe('switcherEntries and filterEntries', () => {
  const entries = switcherEntries(scenarios, personas);

  it('lists scenarios (with Alt+N) then personas', () => {
    expect(entries.map((e) => `${e.kind}:${e.id}`)).toEqual([
      'scenario:verified-with-passport',
      'scenario:id-token-wrong-key',
      'scenario:pkce-enforced',
      'persona:identity-passport',
      'persona:no-phone',
    ]);
    expect(entries.map((e) => e.shortcut)).toEqual([1, 2, 3, undefined, undefined]);
  });

  it('gives Alt+N to the first nine scenarios only', () => {
    const many = Array.from({ length: 11 }, (_, i) => scenario(`s${i}`));
    expect(switcherEntries(many, []).map((e) => e.shortcut)).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      9,
      undefined,
      undefined,
    ]);
  });

  it('keeps every entry in order for an empty query', () => {
    expect(filterEntries(entries, ' ')).toEqual(entries);
  });

  it('puts the best name match first and drops what does not match', () => {
    expect(filterEntries(entries, 'wrong key').map((e) => e.id)).toEqual(['id-token-wrong-key']);
    expect(filterEntries(entries, 'passport').map((e) => e.id)).toEqual([
      'verified-with-passport',
      'identity-passport',
    ]);
    expect(filterEntries(entries, 'no such thing at all')).toEqual([]);
  });

  it('finds entries by id and by description too', () => {
    expect(filterEntries(entries, 'INVALID_SIGNATURE').map((e) => e.id)).toEqual([
      'id-token-wrong-key',
    ]);
    expect(filterEntries(entries, 'no-phone')[0]?.id).toBe('no-phone');
  });
});
