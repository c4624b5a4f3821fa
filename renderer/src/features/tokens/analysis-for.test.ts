import { describe, expect, it } from 'vitest';
import type { TokenAnalysis } from '../../../../server/src/contract.js';
import { analysisFor, pastedTokenTitle } from './analysis-for.js';

const a = (role: TokenAnalysis['role'], compact: string): TokenAnalysis => ({
  role,
  compact,
  header: null,
  claims: null,
  checks: [],
});

describe('analysisFor', () => {
  const list = [a('access_token', 'x.y.z'), a('id_token', 'a.b.c')];
  it('matches by role and compact form, whatever the order', () => {
    expect(analysisFor(list, { role: 'id_token', compact: 'a.b.c' }, 0)).toBe(list[1]);
  });
  it('falls back to the same compact form, then to the same position and role', () => {
    expect(analysisFor(list, { role: 'id_token_hint', compact: 'a.b.c' }, 0)).toBe(list[1]);
    expect(analysisFor(list, { role: 'access_token', compact: 'other' }, 0)).toBe(list[0]);
  });
  it('finds nothing for an unknown token or no analysis', () => {
    expect(analysisFor(list, { role: 'core_identity', compact: 'q' }, 0)).toBeUndefined();
    expect(analysisFor(undefined, { role: 'id_token', compact: 'a.b.c' }, 0)).toBeUndefined();
  });
});

describe('pastedTokenTitle', () => {
  it('calls text that is no JWT "Not a JWT" rather than the role the checks fell back to', () => {
    expect(pastedTokenTitle({ header: null }, '')).toBe('Not a JWT');
  });
  it('keeps the role for a decodable token, or when the tester chose one', () => {
    expect(pastedTokenTitle({ header: { alg: 'ES256' } }, '')).toBeUndefined();
    expect(pastedTokenTitle({ header: null }, 'id_token')).toBeUndefined();
  });
});
