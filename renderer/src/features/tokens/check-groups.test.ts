import { describe, expect, it } from 'vitest';
import { checkGroupOf, describeVerdict, groupChecks, verdictOf } from './check-groups.js';
import type { TokenCheck } from '../../../../server/src/contract.js';

const check = (name: string, ok = true, scenario?: string): TokenCheck => ({
  name,
  ok,
  detail: `${name} detail`,
  ...(scenario ? { scenario } : {}),
});

describe('checkGroupOf', () => {
  it.each([
    ['format', 'format'],
    ['signature', 'signature'],
    ['kid', 'signature'],
    ['alg', 'signature'],
    ['core identity kid resolution', 'signature'],
    ['iss', 'issuer'],
    ['aud', 'audience'],
    ['exp', 'time'],
    ['iat', 'time'],
    ['nbf', 'time'],
    ['nonce', 'binding'],
    ['at_hash', 'binding'],
    ['sub', 'binding'],
    ['vot', 'trust'],
    ['something else', 'other'],
  ])('%s → %s', (name, group) => {
    expect(checkGroupOf(name)).toBe(group);
  });
});

describe('groupChecks', () => {
  it('orders groups, keeps check order inside a group, and counts failures', () => {
    const groups = groupChecks([
      check('exp'),
      check('nonce', false),
      check('signature', false, 'INVALID_SIGNATURE'),
      check('iat'),
      check('format'),
    ]);
    expect(groups.map((g) => g.id)).toEqual(['format', 'signature', 'time', 'binding']);
    expect(groups[2]?.checks.map((c) => c.name)).toEqual(['exp', 'iat']);
    expect(groups[1]?.failed).toBe(1);
    expect(groups[2]?.failed).toBe(0);
  });

  it('answers no groups for no checks', () => {
    expect(groupChecks([])).toEqual([]);
  });
});

describe('verdictOf', () => {
  it('tells pass, fail with injected defects, and unchecked apart', () => {
    expect(verdictOf(undefined)).toEqual({ kind: 'unchecked' });
    expect(describeVerdict(verdictOf([check('a'), check('b')]))).toBe('All 2 checks pass');
    expect(
      describeVerdict(
        verdictOf([
          check('signature', false, 'INVALID_SIGNATURE'),
          check('nonce', false),
          check('x'),
        ]),
      ),
    ).toBe('2 of 3 checks fail (1 injected by a scenario)');
    expect(describeVerdict(verdictOf([check('x', false)]))).toBe('1 of 1 checks fail');
  });
});
