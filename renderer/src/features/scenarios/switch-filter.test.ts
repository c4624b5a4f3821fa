import { describe, expect, it } from 'vitest';
import { SCENARIO_CATALOGUE } from './scenario-catalogue.js';
import { matchesQuery, switchMatches } from './switch-filter.js';

describe('matchesQuery', () => {
  it('needs every word, in any order and case', () => {
    expect(matchesQuery('sig TOKEN', ['ID token errors', 'INVALID_SIGNATURE'])).toBe(true);
    expect(matchesQuery('sig grant', ['ID token errors', 'INVALID_SIGNATURE'])).toBe(false);
  });

  it('matches everything when empty or blank', () => {
    expect(matchesQuery('', ['x'])).toBe(true);
    expect(matchesQuery('   ', [])).toBe(true);
  });
});

describe('switchMatches', () => {
  it('finds INVALID_SIGNATURE in both token groups, and nowhere else', () => {
    const groups = switchMatches('invalid_signature');
    expect(groups.map((g) => g.id)).toEqual(['idTokenErrors', 'coreIdentityErrors']);
    expect(groups.every((g) => g.count === 1)).toBe(true);
  });

  it('finds faults by endpoint and kind, and key retirement by its config key', () => {
    expect(switchMatches('jwks dropped').map((g) => g.id)).toEqual(['faults']);
    expect(switchMatches('retireOldIdTokenSigningKeys')).toEqual([
      { id: 'keys', title: 'Key lifecycle', count: 1 },
    ]);
  });

  it('finds a switch by its wire code across the endpoint groups', () => {
    const ids = switchMatches('server_error').map((g) => g.id);
    expect(ids).toEqual(
      expect.arrayContaining(['authoriseErrors', 'tokenErrors', 'userInfoErrors']),
    );
  });

  it('lists every group for an empty query and none for nonsense', () => {
    expect(switchMatches('')).toHaveLength(SCENARIO_CATALOGUE.length + 2);
    expect(switchMatches('zzzz-no-such-switch')).toEqual([]);
  });
});

describe('the filter searches every text a card shows', () => {
  it.each(['timeout', 'fail cleanly', 'rotation', '503', 'wrong key', 'milliseconds'])(
    '"%s" finds the cards that say it',
    (word) => {
      const total = switchMatches(word).reduce((n, g) => n + g.count, 0);
      expect(total).toBeGreaterThan(0);
    },
  );
});
